/* SPDX-License-Identifier: Apache-2.0 */
/*
 * openssl_bridge.c - libjca plugin provider "openssl": OpenSSL 3's libcrypto
 * digests and AES, under libjca's JCA standard names.
 *
 *   MessageDigest  MD5, SHA-1, SHA-224, SHA-256, SHA-384, SHA-512,
 *                  SHA-512/224, SHA-512/256, SHA3-224, SHA3-256, SHA3-384,
 *                  SHA3-512 (with the built-in provider's aliases, OIDs and
 *                  HmacOID, so Hmac* names resolve the same way), SHAKE128
 *                  and SHAKE256 (extendable output, default 32 / 64 bytes)
 *   Cipher         AES (128/192/256) in ECB, CBC, CTR and GCM, NoPadding
 *                  and PKCS5Padding (libjca pads; OpenSSL runs whole
 *                  blocks). GCM through the message-level functions of
 *                  ABI 2.4 (aead_init/update/final over EVP's AES-*-GCM:
 *                  EVP has no raw GHASH for the 2.2 building blocks);
 *                  IVs of 1 to 128 bytes (OpenSSL's limit).
 *
 * Build:
 *   cc -std=c11 -O2 -Wall -Wextra -fPIC -shared -fvisibility=hidden \
 *      $(pkg-config --cflags jca) openssl_bridge.c -o openssl.so \
 *      $(pkg-config --cflags --libs libcrypto)
 *
 * Algorithms are fetched once, from OpenSSL's default library context with
 * no property query, when the host calls the entry function; so OpenSSL's
 * configuration (openssl.cnf, a FIPS default property) applies. If any
 * fetch fails, the plugin refuses to load and says which.
 *
 * Contexts here own OpenSSL objects (EVP_MD_CTX, EVP_CIPHER_CTX), so they
 * cannot be cloned with memcpy: the digest vtables set the copy and
 * cleanup hooks of jca_md_impl, the cipher vtable sets cleanup (see
 * include/jca/provider.h).
 *
 * Failures: every vtable function returns 0 or -1. The only ways they can
 * fail here are OpenSSL running out of memory or an internal error; they
 * then return -1 and the engine fails that call with JCA_IMPL (wiping any
 * output written), so no wrong digest and no plaintext is ever handed back
 * as a result, and nothing aborts the host process.
 */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>

#include <jca/plugin.h>
#include <jca/names.h>

#if OPENSSL_VERSION_MAJOR < 3
#error "the openssl bridge needs OpenSSL 3 (EVP_MD_fetch, EVP_DigestInit_ex2)"
#endif

/* ---- failing closed ----
 * An OpenSSL call that fails makes the vtable function return -1: the
 * engine then fails that call with JCA_IMPL and the object needs a fresh
 * init (provider.h). OpenSSL's error queue is cleared so that it does not
 * leak into an unrelated later OpenSSL call of the application. */
static void (*host_set_error)(const char *message);   /* set once, by the entry */

static int failed(const char *what)
{
	(void)what;
	ERR_clear_error();
	return -1;
}

/* A failure with a reason the engine's JCA_IMPL message ends with. */
static int failed_why(const char *why)
{
	ERR_clear_error();
	if (host_set_error)
		host_set_error(why);
	return -1;
}

/* ====================================================================== */
/* MessageDigest                                                           */
/* ====================================================================== */

/* The algorithms, indexed by enum, with OpenSSL's names. */
enum {
	D_MD5, D_SHA1, D_SHA224, D_SHA256, D_SHA384, D_SHA512, D_SHA512_224, D_SHA512_256,
	D_SHA3_224, D_SHA3_256, D_SHA3_384, D_SHA3_512, D_SHAKE128, D_SHAKE256, D_COUNT
};

static const char *const md_ossl[D_COUNT] = {
	[D_MD5] = "MD5", [D_SHA1] = "SHA1",
	[D_SHA224] = "SHA2-224", [D_SHA256] = "SHA2-256", [D_SHA384] = "SHA2-384",
	[D_SHA512] = "SHA2-512", [D_SHA512_224] = "SHA2-512/224", [D_SHA512_256] = "SHA2-512/256",
	[D_SHA3_224] = "SHA3-224", [D_SHA3_256] = "SHA3-256", [D_SHA3_384] = "SHA3-384",
	[D_SHA3_512] = "SHA3-512", [D_SHAKE128] = "SHAKE128", [D_SHAKE256] = "SHAKE256",
};

/* Written once, in the entry function (under pthread_once), before any
 * vtable can run; read-only afterwards. EVP_MD objects may be shared by
 * any number of threads. Never freed: plugin code stays loaded until the
 * process ends (provider.h). */
static EVP_MD *evp_md[D_COUNT];

/* The context: one pointer. The engine zeroes a new context (because
 * cleanup is set), so NULL means "not allocated yet". */
