/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Mac services declared by providers (ABI 3, jca_mac_impl), through
 * jca_provider_add: a toy Mac served by mac_get_instance with the whole
 * mac_* contract (streaming, truncation, verify, reset without a reset
 * hook, key lengths, the FAILED state, clone), known answers that refuse
 * a wrong Mac, validation naming the field, a declared HmacSHA256 taking
 * precedence over the HMAC derived over the same provider's SHA-256, HMAC
 * derived over a digest with a lifecycle (attach/copy/cleanup), and
 * mac_clone of an implementation with cleanup but no copy.
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"

/* ---- the toy Mac: FNV-1a-64 over key || message, tag big-endian. Not a
 * secure MAC; small enough to have an independent reference below. ---- */

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull

typedef struct toy_ctx {
	uint64_t keyed, h;
} toy_ctx;

static int fail_next;           /* set by a test: the next update fails */

static uint64_t fnv(uint64_t h, const uint8_t *p, size_t n)
{
	while (n--)
		h = (h ^ *p++) * FNV_PRIME;
	return h;
}

static int toy_init(void *ctx, const void *key, size_t key_len)
{
	toy_ctx *c = ctx;

	c->keyed = c->h = fnv(FNV_OFFSET, key, key_len);
	return 0;
}

static int toy_update(void *ctx, const void *in, size_t len)
{
	toy_ctx *c = ctx;

	if (fail_next) {
		fail_next = 0;
		return -1;
	}
	c->h = fnv(c->h, in, len);
	return 0;
}

static int toy_final(void *ctx, void *out, size_t out_len)
{
	toy_ctx *c = ctx;
	uint8_t *o = out;
	size_t i;

	ck_assert_uint_eq(out_len, 8);
	for (i = 0; i < 8; i++)
		o[i] = (uint8_t)(c->h >> (56 - 8 * i));
	c->h = c->keyed;
	return 0;
}

/* The reference: the same function written plainly, over one buffer. */
static void toy_ref(uint8_t out[8], const void *key, size_t kl, const void *msg, size_t ml)
{
	uint64_t h = fnv(fnv(FNV_OFFSET, key, kl), msg, ml);
	int i;

	for (i = 0; i < 8; i++)
		out[i] = (uint8_t)(h >> (56 - 8 * i));
}

#define TOY_IMPL(id, impl_name, cleanup_fn) \
	static const jca_mac_impl id = { \
		.base = JCA_IMPL_BASE_LIFECYCLE(jca_mac_impl, impl_name, JCA_PRIO_GENERIC, NULL, sizeof(toy_ctx), \
		                                NULL, NULL, cleanup_fn), \
		.mac_size = 8, .block_size = 0, .key_min = 2, .key_max = 16, \
		.init = toy_init, .update = toy_update, .final = toy_final, \
	}

static int cleanups;
static void toy_cleanup(void *ctx)
{
	(void)ctx;
	cleanups++;
}

TOY_IMPL(toy_impl, "toymac-c", NULL);
TOY_IMPL(toy_held, "toymac-held", toy_cleanup);     /* cleanup, no copy */

/* "key!" then "abc" (FNV-1a-64 of "key!abc", from Python: h = 0xcbf29ce484222325;
 * h = ((h ^ b) * 0x100000001b3) % 2**64 for each byte). The bad one
 * differs in the last bit. */
static const jca_kat toy_kat = {
	.struct_size = sizeof(jca_kat), .key = "key!", .key_len = 4, .in = "abc", .in_len = 3,
	.out = "\x1f\xef\xd3\x19\x60\x11\x72\x99", .out_len = 8,
};
static const jca_kat toy_bad_kat = {
	.struct_size = sizeof(jca_kat), .key = "key!", .key_len = 4, .in = "abc", .in_len = 3,
	.out = "\x1f\xef\xd3\x19\x60\x11\x72\x98", .out_len = 8,
};

static const jca_impl *const toy_impls[] = { &toy_impl.base, NULL };
static const jca_impl *const held_impls[] = { &toy_held.base, NULL };
static const char *const toy_aliases[] = { "TOY-MAC", NULL };

static jca_service_desc toy_svc = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_MAC, .algorithm = "ToyMac",
	.aliases = toy_aliases, .impls = toy_impls, .kat = &toy_kat,
};
static const jca_service_desc held_svc = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_MAC, .algorithm = "HeldMac", .impls = held_impls,
};
static const jca_service_desc *const toy_services[] = { &toy_svc, &held_svc, NULL };
static const jca_provider_desc toy_desc = {
	.abi_version = JCA_ABI_VERSION, .struct_size = sizeof(jca_provider_desc), .name = "toy",
	.version = "1", .description = "toy Mac", .services = toy_services,
};

