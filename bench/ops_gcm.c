/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench rows: AES-GCM and AES-CTR (AESGCM, AESCTR), through libjca and
 * OpenSSL 3 EVP, at 64 B, 1 KiB, 16 KiB and 1 MiB.
 *
 * One GCM encryption is a whole message under a fresh IV with the key
 * already loaded: libjca cipher_init(ENCRYPT, same key, new IV) (it keeps
 * the key schedule and hash key when the key is the one loaded, and must
 * refuse a repeated IV) + cipher_do_final (ciphertext and tag); OpenSSL
 * EVP_CipherInit_ex(iv only) + Update + Final + GET_TAG. One decryption
 * verifies the tag of a message made at setup and releases the plaintext.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#ifdef HAVE_OPENSSL
#include <openssl/evp.h>
#endif

#define CIP(s) ((cipher_ctx *)(s)->obj[0])
#define BUF(s) ((uint8_t *)(s)->obj[1])   /* len + 16: ciphertext || tag */
#define ECIP(s) ((EVP_CIPHER *)(s)->oobj[0])
#define CCTX(s) ((EVP_CIPHER_CTX *)(s)->oobj[1])
#define OBUF(s) ((uint8_t *)(s)->oobj[2])

static int is_gcm(const state *s)
{
	return strstr(s->p->alg, "GCM") != NULL;
}

/* Advances the 12-byte IV (a counter in its first 8 bytes). */
static void next_iv(state *s)
{
	for (int i = 0; i < 8 && ++s->iv[i] == 0; i++)
		;
}

/* ---- libjca ---- */

static void setup_jca(state *s)
{
	cipher_ctx *c = cipher_get_instance(s->p->alg);
	size_t got;

	if (!c)
		die_jca("cipher_get_instance");
	s->obj[0] = c;
	s->obj[1] = xalloc(s->p->len + 16);
	memset(s->iv, 0x3c, sizeof s->iv);
	if (is_gcm(s)) {
		/* the message the decryption rows open */
		if (cipher_init(c, JCA_ENCRYPT, s->key, s->p->keylen, s->iv, 12) < 0 ||
		    cipher_do_final(c, s->in, s->p->len, BUF(s), s->p->len + 16, &got) < 0)
			die_jca("GCM setup");
		if (!s->p->enc && cipher_init(c, JCA_DECRYPT, s->key, s->p->keylen, s->iv, 12) < 0)
			die_jca("cipher_init");
	} else if (cipher_init(c, s->p->enc ? JCA_ENCRYPT : JCA_DECRYPT, s->key, s->p->keylen, s->iv, 16) < 0) {
		die_jca("cipher_init");
	}
}

static void teardown_jca(state *s)
{
	cipher_free(CIP(s));
	free(s->obj[1]);
}

static void run_gcm_enc(state *s, uint64_t n)
{
	size_t len = s->p->len, got;

	for (uint64_t i = 0; i < n; i++) {
		next_iv(s);
		if (cipher_init(CIP(s), JCA_ENCRYPT, s->key, s->p->keylen, s->iv, 12) < 0 ||
		    cipher_do_final(CIP(s), s->in, len, BUF(s), len + 16, &got) < 0 || got != len + 16)
			die_jca("GCM encrypt");
	}
}

static void run_gcm_dec(state *s, uint64_t n)
{
	size_t len = s->p->len, got;

	for (uint64_t i = 0; i < n; i++) {
		if (cipher_do_final(CIP(s), BUF(s), len + 16, s->out, len, &got) < 0 || got != len)
			die_jca("GCM decrypt");
	}
}

static void run_ctr(state *s, uint64_t n)
{
	size_t len = s->p->len, got;

	for (uint64_t i = 0; i < n; i++) {
		if (cipher_do_final(CIP(s), s->in, len, s->out, len, &got) < 0 || got != len)
			die_jca("CTR");
	}
}

/* ---- OpenSSL 3 EVP ---- */