typedef struct omd_ctx {
	EVP_MD_CTX *ctx;
} omd_ctx;

static int omd_init(omd_ctx *c, const EVP_MD *md)
{
	if (!c->ctx && !(c->ctx = EVP_MD_CTX_new()))
		return failed("EVP_MD_CTX_new");
	if (!EVP_DigestInit_ex2(c->ctx, md, NULL))
		return failed("EVP_DigestInit_ex2");
	return 0;
}

static int omd_update(void *ctx, const void *in, size_t len)
{
	omd_ctx *c = ctx;

	if (len && !EVP_DigestUpdate(c->ctx, in, len))
		return failed("EVP_DigestUpdate");
	return 0;
}

/* Fixed-length digests: the engine asks for digest_size bytes. */
static int omd_final(void *ctx, void *out, size_t out_len)
{
	omd_ctx *c = ctx;
	unsigned char buf[EVP_MAX_MD_SIZE];
	unsigned int n = 0;

	if (!EVP_DigestFinal_ex(c->ctx, buf, &n))
		return failed("EVP_DigestFinal_ex");
	memcpy(out, buf, out_len < n ? out_len : n);
	OPENSSL_cleanse(buf, sizeof buf);
	return 0;
}

/* SHAKE: exactly out_len bytes, any length (the engine caps it at
 * INT32_MAX). Zero bytes needs no squeezing: the context is left spent
 * either way and the engine calls init() before reuse. */
static int omd_final_xof(void *ctx, void *out, size_t out_len)
{
	omd_ctx *c = ctx;

	if (out_len && !EVP_DigestFinalXOF(c->ctx, out, out_len))
		return failed("EVP_DigestFinalXOF");
	return 0;
}

/* copy(dst, src): dst is zeroed or a live context of the same
 * implementation; reuse its EVP_MD_CTX when there is one. 0 or -1; on
 * failure the engine calls cleanup(dst), so a half-made dst is fine. */
static int omd_copy(void *dst, const void *src)
{
	omd_ctx *d = dst;
	const omd_ctx *s = src;

	if (!s->ctx) {
		/* src never initialised (the states of a Mac not yet keyed):
		 * so is the copy. */
		if (d->ctx)
			EVP_MD_CTX_reset(d->ctx);
		return 0;
	}
	if (!d->ctx && !(d->ctx = EVP_MD_CTX_new()))
		return -1;
	return EVP_MD_CTX_copy_ex(d->ctx, s->ctx) ? 0 : -1;
}

static void omd_cleanup(void *ctx)
{
	omd_ctx *c = ctx;

	EVP_MD_CTX_free(c->ctx);    /* NULL is fine; frees and wipes the state */
	c->ctx = NULL;
}

/* One init function per algorithm (init gets no argument but the context)
 * and one vtable each. The sizes are checked against OpenSSL at load. */
#define OMD_IMPL(id, impl_name, dsize, bsize, final_fn, xof_flag) \
	static int init_##id(void *ctx) { return omd_init(ctx, evp_md[id]); } \
	static const jca_md_impl impl_##id = { \
		.base = JCA_IMPL_BASE(jca_md_impl, impl_name, JCA_PRIO_GENERIC, NULL, sizeof(omd_ctx)), \
		.digest_size = dsize, .block_size = bsize, \
		.flags = xof_flag, .init = init_##id, .update = omd_update, .final = final_fn, \
		.copy = omd_copy, .cleanup = omd_cleanup \
	}; \
	static const jca_impl *const impls_##id[] = { &impl_##id.base, NULL };

OMD_IMPL(D_MD5, "md5-openssl", 16, 64, omd_final, 0)
OMD_IMPL(D_SHA1, "sha1-openssl", 20, 64, omd_final, 0)
OMD_IMPL(D_SHA224, "sha224-openssl", 28, 64, omd_final, 0)
OMD_IMPL(D_SHA256, "sha256-openssl", 32, 64, omd_final, 0)
OMD_IMPL(D_SHA384, "sha384-openssl", 48, 128, omd_final, 0)
OMD_IMPL(D_SHA512, "sha512-openssl", 64, 128, omd_final, 0)
OMD_IMPL(D_SHA512_224, "sha512_224-openssl", 28, 128, omd_final, 0)
OMD_IMPL(D_SHA512_256, "sha512_256-openssl", 32, 128, omd_final, 0)
OMD_IMPL(D_SHA3_224, "sha3_224-openssl", 28, 144, omd_final, 0)
OMD_IMPL(D_SHA3_256, "sha3_256-openssl", 32, 136, omd_final, 0)
OMD_IMPL(D_SHA3_384, "sha3_384-openssl", 48, 104, omd_final, 0)
OMD_IMPL(D_SHA3_512, "sha3_512-openssl", 64, 72, omd_final, 0)
OMD_IMPL(D_SHAKE128, "shake128-openssl", 32, 168, omd_final_xof, JCA_MD_XOF)
OMD_IMPL(D_SHAKE256, "shake256-openssl", 64, 136, omd_final_xof, JCA_MD_XOF)

