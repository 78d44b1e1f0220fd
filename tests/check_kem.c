/* SPDX-License-Identifier: Apache-2.0 */
/*
 * KEM through the engine with the built-in ML-KEM-512/768/1024 and X-Wing:
 * the engine contract (names, aliases, OIDs, rule 1's errors, NULL
 * objects, sizes, NOTINIT, BUFSIZE for either output, wrong encapsulation
 * lengths, clone, reset), implicit rejection through the API (a changed
 * encapsulation gives a secret, not an error, the same each time), keys of
 * other algorithms refused; a KEM of another provider (what a plugin
 * declares): selection by key, a table without decapsulate refused, an
 * ML-KEM-768 failing the host's known answer refused at load. The key
 * tests (encodings, vectors) are check_kem_keys.c's.
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jca.h"
#include "testutil.h"
#include "check_kem.h"

const struct kt_set kt_sets[KT_NSETS] = {
	{ "ML-KEM-512", "MLKEM512", "2.16.840.1.101.3.4.4.1", 800, 1632, 768 },
	{ "ML-KEM-768", "MLKEM768", "2.16.840.1.101.3.4.4.2", 1184, 2400, 1088 },
	{ "ML-KEM-1024", "MLKEM1024", "2.16.840.1.101.3.4.4.3", 1568, 3168, 1568 },
	{ "X-Wing", "XWing", "1.3.6.1.4.1.62253.25722", 1216, 32, 1120 },
};

uint8_t *kt_unhex(const char *h, size_t *n)
{
	uint8_t *p = tu_unhex(h, n);

	ck_assert(p != NULL);
	return p;
}

jca_key *kt_raw_key(const char *alg, unsigned kind, const uint8_t *b, size_t n)
{
	keyfactory_ctx *kf = keyfactory_get_instance(alg);
	jca_key *k = NULL;

	ck_assert_msg(kf != NULL, "%s", jca_last_error_message());
	ck_assert_msg(keyfactory_decode_raw(kf, kind, b, n, &k) == 0, "%s: %s", alg, jca_last_error_message());
	keyfactory_free(kf);
	return k;
}

int kt_raw_refused(const char *alg, unsigned kind, const uint8_t *b, size_t n)
{
	keyfactory_ctx *kf = keyfactory_get_instance(alg);
	jca_key *k = NULL;
	int rc;

	ck_assert(kf != NULL);
	rc = keyfactory_decode_raw(kf, kind, b, n, &k);
	keyfactory_free(kf);
	jca_key_free(k);
	return rc;
}

uint8_t *kt_encode(const jca_key *k, jca_key_format f, size_t *n)
{
	uint8_t *b;

	ck_assert_int_eq(jca_key_encode(k, f, NULL, 0, n), JCA_BUFSIZE);
	b = malloc(*n);
	ck_assert(b != NULL);
	ck_assert_msg(jca_key_encode(k, f, b, *n, n) == 0, "%s", jca_last_error_message());
	return b;
}

void kt_gen(const char *alg, jca_key **priv, jca_key **pub)
{
	keypairgen_ctx *g = keypairgen_get_instance(alg);

	ck_assert_msg(g != NULL, "%s", jca_last_error_message());
	ck_assert_msg(keypairgen_generate(g, priv, pub) == 0, "%s", jca_last_error_message());
	keypairgen_free(g);
}

START_TEST(test_names)
{
	size_t i = (size_t)_i;
	const char *names[] = { kt_sets[i].name, kt_sets[i].alias, kt_sets[i].oid };
	kem_ctx *k;
	size_t j, n = 0;

	for (j = 0; j < 3; j++) {
		k = kem_get_instance(names[j]);
		ck_assert_msg(k != NULL, "%s: %s", names[j], jca_last_error_message());
		ck_assert_str_eq(kem_algorithm(k), kt_sets[i].name);
		ck_assert_str_eq(kem_provider(k), "builtin");
		ck_assert(kem_implementation(k) != NULL);
		ck_assert_uint_eq(kem_secret_size(k), 0);
		ck_assert_uint_eq(kem_encapsulation_size(k), 0);
		ck_assert_int_eq(kem_encapsulate(k, NULL, 0, &n, NULL, 0, &n), JCA_NOTINIT);
		ck_assert_int_eq(kem_decapsulate(k, NULL, 0, NULL, 0, &n), JCA_NOTINIT);
		ck_assert_int_eq(kem_reset(k), JCA_NOTINIT);
		kem_free(k);
	}
	ck_assert(kem_lookup(kt_sets[i].name) != NULL);
	ck_assert((k = kem_new(kem_lookup(kt_sets[i].name))) != NULL);
	kem_free(k);
	ck_assert((k = kem_get_instance_from(kt_sets[i].name, "builtin")) != NULL);
	kem_free(k);
	ck_assert(kem_get_instance("ML-KEM-666") == NULL);
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	/* rule 1's errors, rules 6 and 7 for NULL */
	ck_assert(kem_get_instance(NULL) == NULL);
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert(kem_get_instance_from(kt_sets[i].name, NULL) == NULL);
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert(kem_get_instance_from(kt_sets[i].name, "no-such-provider") == NULL);
	ck_assert_int_eq(jca_last_error(), JCA_NOPROVIDER);
	ck_assert(kem_new(NULL) == NULL);
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ck_assert(kem_lookup(NULL) == NULL);
	ck_assert_int_eq(kem_init_encapsulate(NULL, NULL), JCA_EINVAL);
	ck_assert_int_eq(kem_init_decapsulate(NULL, NULL), JCA_EINVAL);
	ck_assert_int_eq(kem_encapsulate(NULL, NULL, 0, &n, NULL, 0, &n), JCA_EINVAL);
	ck_assert_int_eq(kem_decapsulate(NULL, NULL, 0, NULL, 0, &n), JCA_EINVAL);
	ck_assert_int_eq(kem_reset(NULL), JCA_EINVAL);
	ck_assert(kem_clone(NULL) == NULL);
	ck_assert_uint_eq(kem_secret_size(NULL), 0);
	ck_assert_uint_eq(kem_encapsulation_size(NULL), 0);
	kem_free(NULL);
	ck_assert(kem_algorithm(NULL) == NULL);
	ck_assert(kem_provider(NULL) == NULL);
	ck_assert(kem_implementation(NULL) == NULL);
}
END_TEST

