/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench rows: KEM (issue 35) through libjca's engine, the built-in
 * ML-KEM-512/768/1024 and X-Wing (the algorithm alone, beside mlkem-native
 * and OpenSSL, is bench/mlkem_bench.c's; OpenSSL 3.0 has no ML-KEM):
 *
 *   KEMs.encapsulate / decapsulate  kem_encapsulate / kem_decapsulate on
 *                                   one initialised instance
 *   KEMs.keygen                     keypairgen_generate (both keys)
 *   GetKEM                          ML-KEM-768: get (or new from a handle)
 *                                   + kem_init_encapsulate + kem_free, 1
 *                                   and 2 threads (the target: < 150 ns)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define ENC_MAX 1568

static const char *const algs[] = { "ML-KEM-512", "ML-KEM-768", "ML-KEM-1024", "X-Wing" };
#define NALGS (sizeof algs / sizeof algs[0])

/* One key pair per algorithm, made once (setup runs on the main thread). */
static jca_key *privs[NALGS], *pubs[NALGS];

static size_t alg_index(const char *alg)
{
	size_t i;

	for (i = 0; i < NALGS && strcmp(algs[i], alg); i++)
		;
	return i;
}

static size_t pair(const char *alg, jca_key **priv, jca_key **pub)
{
	size_t i = alg_index(alg);
	keypairgen_ctx *g;

	if (!privs[i]) {
		if (!(g = keypairgen_get_instance(alg)) || keypairgen_generate(g, &privs[i], &pubs[i]) != 0)
			die_jca("keypairgen_get_instance/generate");
		keypairgen_free(g);
	}
	*priv = privs[i];
	*pub = pubs[i];
	return i;
}

typedef struct kem_row {
	kem_ctx *k;
	const kem_handle *h;
	jca_key *priv, *pub;
	size_t enc_len;
	uint8_t enc[ENC_MAX], secret[32];
} kem_row;
#define KR(s) ((kem_row *)(s)->obj[0])

static kem_row *row_new(state *s)
{
	kem_row *r = calloc(1, sizeof *r);

	if (!r)
		exit(1);
	s->obj[0] = r;
	pair(s->p->alg, &r->priv, &r->pub);
	return r;
}

static void teardown(state *s)
{
	kem_row *r = KR(s);

	kem_free(r->k);
	free(r);
}

static void setup_encaps(state *s)
{
	kem_row *r = row_new(s);

	if (!(r->k = kem_get_instance(s->p->alg)) || kem_init_encapsulate(r->k, r->pub) != 0)
		die_jca("kem_get_instance/kem_init_encapsulate");
}

static void setup_decaps(state *s)
{
	kem_row *r = row_new(s);
	size_t n;

	if (!(r->k = kem_get_instance(s->p->alg)) || kem_init_encapsulate(r->k, r->pub) != 0 ||
	    kem_encapsulate(r->k, r->secret, sizeof r->secret, &n, r->enc, sizeof r->enc, &r->enc_len) != 0 ||
	    kem_init_decapsulate(r->k, r->priv) != 0)
		die_jca("kem_encapsulate/kem_init_decapsulate");
}

static void run_encaps(state *s, uint64_t n)
{
	kem_row *r = KR(s);
	size_t a, b;

	for (uint64_t i = 0; i < n; i++)
		if (kem_encapsulate(r->k, r->secret, sizeof r->secret, &a, r->enc, sizeof r->enc, &b) != 0)
			die_jca("kem_encapsulate");
}

static void run_decaps(state *s, uint64_t n)
{
	kem_row *r = KR(s);
	size_t a;

	for (uint64_t i = 0; i < n; i++)
		if (kem_decapsulate(r->k, r->enc, r->enc_len, r->secret, sizeof r->secret, &a) != 0)
			die_jca("kem_decapsulate");
}

static void setup_keygen(state *s)
{
	kem_row *r = calloc(1, sizeof *r);

	if (!r)
		exit(1);
	s->obj[0] = r;
	if (!(s->obj[1] = keypairgen_get_instance(s->p->alg)))
		die_jca("keypairgen_get_instance");
}

static void teardown_keygen(state *s)
{
	keypairgen_free(s->obj[1]);
	free(s->obj[0]);
}

static void run_keygen(state *s, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		jca_key *priv, *pub;

		if (keypairgen_generate(s->obj[1], &priv, &pub) != 0)
			die_jca("keypairgen_generate");
		jca_key_free(priv);
		jca_key_free(pub);
	}
}

