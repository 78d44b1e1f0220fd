/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench rows: Cipher. AES-CBC data rows (AESBench), with a memcpy of
 * the same buffers beside the largest size, and getting plus initialising
 * an instance (GetCipher), through libjca and OpenSSL 3 EVP.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"

#ifdef HAVE_OPENSSL
#include <openssl/evp.h>
#endif

/* state slots of this family */
#define CIP(s) ((cipher_ctx *)(s)->obj[0])
#define ECIP(s) ((EVP_CIPHER *)(s)->oobj[0])
#define CCTX(s) ((EVP_CIPHER_CTX *)(s)->oobj[1])

/* ---- libjca ---- */

static void setup_jca_aes(state *s)
{
	cipher_ctx *c = cipher_get_instance(s->p->alg);

	if (!c)
		die_jca("cipher_get_instance");
	s->obj[0] = c;
	if (cipher_init(c, s->p->enc ? JCA_ENCRYPT : JCA_DECRYPT, s->key, s->p->keylen, s->iv,
	                sizeof s->iv) < 0)
		die_jca("cipher_init");
}

static void teardown_jca_aes(state *s)
{
	cipher_free(CIP(s));
}

/* One op: cipher_do_final over the whole buffer, which ends at the
 * initialised state again (same key, IV back to the one given to init). */
static void run_aes(state *s, uint64_t n)
{
	uint8_t *out = s->p->inplace ? s->in : s->out;
	size_t len = s->p->len, got;

	for (uint64_t i = 0; i < n; i++) {
		if (cipher_do_final(CIP(s), s->in, len, out, len, &got) < 0 || got != len)
			die_jca("cipher_do_final");
	}
}

static void run_cipher_get_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		cipher_ctx *c = cipher_get_instance(s->p->alg);

		if (!c)
			die_jca("cipher_get_instance");
		if (cipher_init(c, JCA_ENCRYPT, s->key, s->p->keylen, s->iv, sizeof s->iv) < 0)
			die_jca("cipher_init");
		cipher_free(c);
	}
}

/* The yardstick for the largest buffers: memcpy of the same buffers. */
static void run_memcpy(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		memcpy(s->out, s->in, s->p->len);
		__asm__ volatile("" : : "r"(s->out) : "memory");
	}
}

/* ---- OpenSSL 3 EVP ---- */

#ifdef HAVE_OPENSSL
static void setup_o_aes(state *s)
{
	EVP_CIPHER *cip = EVP_CIPHER_fetch(NULL, s->p->oalg, NULL);
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();

	s->oobj[0] = cip;
	s->oobj[1] = ctx;
	if (!cip || !ctx || !EVP_CipherInit_ex(ctx, cip, NULL, s->key, s->iv, s->p->enc) ||
	    !EVP_CIPHER_CTX_set_padding(ctx, 0))
		die_ossl("EVP_CIPHER_fetch/EVP_CipherInit_ex");
}

static void teardown_o_aes(state *s)
{
	EVP_CIPHER_CTX_free(CCTX(s));
	EVP_CIPHER_free(ECIP(s));
}

static void run_o_aes(state *s, uint64_t n)
{
	uint8_t *out = s->p->inplace ? s->in : s->out;
	int len = (int)s->p->len, a, b;
	EVP_CIPHER_CTX *ctx = CCTX(s);

	for (uint64_t i = 0; i < n; i++) {
		if (!EVP_CipherInit_ex(ctx, NULL, NULL, NULL, s->iv, -1) ||
		    !EVP_CipherUpdate(ctx, out, &a, s->in, len) || !EVP_CipherFinal_ex(ctx, out + a, &b) ||
		    a + b != len)
			die_ossl("EVP_CipherInit_ex/Update/Final_ex");
	}
}

static void setup_o_cipher_pre(state *s)
{
	s->oobj[0] = EVP_CIPHER_fetch(NULL, s->p->oalg, NULL);
	if (!s->oobj[0])
		die_ossl("EVP_CIPHER_fetch");
}

static void o_cipher_once(state *s, EVP_CIPHER *cip)
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();

	if (!ctx || !EVP_CipherInit_ex2(ctx, cip, s->key, s->iv, 1, NULL))
		die_ossl("EVP_CIPHER_CTX_new/EVP_CipherInit_ex2");
	EVP_CIPHER_CTX_free(ctx);
}

static void run_o_cipher_new_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		o_cipher_once(s, ECIP(s));
}

static void run_o_cipher_fetch_init(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		EVP_CIPHER *cip = EVP_CIPHER_fetch(NULL, s->p->oalg, NULL);

		if (!cip)
			die_ossl("EVP_CIPHER_fetch");
		o_cipher_once(s, cip);
		EVP_CIPHER_free(cip);
	}
}
#endif /* HAVE_OPENSSL */

/* ---- the kinds of rows ---- */

static const kind K_aes_enc = { "AESBench", "encrypt", LIB_JCA, 0, 1,
	"cipher_do_final(len bytes) on a reused AES/CBC/NoPadding instance initialised once "
	"(do_final returns it to the initialised key and IV)", setup_jca_aes, run_aes, teardown_jca_aes };
static const kind K_aes_dec = { "AESBench", "decrypt", LIB_JCA, 0, 1,
	"the same, decrypting", setup_jca_aes, run_aes, teardown_jca_aes };
static const kind K_memcpy = { "AESBench", "memcpy", LIB_JCA, 0, 1,
	"memcpy(out, in, len): the same buffers as the out-of-place rows, the memory-speed yardstick",
	NULL, run_memcpy, NULL };
