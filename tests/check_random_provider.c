/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SecureRandom implementations from a provider (ABI 3, jca_random_impl):
 * a toy deterministic generator added through jca_provider_add, served
 * by random_get_instance, gets its entropy, nonce and personalization
 * from the engine at instantiate, is reseeded when the engine reseeds
 * (interval, random_reseed, prediction resistance, its own "reseed
 * required"), is cleaned up on free and its provider torn down after the
 * last instance; a toy source with its own entropy; validation errors of
 * the table.
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"

/* ---- the toy deterministic generator: out[i] = base + count++, where
 * base sums every byte it was seeded with ---- */

typedef struct toy {
	void *provctx;
	unsigned base;
	unsigned count;
	unsigned since_reseed;
} toy;

static struct {
	int attach, instantiate, generate, reseed, cleanup, teardown;
	jca_random_args args;             /* the last instantiate's, inputs copied below */
	uint8_t entropy[512], nonce[512], pers[64];
	uint8_t reseed_entropy[512], reseed_add[64];
	size_t reseed_entropy_len, reseed_add_len, gen_add_len;
	int fail_generate;                /* generate fails */
	unsigned limit;                   /* asks for a reseed after this many requests (0: never) */
} seen;

static unsigned sum(const void *p, size_t n)
{
	const uint8_t *b = p;
	unsigned s = 0;

	while (n--)
		s += *b++;
	return s;
}

static int toy_attach(void *provctx, void *ctx)
{
	seen.attach++;
	((toy *)ctx)->provctx = provctx;
	return 0;
}

static void toy_cleanup(void *ctx)
{
	seen.cleanup++;
	memset(ctx, 0, sizeof(toy));
}

static int toy_instantiate(void *ctx, const jca_random_args *a)
{
	toy *t = ctx;

	seen.instantiate++;
	if (a->mechanism != JCA_DRBG_HASH)
		return JCA_UNSUPPORTED;
	seen.args = *a;
	ck_assert(a->entropy_len <= sizeof seen.entropy && a->nonce_len <= sizeof seen.nonce &&
	          a->personalization_len <= sizeof seen.pers);
	memcpy(seen.entropy, a->entropy, a->entropy_len);
	if (a->nonce_len)
		memcpy(seen.nonce, a->nonce, a->nonce_len);
	if (a->personalization_len)
		memcpy(seen.pers, a->personalization, a->personalization_len);
	t->base = sum(a->entropy, a->entropy_len) + sum(a->nonce, a->nonce_len) +
	          sum(a->personalization, a->personalization_len);
	t->count = 0;
	t->since_reseed = 0;
	return 0;
}

static int toy_generate(void *ctx, void *out, size_t len, const void *add, size_t add_len)
{
	toy *t = ctx;
	uint8_t *o = out;
	size_t i;

	seen.generate++;
	seen.gen_add_len = add_len;
	if (seen.fail_generate)
		return -1;
	if (seen.limit && t->since_reseed >= seen.limit)
		return JCA_RANDOM_RESEED_REQUIRED;
	t->base += sum(add, add_len);
	for (i = 0; i < len; i++)
		o[i] = (uint8_t)(t->base + t->count++);
	t->since_reseed++;
	return 0;
}

static int toy_reseed(void *ctx, const void *ent, size_t ent_len, const void *add, size_t add_len)
{
	toy *t = ctx;

	seen.reseed++;
	ck_assert(ent_len <= sizeof seen.reseed_entropy && add_len <= sizeof seen.reseed_add);
	memcpy(seen.reseed_entropy, ent, ent_len);
	seen.reseed_entropy_len = ent_len;
	if (add_len)
		memcpy(seen.reseed_add, add, add_len);
	seen.reseed_add_len = add_len;
	t->base += sum(ent, ent_len) + sum(add, add_len);
	t->since_reseed = 0;
	return 0;
}

static const jca_random_impl toy_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_random_impl, "counter-drbg", JCA_PRIO_GENERIC, NULL, sizeof(toy),
	                                toy_attach, NULL, toy_cleanup),
	.flags = JCA_RANDOM_DETERMINISTIC,
	.instantiate = toy_instantiate,
	.generate = toy_generate,
	.reseed = toy_reseed,
};
static const jca_impl *const toy_impls[] = { &toy_impl.base, NULL };
static const jca_service_desc toy_service = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_SECURE_RANDOM, .algorithm = "CounterDRBG",
	.impls = toy_impls
};

/* ---- a toy source with its own entropy ---- */

