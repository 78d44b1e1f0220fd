/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SecureRandom configuration: where a DRBG's digest or AES comes from
 * whatever the provider order (the OpenSSL bridge, or a provider whose
 * implementations have no raw functions, listed before builtin: the DRBGs,
 * jca_random and cipher_init without an IV keep working on builtin's, with
 * the same output; fail closed when no provider has one; policy holds),
 * and the mechanism string (strict parsing, what random_mechanism
 * reports, NativePRNG's parameters).
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jca.h"
#include "testutil.h"
#include "plugins/mini_sha256.h"

/* ---- a DRBG on a fixed entropy pattern ---- */

static int pattern(void *arg, void *buf, size_t lo, size_t hi)
{
	int *calls = arg;

	(void)hi;
	memset(buf, 0x40 + (*calls)++, lo);
	return (int)lo;
}

#define OUT 80

static const char *const mechs[] = {
	NULL, "Hash_DRBG,SHA-256", "HMAC_DRBG,SHA-256", "Hash_DRBG,SHA-1", "HMAC_DRBG,SHA-512",
	"CTR_DRBG,AES-128,no_df", "CTR_DRBG,AES-256,pr_and_reseed",
};
#define NMECHS (sizeof mechs / sizeof mechs[0])

/* Output of mechanism m (instantiate, generate, reseed, generate) into
 * out, its mechanism string into desc; the random_init status. */
static int drbg_run(const char *m, uint8_t out[OUT], char desc[96])
{
	random_ctx *r = random_get_instance("DRBG");
	random_params p;
	int calls = 0, rc;

	ck_assert_ptr_nonnull(r);
	memset(&p, 0, sizeof p);
	p.mechanism = m;
	p.entropy = pattern;
	p.entropy_arg = &calls;
	p.personalization = "conf";
	p.personalization_len = 4;
	rc = random_init(r, &p);
	if (rc == 0) {
		ck_assert_int_eq(random_next_bytes(r, out, OUT / 2), 0);
		ck_assert_int_eq(random_reseed(r, "x", 1), 0);
		ck_assert_int_eq(random_generate(r, out + OUT / 2, OUT / 2, 0, "y", 1), 0);
		snprintf(desc, 96, "%s", random_mechanism(r));
	}
	random_free(r);
	return rc;
}

static uint8_t ref[NMECHS][OUT];
static char ref_desc[NMECHS][96];

/* The outputs with builtin alone. */
static void reference(void)
{
	size_t i;

	tu_config("security.provider.1 = builtin\n");
	for (i = 0; i < NMECHS; i++)
		ck_assert_msg(drbg_run(mechs[i], ref[i], ref_desc[i]) == 0, "%s: %s", mechs[i] ? mechs[i] : "default",
		              jca_last_error_message());
}

/* Every mechanism gives the reference output (so it runs on builtin's
 * primitives); a successful random_init leaves the last error alone. */
static void same_as_reference(const char *order)
{
	uint8_t out[OUT];
	char desc[96];
	size_t i;

	for (i = 0; i < NMECHS; i++) {
		ck_assert_ptr_null(md_get_instance("NO-SUCH-DIGEST"));
		ck_assert_msg(drbg_run(mechs[i], out, desc) == 0, "%s, %s: %s", order,
		              mechs[i] ? mechs[i] : "default", jca_last_error_message());
		ck_assert_int_eq(jca_last_error(), JCA_NOALG);
		ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "NO-SUCH-DIGEST"));
		ck_assert_str_eq(desc, ref_desc[i]);
		ck_assert_msg(memcmp(out, ref[i], OUT) == 0, "%s, %s: output differs from builtin's", order,
		              mechs[i] ? mechs[i] : "default");
	}
}

/* jca_random and cipher_init without an IV (it draws the IV from
 * jca_random) for CBC and GCM. */
static void default_generator_works(const char *serves_cbc)
{
	static const char *const ts[] = { "AES/CBC/PKCS5Padding", "AES/GCM/NoPadding" };
	uint8_t a[64], b[64], key[16] = { 1 };
	size_t i;

	ck_assert_msg(jca_random(a, sizeof a) == 0, "jca_random: %s", jca_last_error_message());
	ck_assert_int_eq(jca_random(b, sizeof b), 0);
	ck_assert(memcmp(a, b, sizeof a) != 0);
	for (i = 0; i < 2; i++) {
		cipher_ctx *c = cipher_get_instance(ts[i]);

		ck_assert_ptr_nonnull(c);
		ck_assert_str_eq(cipher_provider(c), serves_cbc);
		ck_assert_msg(cipher_init(c, JCA_ENCRYPT, key, sizeof key, NULL, 0) == 0, "%s without IV: %s", ts[i],
		              jca_last_error_message());
		cipher_free(c);
	}
}

