/* SPDX-License-Identifier: Apache-2.0 */
/*
 * example.c - a complete libjca plugin provider, written as the template for
 * plugin authors. Copy it, rename the provider, replace the algorithms.
 *
 * It offers two MessageDigest services and a Mac, implemented in portable
 * C from RFC 7693 (blake2.c; no salt or personalisation):
 *
 *   MessageDigest BLAKE2b-512  aliases BLAKE2B-512, BLAKE2b, OID 1.3.6.1.4.1.1722.12.2.1.16
 *   MessageDigest BLAKE2s-256  aliases BLAKE2S-256, BLAKE2s, OID 1.3.6.1.4.1.1722.12.2.2.8
 *   Mac BLAKE2b-512-MAC        alias BLAKE2BMAC: BLAKE2b's own keyed mode,
 *                              a key of 1 to 64 bytes (blake2b_mac.c)
 *
 * The registry also derives HMAC over every non-XOF digest, so this plugin
 * gives "HmacBLAKE2b-512" and "HmacBLAKE2s-256" (and "HMAC-BLAKE2b", ...)
 * for free. That is HMAC (RFC 2104) with BLAKE2 as the hash, which is not
 * BLAKE2's own keyed mode (BLAKE2b-512-MAC is).
 *
 * It also offers the KDF Argon2id (RFC 9106; argon2.c, over that BLAKE2b).
 *
 * Build against the installed libjca (no dependencies but libc; export
 * one symbol):
 *
 *   cc -std=c11 -O2 -Wall -Wextra -fPIC -shared -fvisibility=hidden \
 *      $(pkg-config --cflags jca) example.c blake2.c blake2b_mac.c argon2.c -o example.so
 *   install -m 0755 example.so "$(pkg-config --variable=plugindir jca)/"
 *
 * No link against libjca is needed: the host hands the plugin everything
 * it needs through the jca_host_api table. Use it with
 * jca_provider_load("/abs/path/example.so", -1) or a line in jca.conf:
 *
 *   security.provider.2 = example       # <jca.plugin.dir>/example.so
 *
 * Every rule quoted below is from include/jca/plugin.h and
 * include/jca/provider.h, the plugin ABI.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <jca/plugin.h>    /* the ABI: entry point, host table, provider structures */
#include <jca/names.h>     /* standard names, aliases and OIDs */

#include "blake2.h"        /* the algorithms (blake2.c) */
#include "blake2b_mac.h"   /* keyed BLAKE2b as a Mac service (blake2b_mac.c) */
#include "argon2.h"        /* the KDF Argon2id (argon2.c) */

/* ====================================================================== */
/* Part 1: the digest functions over the algorithms of blake2.c.          */
/* ====================================================================== */

/*
 * Rule for contexts (jca_md_impl.ctx_size, .copy, .cleanup): the engine
 * allocates ctx_size bytes per object and clones an object with memcpy.
 * So a context must be plain data: no pointers into itself, no pointers to
 * memory it owns. Both contexts (blake2.h) are arrays of integers and bytes.
 * (A context that must own outside resources, like an OpenSSL EVP_MD_CTX*,
 * sets the copy and cleanup hooks instead; see plugins/openssl.)
 *
 * BLAKE2b and BLAKE2s themselves are in blake2.c (blake2.h), shared with
 * Argon2id (argon2.c).
 */

/* jca_md_impl.init: (re)start an unkeyed hash with the full output. It is
 * called on a fresh context and again after final() to reuse the object. */
static int b2b_init(void *ctx)
{
	ex_blake2b_init(ctx, EX_BLAKE2B_OUT, NULL, 0);
	return 0;
}

/* jca_md_impl.update: absorb len bytes (in may be NULL when len is 0). */
static int b2b_update(void *ctx, const void *in, size_t len)
{
	ex_blake2b_update(ctx, in, len);
	return 0;
}

/* jca_md_impl.final: write out_len bytes (for a fixed-size digest the
 * engine always asks for digest_size, the length init chose). The
 * context is left spent; the engine calls init() before using it again. */
static int b2b_final(void *ctx, void *out, size_t out_len)
{
	(void)out_len;
	ex_blake2b_final(ctx, out);
	return 0;
}

static int b2s_init(void *ctx)
{
	ex_blake2s_init(ctx, EX_BLAKE2S_OUT);
	return 0;
}

static int b2s_update(void *ctx, const void *in, size_t len)
{
	ex_blake2s_update(ctx, in, len);
	return 0;
}

static int b2s_final(void *ctx, void *out, size_t out_len)
{
	(void)out_len;
	ex_blake2s_final(ctx, out);
	return 0;
}