static int src_calls, src_inst;
static int src_generate(void *ctx, void *out, size_t len, const void *add, size_t add_len)
{
	(void)ctx;
	ck_assert_ptr_null(add);
	ck_assert_uint_eq(add_len, 0);
	src_calls++;
	memset(out, 0xab, len);
	return 0;
}
static int src_instantiate(void *ctx, const jca_random_args *a)
{
	(void)ctx;
	src_inst++;
	ck_assert_uint_eq(a->struct_size, sizeof(jca_random_args));
	ck_assert_uint_eq(a->mechanism, 0);
	ck_assert_uint_eq(a->entropy_len, 0);
	return 0;
}
static const jca_random_impl src_impl = {
	.base = JCA_IMPL_BASE(jca_random_impl, "counter-source", JCA_PRIO_GENERIC, NULL, 1),
	.flags = JCA_RANDOM_OWN_ENTROPY,
	.instantiate = src_instantiate,
	.generate = src_generate,
};
static const jca_impl *const src_impls[] = { &src_impl.base, NULL };
static const jca_service_desc src_service = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_SECURE_RANDOM, .algorithm = "TestRNG",
	.impls = src_impls
};

static void toy_teardown(void *provctx)
{
	ck_assert_ptr_eq(provctx, &seen);
	seen.teardown++;
}

static const jca_service_desc *const toy_services[] = { &toy_service, &src_service, NULL };
static const jca_provider_desc toy_desc = {
	JCA_ABI_VERSION, sizeof(jca_provider_desc), "rngtest", "1", "test SecureRandom", toy_services, toy_teardown
};

/* An entropy source handing out 0x10, 0x11, ... (one value per call),
 * recording what it gave. */
typedef struct pool {
	int calls;
	size_t len[16];
} pool;

static int entropy(void *arg, void *buf, size_t lo, size_t hi)
{
	pool *p = arg;

	(void)hi;
	memset(buf, 0x10 + p->calls, lo);
	p->len[p->calls++ & 15] = lo;
	return (int)lo;
}

/* What the toy outputs for n bytes from base and count. */
static void expect_bytes(const uint8_t *got, size_t n, unsigned base, unsigned count)
{
	size_t i;

	for (i = 0; i < n; i++)
		ck_assert_uint_eq(got[i], (uint8_t)(base + count + i));
}

