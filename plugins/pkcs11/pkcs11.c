/* SPDX-License-Identifier: Apache-2.0 */
/*
 * pkcs11.c - libjca plugin provider: a PKCS#11 token (an HSM, a smart card,
 * SoftHSM2) behind the registry, in the manner of the JDK's SunPKCS11.
 *
 *   security.provider.1 = softhsm                 # loads <jca.plugin.dir>/pkcs11.so
 *   jca.provider.softhsm.plugin = pkcs11
 *   jca.provider.softhsm.library = /usr/lib/softhsm/libsofthsm2.so
 *   jca.provider.softhsm.token = my-token         # or .slot = 1234
 *   jca.provider.softhsm.pin.file = /etc/jca/softhsm.pin   # or .pin.env = VAR
 *
 * The provider takes its name from the configuration, so any number of
 * tokens can be configured, each under its own name. Loaded by
 * path with jca_provider_load() (no configuration), it is named "pkcs11"
 * and reads JCA_PKCS11_LIBRARY, JCA_PKCS11_TOKEN, JCA_PKCS11_SLOT,
 * JCA_PKCS11_PIN_FILE and JCA_PKCS11_PIN_ENV from the environment. A PIN
 * is never read from the configuration file.
 *
 * At load the token is asked for its mechanisms, and the provider offers
 * the services it has, under the built-in provider's names, aliases and
 * OIDs:
 *
 *   MessageDigest  SHA-1, SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224,
 *                  SHA-512/256, SHA3-224..512 (CKM_SHA_1, CKM_SHA224, ...)
 *   Mac            HmacSHA1 ... HmacSHA3-512: declared Mac services on
 *                  the token (CKM_SHA*_HMAC, the key imported as a session
 *                  object, p11_mac.c) where it has the mechanism; else the
 *                  registry derives HMAC over the token's digest
 *   Cipher         AES in ECB and CBC (CKM_AES_ECB, CKM_AES_CBC), with
 *                  NoPadding and PKCS5Padding (the engine pads), and GCM
 *                  (CKM_AES_GCM, through the cipher table's aead_*)
 *   SecureRandom   PKCS11-RNG: the token's generator (C_GenerateRandom),
 *                  when the token has one (CKF_RNG); p11_random.c
 *   KeyFactory     EC (P-256/384/521), RSA, Ed25519: keys are handles to
 *                  token objects; public keys decode into session
 *                  objects, their point first checked on its curve
 *                  (p11_ec_check.c: no off-curve ECDH peer reaches the
 *                  token), private keys never leave (p11_key.c)
 *   KeyPairGenerator  EC, RSA, Ed25519: session pairs, private key
 *                  sensitive and not extractable (p11_keygen.c)
 *   Signature      SHA224..512withECDSA (and inP1363Format), SHA224..512withRSA,
 *                  SHA256..512withRSA/PSS, RSASSA-PSS, Ed25519 (p11_sign.c)
 *   KeyAgreement   ECDH (CKM_ECDH1_DERIVE; p11_kex.c)
 *   KeyStore       PKCS11: the token's key objects by alias, keys by
 *                  pkcs11: URI (p11_keystore.c; ABI 3.3 hosts)
 * (the asymmetric ones where the token has the mechanisms: p11_asym.h)
 *
 * State (ABI 3). Each entry call opens its token and allocates a provider
 * context (p11_instance, p11_provider.h) holding the token (module handle,
 * session pool, login), the name and the descriptor with its tables; the
 * host gets it as *provctx and hands it to every implementation's
 * attach(provctx, ctx), which keeps it in the object's context. No global
 * state of the provider's, so no limit on the number of tokens. teardown
 * (run by the host once no object is alive: after jca_provider_remove()
 * and the last free, at jca_shutdown(), or at once if it refuses the
 * provider) closes the token's sessions, C_Finalize()s the module when it
 * was the last open token of that module, and frees the context.
 *
 * Known-answer tests run through the token at load. Sessions, login and
 * fork: see p11.h. Every object owns one session of the pool while it
 * lives; keys are session objects destroyed when the object is freed or
 * re-keyed.
 */
#define _POSIX_C_SOURCE 200809L

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jca/names.h>
#include <jca/plugin.h>

#include "p11.h"
#include "p11_provider.h"

/* ---- the algorithms, with the built-in provider's names (A_*:
 * p11_provider.h) ---- */