/* Encapsulate to pub, decapsulate with priv: the same secret; and the
 * engine's rules around it. */
START_TEST(test_roundtrip)
{
	size_t i = (size_t)_i;
	jca_key *priv, *pub, *ed, *edp;
	kem_ctx *e, *d, *c;
	uint8_t s1[64], s2[64], s3[64], enc[2000], enc2[2000];
	size_t sl, el, sl2, el2;

	kt_gen(kt_sets[i].name, &priv, &pub);
	ck_assert_str_eq(jca_key_algorithm(priv), kt_sets[i].name);
	ck_assert_uint_eq(jca_key_kind(priv), JCA_KEY_PRIVATE);
	e = kem_get_instance(kt_sets[i].name);
	d = kem_get_instance(kt_sets[i].name);
	ck_assert(e && d);
	ck_assert_int_eq(kem_init_decapsulate(d, pub), JCA_BADKEY);
	ck_assert_int_eq(kem_init_encapsulate(e, pub), 0);
	ck_assert_int_eq(kem_init_decapsulate(d, priv), 0);
	ck_assert_uint_eq(kem_secret_size(e), 32);
	ck_assert_uint_eq(kem_encapsulation_size(e), kt_sets[i].ct);
	ck_assert_uint_eq(kem_encapsulation_size(d), kt_sets[i].ct);
	/* room too small for either output: nothing written */
	memset(s1, 0xaa, sizeof s1);
	ck_assert_int_eq(kem_encapsulate(e, s1, 31, &sl, enc, sizeof enc, &el), JCA_BUFSIZE);
	ck_assert_uint_eq(sl, 0);
	ck_assert_uint_eq(s1[0], 0xaa);
	ck_assert_int_eq(kem_encapsulate(e, s1, 32, &sl, enc, kt_sets[i].ct - 1, &el), JCA_BUFSIZE);
	ck_assert_int_eq(kem_encapsulate(e, s1, 32, NULL, enc, sizeof enc, &el), JCA_EINVAL);
	ck_assert_int_eq(kem_decapsulate(e, enc, kt_sets[i].ct, s2, sizeof s2, &sl2), JCA_NOTINIT);
	ck_assert_int_eq(kem_encapsulate(d, s1, 32, &sl, enc, sizeof enc, &el), JCA_NOTINIT);
	/* two encapsulations: different secrets, each decapsulates */
	ck_assert_int_eq(kem_encapsulate(e, s1, sizeof s1, &sl, enc, sizeof enc, &el), 0);
	ck_assert_uint_eq(sl, 32);
	ck_assert_uint_eq(el, kt_sets[i].ct);
	ck_assert_int_eq(kem_encapsulate(e, s3, sizeof s3, &sl2, enc2, sizeof enc2, &el2), 0);
	ck_assert(memcmp(s1, s3, 32) != 0 && memcmp(enc, enc2, el) != 0);
	ck_assert_int_eq(kem_decapsulate(d, enc, el, s2, sizeof s2, &sl2), 0);
	ck_assert_uint_eq(sl2, 32);
	ck_assert(memcmp(s1, s2, 32) == 0);
	ck_assert_int_eq(kem_decapsulate(d, enc2, el2, s2, sizeof s2, &sl2), 0);
	ck_assert(memcmp(s3, s2, 32) == 0);
	/* wrong lengths: EINVAL; short room: BUFSIZE */
	ck_assert_int_eq(kem_decapsulate(d, enc, el - 1, s2, sizeof s2, &sl2), JCA_EINVAL);
	ck_assert_uint_eq(sl2, 0);
	ck_assert_int_eq(kem_decapsulate(d, enc, el + 1, s2, sizeof s2, &sl2), JCA_EINVAL);
	ck_assert_int_eq(kem_decapsulate(d, enc, 0, s2, sizeof s2, &sl2), JCA_EINVAL);
	ck_assert_int_eq(kem_decapsulate(d, NULL, el, s2, sizeof s2, &sl2), JCA_EINVAL);
	ck_assert_int_eq(kem_decapsulate(d, enc, el, s2, 31, &sl2), JCA_BUFSIZE);
	/* implicit rejection: an altered encapsulation gives a secret, not an
	 * error; another one, the same each time */
	enc[5] ^= 1;
	ck_assert_int_eq(kem_decapsulate(d, enc, el, s2, sizeof s2, &sl2), 0);
	ck_assert_uint_eq(sl2, 32);
	ck_assert(memcmp(s1, s2, 32) != 0);
	ck_assert_int_eq(kem_decapsulate(d, enc, el, s3, sizeof s3, &sl2), 0);
	ck_assert(memcmp(s3, s2, 32) == 0);
	enc[5] ^= 1;
	/* clone and reset keep the key */
	ck_assert((c = kem_clone(d)) != NULL);
	ck_assert_int_eq(kem_reset(c), 0);
	ck_assert_int_eq(kem_decapsulate(c, enc, el, s2, sizeof s2, &sl2), 0);
	ck_assert(memcmp(s1, s2, 32) == 0);
	kem_free(c);
	/* a private key encapsulates through its public half */
	ck_assert_int_eq(kem_init_encapsulate(e, priv), 0);
	ck_assert_int_eq(kem_encapsulate(e, s1, sizeof s1, &sl, enc, sizeof enc, &el), 0);
	ck_assert_int_eq(kem_decapsulate(d, enc, el, s2, sizeof s2, &sl2), 0);
	ck_assert(memcmp(s1, s2, 32) == 0);
	/* a key of another algorithm */
	kt_gen("Ed25519", &ed, &edp);
	ck_assert_int_eq(kem_init_encapsulate(e, edp), JCA_BADKEY);
	ck_assert_int_eq(kem_init_decapsulate(d, ed), JCA_BADKEY);
	ck_assert_int_eq(kem_encapsulate(e, s1, sizeof s1, &sl, enc, sizeof enc, &el), JCA_NOTINIT);
	jca_key_free(ed);
	jca_key_free(edp);
	kem_free(e);
	kem_free(d);
	jca_key_free(priv);
	jca_key_free(pub);
}
END_TEST