static const jca_md_impl *const md_vtable[D_COUNT] = {
	[D_MD5] = &impl_D_MD5, [D_SHA1] = &impl_D_SHA1,
	[D_SHA224] = &impl_D_SHA224, [D_SHA256] = &impl_D_SHA256, [D_SHA384] = &impl_D_SHA384,
	[D_SHA512] = &impl_D_SHA512, [D_SHA512_224] = &impl_D_SHA512_224,
	[D_SHA512_256] = &impl_D_SHA512_256, [D_SHA3_224] = &impl_D_SHA3_224,
	[D_SHA3_256] = &impl_D_SHA3_256, [D_SHA3_384] = &impl_D_SHA3_384,
	[D_SHA3_512] = &impl_D_SHA3_512, [D_SHAKE128] = &impl_D_SHAKE128,
	[D_SHAKE256] = &impl_D_SHAKE256,
};

/* Names, aliases, OIDs and HMAC OIDs: <jca/names.h>, the same as the
 * built-in provider's, so that an application can switch providers
 * without renaming anything. */
static const char *const md5_names[] = { JCA_NAMES_MD5, NULL };
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
static const char *const shake128_names[] = { JCA_NAMES_SHAKE128, NULL };
static const char *const shake256_names[] = { JCA_NAMES_SHAKE256, NULL };

#define ATTRS(name, oid) \
	static const jca_attr name[] = { { "ImplementedIn", "Software" }, { JCA_ATTR_HMAC_OID, oid }, { NULL, NULL } }
ATTRS(md5_attrs, JCA_HMAC_OID_MD5);
ATTRS(sha1_attrs, JCA_HMAC_OID_SHA1);
ATTRS(sha224_attrs, JCA_HMAC_OID_SHA224);
ATTRS(sha256_attrs, JCA_HMAC_OID_SHA256);
ATTRS(sha384_attrs, JCA_HMAC_OID_SHA384);
ATTRS(sha512_attrs, JCA_HMAC_OID_SHA512);
ATTRS(sha512_224_attrs, JCA_HMAC_OID_SHA512_224);
ATTRS(sha512_256_attrs, JCA_HMAC_OID_SHA512_256);
ATTRS(sha3_224_attrs, JCA_HMAC_OID_SHA3_224);
ATTRS(sha3_256_attrs, JCA_HMAC_OID_SHA3_256);
ATTRS(sha3_384_attrs, JCA_HMAC_OID_SHA3_384);
ATTRS(sha3_512_attrs, JCA_HMAC_OID_SHA3_512);
static const jca_attr shake_attrs[] = { { "ImplementedIn", "Software" }, { NULL, NULL } };

/* Known answers: the digest of "abc" (FIPS 180-4 and FIPS 202 examples,
 * RFC 1321). The host runs them once at load, through these vtables. */
#define KAT_ABC(name, out) \
	static const jca_kat name = { sizeof(jca_kat), "abc", 3, NULL, 0, NULL, out, sizeof(out) - 1, 0, \
		0, NULL, 0, NULL, 0 }
KAT_ABC(kat_md5,
	"\x90\x01\x50\x98\x3c\xd2\x4f\xb0\xd6\x96\x3f\x7d\x28\xe1\x7f\x72");
KAT_ABC(kat_sha1,
	"\xa9\x99\x3e\x36\x47\x06\x81\x6a\xba\x3e\x25\x71\x78\x50\xc2\x6c\x9c\xd0\xd8\x9d");
KAT_ABC(kat_sha256,
	"\xba\x78\x16\xbf\x8f\x01\xcf\xea\x41\x41\x40\xde\x5d\xae\x22\x23"
	"\xb0\x03\x61\xa3\x96\x17\x7a\x9c\xb4\x10\xff\x61\xf2\x00\x15\xad");
KAT_ABC(kat_sha512,
	"\xdd\xaf\x35\xa1\x93\x61\x7a\xba\xcc\x41\x73\x49\xae\x20\x41\x31"
	"\x12\xe6\xfa\x4e\x89\xa9\x7e\xa2\x0a\x9e\xee\xe6\x4b\x55\xd3\x9a"
	"\x21\x92\x99\x2a\x27\x4f\xc1\xa8\x36\xba\x3c\x23\xa3\xfe\xeb\xbd"
	"\x45\x4d\x44\x23\x64\x3c\xe8\x0e\x2a\x9a\xc9\x4f\xa5\x4c\xa4\x9f");
KAT_ABC(kat_sha3_256,
	"\x3a\x98\x5d\xa7\x4f\xe2\x25\xb2\x04\x5c\x17\x2d\x6b\xd3\x90\xbd"
	"\x85\x5f\x08\x6e\x3e\x9d\x52\x5b\x46\xbf\xe2\x45\x11\x43\x15\x32");
