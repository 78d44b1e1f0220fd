/* SPDX-License-Identifier: Apache-2.0 */
/*
 * example.c - a complete libjca plugin provider, written as the template for
 * plugin authors. Copy it, rename the provider, replace the algorithms.
 *
 * It offers two MessageDigest services, implemented in portable C below from
 * RFC 7693 (no keying, no salt or personalisation: plain hashing):
 *
 *   BLAKE2b-512  aliases BLAKE2B-512, BLAKE2b, OID 1.3.6.1.4.1.1722.12.2.1.16
 *   BLAKE2s-256  aliases BLAKE2S-256, BLAKE2s, OID 1.3.6.1.4.1.1722.12.2.2.8
 *
 * The registry composes HMAC over every non-XOF digest, so this plugin also
 * gives "HmacBLAKE2b-512" and "HmacBLAKE2s-256" (and "HMAC-BLAKE2b", ...)
 * for free. That is HMAC (RFC 2104) with BLAKE2 as the hash, which is not
 * BLAKE2's own keyed mode.
 *
 * Build against the installed libjca (one file, no dependencies but libc;
 * export one symbol):
 *
 *   cc -std=c11 -O2 -Wall -Wextra -fPIC -shared -fvisibility=hidden \
 *      $(pkg-config --cflags jca) example.c -o example.so
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

/* ====================================================================== */
/* Part 1: the algorithms. Nothing here knows about libjca.                */
/* ====================================================================== */

/*
 * Rule for contexts (jca_md_impl.ctx_size, .copy, .cleanup): the engine
 * allocates ctx_size bytes per object and clones an object with memcpy.
 * So a context must be plain data: no pointers into itself, no pointers to
 * memory it owns. Both contexts below are arrays of integers and bytes.
 * (A context that must own outside resources, like an OpenSSL EVP_MD_CTX*,
 * sets the copy and cleanup hooks instead; see plugins/openssl.)
 */

/* Little-endian loads and stores, byte by byte: portable to any host byte
 * order and to unaligned buffers. */