static const kind K_cipher_gi = { "GetCipher", "getInstanceInit", LIB_JCA, 1, 0,
	"cipher_get_instance(alg) + cipher_init(ENCRYPT, 16-byte key, 16-byte IV) + cipher_free",
	NULL, run_cipher_get_init, NULL };

#ifdef HAVE_OPENSSL
static const kind O_aes_enc = { "AESBench", "encrypt", LIB_OSSL, 0, 1,
	"EVP_CipherInit_ex(ctx, NULL, NULL, NULL, iv, -1) + EVP_CipherUpdate(len bytes) + "
	"EVP_CipherFinal_ex, padding off, ctx keyed once", setup_o_aes, run_o_aes, teardown_o_aes };
static const kind O_aes_dec = { "AESBench", "decrypt", LIB_OSSL, 0, 1,
	"the same, decrypting", setup_o_aes, run_o_aes, teardown_o_aes };
static const kind O_cipher_fetch = { "GetCipher", "fetchNewInit", LIB_OSSL, 1, 0,
	"EVP_CIPHER_fetch(\"AES-128-CBC\") + EVP_CIPHER_CTX_new + EVP_CipherInit_ex2(encrypt, key, IV; "
	"PKCS padding is the default) + EVP_CIPHER_CTX_free + EVP_CIPHER_free (full)",
	setup_o_cipher_pre, run_o_cipher_fetch_init, teardown_o_aes };
static const kind O_cipher_new = { "GetCipher", "newInit", LIB_OSSL, 1, 0,
	"the same with a prefetched EVP_CIPHER", setup_o_cipher_pre, run_o_cipher_new_init,
	teardown_o_aes };
#endif

/* ---- the rows ---- */

#define BIG_LEN 30000000

static void rows_cipher(void)
{
	static const size_t aes_lens[] = { 256, 2048, 16384, BIG_LEN };
	param p;
	int j;

	for (int key = 16; key <= 32; key += 16) {
		for (int enc = 1; enc >= 0; enc--) {
			for (int inplace = 0; inplace <= 1; inplace++) {
				for (size_t l = 0; l < sizeof aes_lens / sizeof aes_lens[0]; l++) {
					p = (param){ .alg = "AES/CBC/NoPadding",
					             .oalg = key == 16 ? "AES-128-CBC" : "AES-256-CBC",
					             .len = aes_lens[l], .keylen = (size_t)key,
					             .enc = enc, .inplace = inplace };
					j = add_row(enc ? &K_aes_enc : &K_aes_dec, p, -1);
					ADD_OSSL(enc ? &O_aes_enc : &O_aes_dec, p, j);
					/* the yardstick beside the first big out-of-place row */
					if (aes_lens[l] == BIG_LEN && !enc && !inplace && key == 16)
						add_row(&K_memcpy, (param){ .alg = "memcpy", .len = BIG_LEN }, -1);
				}
			}
		}
	}
	p = (param){ .alg = "AES/CBC/PKCS5Padding", .oalg = "AES-128-CBC", .keylen = 16 };
	j = add_row(&K_cipher_gi, p, -1);
	ADD_OSSL(&O_cipher_fetch, p, j);
	ADD_OSSL(&O_cipher_new, p, j);
}

static void impls_cipher(void (*item)(const char *name, const char *impl))
{
	for (int key = 16; key <= 32; key += 16) {
		cipher_ctx *c = cipher_get_instance(key == 16 ? "AES_128/CBC/NoPadding" : "AES_256/CBC/NoPadding");

		item(key == 16 ? "AES-128/CBC" : "AES-256/CBC", c ? cipher_implementation(c) : "?");
		cipher_free(c);
	}
}

static void cross_check_cipher(int *ok, int *bad)
{
#ifdef HAVE_OPENSSL
	uint8_t in[64], key[32], iv[16];

	for (size_t i = 0; i < sizeof in; i++)
		in[i] = (uint8_t)(i * 7 + 3);
	for (size_t i = 0; i < sizeof key; i++)
		key[i] = (uint8_t)(i + 1);
	memset(iv, 0x5c, sizeof iv);
	for (int key_len = 16; key_len <= 32; key_len += 16) {
		uint8_t ca[64], co[64];
		cipher_ctx *c = cipher_get_instance("AES/CBC/NoPadding");
		EVP_CIPHER_CTX *cc = EVP_CIPHER_CTX_new();
		size_t got = 0;
		int n1 = 0, n2 = 0;

		if (!c || cipher_init(c, JCA_ENCRYPT, key, (size_t)key_len, iv, 16) < 0 ||
		    cipher_do_final(c, in, 64, ca, sizeof ca, &got) < 0 || !cc ||
		    !EVP_EncryptInit_ex(cc, key_len == 16 ? EVP_aes_128_cbc() : EVP_aes_256_cbc(),
		                        NULL, key, iv) ||
		    !EVP_CIPHER_CTX_set_padding(cc, 0) || !EVP_EncryptUpdate(cc, co, &n1, in, 64) ||
		    !EVP_EncryptFinal_ex(cc, co + n1, &n2) || got != 64 || n1 + n2 != 64 ||
		    memcmp(ca, co, 64)) {
			printf("# cross-check: AES-%d/CBC DIFFERS or failed\n", key_len * 8);
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

const bench_family bench_family_cipher = { "Cipher", rows_cipher, impls_cipher, cross_check_cipher, NULL };