KAT_ABC(kat_shake128,
	"\x58\x81\x09\x2d\xd8\x18\xbf\x5c\xf8\xa3\xdd\xb7\x93\xfb\xcb\xa7"
	"\x40\x97\xd5\xc5\x26\xa6\xd3\x5f\x97\xb8\x33\x51\x94\x0f\x2c\xc8");

/* ====================================================================== */
/* Cipher: AES                                                             */
/* ====================================================================== */

#define AES_BLOCK 16

/* [key size index][0: ECB, 1: CBC, 2: CTR, 3: GCM], key sizes 16, 24, 32
 * bytes. */
#define AES_CTR 2
#define AES_GCM 3
#define AES_NMODES 4
static EVP_CIPHER *evp_aes[3][AES_NMODES];
static const char *const aes_ossl[3][AES_NMODES] = {
	{ "AES-128-ECB", "AES-128-CBC", "AES-128-CTR", "AES-128-GCM" },
	{ "AES-192-ECB", "AES-192-CBC", "AES-192-CTR", "AES-192-GCM" },
	{ "AES-256-ECB", "AES-256-CBC", "AES-256-CTR", "AES-256-GCM" },
};

/*
 * The engine fixes an object's mode when it is created, but set_key does
 * not learn which mode it will be, and OpenSSL fixes the mode in the
 * EVP_CIPHER. So set_key keys both contexts as CBC (or keeps the mode they
 * already have, on a re-key), and the first call in the other mode re-keys
 * that context with the other EVP_CIPHER, from the stored key. The mode
 * functions take a const context: they change the EVP_CIPHER_CTX objects
 * the pointers lead to, never the context's own bytes.
 */
typedef struct oaes_ctx {
	EVP_CIPHER_CTX *enc, *dec;
	EVP_CIPHER_CTX *ctr;       /* CTR (block_size 1 in OpenSSL), keyed by set_key */
	EVP_CIPHER_CTX *gcm;       /* GCM: emptied by set_key, keyed by the first aead_init */
	size_t key_len;
	unsigned char key[32];     /* wiped by the engine with the rest */
} oaes_ctx;

static int aes_index(size_t key_len)
{
	return key_len == 16 ? 0 : key_len == 24 ? 1 : key_len == 32 ? 2 : -1;
}

/* Is c currently set up for ECB? */
static int is_ecb(const EVP_CIPHER_CTX *c)
{
	const EVP_CIPHER *ci = EVP_CIPHER_CTX_get0_cipher(c);

	return ci && EVP_CIPHER_get_mode(ci) == EVP_CIPH_ECB_MODE;
}

/* (Re)keys c for `cbc` mode and direction `enc`; 1 or 0. */
static int key_ctx(EVP_CIPHER_CTX *c, const unsigned char *key, size_t key_len, int cbc, int enc)
{
	return EVP_CipherInit_ex2(c, evp_aes[aes_index(key_len)][cbc], key, NULL, enc, NULL) &&
	       EVP_CIPHER_CTX_set_padding(c, 0);
}

static int aes_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
	oaes_ctx *k = ctx;

	if (aes_index(key_len) < 0)
		return -1;
	/* The engine zeroed the context before the first set_key (cleanup is
	 * set); on a re-key, reuse the EVP_CIPHER_CTXs. On failure it calls
	 * cleanup, which frees whatever was allocated. */
	if (!k->enc && !(k->enc = EVP_CIPHER_CTX_new()))
		return -1;
	if (!k->dec && !(k->dec = EVP_CIPHER_CTX_new()))
		return -1;
	if (!k->ctr && !(k->ctr = EVP_CIPHER_CTX_new()))
		return -1;
	if (!k->gcm && !(k->gcm = EVP_CIPHER_CTX_new()))
		return -1;
	/* no key schedule for GCM until an object in GCM mode needs one */
	if (!EVP_CIPHER_CTX_reset(k->gcm))
		return failed("EVP_CIPHER_CTX_reset");
	if (!key_ctx(k->enc, key, key_len, !is_ecb(k->enc), 1) ||
	    !key_ctx(k->dec, key, key_len, !is_ecb(k->dec), 0) ||
	    !EVP_CipherInit_ex2(k->ctr, evp_aes[aes_index(key_len)][AES_CTR], key, NULL, 1, NULL)) {
		ERR_clear_error();
		return -1;
	}
	memcpy(k->key, key, key_len);
	k->key_len = key_len;
	return 0;
}

/* Makes c ready for one call in mode `cbc`: re-keys it if it is in the
 * other mode, and for CBC sets the chaining value. */
