/* SPDX-License-Identifier: Apache-2.0 */
/*
 * openssl_aes.c - the "openssl" bridge's Cipher service AES: ECB, CBC and
 * CTR over OpenSSL 3's EVP, as a block table (see openssl_bridge.c for the
 * plugin). GCM is an AEAD table of its own (openssl_gcm.c): EVP has no raw
 * GHASH for the block table's building blocks.
 */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include <jca/plugin.h>
#include <jca/names.h>

#include "openssl_bridge.h"

/* ====================================================================== */
/* Cipher: AES                                                             */
/* ====================================================================== */

#define AES_BLOCK 16

/* [key size index][0: ECB, 1: CBC, 2: CTR, 3: GCM], key sizes 16, 24, 32
 * bytes. */
#define AES_CTR 2
#define AES_GCM 3
#define AES_CCM 4
#define AES_NMODES 5
static EVP_CIPHER *evp_aes[3][AES_NMODES];
static const char *const aes_ossl[3][AES_NMODES] = {
	{ "AES-128-ECB", "AES-128-CBC", "AES-128-CTR", "AES-128-GCM", "AES-128-CCM" },
	{ "AES-192-ECB", "AES-192-CBC", "AES-192-CTR", "AES-192-GCM", "AES-192-CCM" },
	{ "AES-256-ECB", "AES-256-CBC", "AES-256-CTR", "AES-256-GCM", "AES-256-CCM" },
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
			return ossl__failed("EVP_CipherInit_ex2 (mode change)");
	}
	if (cbc && !EVP_CipherInit_ex2(c, NULL, NULL, iv, enc, NULL))
		return ossl__failed("EVP_CipherInit_ex2 (IV)");
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
			return ossl__failed("EVP_CipherUpdate");
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
			return ossl__failed("EVP_CipherInit_ex2 (counter)");
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

static void aes_cleanup(void *ctx)
{
	oaes_ctx *k = ctx;

	EVP_CIPHER_CTX_free(k->enc);   /* frees and wipes OpenSSL's key schedule */
	EVP_CIPHER_CTX_free(k->dec);
	EVP_CIPHER_CTX_free(k->ctr);
	k->ctr = NULL;
	k->enc = k->dec = NULL;
	OPENSSL_cleanse(k->key, sizeof k->key);
	k->key_len = 0;
}

static const size_t aes_key_sizes[] = { 16, 24, 32, 0 };

static const jca_cipher_impl aes_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_cipher_impl, "aes-openssl", JCA_PRIO_GENERIC, NULL, sizeof(oaes_ctx), NULL,
	                                NULL, aes_cleanup),
	.block_size = AES_BLOCK,
	.shape = JCA_CIPHER_BLOCK, .key_sizes = aes_key_sizes,
	.set_key = aes_set_key,
	.ecb_encrypt = aes_ecb_encrypt,
	.ecb_decrypt = aes_ecb_decrypt,
	.cbc_encrypt = aes_cbc_encrypt,
	.cbc_decrypt = aes_cbc_decrypt,
	.ctr32 = aes_ctr32,
};
static const jca_impl *const aes_impls[] = { &aes_impl.base, NULL };

static const char *const aes_names[] = { JCA_NAMES_AES_BLOCK, NULL };
static const jca_attr aes_attrs[] = {
	{ JCA_ATTR_MODES, "ECB|CBC|CTR" },         /* GCM: openssl_gcm.c */
	{ JCA_ATTR_PADDINGS, JCA_AES_PADDINGS },
	{ "SupportedKeyFormats", "RAW" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};
/* Known answers: the host's (src/api/cipher_kat.c). */
const jca_service_desc ossl__svc_aes = {
	sizeof(jca_service_desc), JCA_CIPHER, JCA_NAME_AES, aes_names, aes_attrs, aes_impls, NULL, NULL
};

const EVP_CIPHER *ossl__aes_cipher(size_t key_len, int gcm)
{
	int i = aes_index(key_len);

	return i < 0 ? NULL : evp_aes[i][gcm ? AES_GCM : 0];
}

const EVP_CIPHER *ossl__aes_ccm_cipher(size_t key_len)
{
	int i = aes_index(key_len);

	return i < 0 ? NULL : evp_aes[i][AES_CCM];
}

void ossl__aes_free(void)
{
	int i, j;

	for (i = 0; i < 3; i++)
		for (j = 0; j < AES_NMODES; j++) {
			EVP_CIPHER_free(evp_aes[i][j]);
			evp_aes[i][j] = NULL;
		}
}

int ossl__aes_load(void)
{
	int i, j;

	for (i = 0; i < 3; i++) {
		for (j = 0; j < AES_NMODES; j++) {
			if (!(evp_aes[i][j] = EVP_CIPHER_fetch(NULL, aes_ossl[i][j], NULL))) {
				ossl__fetch_failed("cipher", aes_ossl[i][j]);
				return -1;
			}
			if (EVP_CIPHER_get_block_size(evp_aes[i][j]) != (j >= AES_CTR ? 1 : AES_BLOCK) ||
			    EVP_CIPHER_get_key_length(evp_aes[i][j]) != 16 + 8 * i) {
				snprintf(ossl__load_error, sizeof ossl__load_error, "OpenSSL cipher %s: unexpected sizes",
				         aes_ossl[i][j]);
				return -1;
			}
		}
	}
	return 0;
}