/* ====================================================================== */
/* Part 2: the description libjca reads. All of it is static const data:  */
/* provider.h requires the descriptor and everything it points to to stay  */
/* valid and unchanged until jca_shutdown(); the host never copies,        */
/* writes or frees it, and never unloads the plugin.                       */
/* ====================================================================== */

/*
 * An implementation ("driver") is a vtable plus its sizes (jca_md_impl).
 * It starts with the header every implementation type shares, `base`
 * (jca_impl), filled by JCA_IMPL_BASE(type, name, priority, available,
 * ctx_size), which also records sizeof(type) so that the host knows which
 * fields this plugin's header had:
 *
 *   name         unique driver name; also usable as an algorithm name to
 *                pick exactly this implementation ("blake2b-example").
 *   priority     JCA_PRIO_*: when a service lists several implementations
 *                (say portable C and AVX2), the registry binds the usable
 *                one with the highest priority, once, at load.
 *   available    returns nonzero if this implementation can run on this
 *                CPU (check cpuid there); NULL means always.
 *   ctx_size     bytes the engine allocates per object (at most 1 MiB).
 *   digest_size  output length in bytes (the default length for XOFs).
 *   block_size   input block in bytes: HMAC pads keys to it, so set it to
 *                the hash's real block size (at most 1024) or HMAC is wrong.
 *   flags        JCA_MD_XOF for extendable output (no HMAC is composed);
 *                0 here.
 *   init/update/final   see the functions above. They return 0, or
 *                nonzero on failure: the engine then fails that call with
 *                JCA_IMPL and wipes the output (these cannot fail).
 *                final writes exactly out_len bytes: digest_size here.
 *   copy/cleanup for contexts owning outside resources only; NULL here, so
 *                the engine clones with memcpy and frees without a hook.
 *
 * Vtable functions are called on one object by one thread at a time, and
 * must not keep global mutable state: everything lives in the context.
 */
static const jca_md_impl blake2b_512_c = {
	.base = JCA_IMPL_BASE(jca_md_impl, "blake2b-example", JCA_PRIO_GENERIC, NULL, sizeof(ex_blake2b)),
	.digest_size = EX_BLAKE2B_OUT,
	.block_size = EX_BLAKE2B_BLOCK,
	.flags = 0,
	.init = b2b_init,
	.update = b2b_update,
	.final = b2b_final,
};

static const jca_md_impl blake2s_256_c = {
	.base = JCA_IMPL_BASE(jca_md_impl, "blake2s-example", JCA_PRIO_GENERIC, NULL, sizeof(ex_blake2s)),
	.digest_size = EX_BLAKE2S_OUT,
	.block_size = EX_BLAKE2S_BLOCK,
	.flags = 0,
	.init = b2s_init,
	.update = b2s_update,
	.final = b2s_final,
};

/* A service's implementations: a NULL-terminated list of pointers to
 * their `base` headers, in any order. */
static const jca_impl *const blake2b_512_impls[] = { &blake2b_512_c.base, NULL };
static const jca_impl *const blake2s_256_impls[] = { &blake2s_256_c.base, NULL };

/*
 * Aliases: NULL-terminated. Lookups are case-insensitive (ASCII), so
 * "BLAKE2B-512" finds the service as well as "blake2b-512" would; it is
 * listed anyway as the upper-case spelling other libraries document, and
 * `jca list` shows it. An alias that is an OID (digits and dots) is also
 * found with the "OID." prefix. Each alias is at most 100 characters.
 * The names come from <jca/names.h>, which every provider shares.
 *
 * If two providers offer the same name, the one earlier in preference
 * order wins; md_get_instance_from(name, "example") asks this one only.
 */
static const char *const blake2b_512_aliases[] = { JCA_NAMES_BLAKE2B_512, NULL };
static const char *const blake2s_256_aliases[] = { JCA_NAMES_BLAKE2S_256, NULL };

/*
 * Attributes: {key, value} pairs ending with {NULL, NULL}, or NULL for
 * none. The registry understands "HmacOID" on a MessageDigest (the OID to
 * give the composed HMAC service; no OID is assigned to HMAC-BLAKE2, so
 * there is none here) and, on a Cipher, "SupportedModes" and
 * "SupportedPaddings". Other keys are free-form information for
 * applications (jca_service_attribute).
 */
static const jca_attr blake2_attrs[] = {
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};