static int ready(const oaes_ctx *k, EVP_CIPHER_CTX *c, int cbc, int enc, const uint8_t *iv)
{
	if (is_ecb(c) == cbc) {
		if (!key_ctx(c, k->key, k->key_len, cbc, enc))
			return failed("EVP_CipherInit_ex2 (mode change)");
	}
	if (cbc && !EVP_CipherInit_ex2(c, NULL, NULL, iv, enc, NULL))
		return failed("EVP_CipherInit_ex2 (IV)");
	return 0;
}

/* Runs n bytes (whole blocks) through c, in pieces that fit an int. Padding
 * is off, so OpenSSL holds nothing back and writes exactly what it reads.
 * out == in works (OpenSSL allows exact overlap). */
static int run(EVP_CIPHER_CTX *c, uint8_t *out, const uint8_t *in, size_t n)
{
	const size_t max = (size_t)INT_MAX & ~(size_t)(AES_BLOCK - 1);

	while (n) {
		size_t chunk = n < max ? n : max;
		int outl = 0;

		if (!EVP_CipherUpdate(c, out, &outl, in, (int)chunk) || (size_t)outl != chunk)
			return failed("EVP_CipherUpdate");
		out += chunk;
		in += chunk;
		n -= chunk;
	}
	return 0;
}

static int aes_ecb_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const oaes_ctx *k = ctx;

	if (!nblocks)
		return 0;
	if (ready(k, k->enc, 0, 1, NULL) != 0)
		return -1;
	return run(k->enc, out, in, nblocks * AES_BLOCK);
}

static int aes_ecb_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const oaes_ctx *k = ctx;

	if (!nblocks)
		return 0;
	if (ready(k, k->dec, 0, 0, NULL) != 0)
		return -1;
	return run(k->dec, out, in, nblocks * AES_BLOCK);
}

/* iv in: the chaining value; out: the last ciphertext block written. */
static int aes_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const oaes_ctx *k = ctx;

	if (!nblocks)
		return 0;
	if (ready(k, k->enc, 1, 1, iv) != 0 || run(k->enc, out, in, nblocks * AES_BLOCK) != 0)
		return -1;
	memcpy(iv, out + (nblocks - 1) * AES_BLOCK, AES_BLOCK);
	return 0;
}

/* iv out: the last ciphertext block read, saved first because out may be
 * in (decrypting in place overwrites it). */
static int aes_cbc_decrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const oaes_ctx *k = ctx;
	uint8_t last[AES_BLOCK];

	if (!nblocks)
		return 0;
	memcpy(last, in + (nblocks - 1) * AES_BLOCK, AES_BLOCK);
	if (ready(k, k->dec, 1, 0, iv) != 0 || run(k->dec, out, in, nblocks * AES_BLOCK) != 0)
		return -1;
	memcpy(iv, last, AES_BLOCK);
	return 0;
}

/* ctr32 (see jca/provider.h): the 32-bit counter in the last 4 bytes wraps
 * modulo 2^32, while OpenSSL's CTR carries into the whole block, so the run
 * is cut where the low 32 bits would wrap. */