START_TEST(test_toy_mac)
{
	uint8_t key[16], msg[300], want[8], got[16];
	size_t i, cut, n;
	mac_ctx *m, *c;

	tu_config("security.provider.1 = builtin\n");
	ck_assert_int_eq(jca_provider_add(&toy_desc, NULL), 0);
	/* the known answer is the reference's */
	toy_ref(want, "key!", 4, "abc", 3);
	ck_assert(memcmp(want, toy_kat.out, 8) == 0);
	m = mac_get_instance("toy-mac");
	ck_assert_msg(m != NULL, "%s", jca_last_error_message());
	ck_assert_str_eq(mac_algorithm(m), "ToyMac");
	ck_assert_str_eq(mac_provider(m), "toy");
	ck_assert_str_eq(mac_implementation(m), "toymac-c");
	ck_assert_uint_eq(mac_length(m), 8);
	ck_assert_uint_eq(mac_block_length(m), 0);
	ck_assert_int_eq(mac_update(m, "x", 1), JCA_NOTINIT);
	/* key lengths: key_min 2, key_max 16, named in the message */
	ck_assert_int_eq(mac_init(m, "k", 1), JCA_KEYLEN);
	ck_assert_msg(strstr(jca_last_error_message(), "2 to 16 bytes") != NULL, "%s", jca_last_error_message());
	ck_assert_int_eq(mac_init(m, key, 17), JCA_KEYLEN);
	for (i = 0; i < sizeof key; i++)
		key[i] = (uint8_t)(i * 13 + 5);
	for (i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)(i * 7 + 1);
	for (cut = 0; cut <= sizeof msg; cut += 37) {
		toy_ref(want, key, 16, msg, sizeof msg);
		ck_assert_int_eq(mac_init(m, key, 16), 0);
		ck_assert_int_eq(mac_update(m, msg, cut), 0);
		ck_assert_int_eq(mac_update(m, msg + cut, sizeof msg - cut), 0);
		ck_assert_int_eq(mac_do_final(m, got, sizeof got, &n), 0);
		ck_assert_uint_eq(n, 8);
		ck_assert(memcmp(got, want, 8) == 0);
	}
	/* final left it keyed: the next message, then truncation and verify */
	mac_update(m, msg, 10);
	toy_ref(want, key, 16, msg, 10);
	ck_assert_int_eq(mac_do_final_truncated(m, got, 5), 0);
	ck_assert(memcmp(got, want, 5) == 0);
	ck_assert_int_eq(mac_do_final_truncated(m, got, 3), JCA_OUTLEN);
	ck_assert_int_eq(mac_do_final(m, got, 7, &n), JCA_BUFSIZE);
	mac_update(m, msg, 10);
	ck_assert_int_eq(mac_verify(m, want, 8), 0);
	mac_update(m, msg, 10);
	want[7] ^= 1;
	ck_assert_int_eq(mac_verify(m, want, 8), JCA_BADTAG);
	/* reset without a reset hook: the engine runs final into scratch */
	mac_update(m, "junk", 4);
	ck_assert_int_eq(mac_reset(m), 0);
	mac_update(m, msg, 10);
	want[7] ^= 1;
	ck_assert_int_eq(mac_verify(m, want, 8), 0);
	/* clone of a plain context is a copy of the state */
	mac_update(m, msg, 100);
	c = mac_clone(m);
	ck_assert_ptr_nonnull(c);
	mac_update(m, msg + 100, 200);
	mac_update(c, msg + 100, 200);
	toy_ref(want, key, 16, msg, 300);
	ck_assert_int_eq(mac_do_final(c, got, sizeof got, &n), 0);
	ck_assert(memcmp(got, want, 8) == 0);
	ck_assert_int_eq(mac_do_final(m, got, sizeof got, &n), 0);
	ck_assert(memcmp(got, want, 8) == 0);
	mac_free(c);
	mac_free(m);
	/* oneshot and the handle path */
	ck_assert_int_eq(mac_oneshot("ToyMac", key, 16, msg, 300, got, sizeof got, &n), 0);
	ck_assert(n == 8 && memcmp(got, want, 8) == 0);
	ck_assert_int_eq(mac_handle_oneshot(mac_lookup("ToyMac"), key, 16, msg, 300, got, sizeof got, &n), 0);
	ck_assert(n == 8 && memcmp(got, want, 8) == 0);
}
END_TEST