/* ---- a KEM of another provider, added here (what a plugin declares):
 * "ToyKEM", keys of 16 bytes, the public key the private one XOR 0x5a, an
 * encapsulation the secret XOR the public key; and a KEM "ML-KEM-768"
 * that takes ML-KEM-768 keys but has no KeyFactory for them ---- */

typedef struct toy_key {
	uint8_t k[16];
	int priv;
} toy_key;

static int toy_decode(void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len, jca_key_info *info)
{
	toy_key *t = key;
	size_t i;

	if (enc != JCA_ENC_RAW || len != 16)
		return JCA_REFUSED;
	for (i = 0; i < 16; i++)
		t->k[i] = kind == JCA_KEY_PRIVATE ? in[i] : in[i] ^ 0x5a;   /* kept as the private half */
	t->priv = kind == JCA_KEY_PRIVATE;
	info->kind = kind;
	info->extractable = 1;
	info->bits = 128;
	return 0;
}

static int toy_encode(const void *key, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	const toy_key *t = key;
	size_t i;

	(void)cap;
	if (enc != JCA_ENC_RAW)
		return JCA_REFUSED;
	*len = 16;
	for (i = 0; out && i < 16; i++)
		out[i] = t->priv ? t->k[i] : t->k[i] ^ 0x5a;
	return 0;
}