static void assert_served(const char *provider)
{
	cipher_ctx *c = cipher_get_instance("AES_256/ECB/NoPadding");

	ck_assert_str_eq(tu_served_by("SHA-256"), provider);
	ck_assert_str_eq(tu_served_by("SHA-512"), provider);
	ck_assert_ptr_nonnull(c);
	ck_assert_str_eq(cipher_provider(c), provider);
	cipher_free(c);
}

/* ---- the OpenSSL bridge before builtin (the README's configuration) ---- */

START_TEST(test_bridge_first)
{
	char text[4096];

	if (access(tu_shipped("openssl"), R_OK) != 0) {
		printf("UNAVAILABLE: the OpenSSL bridge (%s not built): bridge-first DRBG test not run\n",
		       tu_shipped("openssl"));
		return;
	}
	reference();
	snprintf(text, sizeof text, "security.provider.1 = openssl\nsecurity.provider.2 = builtin\n"
	         "jca.plugin.dir = %s/plugins/.libs\n", JCA_TOP_BUILDDIR);
	tu_config(text);
	assert_served("openssl");
	same_as_reference("openssl first");
	default_generator_works("openssl");
}
END_TEST

/* ---- a provider without raw functions first (no OpenSSL needed) ---- */

/* Digests and AES in a bridge's shape: contexts owning outside resources
 * (copy and cleanup set), which a DRBG cannot hold. Once armed (after the
 * provider is added) their output is junk: a DRBG running on them would
 * not match the reference. Until then (the host's known answers at load,
 * src/api/md_kat.c, cipher_kat.c) they are the built-in provider's,
 * reached by the public API. */
static int j_armed;
typedef struct {
	md_ctx *md;                /* unarmed */
	cipher_ctx *c;
	mini_sha256 mini;          /* unarmed SHA-256 (a test disables builtin's) */
	int use_mini;
	uint8_t junk;
} j_ctx;

static int j_init_md(void *c, const char *name)
{
	j_ctx *j = c;

	j->junk = 0;
	if (j_armed)
		return 0;
	if (!j->md && !(j->md = md_get_instance_from(name, "builtin")))
		return -1;
	return md_reset(j->md);
}
static int j_init256(void *c)
{
	j_ctx *j = c;

	j->junk = 0;
	j->use_mini = !j_armed;
	return j_armed ? 0 : mini_sha256_init(&j->mini);
}
static int j_init512(void *c) { return j_init_md(c, "SHA-512"); }
static int j_init1(void *c) { return j_init_md(c, "SHA-1"); }
static int j_update(void *c, const void *in, size_t n)
{
	j_ctx *j = c;

	if (j->use_mini)
		return mini_sha256_update(&j->mini, in, n);
	if (j->md)
		return md_update(j->md, in, n);
	j->junk ^= (uint8_t)n;
	return 0;
}
static int j_final(void *c, void *out, size_t n)
{
	j_ctx *j = c;
	size_t len;

	if (j->use_mini)
		return mini_sha256_final(&j->mini, out, n);
	if (j->md)
		return md_digest(j->md, out, n, &len);
	memset(out, j->junk, n);
	return 0;
}
static int j_copy(void *d, const void *s)
{
	memcpy(d, s, sizeof(j_ctx));
	((j_ctx *)d)->md = NULL;
	((j_ctx *)d)->c = NULL;
	return ((const j_ctx *)s)->md || ((const j_ctx *)s)->c ? -1 : 0;
}
static void j_cleanup(void *c)
{
	md_free(((j_ctx *)c)->md);
	cipher_free(((j_ctx *)c)->c);
}
static int j_key(void *c, const uint8_t *k, size_t n)
{
	j_ctx *j = c;

	if (j_armed)
		return 0;
	if (!j->c && !(j->c = cipher_get_instance_from("AES/ECB/NoPadding", "builtin")))
		return -1;
	return cipher_init(j->c, JCA_ENCRYPT, k, n, NULL, 0);
}
static int j_ecb(const void *c, uint8_t *out, const uint8_t *in, size_t nb)
{
	const j_ctx *j = c;
	size_t len;

	if (j->c)
		return cipher_update(j->c, in, nb * 16, out, nb * 16, &len);
	memmove(out, in, nb * 16);
	return 0;
}
static const jca_md_impl j_sha256 = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_md_impl, "sha256-outside", JCA_PRIO_GENERIC, NULL, sizeof(j_ctx), NULL, j_copy, j_cleanup), .digest_size = 32,
	.block_size = 64, .init = j_init256, .update = j_update, .final = j_final
};
static const jca_md_impl j_sha512 = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_md_impl, "sha512-outside", JCA_PRIO_GENERIC, NULL, sizeof(j_ctx), NULL, j_copy, j_cleanup), .digest_size = 64,
	.block_size = 128, .init = j_init512, .update = j_update, .final = j_final
};
static const jca_md_impl j_sha1 = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_md_impl, "sha1-outside", JCA_PRIO_GENERIC, NULL, sizeof(j_ctx), NULL, j_copy, j_cleanup), .digest_size = 20,
	.block_size = 64, .init = j_init1, .update = j_update, .final = j_final
};
static const size_t j_key_sizes[] = { 16, 24, 32, 0 };
static const jca_cipher_impl j_aes = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_cipher_impl, "aes-outside", JCA_PRIO_GENERIC, NULL, sizeof(j_ctx), NULL, NULL, j_cleanup), .block_size = 16,
	.shape = JCA_CIPHER_BLOCK, .key_sizes = j_key_sizes, .set_key = j_key, .ecb_encrypt = j_ecb,
	.ecb_decrypt = j_ecb, .cbc_encrypt = NULL
};
static const jca_impl *const j_sha256_impls[] = { &j_sha256.base, NULL };
static const jca_impl *const j_sha512_impls[] = { &j_sha512.base, NULL };
static const jca_impl *const j_sha1_impls[] = { &j_sha1.base, NULL };
static const jca_impl *const j_aes_impls[] = { &j_aes.base, NULL };
#define J_SVC(var, type, alg, impls) \
	static const jca_service_desc var = { sizeof(jca_service_desc), type, alg, NULL, NULL, impls, NULL, NULL }