/* An implementation call that fails: JCA_IMPL, then FAILED until reset. */
START_TEST(test_toy_failed)
{
	mac_ctx *m;
	uint8_t got[8];
	size_t n;

	tu_config("security.provider.1 = builtin\n");
	ck_assert_int_eq(jca_provider_add(&toy_desc, NULL), 0);
	m = mac_get_instance("ToyMac");
	ck_assert_int_eq(mac_init(m, "key!", 4), 0);
	fail_next = 1;
	ck_assert_int_eq(mac_update(m, "abc", 3), JCA_IMPL);
	ck_assert_msg(strstr(jca_last_error_message(), "toymac-c failed") != NULL, "%s", jca_last_error_message());
	ck_assert_int_eq(mac_update(m, "abc", 3), JCA_IMPL);
	ck_assert_int_eq(mac_do_final(m, got, sizeof got, &n), JCA_IMPL);
	ck_assert_int_eq(mac_reset(m), 0);
	ck_assert_int_eq(mac_update(m, "abc", 3), 0);
	ck_assert_int_eq(mac_do_final(m, got, sizeof got, &n), 0);
	ck_assert(memcmp(got, toy_kat.out, 8) == 0);
	mac_free(m);
}
END_TEST

/* A wrong known answer refuses the provider, and nothing of it shows. */
START_TEST(test_kat_refuses)
{
	jca_service_desc bad = toy_svc;
	const jca_service_desc *const list[] = { &bad, NULL };
	jca_provider_desc d = toy_desc;

	tu_config("security.provider.1 = builtin\n");
	bad.kat = &toy_bad_kat;
	d.services = list;
	ck_assert_int_eq(jca_provider_add(&d, NULL), JCA_SELFTEST);
	ck_assert_msg(strstr(jca_last_error_message(), "known-answer test of ToyMac (toymac-c) failed") != NULL,
	              "%s", jca_last_error_message());
	ck_assert_ptr_null(mac_get_instance("ToyMac"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_ptr_null(jca_provider_find("toy"));
}
END_TEST

/* Validation names the field at fault. */
static void refused(const jca_mac_impl *impl, const jca_kat *kat, const char *why)
{
	const jca_impl *const impls[] = { &impl->base, NULL };
	jca_service_desc sd = toy_svc;
	const jca_service_desc *const list[] = { &sd, NULL };
	jca_provider_desc d = toy_desc;

	sd.impls = impls;
	sd.kat = kat;
	d.services = list;
	ck_assert_int_eq(jca_provider_add(&d, NULL), JCA_BADDESC);
	ck_assert_msg(strstr(jca_last_error_message(), why) != NULL, "want \"%s\" in: %s", why,
	              jca_last_error_message());
}

START_TEST(test_validation)
{
	jca_mac_impl m = toy_impl;
	jca_kat k = toy_kat;

	tu_config("security.provider.1 = builtin\n");
	m.init = NULL;
	refused(&m, NULL, "init is NULL");
	m = toy_impl;
	m.final = NULL;
	refused(&m, NULL, "final is NULL");
	m = toy_impl;
	m.mac_size = 0;
	refused(&m, NULL, "mac_size 0");
	m.mac_size = JCA_MAC_MAX + 1;
	refused(&m, NULL, "mac_size 1025");
	m = toy_impl;
	m.key_min = 8;
	m.key_max = 4;
	refused(&m, NULL, "key_max 4 is below key_min 8");
	m = toy_impl;
	m.base.ctx_size = 0;
	refused(&m, NULL, "ctx_size 0");
	k.out_len = 9;
	refused(&toy_impl, &k, "out_len 9 exceeds mac_size 8");
	k = toy_kat;
	k.key_len = 1;
	refused(&toy_impl, &k, "key_len 1 outside");
	/* nothing was registered */
	ck_assert_ptr_null(jca_provider_find("toy"));
}
END_TEST

/* mac_clone of an implementation with cleanup but no copy: it holds
 * outside resources it cannot duplicate. */
START_TEST(test_clone_unsupported)
{
	mac_ctx *m;

	tu_config("security.provider.1 = builtin\n");
	ck_assert_int_eq(jca_provider_add(&toy_desc, NULL), 0);
	m = mac_get_instance("HeldMac");
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(mac_init(m, "key!", 4), 0);
	ck_assert_ptr_null(mac_clone(m));
	ck_assert_int_eq(jca_last_error(), JCA_UNSUPPORTED);
	ck_assert_msg(strstr(jca_last_error_message(), "toymac-held cannot be cloned") != NULL, "%s",
	              jca_last_error_message());
	cleanups = 0;
	mac_free(m);
	ck_assert_int_eq(cleanups, 1);
}
END_TEST

/* ---- a digest with a lifecycle: SHA-256 held in an md_ctx of the
 * built-in provider (an outside resource, as a token session is) ---- */

static int attaches;
static int marker;              /* the provider context handed to jca_provider_add */

typedef struct wrap_ctx {
	md_ctx *md;
} wrap_ctx;

static int wrap_attach(void *provctx, void *ctx)
{
	wrap_ctx *c = ctx;

	ck_assert_ptr_eq(provctx, &marker);
	attaches++;
	c->md = md_get_instance_from("SHA-256", "builtin");
	return c->md ? 0 : -1;
}

static int wrap_copy(void *dst, const void *src)
{
	wrap_ctx *d = dst;
	const wrap_ctx *s = src;
	md_ctx *n = md_clone(s->md);

	if (!n)
		return -1;
	md_free(d->md);
	d->md = n;
	return 0;
}

static void wrap_cleanup(void *ctx)
{
	wrap_ctx *c = ctx;

	md_free(c->md);
	c->md = NULL;
}

static int wrap_init(void *ctx)
{
	return md_reset(((wrap_ctx *)ctx)->md);
}

static int wrap_update(void *ctx, const void *in, size_t len)
{
	return md_update(((wrap_ctx *)ctx)->md, in, len);
}

static int wrap_final(void *ctx, void *out, size_t out_len)
{
	size_t n;

	return md_digest(((wrap_ctx *)ctx)->md, out, out_len, &n);
}

static const jca_md_impl wrap_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_md_impl, "sha256-wrap", JCA_PRIO_GENERIC, NULL, sizeof(wrap_ctx),
	                                wrap_attach, wrap_copy, wrap_cleanup),
	.digest_size = 32, .block_size = 64,
	.init = wrap_init, .update = wrap_update, .final = wrap_final,
};
static const jca_impl *const wrap_impls[] = { &wrap_impl.base, NULL };
static const jca_attr wrap_attrs[] = { { "HmacOID", "1.2.840.113549.2.9" }, { NULL, NULL } };
static const jca_service_desc wrap_svc = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_MESSAGE_DIGEST, .algorithm = "SHA-256",
	.attributes = wrap_attrs, .impls = wrap_impls,
};
/* the same provider declares its own HmacSHA256 (a right one: the host
 * tests every HmacSHA256 declared at load, src/api/mac_kat.c; the
 * built-in provider's, reached by the public API, under a name of its
 * own for a visible difference): it replaces the HMAC derived over its
 * SHA-256 */