static uint64_t load64(const uint8_t *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
	       (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

static uint32_t load32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rotr64(uint64_t x, unsigned n)
{
	return (x >> n) | (x << (64 - n));
}

static uint32_t rotr32(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

/* RFC 7693 section 2.7: the message word schedule. BLAKE2b's rounds 10 and
 * 11 reuse rows 0 and 1 (round i uses row i mod 10). */
static const uint8_t sigma[10][16] = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	{ 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
	{ 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
	{ 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
	{ 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
	{ 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
	{ 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
	{ 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
	{ 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
	{ 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
};

/* ---- BLAKE2b (RFC 7693 sections 2.1, 2.6, 3): 64-bit words ---- */

#define B2B_BLOCK 128
#define B2B_OUT 64

static const uint64_t b2b_iv[8] = {
	UINT64_C(0x6A09E667F3BCC908), UINT64_C(0xBB67AE8584CAA73B),
	UINT64_C(0x3C6EF372FE94F82B), UINT64_C(0xA54FF53A5F1D36F1),
	UINT64_C(0x510E527FADE682D1), UINT64_C(0x9B05688C2B3E6C1F),
	UINT64_C(0x1F83D9ABFB41BD6B), UINT64_C(0x5BE0CD19137E2179),
};

typedef struct b2b_ctx {
	uint64_t h[8];              /* chained state */
	uint64_t t[2];              /* byte counter, 128 bits (t[0] low) */
	uint8_t buf[B2B_BLOCK];     /* pending input */
	size_t buflen;              /* bytes in buf, 0..128 */
} b2b_ctx;

/* The mixing function G, rotations 32, 24, 16, 63. */
#define B2B_G(a, b, c, d, x, y) do { \
		v[a] = v[a] + v[b] + (x); v[d] = rotr64(v[d] ^ v[a], 32); \
		v[c] = v[c] + v[d];       v[b] = rotr64(v[b] ^ v[c], 24); \
		v[a] = v[a] + v[b] + (y); v[d] = rotr64(v[d] ^ v[a], 16); \
		v[c] = v[c] + v[d];       v[b] = rotr64(v[b] ^ v[c], 63); \
	} while (0)

/* Compression function F: 12 rounds; last != 0 for the final block. */
static void b2b_compress(b2b_ctx *c, const uint8_t *block, int last)
{
	uint64_t m[16], v[16];
	int i, r;

	for (i = 0; i < 16; i++)
		m[i] = load64(block + 8 * i);
	for (i = 0; i < 8; i++) {
		v[i] = c->h[i];
		v[i + 8] = b2b_iv[i];
	}
	v[12] ^= c->t[0];
	v[13] ^= c->t[1];
	if (last)
		v[14] = ~v[14];
	for (r = 0; r < 12; r++) {
		const uint8_t *s = sigma[r % 10];

		B2B_G(0, 4, 8, 12, m[s[0]], m[s[1]]);
		B2B_G(1, 5, 9, 13, m[s[2]], m[s[3]]);
		B2B_G(2, 6, 10, 14, m[s[4]], m[s[5]]);
		B2B_G(3, 7, 11, 15, m[s[6]], m[s[7]]);
		B2B_G(0, 5, 10, 15, m[s[8]], m[s[9]]);
		B2B_G(1, 6, 11, 12, m[s[10]], m[s[11]]);
		B2B_G(2, 7, 8, 13, m[s[12]], m[s[13]]);
		B2B_G(3, 4, 9, 14, m[s[14]], m[s[15]]);
	}
	for (i = 0; i < 8; i++)
		c->h[i] ^= v[i] ^ v[i + 8];
}

static void b2b_count(b2b_ctx *c, size_t n)
{
	c->t[0] += n;
	if (c->t[0] < n)
		c->t[1]++;
}

/* jca_md_impl.init: (re)start an unkeyed hash with a 64-byte output. It is
 * called on a fresh context and again after final() to reuse the object. */
static int b2b_init(void *ctx)
{
	b2b_ctx *c = ctx;

	memcpy(c->h, b2b_iv, sizeof c->h);
	/* Parameter block word 0: digest length, key length 0, fanout 1, depth 1. */
	c->h[0] ^= 0x01010000u ^ B2B_OUT;
	c->t[0] = c->t[1] = 0;
	c->buflen = 0;
	return 0;
}

/* jca_md_impl.update: absorb len bytes (in may be NULL when len is 0). The
 * last block must be compressed with the final flag, so a full buffer is
 * only compressed once more input arrives. */
static int b2b_update(void *ctx, const void *in, size_t len)
{
	b2b_ctx *c = ctx;
	const uint8_t *p = in;

	while (len) {
		size_t n;

		if (c->buflen == B2B_BLOCK) {
			b2b_count(c, B2B_BLOCK);
			b2b_compress(c, c->buf, 0);
			c->buflen = 0;
		}
		n = B2B_BLOCK - c->buflen;
		if (n > len)
			n = len;
		memcpy(c->buf + c->buflen, p, n);
		c->buflen += n;
		p += n;
		len -= n;
	}
	return 0;
}

/* jca_md_impl.final: write out_len bytes (for a fixed-size digest the
 * engine always asks for digest_size). The context is left spent; the
 * engine calls init() before using it again. */
static int b2b_final(void *ctx, void *out, size_t out_len)
{
	b2b_ctx *c = ctx;
	uint8_t *o = out;
	size_t i;

	b2b_count(c, c->buflen);
	memset(c->buf + c->buflen, 0, B2B_BLOCK - c->buflen);
	b2b_compress(c, c->buf, 1);
	for (i = 0; i < out_len && i < B2B_OUT; i++)
		o[i] = (uint8_t)(c->h[i / 8] >> (8 * (i % 8)));
	return 0;
}

/* ---- BLAKE2s (RFC 7693 sections 2.1, 2.6, 3): 32-bit words ---- */

#define B2S_BLOCK 64
#define B2S_OUT 32

static const uint32_t b2s_iv[8] = {
	0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au,
	0x510E527Fu, 0x9B05688Cu, 0x1F83D9ABu, 0x5BE0CD19u,
};

typedef struct b2s_ctx {
	uint32_t h[8];
	uint32_t t[2];              /* byte counter, 64 bits (t[0] low) */
	uint8_t buf[B2S_BLOCK];
	size_t buflen;              /* 0..64 */
} b2s_ctx;

/* The mixing function G, rotations 16, 12, 8, 7. */
#define B2S_G(a, b, c, d, x, y) do { \
		v[a] = v[a] + v[b] + (x); v[d] = rotr32(v[d] ^ v[a], 16); \
		v[c] = v[c] + v[d];       v[b] = rotr32(v[b] ^ v[c], 12); \
		v[a] = v[a] + v[b] + (y); v[d] = rotr32(v[d] ^ v[a], 8); \
		v[c] = v[c] + v[d];       v[b] = rotr32(v[b] ^ v[c], 7); \
	} while (0)

/* Compression function F: 10 rounds. */
static void b2s_compress(b2s_ctx *c, const uint8_t *block, int last)
{
	uint32_t m[16], v[16];
	int i, r;

	for (i = 0; i < 16; i++)
		m[i] = load32(block + 4 * i);
	for (i = 0; i < 8; i++) {
		v[i] = c->h[i];
		v[i + 8] = b2s_iv[i];
	}
	v[12] ^= c->t[0];
	v[13] ^= c->t[1];
	if (last)
		v[14] = ~v[14];
	for (r = 0; r < 10; r++) {
		const uint8_t *s = sigma[r];

		B2S_G(0, 4, 8, 12, m[s[0]], m[s[1]]);
		B2S_G(1, 5, 9, 13, m[s[2]], m[s[3]]);
		B2S_G(2, 6, 10, 14, m[s[4]], m[s[5]]);
		B2S_G(3, 7, 11, 15, m[s[6]], m[s[7]]);
		B2S_G(0, 5, 10, 15, m[s[8]], m[s[9]]);
		B2S_G(1, 6, 11, 12, m[s[10]], m[s[11]]);
		B2S_G(2, 7, 8, 13, m[s[12]], m[s[13]]);
		B2S_G(3, 4, 9, 14, m[s[14]], m[s[15]]);
	}
	for (i = 0; i < 8; i++)
		c->h[i] ^= v[i] ^ v[i + 8];
}

static void b2s_count(b2s_ctx *c, size_t n)
{
	/* n <= 64 here, so one carry at most. */
	c->t[0] += (uint32_t)n;
	if (c->t[0] < (uint32_t)n)
		c->t[1]++;
}

static int b2s_init(void *ctx)
{
	b2s_ctx *c = ctx;

	memcpy(c->h, b2s_iv, sizeof c->h);
	c->h[0] ^= 0x01010000u ^ B2S_OUT;
	c->t[0] = c->t[1] = 0;
	c->buflen = 0;
	return 0;
}

static int b2s_update(void *ctx, const void *in, size_t len)
{
	b2s_ctx *c = ctx;
	const uint8_t *p = in;

	while (len) {
		size_t n;

		if (c->buflen == B2S_BLOCK) {
			b2s_count(c, B2S_BLOCK);
			b2s_compress(c, c->buf, 0);
			c->buflen = 0;
		}
		n = B2S_BLOCK - c->buflen;
		if (n > len)
			n = len;
		memcpy(c->buf + c->buflen, p, n);
		c->buflen += n;
		p += n;
		len -= n;
	}
	return 0;
}

static int b2s_final(void *ctx, void *out, size_t out_len)
{
	b2s_ctx *c = ctx;
	uint8_t *o = out;
	size_t i;

	b2s_count(c, c->buflen);
	memset(c->buf + c->buflen, 0, B2S_BLOCK - c->buflen);
	b2s_compress(c, c->buf, 1);
	for (i = 0; i < out_len && i < B2S_OUT; i++)
		o[i] = (uint8_t)(c->h[i / 4] >> (8 * (i % 4)));
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
	.base = JCA_IMPL_BASE(jca_md_impl, "blake2b-example", JCA_PRIO_GENERIC, NULL, sizeof(b2b_ctx)),
	.digest_size = B2B_OUT,
	.block_size = B2B_BLOCK,
	.flags = 0,
	.init = b2b_init,
	.update = b2b_update,
	.final = b2b_final,
};

static const jca_md_impl blake2s_256_c = {
	.base = JCA_IMPL_BASE(jca_md_impl, "blake2s-example", JCA_PRIO_GENERIC, NULL, sizeof(b2s_ctx)),
	.digest_size = B2S_OUT,
	.block_size = B2S_BLOCK,
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
 * Known-answer tests (jca_kat): the host runs them once, at load, on the
 * implementation it bound; if one fails the whole provider is refused
 * (JCA_SELFTEST) and nothing of it becomes visible. For a MessageDigest:
 * in/in_len is hashed and must equal out/out_len (key and iv unused);
 * out_len is at most digest_size.
 * These are the "abc" examples of RFC 7693 appendices A and B.
 */
static const jca_kat blake2b_512_kat = {
	.struct_size = sizeof(jca_kat),
	.in = "abc", .in_len = 3, .key = NULL, .key_len = 0, .iv = NULL,
	.out = "\xBA\x80\xA5\x3F\x98\x1C\x4D\x0D\x6A\x27\x97\xB6\x9F\x12\xF6\xE9"
	       "\x4C\x21\x2F\x14\x68\x5A\xC4\xB7\x4B\x12\xBB\x6F\xDB\xFF\xA2\xD1"
	       "\x7D\x87\xC5\x39\x2A\xAB\x79\x2D\xC2\x52\xD5\xDE\x45\x33\xCC\x95"
	       "\x18\xD3\x8A\xA8\xDB\xF1\x92\x5A\xB9\x23\x86\xED\xD4\x00\x99\x23",
	.out_len = 64,
};
static const jca_kat blake2s_256_kat = {
	.struct_size = sizeof(jca_kat),
	.in = "abc", .in_len = 3, .key = NULL, .key_len = 0, .iv = NULL,
	.out = "\x50\x8C\x5E\x8C\x32\x7C\x14\xE2\xE1\xA7\x2B\xA3\x4E\xEB\x45\x2F"
	       "\x37\x45\x8B\x20\x9E\xD6\x3A\x29\x4D\x99\x9B\x4C\x86\x67\x59\x82",
	.out_len = 32,
};

/*
 * Services (jca_service_desc): its size, type, JCA standard name (unique
 * per type within the provider, at most 64 characters), aliases,
 * attributes, the implementation list (of the service's type), then the
 * optional KAT. JCA_MAC services are not declared: the registry composes
 * HMAC itself. The provider lists them as a NULL-terminated array of
 * pointers, so a future, larger jca_service_desc changes no stride.
 */
static const jca_service_desc blake2b_512_service = {
	.struct_size = sizeof(jca_service_desc),
	.type = JCA_MESSAGE_DIGEST,
	.algorithm = JCA_NAME_BLAKE2B_512,
	.aliases = blake2b_512_aliases,
	.attributes = blake2_attrs,
	.impls = blake2b_512_impls,
	.kat = &blake2b_512_kat,
};
static const jca_service_desc blake2s_256_service = {
	.struct_size = sizeof(jca_service_desc),
	.type = JCA_MESSAGE_DIGEST,
	.algorithm = JCA_NAME_BLAKE2S_256,
	.aliases = blake2s_256_aliases,
	.attributes = blake2_attrs,
	.impls = blake2s_256_impls,
	.kat = &blake2s_256_kat,
};
static const jca_service_desc *const services[] = {
	&blake2b_512_service, &blake2s_256_service, NULL
};

/*
 * The provider (jca_provider_desc). abi_version and struct_size come first
 * and are filled from the header the plugin was compiled against: the host
 * accepts the same major ABI with an older or equal minor, refuses others
 * (JCA_ABI, naming both versions), and uses the struct_size of every
 * structure to accept those from older headers. name: non-empty, at most 64 characters,
 * unique among registered providers (JCA_EXISTS otherwise); it is what
 * md_get_instance_from() and jca.conf's preferences refer to. version and
 * description must not be NULL.
 */
static const jca_provider_desc provider = {
	.abi_version = JCA_ABI_VERSION,
	.struct_size = sizeof(jca_provider_desc),
	.name = "example",
	.version = "1.0",
	.description = "libjca example plugin: BLAKE2b-512 and BLAKE2s-256 (RFC 7693), portable C",
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
	*desc = &provider;
	return 0;
}