static int toy_public(void *pub, const void *priv, jca_key_info *info)
{
	toy_key *q = pub;

	memcpy(q->k, ((const toy_key *)priv)->k, 16);
	q->priv = 0;
	info->kind = JCA_KEY_PUBLIC;
	info->bits = 128;
	return 0;
}

typedef struct toy_state {
	const toy_key *key;
	int calls;
} toy_state;

static int toy_init(void *ctx, unsigned purpose, const void *key, size_t *s, size_t *e)
{
	toy_state *st = ctx;

	if (purpose == JCA_DECAPSULATE && !((const toy_key *)key)->priv)
		return JCA_REFUSED;
	st->key = key;
	*s = 16;
	*e = 16;
	return 0;
}

static int toy_encaps(void *ctx, uint8_t *secret, uint8_t *enc)
{
	toy_state *st = ctx;
	size_t i;

	if (jca_random(secret, 16) != 0)
		return -1;
	for (i = 0; i < 16; i++)
		enc[i] = secret[i] ^ st->key->k[i] ^ 0x5a;
	st->calls++;
	return 0;
}

static int toy_decaps(void *ctx, const uint8_t *enc, uint8_t *secret)
{
	toy_state *st = ctx;
	size_t i;

	for (i = 0; i < 16; i++)
		secret[i] = enc[i] ^ st->key->k[i] ^ 0x5a;
	st->calls++;
	return 0;
}

static int never(void *ctx, unsigned purpose, const void *key, size_t *s, size_t *e)
{
	(void)ctx;
	(void)purpose;
	(void)key;
	(void)s;
	(void)e;
	return -1;
}

static const jca_keyfactory_impl toy_kf = {
	.base = JCA_IMPL_BASE(jca_keyfactory_impl, "toy-key", JCA_PRIO_GENERIC, NULL, sizeof(toy_key)),
	.decode = toy_decode, .encode = toy_encode, .public_key = toy_public,
};
static const jca_kem_impl toy_kem = {
	.base = JCA_IMPL_BASE(jca_kem_impl, "toy-kem", JCA_PRIO_GENERIC, NULL, sizeof(toy_state)),
	.key_algorithm = "ToyKEM", .init = toy_init, .encapsulate = toy_encaps, .decapsulate = toy_decaps,
};
static const jca_kem_impl toy_mlkem = {
	.base = JCA_IMPL_BASE(jca_kem_impl, "toy-ml-kem", JCA_PRIO_GENERIC, NULL, sizeof(toy_state)),
	.key_algorithm = "ML-KEM-768", .init = never, .encapsulate = toy_encaps, .decapsulate = toy_decaps,
};
static const jca_kem_impl toy_bad = {   /* no decapsulate: refused when the provider is added */
	.base = JCA_IMPL_BASE(jca_kem_impl, "toy-bad", JCA_PRIO_GENERIC, NULL, sizeof(toy_state)),
	.key_algorithm = "ToyKEM", .init = toy_init, .encapsulate = toy_encaps,
};
static const jca_impl *const toy_kf_impls[] = { &toy_kf.base, NULL };
static const jca_impl *const toy_kem_impls[] = { &toy_kem.base, NULL };
static const jca_impl *const toy_mlkem_impls[] = { &toy_mlkem.base, NULL };
static const jca_impl *const toy_bad_impls[] = { &toy_bad.base, NULL };
static const jca_service_desc toy_svc_kf = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEY_FACTORY,
	.algorithm = "ToyKEM", .impls = toy_kf_impls };
static const jca_service_desc toy_svc_kem = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEM,
	.algorithm = "ToyKEM", .impls = toy_kem_impls };
static const jca_service_desc toy_svc_mlkem = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEM,
	.algorithm = "ML-KEM-768", .impls = toy_mlkem_impls };
static const jca_service_desc toy_svc_bad = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEM,
	.algorithm = "BadKEM", .impls = toy_bad_impls };
