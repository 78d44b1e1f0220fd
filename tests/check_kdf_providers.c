/* SPDX-License-Identifier: Apache-2.0 */
/*
 * KDF services from providers (jca_kdf_impl, plugin ABI 3): a toy KDF and
 * a toy template added with jca_provider_add (the engine's contract over
 * them: names, the provider context, errors, output only on success,
 * clone, teardown after the last instance); the registry's checks of the
 * table; the example plugin's Argon2id (RFC 9106 section 5.3) and the
 * OpenSSL bridge's SCRYPT (RFC 7914 section 12).
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

static void hexeq(const uint8_t *got, size_t n, const char *want)
{
	char hex[2 * 128 + 1];

	tu_hex(hex, got, n);
	ck_assert_str_eq(hex, want);
}

static kdf_ctx *get(const char *name)
{
	kdf_ctx *k = kdf_get_instance(name);

	ck_assert_msg(k != NULL, "kdf_get_instance(%s): %s", name, jca_last_error_message());
	return k;
}

/* ---- a toy KDF: out[i] = seed + i, seed = sum of the secret's bytes +
 * salt_len. Its provider context counts the lifecycle calls. ---- */
struct toy_prov {
	int attached, copies, cleanups, torn;
	char prf[64];                       /* the last prf a template's init got */
};
typedef struct toy_ctx {
	struct toy_prov *prov;
	uint8_t seed;
} toy_ctx;

static int toy_attach(void *provctx, void *ctx)
{
	toy_ctx *c = ctx;

	c->prov = provctx;
	c->prov->attached++;
	return 0;
}

static int toy_copy(void *dst, const void *src)
{
	memcpy(dst, src, sizeof(toy_ctx));
	((toy_ctx *)dst)->prov->copies++;
	return 0;
}

static void toy_cleanup(void *ctx)
{
	toy_ctx *c = ctx;

	if (c->prov)
		c->prov->cleanups++;
}

static void toy_teardown(void *provctx)
{
	((struct toy_prov *)provctx)->torn++;
}

/* secret_len 0: refused; 7: a failure (7: anything but the JCA_KDF_* codes). */
static int toy_init(void *ctx, const jca_kdf_args *a)
{
	toy_ctx *c = ctx;
	size_t i;

	if (a->struct_size != sizeof(jca_kdf_args))
		return 9;
	if (a->prf) {
		snprintf(c->prov->prf, sizeof c->prov->prf, "%s", a->prf);
	} else if (!a->secret_len) {
		return JCA_KDF_BAD_PARAM;
	}
	if (a->secret_len == 7)
		return 7;
	c->seed = (uint8_t)a->salt_len;
	for (i = 0; i < a->secret_len; i++)
		c->seed = (uint8_t)(c->seed + a->secret[i]);
	c->seed = (uint8_t)(c->seed + a->cost + a->block_size + a->parallelism + a->key_len);
	return 0;
}

/* out_len 3: a length refused; 5: writes, then fails (-1). */
static int toy_derive(void *ctx, uint8_t *out, size_t out_len)
{
	const toy_ctx *c = ctx;
	size_t i;

	if (out_len == 3)
		return JCA_KDF_BAD_LENGTH;
	for (i = 0; i < out_len; i++)
		out[i] = (uint8_t)(c->seed + i);
	return out_len == 5 ? -1 : 0;
}