static int aes_ctr32(const void *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const oaes_ctx *k = ctx;

	while (nblocks) {
		uint32_t lo = (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 | (uint32_t)ctr[14] << 8 | ctr[15];
		uint64_t room = ((uint64_t)1 << 32) - lo;
		size_t n = (uint64_t)nblocks < room ? nblocks : (size_t)room;

		if (!EVP_CipherInit_ex2(k->ctr, NULL, NULL, ctr, 1, NULL))
			return failed("EVP_CipherInit_ex2 (counter)");
		if (run(k->ctr, out, in, n * AES_BLOCK) != 0)
			return -1;
		lo += (uint32_t)n;
		ctr[12] = (uint8_t)(lo >> 24);
		ctr[13] = (uint8_t)(lo >> 16);
		ctr[14] = (uint8_t)(lo >> 8);
		ctr[15] = (uint8_t)lo;
		out += n * AES_BLOCK;
		in += n * AES_BLOCK;
		nblocks -= n;
	}
	return 0;
}

/* ---- GCM: the message-level functions of ABI 2.4 (provider.h) ---- */

/* Feeds n bytes (AAD when out is NULL) through c in pieces that fit an int;
 * GCM in EVP writes exactly what it reads. */
static int gcm_run(EVP_CIPHER_CTX *c, uint8_t *out, const uint8_t *in, size_t n)
{
	while (n) {
		size_t chunk = n < (size_t)INT_MAX ? n : (size_t)INT_MAX;
		int outl = 0;

		if (!EVP_CipherUpdate(c, out, &outl, in, (int)chunk) || (size_t)outl != chunk)
			return failed("EVP_CipherUpdate (GCM)");
		if (out)
			out += chunk;
		in += chunk;
		n -= chunk;
	}
	return 0;
}

/* One message: keys the GCM context on its first use after set_key, then
 * sets the IV length, the IV and the direction (the key stays), and hashes
 * the AAD. */
static int aes_aead_init(const void *ctx, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                         size_t aad_len, size_t tag_len)
{
	const oaes_ctx *k = ctx;

	(void)tag_len;     /* EVP takes it with the tag, in aead_final */
	if (iv_len > 128)
		return failed_why("OpenSSL's GCM takes IVs of at most 128 bytes");
	if (!EVP_CIPHER_CTX_get0_cipher(k->gcm) &&
	    !EVP_CipherInit_ex2(k->gcm, evp_aes[aes_index(k->key_len)][AES_GCM], k->key, NULL, encrypt, NULL))
		return failed("EVP_CipherInit_ex2 (GCM key)");
	if (EVP_CIPHER_CTX_ctrl(k->gcm, EVP_CTRL_GCM_SET_IVLEN, (int)iv_len, NULL) <= 0 ||
	    !EVP_CipherInit_ex2(k->gcm, NULL, NULL, iv, encrypt, NULL))
		return failed("EVP_CipherInit_ex2 (GCM IV)");
	return aad_len ? gcm_run(k->gcm, NULL, aad, aad_len) : 0;
}

static int aes_aead_update(const void *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	const oaes_ctx *k = ctx;

	return gcm_run(k->gcm, out, in, len);
}

/* Encryption: the tag. Decryption: JCA_BADTAG unless the tag verifies
 * (EVP_CipherFinal_ex fails exactly then, the context being sound). */
static int aes_aead_final(const void *ctx, uint8_t *tag, size_t tag_len)
{
	const oaes_ctx *k = ctx;
	unsigned char none[16];
	int outl = 0;

	if (EVP_CIPHER_CTX_is_encrypting(k->gcm)) {
		if (!EVP_CipherFinal_ex(k->gcm, none, &outl) ||
		    EVP_CIPHER_CTX_ctrl(k->gcm, EVP_CTRL_GCM_GET_TAG, (int)tag_len, tag) <= 0)
			return failed("EVP_CipherFinal_ex (GCM tag)");
		return 0;
	}
	if (EVP_CIPHER_CTX_ctrl(k->gcm, EVP_CTRL_GCM_SET_TAG, (int)tag_len, tag) <= 0)
		return failed("EVP_CTRL_GCM_SET_TAG");
	if (!EVP_CipherFinal_ex(k->gcm, none, &outl)) {
		ERR_clear_error();
		return JCA_BADTAG;
	}
	return 0;
}

static void aes_cleanup(void *ctx)
{
	oaes_ctx *k = ctx;

	EVP_CIPHER_CTX_free(k->enc);   /* frees and wipes OpenSSL's key schedule */
	EVP_CIPHER_CTX_free(k->dec);
	EVP_CIPHER_CTX_free(k->ctr);
	EVP_CIPHER_CTX_free(k->gcm);
	k->ctr = k->gcm = NULL;
	k->enc = k->dec = NULL;
	OPENSSL_cleanse(k->key, sizeof k->key);
	k->key_len = 0;
}

static const jca_cipher_impl aes_impl = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-openssl", JCA_PRIO_GENERIC, NULL, sizeof(oaes_ctx)),
	.block_size = AES_BLOCK,
	.key_sizes = (1ull << 16) | (1ull << 24) | (1ull << 32),
	.set_key = aes_set_key,
	.ecb_encrypt = aes_ecb_encrypt,
	.ecb_decrypt = aes_ecb_decrypt,
	.cbc_encrypt = aes_cbc_encrypt,
	.cbc_decrypt = aes_cbc_decrypt,
	.cleanup = aes_cleanup,
	.ctr32 = aes_ctr32,
	/* GCM: EVP has no raw GHASH for the 2.2 building blocks (gcm_init,
	 * ghash), so the message-level functions of 2.4 */
	.aead_init = aes_aead_init,
	.aead_update = aes_aead_update,
	.aead_final = aes_aead_final,
};
static const jca_impl *const aes_impls[] = { &aes_impl.base, NULL };