static const char *const sha1_names[] = { JCA_NAMES_SHA1, NULL };
static const char *const sha224_names[] = { JCA_NAMES_SHA224, NULL };
static const char *const sha256_names[] = { JCA_NAMES_SHA256, NULL };
static const char *const sha384_names[] = { JCA_NAMES_SHA384, NULL };
static const char *const sha512_names[] = { JCA_NAMES_SHA512, NULL };
static const char *const sha512_224_names[] = { JCA_NAMES_SHA512_224, NULL };
static const char *const sha512_256_names[] = { JCA_NAMES_SHA512_256, NULL };
static const char *const sha3_224_names[] = { JCA_NAMES_SHA3_224, NULL };
static const char *const sha3_256_names[] = { JCA_NAMES_SHA3_256, NULL };
static const char *const sha3_384_names[] = { JCA_NAMES_SHA3_384, NULL };
static const char *const sha3_512_names[] = { JCA_NAMES_SHA3_512, NULL };

/* Known answers: the host's (src/api/md_kat.c, cipher_kat.c), for every
 * digest and AES here. */
static const struct alg {
	const char *jca, *impl;        /* impl: driver name prefix, "-<provider>" follows */
	CK_MECHANISM_TYPE mech;
	size_t digest_size, block_size;
	const char *const *aliases;
	const char *hmac_oid;          /* so that HMAC-<OID> names resolve */
} algs[A_COUNT] = {
#define ALG(id, n, impl, md, dsize, bsize) \
	[A_##id] = { JCA_NAME_##id, impl, md, dsize, bsize, n##_names, JCA_HMAC_OID_##id }
	ALG(SHA1, sha1, "sha1", CKM_SHA_1, 20, 64),
	ALG(SHA224, sha224, "sha224", CKM_SHA224, 28, 64),
	ALG(SHA256, sha256, "sha256", CKM_SHA256, 32, 64),
	ALG(SHA384, sha384, "sha384", CKM_SHA384, 48, 128),
	ALG(SHA512, sha512, "sha512", CKM_SHA512, 64, 128),
	ALG(SHA512_224, sha512_224, "sha512_224", CKM_SHA512_224, 28, 128),
	ALG(SHA512_256, sha512_256, "sha512_256", CKM_SHA512_256, 32, 128),
	ALG(SHA3_224, sha3_224, "sha3_224", CKM_SHA3_224, 28, 144),
	ALG(SHA3_256, sha3_256, "sha3_256", CKM_SHA3_256, 32, 136),
	ALG(SHA3_384, sha3_384, "sha3_384", CKM_SHA3_384, 48, 104),
	ALG(SHA3_512, sha3_512, "sha3_512", CKM_SHA3_512, 64, 72),
#undef ALG
};

static const char *const aes_names[] = { JCA_NAMES_AES_BLOCK, NULL };


/* ---- reporting to the host ---- */

int p11_failed(const p11_instance *in, int rc)
{
	if (rc && in && in->set_error)
		in->set_error(p11_error_message());
	return rc;
}

void p11_say(const p11_instance *in, const char *message)
{
	if (in && in->set_error)
		in->set_error(message);
}

/* ---- MessageDigest: the context is the token's digest ---- */

typedef struct p11_md_ctx {
	const p11_instance *in;    /* the token (attach) */
	int alg;                   /* A_*: which digest (attach) */
	p11_digest d;
} p11_md_ctx;

/* attach: the provider context names the token, the function the digest.
 * The host passes the provider context alone, so each digest has its
 * attach (one per algorithm, the same for every token). */
static int md_attach(void *provctx, void *ctx, int alg)
{
	p11_md_ctx *c = ctx;

	c->in = provctx;
	c->alg = alg;
	return 0;
}

static int attach_sha1(void *p, void *c) { return md_attach(p, c, A_SHA1); }
static int attach_sha224(void *p, void *c) { return md_attach(p, c, A_SHA224); }
static int attach_sha256(void *p, void *c) { return md_attach(p, c, A_SHA256); }
static int attach_sha384(void *p, void *c) { return md_attach(p, c, A_SHA384); }
static int attach_sha512(void *p, void *c) { return md_attach(p, c, A_SHA512); }
static int attach_sha512_224(void *p, void *c) { return md_attach(p, c, A_SHA512_224); }
static int attach_sha512_256(void *p, void *c) { return md_attach(p, c, A_SHA512_256); }
static int attach_sha3_224(void *p, void *c) { return md_attach(p, c, A_SHA3_224); }
static int attach_sha3_256(void *p, void *c) { return md_attach(p, c, A_SHA3_256); }
static int attach_sha3_384(void *p, void *c) { return md_attach(p, c, A_SHA3_384); }
static int attach_sha3_512(void *p, void *c) { return md_attach(p, c, A_SHA3_512); }

static int (*const md_attaches[A_COUNT])(void *, void *) = {
	[A_SHA1] = attach_sha1, [A_SHA224] = attach_sha224, [A_SHA256] = attach_sha256,
	[A_SHA384] = attach_sha384, [A_SHA512] = attach_sha512, [A_SHA512_224] = attach_sha512_224,
	[A_SHA512_256] = attach_sha512_256, [A_SHA3_224] = attach_sha3_224, [A_SHA3_256] = attach_sha3_256,
	[A_SHA3_384] = attach_sha3_384, [A_SHA3_512] = attach_sha3_512,
};

static int md_init(void *ctx)
{
	p11_md_ctx *c = ctx;

	return p11_failed(c->in, p11_digest_init(&c->d, c->in->tok, algs[c->alg].mech));
}

static int md_update(void *ctx, const void *in, size_t len)
{
	p11_md_ctx *c = ctx;

	return p11_failed(c->in, p11_digest_update(&c->d, in, len));
}

static int md_final(void *ctx, void *out, size_t out_len)
{
	p11_md_ctx *c = ctx;

	return p11_failed(c->in, p11_digest_final(&c->d, out, out_len));
}

/* dst: zeroed (a clone, not attached: it takes src's token and digest) or
 * a live context of the same implementation. */
static int md_copy(void *dst, const void *src)
{
	p11_md_ctx *d = dst;
	const p11_md_ctx *s = src;

	d->in = s->in;
	d->alg = s->alg;
	return p11_failed(s->in, p11_digest_copy(&d->d, &s->d));
}

static void md_cleanup(void *ctx)
{
	p11_digest_cleanup(&((p11_md_ctx *)ctx)->d);
}

/* ---- Cipher: AES on the token; the mode is chosen per call ---- */

typedef struct p11_aes_ctx {
	const p11_instance *in;    /* the token (attach) */
	p11_aes a;
} p11_aes_ctx;

static int aes_attach(void *provctx, void *ctx)
{
	((p11_aes_ctx *)ctx)->in = provctx;
	return 0;
}

static int aes_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	p11_aes_ctx *c = ctx;
	return p11_failed(c->in, p11_aes_set_key(&c->a, c->in->tok, key, key_len));
}