static const jca_kdf_impl toy_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_kdf_impl, "toykdf-impl", JCA_PRIO_GENERIC, NULL, sizeof(toy_ctx),
	                                toy_attach, toy_copy, toy_cleanup),
	.init = toy_init, .derive = toy_derive,
};
static const jca_kdf_impl toyt_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_kdf_impl, "toyt", JCA_PRIO_GENERIC, NULL, sizeof(toy_ctx),
	                                toy_attach, toy_copy, toy_cleanup),
	.flags = JCA_KDF_OVER_MAC | JCA_KDF_HMAC_NAMES,
	.init = toy_init, .derive = toy_derive,
};
static const jca_impl *const toy_impls[] = { &toy_impl.base, NULL };
static const jca_impl *const toyt_impls[] = { &toyt_impl.base, NULL };
static const char *const toy_aliases[] = { "TOY-KDF", NULL };
/* secret "ab" (0x61 + 0x62), salt of 2 bytes: seed 0xc5 */
static const jca_kdf_args toy_kat_args = {
	.struct_size = sizeof(jca_kdf_args), .secret = (const uint8_t *)"ab", .secret_len = 2,
	.salt = (const uint8_t *)"xy", .salt_len = 2
};
static const jca_kat toy_kat = {
	.struct_size = sizeof(jca_kat), .in = &toy_kat_args, .in_len = sizeof toy_kat_args,
	.out = "\xc5\xc6", .out_len = 2
};
static const jca_service_desc toy_svc = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_KDF, .algorithm = "ToyKDF",
	.aliases = toy_aliases, .impls = toy_impls, .kat = &toy_kat
};
static const jca_service_desc toyt_svc = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_KDF, .algorithm = "TOYT", .impls = toyt_impls
};
static const jca_service_desc *const toy_services[] = { &toy_svc, &toyt_svc, NULL };
static const jca_provider_desc toy_desc = {
	JCA_ABI_VERSION, sizeof(jca_provider_desc), "toykdf", "1", "toy KDFs", toy_services, toy_teardown
};

START_TEST(test_toy_provider)
{
	struct toy_prov prov;
	kdf_params p;
	kdf_ctx *k, *c;
	uint8_t out[16];

	memset(&prov, 0, sizeof prov);
	ck_assert_msg(jca_provider_add(&toy_desc, &prov) == 0, "%s", jca_last_error_message());
	ck_assert_int_eq(prov.attached, 1);            /* the known answer's context */
	ck_assert_int_eq(prov.cleanups, 1);
	k = get("toy-kdf");
	ck_assert_int_eq(prov.attached, 2);
	ck_assert_str_eq(kdf_algorithm(k), "ToyKDF");
	ck_assert_str_eq(kdf_provider(k), "toykdf");
	ck_assert_str_eq(kdf_implementation(k), "toykdf-impl");
	ck_assert_uint_eq(kdf_prf_length(k), 0);
	ck_assert_int_eq(kdf_derive(k, out, 4), JCA_NOTINIT);
	ck_assert_int_eq(kdf_reset(k), JCA_NOTINIT);

	memset(&p, 0, sizeof p);
	ck_assert_int_eq(kdf_init(k, &p), JCA_EINVAL);  /* the implementation's own code */
	printf("  %s\n", jca_last_error_message());
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "ToyKDF"));
	p.secret = "abcdefg";
	p.secret_len = 7;
	ck_assert_int_eq(kdf_init(k, &p), JCA_IMPL);    /* any other nonzero */
	printf("  %s\n", jca_last_error_message());
	ck_assert_int_eq(kdf_derive(k, out, 4), JCA_NOTINIT);
	p.key = "k";                                    /* engine checks: NULL with a length */
	p.key_len = 1;
	p.salt_len = 2;
	ck_assert_int_eq(kdf_init(k, &p), JCA_EINVAL);
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "NULL salt"));
	p.salt = "xy";
	p.secret_len = 2;
	p.cost = 16;
	p.block_size = 1;
	p.parallelism = 3;
	ck_assert_int_eq(kdf_init(k, &p), 0);           /* every new member reaches the table */
	ck_assert_int_eq(kdf_reset(k), 0);
	ck_assert_int_eq(kdf_derive(k, out, 4), 0);
	hexeq(out, 4, "dadbdcdd");                      /* 0xc5 + 16 + 1 + 3 + 1 */
	memset(out, 0xee, sizeof out);
	ck_assert_int_eq(kdf_derive(k, out, 3), JCA_OUTLEN);
	ck_assert_int_eq(kdf_derive(k, out, 0), JCA_OUTLEN);
	ck_assert_int_eq(kdf_derive(k, out, 4), 0);     /* still initialised after JCA_OUTLEN */
	memset(out, 0xee, sizeof out);
	ck_assert_int_eq(kdf_derive(k, out, 5), JCA_IMPL);
	ck_assert_uint_eq(out[0], 0xee);                /* the failed derive wrote, the caller sees nothing */
	ck_assert_int_eq(kdf_derive(k, out, 4), JCA_NOTINIT);
	ck_assert_int_eq(kdf_init(k, &p), 0);

	c = kdf_clone(k);                               /* copy, not attach */
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(prov.copies, 1);
	ck_assert_int_eq(prov.attached, 2);
	ck_assert_int_eq(jca_provider_remove("toykdf"), 0);
	ck_assert_ptr_null(kdf_get_instance("ToyKDF"));
	kdf_free(k);
	ck_assert_int_eq(prov.torn, 0);                 /* the clone lives */
	ck_assert_int_eq(kdf_derive(c, out, 2), 0);
	hexeq(out, 2, "dadb");
	kdf_free(c);
	ck_assert_int_eq(prov.cleanups, 3);
	ck_assert_int_eq(prov.torn, 1);
}
END_TEST