J_SVC(j_sha256_svc, JCA_MESSAGE_DIGEST, "SHA-256", j_sha256_impls);
J_SVC(j_sha512_svc, JCA_MESSAGE_DIGEST, "SHA-512", j_sha512_impls);
J_SVC(j_sha1_svc, JCA_MESSAGE_DIGEST, "SHA-1", j_sha1_impls);
J_SVC(j_aes_svc, JCA_CIPHER, "AES", j_aes_impls);
static const jca_service_desc *const j_services[] = {
	&j_sha256_svc, &j_sha512_svc, &j_sha1_svc, &j_aes_svc, NULL
};
static const jca_provider_desc j_desc = {
	JCA_ABI_VERSION, sizeof(jca_provider_desc), "outside", "1", "state outside the context", j_services, NULL
};

START_TEST(test_rawless_first)
{
	reference();
	j_armed = 0;
	ck_assert_int_eq(jca_provider_insert(&j_desc, NULL, 0), 0);
	j_armed = 1;
	assert_served("outside");
	same_as_reference("a provider without raw functions first");
	default_generator_works("builtin");
	/* the DRBG is builtin's service (a provider offers its own table):
	 * without builtin there is none; jca_random, which runs builtin's
	 * DRBG whatever the provider list, then finds no AES-256 it can run
	 * and fails closed naming the one it could not use
	 * (test_default_retries) */
	ck_assert_int_eq(jca_provider_remove("builtin"), 0);
	ck_assert_ptr_null(random_get_instance("DRBG"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
}
END_TEST

/* Policy holds: a digest disabled is offered by no provider, so the
 * search for a usable one finds none either. */
START_TEST(test_policy_holds)
{
	uint8_t out[OUT];
	char desc[96];

	reference();
	tu_config("security.provider.1 = builtin\njca.disabled.algorithms = SHA-256\n");
	j_armed = 0;
	ck_assert_int_eq(jca_provider_insert(&j_desc, NULL, 0), 0);
	j_armed = 1;
	ck_assert_int_eq(drbg_run("Hash_DRBG,SHA-256", out, desc), JCA_DISABLED);
	ck_assert_int_eq(drbg_run("HMAC_DRBG,SHA-256", out, desc), JCA_DISABLED);
	ck_assert_int_eq(drbg_run("HMAC_DRBG,SHA-512", out, desc), 0);
	ck_assert(memcmp(out, ref[4], OUT) == 0);
}
END_TEST

/* jca_random finds its AES-256 the same way; when it finds none it fails
 * closed, and looks again on the next call (a fresh process: Check runs
 * each test in its own). */
START_TEST(test_default_retries)
{
	uint8_t b[16];

#ifdef JCA_MINICHECK
	printf("UNAVAILABLE: jca_random retry test (needs a fresh process per test)\n");
	return;
#endif
	tu_config("security.provider.1 = builtin\n");
	j_armed = 0;
	ck_assert_int_eq(jca_provider_insert(&j_desc, NULL, 0), 0);
	j_armed = 1;
	ck_assert_int_eq(jca_provider_remove("builtin"), 0);
	ck_assert_int_eq(jca_random(b, sizeof b), JCA_RANDOM);
	printf("  jca_random: %s\n", jca_last_error_message());
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "aes-outside"));
	tu_config("security.provider.1 = builtin\n");
	ck_assert_msg(jca_random(b, sizeof b) == 0, "%s", jca_last_error_message());
}
END_TEST