static void setup_get(state *s)
{
	kem_row *r = row_new(s);

	if (!(r->h = kem_lookup(s->p->alg)))
		die_jca("kem_lookup");
}

static void run_get_init(state *s, uint64_t n)
{
	kem_row *r = KR(s);

	for (uint64_t i = 0; i < n; i++) {
		kem_ctx *k = kem_get_instance(s->p->alg);

		if (!k || kem_init_encapsulate(k, r->pub) != 0)
			die_jca("kem_get_instance/kem_init_encapsulate");
		kem_free(k);
	}
}

static void run_new_init(state *s, uint64_t n)
{
	kem_row *r = KR(s);

	for (uint64_t i = 0; i < n; i++) {
		kem_ctx *k = kem_new(r->h);

		if (!k || kem_init_encapsulate(k, r->pub) != 0)
			die_jca("kem_new/kem_init_encapsulate");
		kem_free(k);
	}
}

static const kind K_encaps = { "KEMs", "encapsulate", LIB_JCA, 0, 0,
	"kem_encapsulate (a fresh secret and its encapsulation) on one instance, kem_init_encapsulate(pub) once",
	setup_encaps, run_encaps, teardown };
static const kind K_decaps = { "KEMs", "decapsulate", LIB_JCA, 0, 0,
	"kem_decapsulate (an encapsulation made at setup) on one instance, kem_init_decapsulate(priv) once",
	setup_decaps, run_decaps, teardown };
static const kind K_keygen = { "KEMs", "keygen", LIB_JCA, 0, 0,
	"keypairgen_generate(g, &priv, &pub) + jca_key_free of both, g got once", setup_keygen, run_keygen,
	teardown_keygen };
static const kind K_get_init = { "GetKEM", "getInstanceInit", LIB_JCA, 1, 0,
	"kem_get_instance(alg) + kem_init_encapsulate(pub) + kem_free", setup_get, run_get_init, teardown };
static const kind K_new_init = { "GetKEM", "newFromHandleInit", LIB_JCA, 1, 0,
	"kem_new(h) + kem_init_encapsulate(pub) + kem_free, h = kem_lookup(alg) once", setup_get, run_new_init,
	teardown };

static void rows_kem(void)
{
	for (size_t i = 0; i < NALGS; i++) {
		param p = { .alg = algs[i] };

		if (!kem_lookup(algs[i]))
			continue;
		add_row(&K_keygen, p, -1);
		add_row(&K_encaps, p, -1);
		add_row(&K_decaps, p, -1);
	}
	if (kem_lookup("ML-KEM-768")) {
		param p = { .alg = "ML-KEM-768" };

		add_row(&K_get_init, p, -1);
		add_row(&K_new_init, p, -1);
	}
}

static void impls_kem(void (*item)(const char *name, const char *impl))
{
	static char buf[NALGS][96];

	for (size_t i = 0; i < NALGS; i++) {
		kem_ctx *k = kem_get_instance(algs[i]);
		jca_key *priv, *pub;

		if (!k)
			continue;
		pair(algs[i], &priv, &pub);
		if (kem_init_encapsulate(k, pub) == 0) {
			snprintf(buf[i], sizeof buf[i], "%s(%s)", kem_implementation(k), kem_provider(k));
			item(algs[i], buf[i]);
		}
		kem_free(k);
	}
}

/* Each KEM's encapsulation decapsulates to its secret. */
static void cross_check_kem(int *ok, int *bad)
{
	for (size_t i = 0; i < NALGS; i++) {
		kem_ctx *k = kem_get_instance(algs[i]);
		uint8_t enc[ENC_MAX], s1[32], s2[32];
		size_t a, b, c;
		jca_key *priv, *pub;
		int good;

		if (!k)
			continue;
		pair(algs[i], &priv, &pub);
		good = kem_init_encapsulate(k, pub) == 0 && kem_encapsulate(k, s1, 32, &a, enc, sizeof enc, &b) == 0 &&
		       kem_init_decapsulate(k, priv) == 0 && kem_decapsulate(k, enc, b, s2, 32, &c) == 0 && a == c &&
		       !memcmp(s1, s2, a);
		if (good) {
			(*ok)++;
		} else {
			printf("# cross-check: KEM %s: the decapsulated secret DIFFERS or failed\n", algs[i]);
			(*bad)++;
		}
		kem_free(k);
	}
}

const bench_family bench_family_kem = { "KEM", rows_kem, impls_kem, cross_check_kem, NULL };