static const char *const aes_names[] = { JCA_NAMES_AES, NULL };
static const jca_attr aes_attrs[] = {
	{ JCA_ATTR_MODES, JCA_AES_MODES },
	{ JCA_ATTR_PADDINGS, JCA_AES_PADDINGS },
	{ "SupportedKeyFormats", "RAW" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};
/* NIST SP 800-38A F.2.1, CBC-AES128.Encrypt: four chained blocks. */
static const jca_kat kat_aes = {
	sizeof(jca_kat),
	"\x6b\xc1\xbe\xe2\x2e\x40\x9f\x96\xe9\x3d\x7e\x11\x73\x93\x17\x2a"
	"\xae\x2d\x8a\x57\x1e\x03\xac\x9c\x9e\xb7\x6f\xac\x45\xaf\x8e\x51"
	"\x30\xc8\x1c\x46\xa3\x5c\xe4\x11\xe5\xfb\xc1\x19\x1a\x0a\x52\xef"
	"\xf6\x9f\x24\x45\xdf\x4f\x9b\x17\xad\x2b\x41\x7b\xe6\x6c\x37\x10", 64,
	"\x2b\x7e\x15\x16\x28\xae\xd2\xa6\xab\xf7\x15\x88\x09\xcf\x4f\x3c", 16,
	"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f",
	"\x76\x49\xab\xac\x81\x19\xb2\x46\xce\xe9\x8e\x9b\x12\xe9\x19\x7d"
	"\x50\x86\xcb\x9b\x50\x72\x19\xee\x95\xdb\x11\x3a\x91\x76\x78\xb2"
	"\x73\xbe\xd6\xb8\xe3\xc1\x74\x3b\x71\x16\xe6\x9e\x22\x22\x95\x16"
	"\x3f\xf1\xca\xa1\x68\x1f\xac\x09\x12\x0e\xca\x30\x75\x86\xe1\xa7", 64, 0,
	0, NULL, 0, NULL, 0
};
/* GCM: Test Case 16 of the GCM specification (AES-256, 60 bytes, 20 bytes
 * of AAD), as the built-in provider's (tests/kat/gen_gcm_kat.py). The host
 * seals, opens, and checks that a flipped tag bit is refused. */
static const jca_kat kat_aes_gcm = {
	.struct_size = sizeof(jca_kat), .flags = JCA_KAT_GCM,
	.key = "\xfe\xff\xe9\x92\x86\x65\x73\x1c\x6d\x6a\x8f\x94\x67\x30\x83\x08"
	       "\xfe\xff\xe9\x92\x86\x65\x73\x1c\x6d\x6a\x8f\x94\x67\x30\x83\x08", .key_len = 32,
	.iv = "\xca\xfe\xba\xbe\xfa\xce\xdb\xad\xde\xca\xf8\x88", .iv_len = 12,
	.aad = "\xfe\xed\xfa\xce\xde\xad\xbe\xef\xfe\xed\xfa\xce\xde\xad\xbe\xef\xab\xad\xda\xd2",
	.aad_len = 20,
	.in = "\xd9\x31\x32\x25\xf8\x84\x06\xe5\xa5\x59\x09\xc5\xaf\xf5\x26\x9a"
	      "\x86\xa7\xa9\x53\x15\x34\xf7\xda\x2e\x4c\x30\x3d\x8a\x31\x8a\x72"
	      "\x1c\x3c\x0c\x95\x95\x68\x09\x53\x2f\xcf\x0e\x24\x49\xa6\xb5\x25"
	      "\xb1\x6a\xed\xf5\xaa\x0d\xe6\x57\xba\x63\x7b\x39", .in_len = 60,
	.out = "\x52\x2d\xc1\xf0\x99\x56\x7d\x07\xf4\x7f\x37\xa3\x2a\x84\x42\x7d"
	       "\x64\x3a\x8c\xdc\xbf\xe5\xc0\xc9\x75\x98\xa2\xbd\x25\x55\xd1\xaa"
	       "\x8c\xb0\x8e\x48\x59\x0d\xbb\x3d\xa7\xb0\x8b\x10\x56\x82\x88\x38"
	       "\xc5\xf6\x1e\x63\x93\xba\x7a\x0a\xbc\xc9\xf6\x62", .out_len = 60,
	.tag = "\x76\xfc\x6e\xce\x0f\x4e\x17\x68\xcd\xdf\x88\x53\xbb\x2d\x55\x1b", .tag_len = 16
};
static const jca_kat *const aes_extra_kats[] = { &kat_aes_gcm, NULL };

/* ====================================================================== */
/* Provider                                                                */
/* ====================================================================== */

#define MD(id, low, attrs, kat) \
	static const jca_service_desc svc_##low = { sizeof(jca_service_desc), JCA_MESSAGE_DIGEST, \
		JCA_NAME_##id, low##_names, attrs, impls_D_##id, kat, NULL }

MD(MD5, md5, md5_attrs, &kat_md5);
MD(SHA1, sha1, sha1_attrs, &kat_sha1);
MD(SHA224, sha224, sha224_attrs, NULL);
MD(SHA256, sha256, sha256_attrs, &kat_sha256);
MD(SHA384, sha384, sha384_attrs, NULL);
MD(SHA512, sha512, sha512_attrs, &kat_sha512);
MD(SHA512_224, sha512_224, sha512_224_attrs, NULL);
MD(SHA512_256, sha512_256, sha512_256_attrs, NULL);
MD(SHA3_224, sha3_224, sha3_224_attrs, NULL);
MD(SHA3_256, sha3_256, sha3_256_attrs, &kat_sha3_256);
MD(SHA3_384, sha3_384, sha3_384_attrs, NULL);
MD(SHA3_512, sha3_512, sha3_512_attrs, NULL);
MD(SHAKE128, shake128, shake_attrs, &kat_shake128);
MD(SHAKE256, shake256, shake_attrs, NULL);
static const jca_service_desc svc_aes = {
	sizeof(jca_service_desc), JCA_CIPHER, JCA_NAME_AES, aes_names, aes_attrs, aes_impls, &kat_aes,
	aes_extra_kats
};

static const jca_service_desc *const services[] = {
	&svc_md5, &svc_sha1, &svc_sha224, &svc_sha256, &svc_sha384, &svc_sha512, &svc_sha512_224,
	&svc_sha512_256, &svc_sha3_224, &svc_sha3_256, &svc_sha3_384, &svc_sha3_512, &svc_shake128,
	&svc_shake256, &svc_aes, NULL
};

/* Not const: the version is OpenSSL's, known only at run time. Filled once
 * (in load_once) before *desc is handed out, never changed afterwards. */
static jca_provider_desc provider = {
	.abi_version = JCA_ABI_VERSION,
	.struct_size = sizeof(jca_provider_desc),
	.name = "openssl",
	.version = NULL,
	.description = "Bridge to OpenSSL 3 libcrypto: MD5, SHA-1, SHA-2, SHA-3, SHAKE (HMAC over them) "
	               "and AES in ECB/CBC/CTR/GCM, under JCA standard names",
	.services = services,
};

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char load_error[256];     /* empty when loading succeeded */

static void fetch_failed(const char *kind, const char *name)
{
	unsigned long e = ERR_peek_last_error();
	char why[160] = "unknown reason";

	if (e)
		ERR_error_string_n(e, why, sizeof why);
	ERR_clear_error();
	snprintf(load_error, sizeof load_error, "OpenSSL %s: cannot fetch %s %s: %s",
	         OpenSSL_version(OPENSSL_VERSION_STRING), kind, name, why);
}

static void free_fetched(void)
{
	int i, j;

	for (i = 0; i < D_COUNT; i++) {
		EVP_MD_free(evp_md[i]);
		evp_md[i] = NULL;
	}
	for (i = 0; i < 3; i++)
		for (j = 0; j < AES_NMODES; j++) {
			EVP_CIPHER_free(evp_aes[i][j]);
			evp_aes[i][j] = NULL;
		}
}

/* Fetches every algorithm and checks that OpenSSL agrees with the sizes
 * the vtables declare. Runs once per process, however often the entry is
 * called (a second jca_provider_load of this file, two threads at once). */
static void load_once(void)
{
	int i, j;

	for (i = 0; i < D_COUNT; i++) {
		const jca_md_impl *vt = md_vtable[i];
		int xof;

		if (!(evp_md[i] = EVP_MD_fetch(NULL, md_ossl[i], NULL))) {
			fetch_failed("digest", md_ossl[i]);
			goto fail;
		}
		xof = (EVP_MD_get_flags(evp_md[i]) & EVP_MD_FLAG_XOF) != 0;
		if (xof != ((vt->flags & JCA_MD_XOF) != 0) ||
		    (!xof && (size_t)EVP_MD_get_size(evp_md[i]) != vt->digest_size) ||
		    (size_t)EVP_MD_get_block_size(evp_md[i]) != vt->block_size) {
			snprintf(load_error, sizeof load_error,
			         "OpenSSL digest %s: sizes differ from the bridge's (%d/%d)",
			         md_ossl[i], EVP_MD_get_size(evp_md[i]), EVP_MD_get_block_size(evp_md[i]));
			goto fail;
		}
	}
	for (i = 0; i < 3; i++) {
		for (j = 0; j < AES_NMODES; j++) {
			if (!(evp_aes[i][j] = EVP_CIPHER_fetch(NULL, aes_ossl[i][j], NULL))) {
				fetch_failed("cipher", aes_ossl[i][j]);
				goto fail;
			}
			if (EVP_CIPHER_get_block_size(evp_aes[i][j]) != (j >= AES_CTR ? 1 : AES_BLOCK) ||
			    EVP_CIPHER_get_key_length(evp_aes[i][j]) != 16 + 8 * i) {
				snprintf(load_error, sizeof load_error, "OpenSSL cipher %s: unexpected sizes",
				         aes_ossl[i][j]);
				goto fail;
			}
		}
	}
	provider.version = OpenSSL_version(OPENSSL_VERSION_STRING);
	return;
fail:
	free_fetched();
}

JCA_PLUGIN_ENTRY(host, desc)
{
	if (!desc || !jca_host_compatible(host))
		return -1;
	/* the same host for every entry of this process (one libjca) */
	host_set_error = host->set_error;
	if (pthread_once(&once, load_once) != 0) {
		if (host->set_error)
			host->set_error("openssl provider: pthread_once failed");
		return -1;
	}
	if (load_error[0]) {
		if (host->set_error)
			host->set_error(load_error);
		return -1;
	}
	*desc = &provider;
	return 0;
}