/*
 * Known-answer tests. The host owns tables of known answers keyed by
 * standard name (src/api/md_kat.c and its siblings) and runs them on
 * every implementation of the name, from any provider, when it loads: a
 * wrong answer refuses the whole provider (JCA_SELFTEST) and nothing of
 * it becomes visible. BLAKE2b-512 and BLAKE2s-256 are in those tables
 * (the "abc" examples of RFC 7693 appendices A and B), so this plugin
 * ships none for them. A provider ships a jca_kat (.kat, .extra_kats of
 * its service) for a name the host has no table for: for a
 * MessageDigest, in/in_len is hashed and must equal out/out_len (key and
 * iv unused; out_len at most digest_size); the other types' rules are in
 * <jca/provider.h>.
 */

/*
 * Services (jca_service_desc): its size, type, JCA standard name (unique
 * per type within the provider, at most 64 characters), aliases,
 * attributes, the implementation list (of the service's type), then the
 * optional KAT (none here: see above). A Mac is declared the same way (type JCA_MAC, jca_mac_impl:
 * see blake2b_mac.c); HMAC over the digests is derived by the registry,
 * not declared. The provider lists them as a NULL-terminated array of
 * pointers, so a future, larger jca_service_desc changes no stride.
 */
static const jca_service_desc blake2b_512_service = {
	.struct_size = sizeof(jca_service_desc),
	.type = JCA_MESSAGE_DIGEST,
	.algorithm = JCA_NAME_BLAKE2B_512,
	.aliases = blake2b_512_aliases,
	.attributes = blake2_attrs,
	.impls = blake2b_512_impls,
};
static const jca_service_desc blake2s_256_service = {
	.struct_size = sizeof(jca_service_desc),
	.type = JCA_MESSAGE_DIGEST,
	.algorithm = JCA_NAME_BLAKE2S_256,
	.aliases = blake2s_256_aliases,
	.attributes = blake2_attrs,
	.impls = blake2s_256_impls,
};
static const jca_service_desc *const services[] = {
	&blake2b_512_service, &blake2s_256_service, &ex_blake2b_mac_service,
	&ex__argon2id_service,
	NULL
};

/*
 * The provider (jca_provider_desc). abi_version and struct_size come first
 * and are filled from the header the plugin was compiled against: the host
 * accepts its own major ABI with any minor, refuses others (JCA_ABI,
 * naming both versions), and uses the struct_size of every structure to
 * accept those from older and newer headers (a newer one only if it sets
 * nothing the host does not know). name: non-empty, at most 64 characters,
 * unique among registered providers (JCA_EXISTS otherwise); it is what
 * md_get_instance_from() and jca.conf's preferences refer to. version and
 * description must not be NULL.
 */
static const jca_provider_desc provider = {
	.abi_version = JCA_ABI_VERSION,
	.struct_size = sizeof(jca_provider_desc),
	.name = "example",
	.version = "1.0",
	.description = "libjca example plugin: BLAKE2b-512, BLAKE2s-256 and keyed BLAKE2b (RFC 7693), Argon2id (RFC 9106), "
	               "portable C",
	.services = services,
};

/* ====================================================================== */
/* Part 3: the entry point, the only exported symbol.                     */
/* ====================================================================== */

/*
 * The entry point (JCA_PLUGIN_ENTRY_NAME, "jca_plugin_entry3"): the host
 * calls it once, when a lookup first reaches this provider in preference
 * order, or from jca_provider_load(). JCA_PLUGIN_ENTRY declares and
 * exports it; build with -fvisibility=hidden so that it is the only
 * exported symbol and the plugin's internals cannot clash with other code.
 *
 * Set *desc and return 0 to load. To refuse (a missing CPU feature, a
 * dependency that failed), return nonzero, first recording why:
 *
 *     host->set_error("example: needs AVX2");
 *     return -1;
 *
 * The host copies the text and shows it in `jca list` and in
 * jca_provider_state_reason(). On success the host validates the
 * descriptor, binds implementations and runs the KATs; any failure there
 * refuses the provider as a whole.
 *
 * What the entry may do is in <jca/plugin.h> ("What an entry may do"):
 * in short, be quick, call libjca only from this thread, never wait for
 * another thread that uses libjca, and be idempotent.
 */
JCA_PLUGIN_ENTRY(host, desc, provctx)
{
	(void)provctx;            /* no provider context: left NULL */
	if (!desc)
		return -1;
	/* Same major ABI, and a host table holding what this header knows. */
	if (!jca_host_compatible(host))
		return -1;
	ex__set_error = host->set_error;   /* Argon2id's reasons for a refused parameter */
	*desc = &provider;
	return 0;
}