typedef struct own_ctx {
	mac_ctx *m;
} own_ctx;

static int own_init(void *ctx, const void *key, size_t key_len)
{
	own_ctx *c = ctx;

	if (!c->m && !(c->m = mac_get_instance_from("HmacSHA256", "builtin")))
		return -1;
	return mac_init(c->m, key, key_len);
}

static int own_update(void *ctx, const void *in, size_t len)
{
	return mac_update(((own_ctx *)ctx)->m, in, len);
}

static int own_final(void *ctx, void *out, size_t out_len)
{
	size_t n;

	return mac_do_final(((own_ctx *)ctx)->m, out, out_len, &n);
}

static void own_cleanup(void *ctx)
{
	mac_free(((own_ctx *)ctx)->m);
}

static const jca_mac_impl own_impl = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_mac_impl, "hmacsha256-own", JCA_PRIO_GENERIC, NULL, sizeof(own_ctx),
	                                NULL, NULL, own_cleanup),
	.mac_size = 32, .block_size = 64, .key_min = 0, .key_max = 0,
	.init = own_init, .update = own_update, .final = own_final,
};
static const jca_impl *const own_impls[] = { &own_impl.base, NULL };
static const jca_service_desc own_hmac_svc = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_MAC, .algorithm = "HmacSHA256", .impls = own_impls,
};
static const jca_service_desc *const wrap_services[] = { &wrap_svc, NULL };
static const jca_service_desc *const prec_services[] = { &wrap_svc, &own_hmac_svc, NULL };
static const jca_provider_desc wrap_desc = {
	.abi_version = JCA_ABI_VERSION, .struct_size = sizeof(jca_provider_desc), .name = "wrap",
	.version = "1", .description = "SHA-256 with a lifecycle", .services = wrap_services,
};
static const jca_provider_desc prec_desc = {
	.abi_version = JCA_ABI_VERSION, .struct_size = sizeof(jca_provider_desc), .name = "prec",
	.version = "1", .description = "SHA-256 and its own HmacSHA256", .services = prec_services,
};