START_TEST(test_toy_drbg)
{
	random_ctx *r;
	random_params p;
	pool q;
	uint8_t out[40];
	unsigned base;
	int i;

	memset(&seen, 0, sizeof seen);
	ck_assert_int_eq(jca_provider_add(&toy_desc, &seen), 0);
	r = random_get_instance("CounterDRBG");
	ck_assert_msg(r != NULL, "%s", jca_last_error_message());
	ck_assert_str_eq(random_provider(r), "rngtest");
	ck_assert_str_eq(random_implementation(r), "counter-drbg");
	ck_assert_int_eq(seen.attach, 1);
	/* a mechanism the implementation does not run: its code, its name */
	memset(&p, 0, sizeof p);
	memset(&q, 0, sizeof q);
	p.entropy = entropy;
	p.entropy_arg = &q;
	p.mechanism = "CTR_DRBG";
	ck_assert_int_eq(random_init(r, &p), JCA_UNSUPPORTED);
	printf("  %s\n", jca_last_error_message());
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "counter-drbg"));
	/* instantiate: the engine's choices and inputs (SP 800-90A lengths) */
	memset(&q, 0, sizeof q);
	p.mechanism = "Hash_DRBG,SHA-256,128";
	p.personalization = "pers";
	p.personalization_len = 4;
	p.reseed_interval = 3;
	ck_assert_msg(random_init(r, &p) == 0, "%s", jca_last_error_message());
	ck_assert_uint_eq(seen.args.struct_size, sizeof(jca_random_args));
	ck_assert_uint_eq(seen.args.mechanism, JCA_DRBG_HASH);
	ck_assert_str_eq(seen.args.algorithm, "SHA-256");
	ck_assert_uint_eq(seen.args.strength, 128);
	ck_assert_int_eq(seen.args.prediction_resistance, 0);
	ck_assert_uint_eq(seen.args.entropy_len, 16);             /* strength / 8 */
	ck_assert_uint_eq(seen.args.nonce_len, 8);                /* strength / 16 */
	ck_assert_uint_eq(seen.args.personalization_len, 4);
	ck_assert_int_eq(q.calls, 2);
	for (i = 0; i < 16; i++)
		ck_assert_uint_eq(seen.entropy[i], 0x10);
	for (i = 0; i < 8; i++)
		ck_assert_uint_eq(seen.nonce[i], 0x11);
	ck_assert(memcmp(seen.pers, "pers", 4) == 0);
	ck_assert_str_eq(random_mechanism(r), "Hash_DRBG,SHA-256,128,reseed_only");
	base = 16 * 0x10 + 8 * 0x11 + sum("pers", 4);
	/* generate: the toy's output, unchanged by the engine */
	ck_assert_int_eq(random_next_bytes(r, out, 10), 0);
	expect_bytes(out, 10, base, 0);
	ck_assert_int_eq(random_generate(r, out, 10, 0, "ad", 2), 0);
	ck_assert_uint_eq(seen.gen_add_len, 2);
	base += sum("ad", 2);
	expect_bytes(out, 10, base, 10);
	ck_assert_int_eq(seen.reseed, 0);
	/* the third request is within the interval of 3; the fourth reseeds
	 * first with fresh entropy */
	ck_assert_int_eq(random_next_bytes(r, out, 5), 0);
	ck_assert_int_eq(seen.reseed, 0);
	ck_assert_int_eq(random_next_bytes(r, out, 5), 0);
	ck_assert_int_eq(seen.reseed, 1);
	ck_assert_uint_eq(seen.reseed_entropy_len, 16);
	ck_assert_uint_eq(seen.reseed_entropy[0], 0x12);
	ck_assert_uint_eq(seen.reseed_add_len, 0);
	base += 16 * 0x12;
	expect_bytes(out, 5, base, 25);
	/* random_reseed hands over the additional input */
	ck_assert_int_eq(random_reseed(r, "xyz", 3), 0);
	ck_assert_int_eq(seen.reseed, 2);
	ck_assert_uint_eq(seen.reseed_add_len, 3);
	ck_assert(memcmp(seen.reseed_add, "xyz", 3) == 0);
	base += 16 * 0x13 + sum("xyz", 3);
	/* prediction resistance: reseed with the additional input, generate
	 * without (SP 800-90A 9.3.1) */
	ck_assert_int_eq(random_generate(r, out, 4, 1, "pr", 2), 0);
	ck_assert_int_eq(seen.reseed, 3);
	ck_assert_uint_eq(seen.reseed_add_len, 2);
	ck_assert_uint_eq(seen.gen_add_len, 0);
	base += 16 * 0x14 + sum("pr", 2);
	expect_bytes(out, 4, base, 30);
	/* the implementation's own limit: it says "reseed required", the
	 * engine reseeds and asks again */
	seen.limit = 1;
	ck_assert_int_eq(random_next_bytes(r, out, 3), 0);
	ck_assert_int_eq(seen.reseed, 4);
	base += 16 * 0x15;
	expect_bytes(out, 3, base, 34);
	seen.limit = 0;
	/* a request over 65536 bytes goes as several */
	{
		uint8_t *big = malloc(70000);
		int before = seen.generate;

		ck_assert_int_eq(random_next_bytes(r, big, 70000), 0);
		ck_assert_int_eq(seen.generate - before, 2);
		free(big);
	}
	/* a failing generate: JCA_IMPL, output wiped, the state cleaned up;
	 * the next use instantiates again (with the defaults: a mechanism
	 * this toy refuses) */
	seen.fail_generate = 1;
	memset(out, 0x55, sizeof out);
	i = seen.cleanup;
	ck_assert_int_eq(random_next_bytes(r, out, 8), JCA_IMPL);
	printf("  %s\n", jca_last_error_message());
	ck_assert_uint_eq(sum(out, 8), 0);
	ck_assert_int_eq(seen.cleanup, i + 1);
	seen.fail_generate = 0;
	ck_assert_int_eq(random_next_bytes(r, out, 8), JCA_UNSUPPORTED);
	/* clone is refused whatever the implementation */
	ck_assert_ptr_null(random_clone(r));
	ck_assert_int_eq(jca_last_error(), JCA_UNSUPPORTED);
	/* removed with an instance alive: teardown waits for the free */
	ck_assert_int_eq(jca_provider_remove("rngtest"), 0);
	ck_assert_int_eq(seen.teardown, 0);
	ck_assert_int_eq(random_init(r, &p), 0);
	ck_assert_int_eq(random_next_bytes(r, out, 8), 0);
	i = seen.cleanup;
	random_free(r);
	ck_assert_int_eq(seen.cleanup, i + 1);
	ck_assert_int_eq(seen.teardown, 1);
	ck_assert_ptr_null(random_get_instance("CounterDRBG"));
}
END_TEST

