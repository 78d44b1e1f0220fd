/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench rows: SecureRandom and KDF. The default SecureRandom
 * (jca_random) against RAND_bytes at 16 B and 4 KiB, 1 and 2 threads; a
 * DRBG instance; PBKDF2-HMAC-SHA256 at 10,000 iterations and HKDF-SHA256
 * of 32 bytes against OpenSSL 3.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"

#ifdef HAVE_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>
#endif

#define PBKDF2_ITER 10000
static const char password[] = "correct horse battery staple";

/* ---- libjca ---- */

static void run_jca_random(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		if (jca_random(s->out, s->p->len) != 0)
			die_jca("jca_random");
}

static void setup_drbg(state *s)
{
	random_ctx *r = random_get_instance("DRBG");

	if (!r || random_next_bytes(r, s->out, 1) != 0)
		die_jca("random_get_instance(DRBG)");
	s->obj[0] = r;
}

static void teardown_drbg(state *s)
{
	random_free(s->obj[0]);
}

static void run_drbg(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		if (random_next_bytes(s->obj[0], s->out, s->p->len) != 0)
			die_jca("random_next_bytes");
}

static void setup_kdf(state *s)
{
	kdf_ctx *k = kdf_get_instance(s->p->alg);

	if (!k)
		die_jca("kdf_get_instance");
	s->obj[0] = k;
}

static void teardown_kdf(state *s)
{
	kdf_free(s->obj[0]);
}

static void run_pbkdf2(state *s, uint64_t n)
{
	kdf_params p = { .secret = password, .secret_len = sizeof password - 1, .salt = s->key,
	                 .salt_len = 16, .iterations = PBKDF2_ITER };

	for (uint64_t i = 0; i < n; i++)
		if (kdf_init(s->obj[0], &p) != 0 || kdf_derive(s->obj[0], s->res, s->p->len) != 0)
			die_jca("kdf_init/kdf_derive (PBKDF2)");
}

static void run_hkdf(state *s, uint64_t n)
{
	kdf_params p = { .mode = KDF_HKDF_EXTRACT_EXPAND, .secret = s->key, .secret_len = 32,
	                 .salt = s->iv, .salt_len = 16, .info = "bench info", .info_len = 10 };

	for (uint64_t i = 0; i < n; i++)
		if (kdf_init(s->obj[0], &p) != 0 || kdf_derive(s->obj[0], s->res, s->p->len) != 0)
			die_jca("kdf_init/kdf_derive (HKDF)");
}

/* ---- OpenSSL 3 ---- */

#ifdef HAVE_OPENSSL
static void run_o_rand(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		if (RAND_bytes(s->out, (int)s->p->len) != 1)
			die_ossl("RAND_bytes");
}

static void run_o_pbkdf2(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		if (!PKCS5_PBKDF2_HMAC(password, sizeof password - 1, s->key, 16, PBKDF2_ITER, EVP_sha256(),
		                       (int)s->p->len, s->res))
			die_ossl("PKCS5_PBKDF2_HMAC");
}

static void setup_o_hkdf(state *s)
{
	EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);

	if (!kdf)
		die_ossl("EVP_KDF_fetch(HKDF)");
	s->oobj[0] = kdf;
	s->oobj[1] = EVP_KDF_CTX_new(kdf);
	if (!s->oobj[1])
		die_ossl("EVP_KDF_CTX_new");
}

static void teardown_o_hkdf(state *s)
{
	EVP_KDF_CTX_free(s->oobj[1]);
	EVP_KDF_free(s->oobj[0]);
}