#ifdef HAVE_OPENSSL
static void setup_o(state *s)
{
	EVP_CIPHER *cip = EVP_CIPHER_fetch(NULL, s->p->oalg, NULL);
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	int a, b;

	s->oobj[0] = cip;
	s->oobj[1] = ctx;
	s->oobj[2] = xalloc(s->p->len + 16);
	memset(s->iv, 0x3c, sizeof s->iv);
	if (!cip || !ctx || !EVP_CipherInit_ex(ctx, cip, NULL, s->key, s->iv, s->p->enc))
		die_ossl("EVP_CIPHER_fetch/EVP_CipherInit_ex");
	if (is_gcm(s)) {
		EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new();

		if (!e || !EVP_EncryptInit_ex(e, cip, NULL, s->key, s->iv) ||
		    !EVP_EncryptUpdate(e, OBUF(s), &a, s->in, (int)s->p->len) ||
		    !EVP_EncryptFinal_ex(e, OBUF(s) + a, &b) ||
		    !EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_GCM_GET_TAG, 16, OBUF(s) + s->p->len))
			die_ossl("GCM setup");
		EVP_CIPHER_CTX_free(e);
	}
}

static void teardown_o(state *s)
{
	EVP_CIPHER_CTX_free(CCTX(s));
	EVP_CIPHER_free(ECIP(s));
	free(s->oobj[2]);
}

static void run_o_gcm_enc(state *s, uint64_t n)
{
	EVP_CIPHER_CTX *ctx = CCTX(s);
	int len = (int)s->p->len, a, b;

	for (uint64_t i = 0; i < n; i++) {
		next_iv(s);
		if (!EVP_CipherInit_ex(ctx, NULL, NULL, NULL, s->iv, -1) ||
		    !EVP_CipherUpdate(ctx, OBUF(s), &a, s->in, len) || !EVP_CipherFinal_ex(ctx, OBUF(s) + a, &b) ||
		    !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, OBUF(s) + len))
			die_ossl("GCM encrypt");
	}
}

static void run_o_gcm_dec(state *s, uint64_t n)
{
	EVP_CIPHER_CTX *ctx = CCTX(s);
	int len = (int)s->p->len, a, b;

	for (uint64_t i = 0; i < n; i++) {
		if (!EVP_CipherInit_ex(ctx, NULL, NULL, NULL, s->iv, -1) ||
		    !EVP_CipherUpdate(ctx, s->out, &a, OBUF(s), len) ||
		    !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, 16, OBUF(s) + len) ||
		    !EVP_CipherFinal_ex(ctx, s->out + a, &b))
			die_ossl("GCM decrypt");
	}
}

static void run_o_ctr(state *s, uint64_t n)
{
	EVP_CIPHER_CTX *ctx = CCTX(s);
	int len = (int)s->p->len, a, b;

	for (uint64_t i = 0; i < n; i++) {
		if (!EVP_CipherInit_ex(ctx, NULL, NULL, NULL, s->iv, -1) ||
		    !EVP_CipherUpdate(ctx, s->out, &a, s->in, len) || !EVP_CipherFinal_ex(ctx, s->out + a, &b))
			die_ossl("CTR");
	}
}
#endif

/* ---- the kinds of rows ---- */

static const kind K_gcm_enc = { "AESGCM", "encrypt", LIB_JCA, 0, 1,
	"cipher_init(ENCRYPT, same key, next 12-byte IV) + cipher_do_final(len bytes) writing ciphertext "
	"and 16-byte tag", setup_jca, run_gcm_enc, teardown_jca };
static const kind K_gcm_dec = { "AESGCM", "decrypt", LIB_JCA, 0, 1,
	"cipher_do_final(ciphertext || tag) on an instance initialised once: tag checked, then the "
	"plaintext written", setup_jca, run_gcm_dec, teardown_jca };
static const kind K_ctr_enc = { "AESCTR", "encrypt", LIB_JCA, 0, 1,
	"cipher_do_final(len bytes) on a reused AES/CTR/NoPadding instance (back at its IV after each)",
	setup_jca, run_ctr, teardown_jca };
#ifdef HAVE_OPENSSL
static const kind O_gcm_enc = { "AESGCM", "encrypt", LIB_OSSL, 0, 1,
	"EVP_CipherInit_ex(iv only) + EVP_CipherUpdate(len) + EVP_CipherFinal_ex + GET_TAG (16)",
	setup_o, run_o_gcm_enc, teardown_o };
static const kind O_gcm_dec = { "AESGCM", "decrypt", LIB_OSSL, 0, 1,
	"EVP_CipherInit_ex(iv only) + EVP_CipherUpdate(len) + SET_TAG + EVP_CipherFinal_ex (verifies)",
	setup_o, run_o_gcm_dec, teardown_o };