START_TEST(test_toy_source)
{
	random_ctx *r;
	random_params p;
	uint8_t buf[8];

	ck_assert_int_eq(jca_provider_add(&toy_desc, &seen), 0);
	r = random_get_instance("TestRNG");
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(random_provider(r), "rngtest");
	ck_assert_str_eq(random_mechanism(r), "counter-source");
	ck_assert_int_eq(random_next_bytes(r, buf, sizeof buf), 0);
	ck_assert_int_eq(src_inst, 1);
	ck_assert_int_eq(src_calls, 1);
	ck_assert_uint_eq(buf[7], 0xab);
	ck_assert_int_eq(random_next_bytes(r, buf, sizeof buf), 0);
	ck_assert_int_eq(src_inst, 1);
	/* no parameters, no additional input, no prediction resistance */
	memset(&p, 0, sizeof p);
	p.mechanism = "Hash_DRBG";
	ck_assert_int_eq(random_init(r, &p), JCA_EINVAL);
	ck_assert_int_eq(random_generate(r, buf, 1, 0, "a", 1), JCA_EINVAL);
	ck_assert_int_eq(random_generate(r, buf, 1, 1, NULL, 0), JCA_EINVAL);
	ck_assert_int_eq(random_reseed(r, NULL, 0), 0);           /* it reseeds itself */
	ck_assert_int_eq(random_reset(r), 0);
	ck_assert_int_eq(src_inst, 2);
	random_free(r);
	/* DRBG still comes from builtin, also when asked for by provider */
	r = random_get_instance_from("DRBG", "builtin");
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(random_implementation(r), "drbg-sp800-90a");
	random_free(r);
	ck_assert_ptr_null(random_get_instance_from("DRBG", "rngtest"));
	ck_assert_int_eq(jca_provider_remove("rngtest"), 0);
	ck_assert_ptr_null(random_get_instance("TestRNG"));
}
END_TEST

/* ---- the table's validation ---- */

static void refused(const jca_impl *a, const jca_impl *b, const char *why)
{
	const jca_impl *list[] = { a, b, NULL };
	jca_service_desc svc = { .struct_size = sizeof(jca_service_desc), .type = JCA_SECURE_RANDOM,
	                         .algorithm = "Bad", .impls = list };
	const jca_service_desc *svcs[] = { &svc, NULL };
	jca_provider_desc d = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "badrng", "1", "bad", svcs, NULL };

	ck_assert_int_eq(jca_provider_add(&d, NULL), JCA_BADDESC);
	printf("  %s\n", jca_last_error_message());
	ck_assert_msg(strstr(jca_last_error_message(), why) != NULL, "\"%s\" not in \"%s\"", why,
	              jca_last_error_message());
	ck_assert_ptr_null(random_get_instance("Bad"));
}

START_TEST(test_validation)
{
	jca_random_impl t = toy_impl;
	static const jca_kat kat = { sizeof(jca_kat), "", 0, NULL, 0, NULL, "\xab", 1, 0, 0, NULL, 0, NULL, 0 };

	t.flags = 0;
	refused(&t.base, NULL, "flags 0");
	t.flags = JCA_RANDOM_DETERMINISTIC | JCA_RANDOM_OWN_ENTROPY;
	refused(&t.base, NULL, "flags 3");
	t = toy_impl;
	t.generate = NULL;
	refused(&t.base, NULL, "generate is NULL");
	t = toy_impl;
	t.instantiate = NULL;
	refused(&t.base, NULL, "instantiate is NULL");
	t = toy_impl;
	t.reseed = NULL;
	refused(&t.base, NULL, "reseed is NULL");
	t = toy_impl;
	t.base.ctx_size = 0;
	refused(&t.base, NULL, "ctx_size 0");
	/* a source without instantiate or reseed is fine; mixed with a DRBG
	 * in one service it is not */
	t = toy_impl;
	t.base.name = "other";
	refused(&t.base, &src_impl.base, "differ from other's");
	/* a known answer, which SecureRandom services do not take */
	{
		const jca_impl *list[] = { &src_impl.base, NULL };
		jca_service_desc svc = { .struct_size = sizeof(jca_service_desc), .type = JCA_SECURE_RANDOM,
		                         .algorithm = "Bad", .impls = list, .kat = &kat };
		const jca_service_desc *svcs[] = { &svc, NULL };
		jca_provider_desc d = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "badrng", "1", "bad", svcs, NULL };

		ck_assert_int_eq(jca_provider_add(&d, NULL), JCA_BADDESC);
		ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "take no known-answer test"));
	}
}
END_TEST

int main(void)
{
	int failed;
	Suite *s = suite_create("SecureRandom providers");
	TCase *tc = tcase_create("random_provider");
	SRunner *sr;

	tcase_add_test(tc, test_toy_drbg);
	tcase_add_test(tc, test_toy_source);
	tcase_add_test(tc, test_validation);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