/* A template over any Mac: "<T>With<Mac>", "<T>-<digest>"; the engine
 * hands the Mac's name to init. */
START_TEST(test_toy_template)
{
	struct toy_prov prov;
	kdf_params p;
	kdf_ctx *k;
	uint8_t out[4];

	memset(&prov, 0, sizeof prov);
	ck_assert_msg(jca_provider_add(&toy_desc, &prov) == 0, "%s", jca_last_error_message());
	memset(&p, 0, sizeof p);
	k = get("toytwithhmac-sha-256");
	ck_assert_str_eq(kdf_algorithm(k), "TOYT-SHA256");
	ck_assert_uint_eq(kdf_prf_length(k), 32);
	ck_assert_msg(!strncmp(kdf_implementation(k), "toyt(hmac(", 10), "%s", kdf_implementation(k));
	ck_assert_int_eq(kdf_init(k, &p), 0);
	ck_assert_str_eq(prov.prf, "HmacSHA256");
	ck_assert_int_eq(kdf_derive(k, out, sizeof out), 0);
	kdf_free(k);
	k = get("TOYT-SHA3-512");
	ck_assert_uint_eq(kdf_prf_length(k), 64);
	ck_assert_int_eq(kdf_init(k, &p), 0);
	ck_assert_str_eq(prov.prf, "HmacSHA3-512");
	kdf_free(k);
	k = kdf_new(kdf_lookup("TOYT-SHA1"));
	ck_assert_ptr_nonnull(k);
	ck_assert_str_eq(kdf_provider(k), "toykdf");
	kdf_free(k);

	ck_assert_ptr_null(kdf_get_instance("TOYT"));    /* a template needs its Mac */
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	printf("  %s\n", jca_last_error_message());
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "TOYTWith<Mac>"));
	ck_assert_ptr_null(kdf_get_instance("ToyKDFWithHmacSHA256"));   /* not a template */
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	printf("  %s\n", jca_last_error_message());
	ck_assert_ptr_null(kdf_get_instance("ToyKDF-SHA256"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_ptr_null(kdf_get_instance("TOYTWithHmacNoSuch"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	/* the built-in templates from a named provider */
	k = kdf_get_instance_from("HKDF-SHA256", "builtin");
	ck_assert_ptr_nonnull(k);
	ck_assert_str_eq(kdf_provider(k), "builtin");
	kdf_free(k);
	ck_assert_ptr_null(kdf_get_instance_from("HKDF-SHA256", "toykdf"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_int_eq(jca_provider_remove("toykdf"), 0);
	ck_assert_int_eq(prov.torn, 1);
}
END_TEST

/* ---- the registry's checks of jca_kdf_impl ---- */
static int ok_init(void *ctx, const jca_kdf_args *a)
{
	(void)ctx;
	(void)a;
	return 0;
}

static int ok_derive(void *ctx, uint8_t *out, size_t out_len)
{
	(void)ctx;
	memset(out, 0x11, out_len);
	return 0;
}

static void expect_refused(const jca_kdf_impl *impl, const jca_kat *kat, int code, const char *why)
{
	const jca_impl *impls[] = { &impl->base, NULL };
	jca_service_desc s = { .struct_size = sizeof s, .type = JCA_KDF, .algorithm = "BadKDF", .impls = impls,
	                       .kat = kat };
	const jca_service_desc *svcs[] = { &s, NULL };
	jca_provider_desc d = { JCA_ABI_VERSION, sizeof d, "badkdf", "1", "bad", svcs, NULL };

	ck_assert_int_eq(jca_provider_add(&d, NULL), code);
	printf("  %s\n", jca_last_error_message());
	ck_assert_msg(strstr(jca_last_error_message(), why) != NULL, "%s: no \"%s\"", jca_last_error_message(), why);
	ck_assert_ptr_null(jca_provider_find("badkdf"));
}

START_TEST(test_table_checks)
{
	jca_kdf_impl m = {
		.base = JCA_IMPL_BASE(jca_kdf_impl, "bad-kdf", JCA_PRIO_GENERIC, NULL, 8),
		.init = ok_init, .derive = ok_derive
	};
	jca_kdf_args args = { .struct_size = sizeof args };
	jca_kat kat = { .struct_size = sizeof kat, .in = &args, .in_len = sizeof args,
	                .out = "\x11\x11", .out_len = 2 };

	m.init = NULL;
	expect_refused(&m, NULL, JCA_BADDESC, "init is NULL");
	m.init = ok_init;
	m.derive = NULL;
	expect_refused(&m, NULL, JCA_BADDESC, "derive is NULL");
	m.derive = ok_derive;
	m.flags = JCA_KDF_HMAC_NAMES;
	expect_refused(&m, NULL, JCA_BADDESC, "JCA_KDF_HMAC_NAMES without JCA_KDF_OVER_MAC");
	m.flags = 0x10;
	expect_refused(&m, NULL, JCA_BADDESC, "unknown bits");
	m.flags = JCA_KDF_OVER_MAC;
	expect_refused(&m, &kat, JCA_BADDESC, "takes no known-answer test");
	m.flags = 0;
	m.base.ctx_size = 0;
	expect_refused(&m, NULL, JCA_BADDESC, "ctx_size 0");
	m.base.ctx_size = 8;
	kat.in_len = 8;
	expect_refused(&m, &kat, JCA_BADDESC, "in_len 8");
	kat.in_len = sizeof args;
	kat.in = NULL;
	expect_refused(&m, &kat, JCA_BADDESC, "in (the jca_kdf_args) is NULL");
	kat.in = &args;
	kat.out = "\x11\x12";
	expect_refused(&m, &kat, JCA_SELFTEST, "known-answer test of BadKDF");
}
END_TEST

/* ---- the plugins' KDFs ---- */
static void load(const char *name)
{
	tu_config("security.provider.1 = builtin\n");
	ck_assert_msg(jca_provider_load(tu_shipped(name), -1) == 0, "%s", jca_last_error_message());
}

START_TEST(test_argon2id)
{
	static const uint8_t pw[32] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	                                1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
	static const uint8_t salt[16] = { 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2 };
	static const uint8_t key[8] = { 3, 3, 3, 3, 3, 3, 3, 3 }, ad[12] = { 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4 };
	kdf_params p = { .secret = pw, .secret_len = 32, .salt = salt, .salt_len = 16, .key = key, .key_len = 8,
	                 .info = ad, .info_len = 12, .iterations = 3, .cost = 32, .parallelism = 4 };
	uint8_t out[32];
	kdf_ctx *k, *c;

	load("example");
	k = get("ARGON2ID");
	ck_assert_str_eq(kdf_provider(k), "example");
	ck_assert_str_eq(kdf_algorithm(k), "Argon2id");
	ck_assert_int_eq(kdf_init(k, &p), 0);
	ck_assert_int_eq(kdf_derive(k, out, 32), 0);
	/* RFC 9106 section 5.3 */
	hexeq(out, 32, "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659");
	c = kdf_clone(k);
	ck_assert_ptr_nonnull(c);
	kdf_free(k);
	memset(out, 0, sizeof out);
	ck_assert_int_eq(kdf_derive(c, out, 32), 0);
	hexeq(out, 32, "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659");
	ck_assert_int_eq(kdf_derive(c, out, 3), JCA_OUTLEN);
	printf("  %s\n", jca_last_error_message());
	/* parameters refused, each named */
	p.salt_len = 7;
	ck_assert_int_eq(kdf_init(c, &p), JCA_EINVAL);
	printf("  %s\n", jca_last_error_message());
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "Argon2id: salt of fewer than 8 bytes"));
	p.salt_len = 16;
	p.cost = 31;
	ck_assert_int_eq(kdf_init(c, &p), JCA_EINVAL);
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "cost (memory m in KiB)"));
	p.cost = 32;
	p.iterations = 0;
	ck_assert_int_eq(kdf_init(c, &p), JCA_EINVAL);
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "passes t"));
	p.iterations = 3;
	p.parallelism = 0;
	ck_assert_int_eq(kdf_init(c, &p), JCA_EINVAL);
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "lanes"));
	p.parallelism = 4;
	p.block_size = 8;
	ck_assert_int_eq(kdf_init(c, &p), JCA_EINVAL);
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "block size"));
	kdf_free(c);
}
END_TEST