static const kind O_ctr_enc = { "AESCTR", "encrypt", LIB_OSSL, 0, 1,
	"EVP_CipherInit_ex(iv only) + EVP_CipherUpdate(len) + EVP_CipherFinal_ex", setup_o, run_o_ctr,
	teardown_o };
#endif

static void rows_gcm(void)
{
	static const size_t lens[] = { 64, 1024, 16384, 1048576 };
	param p;
	int j;

	for (int key = 16; key <= 32; key += 16) {
		for (int enc = 1; enc >= 0; enc--) {
			for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
				p = (param){ .alg = key == 16 ? "AES_128/GCM/NoPadding" : "AES_256/GCM/NoPadding",
				             .oalg = key == 16 ? "AES-128-GCM" : "AES-256-GCM",
				             .len = lens[l], .keylen = (size_t)key, .enc = enc };
				j = add_row(enc ? &K_gcm_enc : &K_gcm_dec, p, -1);
				ADD_OSSL(enc ? &O_gcm_enc : &O_gcm_dec, p, j);
			}
		}
	}
	for (int key = 16; key <= 32; key += 16) {
		for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
			p = (param){ .alg = key == 16 ? "AES_128/CTR/NoPadding" : "AES_256/CTR/NoPadding",
			             .oalg = key == 16 ? "AES-128-CTR" : "AES-256-CTR",
			             .len = lens[l], .keylen = (size_t)key, .enc = 1 };
			j = add_row(&K_ctr_enc, p, -1);
			ADD_OSSL(&O_ctr_enc, p, j);
		}
	}
}

static void impls_gcm(void (*item)(const char *name, const char *impl))
{
	cipher_ctx *c = cipher_get_instance("AES/GCM/NoPadding");

	item("AES/GCM,CTR", c ? cipher_implementation(c) : "?");
	cipher_free(c);
}

/* libjca's ciphertext and tag equal OpenSSL's for both key sizes. */
static void cross_check_gcm(int *ok, int *bad)
{
#ifdef HAVE_OPENSSL
	uint8_t in[100], key[32], iv[12], aad[20];

	for (size_t i = 0; i < sizeof in; i++)
		in[i] = (uint8_t)(i * 5 + 1);
	for (size_t i = 0; i < sizeof key; i++)
		key[i] = (uint8_t)(i + 7);
	memset(iv, 0x42, sizeof iv);
	memset(aad, 0x17, sizeof aad);
	for (int kl = 16; kl <= 32; kl += 16) {
		uint8_t ca[116], co[116];
		cipher_ctx *c = cipher_get_instance("AES/GCM/NoPadding");
		EVP_CIPHER_CTX *cc = EVP_CIPHER_CTX_new();
		size_t got = 0;
		int n1 = 0, n2 = 0, na = 0;

		if (!c || cipher_init(c, JCA_ENCRYPT, key, (size_t)kl, iv, 12) < 0 ||
		    cipher_update_aad(c, aad, sizeof aad) < 0 ||
		    cipher_do_final(c, in, sizeof in, ca, sizeof ca, &got) < 0 || !cc ||
		    !EVP_EncryptInit_ex(cc, kl == 16 ? EVP_aes_128_gcm() : EVP_aes_256_gcm(), NULL, key, iv) ||
		    !EVP_EncryptUpdate(cc, NULL, &na, aad, sizeof aad) ||
		    !EVP_EncryptUpdate(cc, co, &n1, in, sizeof in) || !EVP_EncryptFinal_ex(cc, co + n1, &n2) ||
		    !EVP_CIPHER_CTX_ctrl(cc, EVP_CTRL_GCM_GET_TAG, 16, co + sizeof in) || got != sizeof ca ||
		    memcmp(ca, co, sizeof ca)) {
			printf("# cross-check: AES-%d/GCM DIFFERS or failed\n", kl * 8);
			(*bad)++;
		} else {
			(*ok)++;
		}
		cipher_free(c);
		EVP_CIPHER_CTX_free(cc);
	}
#else
	(void)ok;
	(void)bad;
#endif
}

const bench_family bench_family_gcm = { "GCM", rows_gcm, impls_gcm, cross_check_gcm };