static const jca_service_desc *const toy_services[] = { &toy_svc_kf, &toy_svc_kem, NULL };
static const jca_service_desc *const bad_services[] = { &toy_svc_bad, NULL };
static const jca_service_desc *const wrong_services[] = { &toy_svc_kf, &toy_svc_mlkem, NULL };
static const jca_provider_desc toy = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "toy", "1", "a toy KEM",
	toy_services, NULL };
static const jca_provider_desc toy2 = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "toy2", "1",
	"the same toy KEM again", toy_services, NULL };
static const jca_provider_desc wrong = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "wrong", "1",
	"an ML-KEM-768 that cannot decapsulate", wrong_services, NULL };
static const jca_provider_desc toybad = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "toybad", "1",
	"a KEM without decapsulate", bad_services, NULL };

START_TEST(test_provider)
{
	uint8_t raw[16], s1[16], s2[16], enc[16];
	size_t sl, el, i;
	jca_key *priv, *pub;
	kem_ctx *k;

	/* a table without decapsulate; an ML-KEM-768 failing the host's
	 * known answer (a decapsulation) */
	ck_assert_int_ne(jca_provider_add(&toybad, NULL), 0);
	ck_assert_msg(strstr(jca_last_error_message(), "decapsulate") != NULL, "%s", jca_last_error_message());
	ck_assert_int_eq(jca_provider_add(&wrong, NULL), JCA_SELFTEST);
	ck_assert_msg(strstr(jca_last_error_message(), "ML-KEM-768") != NULL, "%s", jca_last_error_message());
	ck_assert_int_eq(jca_provider_add(&toy, NULL), 0);
	ck_assert_int_eq(jca_provider_insert(&toy2, NULL, 0), 0);
	/* the provider's own KEM and keys */
	for (i = 0; i < 16; i++)
		raw[i] = (uint8_t)(i * 7);
	{
		keyfactory_ctx *kf = keyfactory_get_instance_from("ToyKEM", "toy");
		ck_assert(kf != NULL);
		ck_assert_int_eq(keyfactory_decode_raw(kf, JCA_KEY_PRIVATE, raw, 16, &priv), 0);
		keyfactory_free(kf);
	}
	ck_assert_str_eq(jca_key_provider(priv), "toy");
	ck_assert_int_eq(jca_key_public(priv, &pub), 0);
	/* selection by key: "ToyKEM" resolves to toy2 (first), a key of toy
	 * moves the object to toy, the key's own provider */
	ck_assert((k = kem_get_instance("ToyKEM")) != NULL);
	ck_assert_str_eq(kem_provider(k), "toy2");
	ck_assert_int_eq(kem_init_encapsulate(k, pub), 0);
	ck_assert_str_eq(kem_provider(k), "toy");
	ck_assert_int_eq(kem_encapsulate(k, s1, sizeof s1, &sl, enc, sizeof enc, &el), 0);
	ck_assert(sl == 16 && el == 16);
	ck_assert_int_eq(kem_init_decapsulate(k, priv), 0);
	ck_assert_int_eq(kem_decapsulate(k, enc, el, s2, sizeof s2, &sl), 0);
	ck_assert(memcmp(s1, s2, 16) == 0);
	kem_free(k);
	/* pinned to toy2: the key would move through its X.509 encoding,
	 * which toy's keys do not have */
	ck_assert((k = kem_get_instance_from("ToyKEM", "toy2")) != NULL);
	ck_assert_int_ne(kem_init_encapsulate(k, pub), 0);
	ck_assert_str_eq(kem_provider(k), "toy2");
	kem_free(k);
	/* a ToyKEM key to ML-KEM: refused */
	ck_assert((k = kem_get_instance("ML-KEM-768")) != NULL);
	ck_assert_int_eq(kem_init_encapsulate(k, pub), JCA_BADKEY);
	kem_free(k);
	jca_key_free(priv);
	jca_key_free(pub);
	ck_assert_int_eq(jca_provider_remove("toy"), 0);
	ck_assert_int_eq(jca_provider_remove("toy2"), 0);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("kem");
	TCase *tc = tcase_create("kem");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_names, 0, KT_NSETS);
	tcase_add_loop_test(tc, test_roundtrip, 0, KT_NSETS);
	kt_key_tests(tc);
	tcase_add_test(tc, test_provider);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *r = srunner_create(suite());
	int failed;

	srunner_run_all(r, CK_NORMAL);
	failed = srunner_ntests_failed(r);
	srunner_free(r);
	return failed ? 1 : 0;
}