/* The reused ctx gets every parameter again, as kdf_init does. */
static void run_o_hkdf(state *s, uint64_t n)
{
	OSSL_PARAM prm[5];

	prm[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA256", 0);
	prm[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, s->key, 32);
	prm[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, s->iv, 16);
	prm[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (char *)"bench info", 10);
	prm[4] = OSSL_PARAM_construct_end();
	for (uint64_t i = 0; i < n; i++)
		if (EVP_KDF_derive(s->oobj[1], s->res, s->p->len, prm) != 1)
			die_ossl("EVP_KDF_derive(HKDF)");
}
#endif

/* ---- the kinds of rows ---- */

static const kind K_rand = { "SecureRandom", "nextBytes", LIB_JCA, 1, 0,
	"jca_random(len bytes): the default SecureRandom (per-thread CTR_DRBG AES-256)", NULL,
	run_jca_random, NULL };
static const kind K_drbg = { "SecureRandom", "instance", LIB_JCA, 0, 0,
	"random_next_bytes(len bytes) on one DRBG instance (default mechanism, no buffering)",
	setup_drbg, run_drbg, teardown_drbg };
static const kind K_pbkdf2 = { "KDF", "pbkdf2", LIB_JCA, 0, 0,
	"kdf_init(password, 16-byte salt, 10,000 iterations) + kdf_derive(len bytes) on one instance",
	setup_kdf, run_pbkdf2, teardown_kdf };
static const kind K_hkdf = { "KDF", "hkdf", LIB_JCA, 0, 0,
	"kdf_init(extract-then-expand: 32-byte IKM, 16-byte salt, 10-byte info) + kdf_derive(len bytes)",
	setup_kdf, run_hkdf, teardown_kdf };

#ifdef HAVE_OPENSSL
static const kind O_rand = { "SecureRandom", "nextBytes", LIB_OSSL, 1, 0,
	"RAND_bytes(len bytes): OpenSSL's default (per-thread CTR_DRBG AES-256)", NULL, run_o_rand, NULL };
static const kind O_pbkdf2 = { "KDF", "pbkdf2", LIB_OSSL, 0, 0,
	"PKCS5_PBKDF2_HMAC(password, 16-byte salt, 10,000, EVP_sha256(), len bytes)", NULL, run_o_pbkdf2,
	NULL };
static const kind O_hkdf = { "KDF", "hkdf", LIB_OSSL, 0, 0,
	"EVP_KDF_derive(reused HKDF ctx, len bytes, params digest, key, salt, info)", setup_o_hkdf,
	run_o_hkdf, teardown_o_hkdf };
#endif

/* ---- the rows ---- */

static void rows_rand(void)
{
	static const size_t lens[] = { 16, 4096 };
	param p;
	int j;

	for (size_t l = 0; l < 2; l++) {
		p = (param){ .alg = "default", .len = lens[l] };
		j = add_row(&K_rand, p, -1);
		ADD_OSSL(&O_rand, p, j);
		p.alg = "DRBG";
		add_row(&K_drbg, p, -1);
	}
	p = (param){ .alg = "PBKDF2WithHmacSHA256", .len = 32 };
	j = add_row(&K_pbkdf2, p, -1);
	ADD_OSSL(&O_pbkdf2, p, j);
	p = (param){ .alg = "HKDF-SHA256", .len = 32 };
	j = add_row(&K_hkdf, p, -1);
	ADD_OSSL(&O_hkdf, p, j);
}

static void impls_rand(void (*item)(const char *name, const char *impl))
{
	random_ctx *r = random_get_instance("DRBG");
	static char mech[96];

	if (r && random_next_bytes(r, mech, 1) == 0)
		snprintf(mech, sizeof mech, "%s", random_mechanism(r));
	else
		snprintf(mech, sizeof mech, "?");
	random_free(r);
	item("DRBG", mech);
}

static void cross_check_rand(int *ok, int *bad)
{
#ifdef HAVE_OPENSSL
	uint8_t a[32], o[32], salt[16];
	kdf_ctx *k = kdf_get_instance("PBKDF2WithHmacSHA256");
	kdf_params p = { .secret = password, .secret_len = sizeof password - 1, .salt = salt,
	                 .salt_len = 16, .iterations = 1000 };

	for (size_t i = 0; i < sizeof salt; i++)
		salt[i] = (uint8_t)(i * 3 + 1);
	if (!k || kdf_init(k, &p) != 0 || kdf_derive(k, a, sizeof a) != 0 ||
	    !PKCS5_PBKDF2_HMAC(password, sizeof password - 1, salt, 16, 1000, EVP_sha256(), 32, o) ||
	    memcmp(a, o, 32)) {
		printf("# cross-check: PBKDF2WithHmacSHA256 DIFFERS or failed\n");
		(*bad)++;
	} else {
		(*ok)++;
	}
	kdf_free(k);
#else
	(void)ok;
	(void)bad;
#endif
}

const bench_family bench_family_rand = { "SecureRandom/KDF", rows_rand, impls_rand, cross_check_rand, NULL };