static int aes_ecb_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const p11_aes_ctx *c = ctx;

	return p11_failed(c->in, p11_aes_crypt(&c->a, CKM_AES_ECB, 1, NULL, out, in, nblocks * 16));
}

static int aes_ecb_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const p11_aes_ctx *c = ctx;

	return p11_failed(c->in, p11_aes_crypt(&c->a, CKM_AES_ECB, 0, NULL, out, in, nblocks * 16));
}

static int aes_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const p11_aes_ctx *c = ctx;

	return p11_failed(c->in, p11_aes_crypt(&c->a, CKM_AES_CBC, 1, iv, out, in, nblocks * 16));
}

static int aes_cbc_decrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const p11_aes_ctx *c = ctx;

	return p11_failed(c->in, p11_aes_crypt(&c->a, CKM_AES_CBC, 0, iv, out, in, nblocks * 16));
}

static void aes_cleanup(void *ctx)
{
	p11_aes_cleanup(&((p11_aes_ctx *)ctx)->a);
}

/* ---- building the descriptor from the token's mechanisms ---- */

/* out = a "-" b, cut to size (a helper: snprintf from one member of an
 * instance into another trips -Wrestrict). */
static void driver_name(char *out, size_t size, const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	if (la + 1 + lb >= size)
		lb = size > la + 2 ? size - la - 2 : 0;
	memcpy(out, a, la);
	out[la] = '-';
	memcpy(out + la + 1, b, lb);
	out[la + 1 + lb] = 0;
}

static void teardown(void *provctx);