#ifdef JCA_TEST_OPENSSL_BRIDGE
START_TEST(test_scrypt)
{
	/* RFC 7914 section 12 (the 1 GiB one, N = 2^20, is left out) */
	static const struct {
		const char *pw, *salt;
		uint64_t n;
		uint32_t r, p;
		const char *dk;
	} v[] = {
		{ "", "", 16, 1, 1, "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
		                    "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906" },
		{ "password", "NaCl", 1024, 8, 16, "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
		                                   "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640" },
		{ "pleaseletmein", "SodiumChloride", 16384, 8, 1,
		  "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2"
		  "d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887" },
	};
	uint8_t out[64];
	kdf_params p;
	kdf_ctx *k, *c;
	size_t i;

	load("openssl");
	k = get("scrypt");
	ck_assert_str_eq(kdf_algorithm(k), "SCRYPT");
	ck_assert_str_eq(kdf_provider(k), "openssl");
	ck_assert_str_eq(kdf_implementation(k), "scrypt-openssl");
	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		memset(&p, 0, sizeof p);
		p.secret = v[i].pw;
		p.secret_len = strlen(v[i].pw);
		p.salt = v[i].salt;
		p.salt_len = strlen(v[i].salt);
		p.cost = v[i].n;
		p.block_size = v[i].r;
		p.parallelism = v[i].p;
		ck_assert_msg(kdf_init(k, &p) == 0, "%s", jca_last_error_message());
		ck_assert_int_eq(kdf_derive(k, out, 64), 0);
		hexeq(out, 64, v[i].dk);
	}
	c = kdf_clone(k);
	ck_assert_ptr_nonnull(c);
	kdf_free(k);
	memset(out, 0, sizeof out);
	ck_assert_int_eq(kdf_derive(c, out, 64), 0);
	hexeq(out, 64, v[2].dk);
	p.cost = 15;
	ck_assert_int_eq(kdf_init(c, &p), JCA_EINVAL);
	printf("  %s\n", jca_last_error_message());
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "SCRYPT: cost N = 15"));
	ck_assert_int_eq(kdf_derive(c, out, 64), JCA_NOTINIT);
	p.cost = 16;
	p.iterations = 2;
	ck_assert_int_eq(kdf_init(c, &p), JCA_EINVAL);
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "iteration count"));
	p.iterations = 0;
	p.block_size = 0;
	ck_assert_int_eq(kdf_init(c, &p), JCA_EINVAL);
	p.block_size = 8;
	p.cost = 1u << 21;                  /* 2 GiB: more than OpenSSL's limit */
	ck_assert_int_eq(kdf_init(c, &p), JCA_EINVAL);
	printf("  %s\n", jca_last_error_message());
	kdf_free(c);
}
END_TEST
#endif

int main(void)
{
	Suite *s = suite_create("KDF providers");
	TCase *tc = tcase_create("kdf_providers");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, NULL, tu_config_remove);
	tcase_add_test(tc, test_toy_provider);
	tcase_add_test(tc, test_toy_template);
	tcase_add_test(tc, test_table_checks);
	tcase_add_test(tc, test_argon2id);
#ifdef JCA_TEST_OPENSSL_BRIDGE
	tcase_add_test(tc, test_scrypt);
#endif
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