static size_t macs_of(const char *provider)
{
	const jca_provider *p = jca_provider_find(provider);
	const jca_service *s;
	size_t i, n = 0;

	for (i = 0; jca_provider_service_at(p, i, &s) == 0; i++)
		n += jca_service_type_of(s) == JCA_MAC;
	return n;
}

START_TEST(test_declared_hmac_wins)
{
	mac_ctx *m;

	tu_config("security.provider.1 = builtin\n");
	ck_assert_int_eq(jca_provider_add(&prec_desc, &marker), 0);
	m = mac_get_instance_from("HmacSHA256", "prec");
	ck_assert_msg(m != NULL, "%s", jca_last_error_message());
	ck_assert_str_eq(mac_implementation(m), "hmacsha256-own");
	ck_assert_uint_eq(mac_length(m), 32);
	mac_free(m);
	/* no HMAC was derived over prec's SHA-256: none of its names answer */
	ck_assert_uint_eq(macs_of("prec"), 1);
	ck_assert_ptr_null(mac_get_instance_from("HMAC-SHA-256", "prec"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert_ptr_null(mac_get_instance_from("HMAC-1.2.840.113549.2.9", "prec"));
	/* the built-in provider's HMAC is unaffected */
	m = mac_get_instance("HmacSHA256");
	ck_assert_str_eq(mac_provider(m), "builtin");
	mac_free(m);
}
END_TEST

/* HMAC derived over a digest with attach/copy/cleanup: the digest's
 * contexts are attached to its provider's context, cloned with its copy,
 * closed with its cleanup; results equal the built-in HMAC-SHA-256. */
START_TEST(test_hmac_over_lifecycle_digest)
{
	static const size_t key_lens[] = { 0, 20, 64, 65, 100 };
	uint8_t key[100], msg[500], a[32], b[32];
	size_t i, k, n;

	tu_config("security.provider.1 = builtin\n");
	ck_assert_int_eq(jca_provider_add(&wrap_desc, &marker), 0);
	ck_assert_uint_eq(macs_of("wrap"), 1);
	for (i = 0; i < sizeof key; i++)
		key[i] = (uint8_t)(i * 11 + 3);
	for (i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)(i * 5 + 9);
	for (k = 0; k < sizeof key_lens / sizeof key_lens[0]; k++) {
		mac_ctx *x = mac_get_instance_from("HmacSHA256", "builtin");
		mac_ctx *y, *z;

		attaches = 0;
		y = mac_get_instance_from("HMAC-SHA-256", "wrap");
		ck_assert_msg(y != NULL, "%s", jca_last_error_message());
		ck_assert_int_eq(attaches, 3);          /* inner, outer, working state */
		ck_assert_str_eq(mac_implementation(y), "hmac(sha256-wrap)");
		ck_assert_int_eq(mac_init(x, key, key_lens[k]), 0);
		ck_assert_int_eq(mac_init(y, key, key_lens[k]), 0);
		mac_update(x, msg, 200);
		mac_update(y, msg, 200);
		z = mac_clone(y);
		ck_assert_msg(z != NULL, "%s", jca_last_error_message());
		mac_update(x, msg + 200, 300);
		mac_update(y, msg + 200, 300);
		mac_update(z, msg + 200, 300);
		ck_assert_int_eq(mac_do_final(x, a, sizeof a, &n), 0);
		ck_assert_int_eq(mac_do_final(y, b, sizeof b, &n), 0);
		ck_assert(memcmp(a, b, 32) == 0);
		ck_assert_int_eq(mac_do_final(z, b, sizeof b, &n), 0);
		ck_assert(memcmp(a, b, 32) == 0);
		/* reset, then a second message under the same key */
		mac_update(y, "junk", 4);
		ck_assert_int_eq(mac_reset(y), 0);
		mac_update(x, msg, 7);
		mac_update(y, msg, 7);
		mac_do_final(x, a, sizeof a, &n);
		ck_assert_int_eq(mac_verify(y, a, 32), 0);
		mac_free(x);
		mac_free(y);
		mac_free(z);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("MacProvider");
	TCase *tc = tcase_create("declared");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, NULL, tu_config_remove);
	tcase_add_test(tc, test_toy_mac);
	tcase_add_test(tc, test_toy_failed);
	tcase_add_test(tc, test_kat_refuses);
	tcase_add_test(tc, test_validation);
	tcase_add_test(tc, test_clone_unsupported);
	tcase_add_test(tc, test_declared_hmac_wins);
	tcase_add_test(tc, test_hmac_over_lifecycle_digest);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