static void build(p11_instance *in)
{
	size_t n = 0, k2;
	int a, ecb, cbc;
	unsigned long kmin = 0, kmax = 0;

	for (a = 0; a < A_COUNT; a++) {
		jca_md_impl *m = &in->md_impl[a];

		if (!p11_has(in->tok, algs[a].mech, CKF_DIGEST, NULL, NULL))
			continue;
		driver_name(in->impl_names[a], sizeof in->impl_names[a], algs[a].impl, in->name);
		*m = (jca_md_impl){
			.base = JCA_IMPL_BASE_LIFECYCLE(jca_md_impl, in->impl_names[a], JCA_PRIO_GENERIC, NULL,
			                                sizeof(p11_md_ctx), md_attaches[a], md_copy, md_cleanup),
			.digest_size = algs[a].digest_size,
			.block_size = algs[a].block_size, .flags = 0, .init = md_init,
			.update = md_update, .final = md_final,
		};
		in->md_list[a][0] = &m->base;
		in->md_attrs[a][0] = (jca_attr){ JCA_ATTR_HMAC_OID, algs[a].hmac_oid };
		in->md_attrs[a][1] = (jca_attr){ "ImplementedIn", "Hardware" };
		in->services[n++] = (jca_service_desc){ sizeof(jca_service_desc), JCA_MESSAGE_DIGEST, algs[a].jca,
		                                        algs[a].aliases, in->md_attrs[a], in->md_list[a], NULL,
		                                        NULL };
	}
	ecb = p11_has(in->tok, CKM_AES_ECB, CKF_ENCRYPT | CKF_DECRYPT, &kmin, &kmax);
	cbc = p11_has(in->tok, CKM_AES_CBC, CKF_ENCRYPT | CKF_DECRYPT, ecb ? NULL : &kmin, ecb ? NULL : &kmax);
	if (ecb || cbc) {
		size_t sizes = 0;
		unsigned k;

		/* AES key sizes are in bytes (PKCS#11 2.40, 2.8); some tokens
		 * report bits. */
		if (kmax > 32) {
			kmin /= 8;
			kmax /= 8;
		}
		for (k = 16; k <= 32; k += 8)
			if (k >= kmin && k <= kmax)
				in->aes_key_sizes[sizes++] = k;
		in->aes_key_sizes[sizes] = 0;
		driver_name(in->impl_names[A_COUNT], sizeof in->impl_names[A_COUNT], "aes", in->name);
		snprintf(in->modes, sizeof in->modes, "%s%s%s", ecb ? "ECB" : "", ecb && cbc ? "|" : "", cbc ? "CBC" : "");
		in->aes_impl = (jca_cipher_impl){
			.base = JCA_IMPL_BASE_LIFECYCLE(jca_cipher_impl, in->impl_names[A_COUNT], JCA_PRIO_GENERIC, NULL,
			                                sizeof(p11_aes_ctx), aes_attach, NULL, aes_cleanup),
			.shape = JCA_CIPHER_BLOCK, .block_size = 16, .key_sizes = in->aes_key_sizes,
			.set_key = aes_set_key,
			.ecb_encrypt = ecb ? aes_ecb_encrypt : NULL, .ecb_decrypt = ecb ? aes_ecb_decrypt : NULL,
			.cbc_encrypt = cbc ? aes_cbc_encrypt : NULL, .cbc_decrypt = cbc ? aes_cbc_decrypt : NULL,
		};
		in->aes_list[0] = &in->aes_impl.base;
		in->aes_attrs[0] = (jca_attr){ JCA_ATTR_MODES, in->modes };
		in->aes_attrs[1] = (jca_attr){ JCA_ATTR_PADDINGS, JCA_AES_PADDINGS };
		in->aes_attrs[2] = (jca_attr){ "SupportedKeyFormats", "RAW" };
		in->aes_attrs[3] = (jca_attr){ "ImplementedIn", "Hardware" };
		if (sizes) {
			in->services[n++] = (jca_service_desc){ sizeof(jca_service_desc), JCA_CIPHER, JCA_NAME_AES, aes_names,
			                                        in->aes_attrs, in->aes_list, NULL,
			                                        NULL };
			/* AES/GCM/NoPadding, an AEAD table of its own (p11_aead.c) */
			n += (size_t)p11_gcm_service_build(&in->gcm, in->tok, in->name, in->aes_key_sizes, &in->services[n]);
		}
	}
	/* the token's own HMAC, key imported into the token, when it has it */
	n += p11_mac_services(&in->macs, in->tok, in->name, in->services + n);
	if (p11_rng_build(&in->rng, in->tok, in->name, in->set_error))
		in->services[n++] = in->rng.svc;
	n += p11_asym_services(&in->asym, in, in->services + n);
	for (k2 = 0; k2 < n; k2++)
		in->service_list[k2] = &in->services[k2];
	in->service_list[n] = NULL;
	snprintf(in->description, sizeof in->description, "PKCS#11 %s through %s", p11_describe(in->tok),
	         p11_module_path(in->tok));
	in->desc = (jca_provider_desc){
		.abi_version = JCA_ABI_VERSION, .struct_size = sizeof(jca_provider_desc),
		.name = in->name, .version = "1.0", .description = in->description,
		.services = in->service_list, .teardown = teardown,
	};
}