/* ---- the mechanism string ---- */

static int init_with(random_ctx *r, const char *mech, int pr)
{
	random_params p;

	memset(&p, 0, sizeof p);
	p.mechanism = mech;
	p.prediction_resistance = pr;
	return random_init(r, &p);
}

START_TEST(test_mechanism_strings)
{
	static const struct { const char *mech; int pr; const char *want; } good[] = {
		{ "", 0, JCA_DRBG_DEFAULT_MECHANISM },
		{ "use_df,CTR_DRBG,use_df", 0, "CTR_DRBG,AES-256,256,reseed_only,use_df" },
		{ "none,reseed_only,Hash_DRBG", 0, "Hash_DRBG,SHA-256,256,reseed_only" },
		{ "sha-512,Hash_DRBG,SHA-512,256,256", 0, "Hash_DRBG,SHA-512,256,reseed_only" },
		{ "HMAC_DRBG,pr_and_reseed,PR_AND_RESEED", 0, "HMAC_DRBG,SHA-256,256,pr_and_reseed" },
		/* prediction resistance however asked for: the string says so */
		{ "Hash_DRBG,SHA-1", 1, "Hash_DRBG,SHA-1,128,pr_and_reseed" },
		{ NULL, 1, "CTR_DRBG,AES-256,256,pr_and_reseed,use_df" },
		{ "AES-128,no_df,pr_and_reseed", 1, "CTR_DRBG,AES-128,128,pr_and_reseed,no_df" },
		{ " Hash_DRBG , 112 ", 0, "Hash_DRBG,SHA-256,112,reseed_only" },
	};
	/* each refused with JCA_EINVAL, the message naming the item */
	static const struct { const char *mech; int pr; const char *names; } bad[] = {
		{ "Hash_DRBG,SHA-256,128x", 0, "\"128x\"" },
		{ "0128", 0, "\"0128\"" },
		{ "128 x", 0, "\"128 x\"" },
		{ "use_df,no_df", 0, "\"use_df\" and \"no_df\"" },
		{ "CTR_DRBG,no_df,USE_DF", 0, "\"no_df\" and \"USE_DF\"" },
		{ "Hash_DRBG,SHA-256,pr_and_reseed,none", 0, "\"pr_and_reseed\" and \"none\"" },
		{ "reseed_only,pr_and_reseed", 0, "\"reseed_only\" and \"pr_and_reseed\"" },
		{ "128,256", 0, "\"128\" and \"256\"" },
		{ "Hash_DRBG,SHA-256,SHA-512", 0, "\"SHA-256\" and \"SHA-512\"" },
		{ "Hash_DRBG,HMAC_DRBG,Hash_DRBG", 0, "\"Hash_DRBG\" and \"HMAC_DRBG\"" },
		{ "Hash_DRBG,", 0, "item 2 is empty" },
		{ ",Hash_DRBG", 0, "item 1 is empty" },
		{ "Hash_DRBG,,SHA-256", 0, "item 2 is empty" },
		{ " ", 0, "item 1 is empty" },
		{ "Hash_DRBG,reseed_only", 1, "reseed_only contradicts prediction_resistance" },
		{ "none", 1, "none contradicts prediction_resistance" },
		{ "Hash_DRBG,SHA-256\x01\x1b[2J", 0, "\"SHA-256\\x01\\x1b[2J\"" },
	};
	random_ctx *r = random_get_instance("DRBG"), *n;
	random_params p;
	const jca_service *svc;
	uint8_t buf[16], big[70000];
	char again[96];
	size_t i, k;

	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(random_mechanism(r), JCA_DRBG_DEFAULT_MECHANISM);
	ck_assert_int_eq(random_init(r, NULL), 0);
	ck_assert_str_eq(random_mechanism(r), JCA_DRBG_DEFAULT_MECHANISM);
	/* the builtin DRBG service says the same */
	svc = NULL;
	for (k = 0; jca_provider_service_at(jca_provider_find("builtin"), k, &svc) == 0; k++)
		if (!strcmp(jca_service_algorithm(svc), "DRBG"))
			break;
	ck_assert_ptr_nonnull(svc);
	ck_assert_str_eq(jca_service_attribute(svc, "DefaultMechanism"), JCA_DRBG_DEFAULT_MECHANISM);
	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		ck_assert_msg(init_with(r, good[i].mech, good[i].pr) == 0, "\"%s\": %s", good[i].mech,
		              jca_last_error_message());
		ck_assert_str_eq(random_mechanism(r), good[i].want);
		/* the reported string, fed back, gives the same generator */
		snprintf(again, sizeof again, "%s", random_mechanism(r));
		ck_assert_msg(init_with(r, again, 0) == 0, "\"%s\": %s", again, jca_last_error_message());
		ck_assert_str_eq(random_mechanism(r), again);
		ck_assert_int_eq(random_next_bytes(r, buf, sizeof buf), 0);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *msg;

		ck_assert_msg(init_with(r, bad[i].mech, bad[i].pr) == JCA_EINVAL, "\"%s\" accepted", bad[i].mech);
		msg = jca_last_error_message();
		printf("  random_init(\"%s\"%s): %s\n", i == sizeof bad / sizeof bad[0] - 1 ? "<control bytes>" :
		       bad[i].mech, bad[i].pr ? ", pr" : "", msg);
		ck_assert_msg(strstr(msg, bad[i].names) != NULL, "\"%s\" not in \"%s\"", bad[i].names, msg);
		for (k = 0; msg[k]; k++)
			ck_assert_msg((unsigned char)msg[k] >= 0x20 && (unsigned char)msg[k] < 0x7f, "byte %zu", k);
		/* left uninstantiated: the next use takes the defaults */
		ck_assert_str_eq(random_mechanism(r), JCA_DRBG_DEFAULT_MECHANISM);
	}
	/* a failure after the string was accepted reports the defaults too */
	memset(&p, 0, sizeof p);
	memset(big, 1, sizeof big);
	p.mechanism = "HMAC_DRBG,SHA-1";
	p.personalization = big;
	p.personalization_len = sizeof big;
	ck_assert_int_eq(random_init(r, &p), JCA_EINVAL);
	ck_assert_str_eq(random_mechanism(r), JCA_DRBG_DEFAULT_MECHANISM);
	ck_assert_int_eq(random_next_bytes(r, buf, sizeof buf), 0);
	ck_assert_str_eq(random_mechanism(r), JCA_DRBG_DEFAULT_MECHANISM);
	random_free(r);

	/* NativePRNG takes no parameters, prediction resistance included */
	n = random_get_instance("NativePRNG");
	ck_assert_ptr_nonnull(n);
	ck_assert_int_eq(init_with(n, NULL, 1), JCA_EINVAL);
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "prediction resistance"));
	memset(&p, 0, sizeof p);
	p.personalization = "x";
	ck_assert_int_eq(random_init(n, &p), JCA_EINVAL);
	ck_assert_int_eq(random_init(n, NULL), 0);
	ck_assert_int_eq(random_generate(n, buf, sizeof buf, 1, NULL, 0), JCA_EINVAL);
	ck_assert_int_eq(random_generate(n, buf, sizeof buf, 0, "x", 1), JCA_EINVAL);
	ck_assert_int_eq(random_generate(n, buf, sizeof buf, 0, NULL, 0), 0);
	ck_assert_str_eq(random_mechanism(n), "getrandom");
	random_free(n);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("SecureRandom configuration");
	TCase *tc = tcase_create("random_conf");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, NULL, tu_config_remove);
	tcase_add_test(tc, test_bridge_first);
	tcase_add_test(tc, test_rawless_first);
	tcase_add_test(tc, test_policy_holds);
	tcase_add_test(tc, test_default_retries);
	tcase_add_test(tc, test_mechanism_strings);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