/* The provider context's token, for p11_random.c and p11_mac.c. */
p11_token *pkcs11_provctx_token(void *provctx)
{
	return ((p11_instance *)provctx)->tok;
}

p11_token *p11_provctx_token(void *provctx)
{
	return provctx ? ((p11_instance *)provctx)->tok : NULL;
}

/* The host's set_error (the same function for every token's host table),
 * for p11_mac.c's reports. */
static void (*report)(const char *message);

void p11_report(int rc)
{
	void (*r)(const char *) = __atomic_load_n(&report, __ATOMIC_ACQUIRE);

	if (rc && r)
		r(p11_error_message());
}

/* ---- teardown: the host is done with the provider ---- */

/* No object of the provider is alive: close the token's sessions, drop
 * the module (C_Finalize with the last token of that module), free the
 * provider context (no secret in it: the PIN is never kept). */
static void teardown(void *provctx)
{
	p11_instance *in = provctx;

	if (!in)
		return;
	p11_close(in->tok);
	free(in);
}

/* ---- settings: the host's configuration, else the environment ---- */

typedef struct settings_src {
	const jca_host_api *host;
	int use_host;
} settings_src;

static const char *setting(const settings_src *s, const char *key, const char *env)
{
	const char *v;

	if (s->use_host)
		v = s->host->get_config(key);
	else
		v = getenv(env);
	return v && *v ? v : NULL;
}

/* Each call opens the token named by the configuration (or the
 * environment) anew and hands the host a provider context of its own:
 * any number of tokens, one per configured name, and the same name again
 * after jca_provider_remove() or jca_shutdown() (whose teardown closed the
 * previous one). */
JCA_PLUGIN_ENTRY(host, desc, provctx)
{
	settings_src src = { host, 0 };
	p11_settings s;
	const char *name = "pkcs11";
	p11_instance *in;
	char why[600];

	if (!host || !desc || !provctx || !jca_host_compatible(host))
		return -1;
	*provctx = NULL;
	if (host->provider_name) {
		name = host->provider_name;
		src.use_host = 1;
	}
	if (src.use_host && host->get_config("pin")) {
		host->set_error("pkcs11 provider: a PIN is never read from the configuration file: "
		                "use pin.file or pin.env");
		return -1;
	}
	if (strlen(name) > P11_NAME_MAX) {
		snprintf(why, sizeof why, "pkcs11 provider \"%.80s...\": name too long", name);
		host->set_error(why);
		return -1;
	}
	if (!(in = calloc(1, sizeof *in))) {
		host->set_error("pkcs11 provider: out of memory");
		return -1;
	}
	snprintf(in->name, sizeof in->name, "%s", name);
	in->set_error = host->set_error;
	in->asym.keystore = (host->abi_version & 0xffffu) >= 3;   /* KeyStore: ABI 3.3 */
	__atomic_store_n(&report, host->set_error, __ATOMIC_RELEASE);
	s = (p11_settings){
		.name = name,
		.library = setting(&src, "library", "JCA_PKCS11_LIBRARY"),
		.token = setting(&src, "token", "JCA_PKCS11_TOKEN"),
		.slot = setting(&src, "slot", "JCA_PKCS11_SLOT"),
		.pin_file = setting(&src, "pin.file", "JCA_PKCS11_PIN_FILE"),
		.pin_env = setting(&src, "pin.env", "JCA_PKCS11_PIN_ENV"),
		.load_library = host->load_library,
	};
	if (p11_open(&s, &in->tok) != 0) {
		/* a refusing entry keeps nothing: p11_open left nothing open */
		snprintf(why, sizeof why, "%s", p11_error_message());
		free(in);
		host->set_error(why);
		return -1;
	}
	build(in);
	*desc = &in->desc;
	*provctx = in;
	return 0;
}
