/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The configuration file and the plugins it names, hardened: introspection
 * during a lazy load, a digest larger than the self-test's answer, FIFOs,
 * an entry that joins a thread, ancestor directories, relative paths,
 * misspelt and unmatched policy, HMAC over a disabled digest, preferences
 * that must not depend on earlier lookups, empty and odd configuration
 * files, the drop-in folder, load statuses, plugins for another machine,
 * failed providers named by a lookup that finds nothing;
 * and two naming rules (HMAC over OIDs, no cap on Cipher names).
 *
 * Every test runs in its own process (Check's fork mode).
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jca.h"
#include "testutil.h"
#include "outlen.h"

static char scratch[300];

static void teardown(void)
{
	char cmd[600];

	tu_config_remove();
	if (scratch[0]) {
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
		if (system(cmd) != 0)
			fprintf(stderr, "cannot remove %s\n", scratch);
	}
}

/* A scratch directory of ours, mode 0755, under /tmp. */
static const char *scratch_dir(void)
{
	snprintf(scratch, sizeof scratch, "/tmp/jca-config-%d.d", (int)getpid());
	mkdir(scratch, 0755);
	chmod(scratch, 0755);
	return scratch;
}

static void copy_file(const char *from, const char *to)
{
	char cmd[9000];

	snprintf(cmd, sizeof cmd, "cp '%s' '%s' && chmod 0755 '%s'", from, to, to);
	ck_assert_int_eq(system(cmd), 0);
}

static void expect(int rc, int code, const char *words)
{
	ck_assert_msg(rc == code, "got %s, want %s: %s", jca_error_name(rc), jca_error_name(code),
	              jca_last_error_message());
	ck_assert_msg(strstr(jca_last_error_message(), words) != NULL, "'%s' lacks '%s'", jca_last_error_message(),
	              words);
}

static void expect_config_error(const char *text, const char *words)
{
	tu_config(text);
	ck_assert_ptr_null(md_get_instance("SHA-256"));
	expect(jca_last_error(), JCA_CONFIG, words);
}

/* ---- races and crashes ---- */

static atomic_int stop;

static void *introspect(void *arg)
{
	(void)arg;
	while (!atomic_load(&stop)) {
		const jca_provider *p;
		size_t i, j;

		for (i = 0; jca_provider_at(i, &p) == 0; i++) {
			const jca_service *s;

			(void)jca_provider_name(p);
			(void)jca_provider_version(p);
			for (j = 0; jca_provider_service_at(p, j, &s) == 0; j++) {
				(void)jca_service_algorithm(s);
				if (jca_provider_state(p) != JCA_PROVIDER_LOADED)
					return (void *)1;   /* a service seen before the load completed */
			}
		}
	}
	return NULL;
}

START_TEST(test_introspection_during_load)
{
	int round;

	for (round = 0; round < 5; round++) {
		char text[8192];
		pthread_t t;
		void *rv;

		snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = %s\n"
		         "security.provider.3 = %s\n", tu_fixture("good"), tu_fixture("second"));
		tu_config(text);
		md_free(md_get_instance("SHA-256"));
		atomic_store(&stop, 0);
		ck_assert_int_eq(pthread_create(&t, NULL, introspect, NULL), 0);
		ck_assert_str_eq(tu_served_by("TEST-testsecond"), "testsecond");
		atomic_store(&stop, 1);
		pthread_join(t, &rv);
		ck_assert_ptr_null(rv);
	}
}
END_TEST

START_TEST(test_big_digest)
{
	uint8_t out[1000];
	md_ctx *md;

	tu_config("security.provider.1 = builtin\n");
	ck_assert_msg(jca_provider_load(tu_fixture("bigdigest"), -1) == 0, "%s", jca_last_error_message());
	md = md_get_instance("TEST-testbig");
	ck_assert_ptr_nonnull(md);
	md_update(md, "abc", 3);
	ck_assert_int_eq(tu_digest(md, out, sizeof out), 1000);
	ck_assert(memcmp(out, "\x00\x00\x02\x4d\x00\x00\x01\x27", 8) == 0);
	md_free(md);
}
END_TEST

/* ---- hangs ---- */

START_TEST(test_fifo)
{
	char fifo[512];

	snprintf(fifo, sizeof fifo, "%s/fifo.so", scratch_dir());
	ck_assert_int_eq(mkfifo(fifo, 0644), 0);
	tu_use_conf(fifo);
	ck_assert_ptr_null(md_get_instance("SHA-256"));
	expect(jca_last_error(), JCA_CONFIG, "not a regular file");
	tu_config("security.provider.1 = builtin\n");
	expect(jca_provider_load(fifo, -1), JCA_PLUGIN, "not a regular file");
}
END_TEST

START_TEST(test_entry_joins_thread)
{
	char text[8192];

	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = %s\n"
	         "security.provider.3 = %s\n", tu_fixture("entrythread"), tu_fixture("good"));
	tu_config(text);
	/* loads entrythread, whose entry's thread needs good loaded */
	ck_assert_str_eq(tu_served_by("TEST-testthread"), "testthread");
	ck_assert_int_eq(tu_fixture_int("entrythread", "jca_test_thread_status", -1000), JCA_BUSY);
	ck_assert_str_eq(tu_served_by("TEST-DIGEST"), "testgood");
}
END_TEST

/* ---- trust ---- */

START_TEST(test_ancestor_writable)
{
	char dir[400], sub[500], so[600];

	snprintf(dir, sizeof dir, "%s/open", scratch_dir());
	snprintf(sub, sizeof sub, "%s/sub", dir);
	snprintf(so, sizeof so, "%s/p.so", sub);
	ck_assert_int_eq(mkdir(dir, 0755), 0);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	copy_file(tu_fixture("good"), so);
	chmod(dir, 0777);
	tu_config("security.provider.1 = builtin\n");
	expect(jca_provider_load(so, -1), JCA_PLUGIN, "is writable by group or others");
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), dir));
	chmod(dir, 0755);
	ck_assert_int_eq(jca_provider_load(so, -1), 0);
}
END_TEST

START_TEST(test_relative_paths)
{
	expect_config_error("security.provider.1 = builtin\nsecurity.provider.2 = ./p.so\n", "must be absolute");
	expect_config_error("security.provider.1 = builtin\njca.plugin.dir = ok\n", "must be an absolute path");
	tu_config("security.provider.1 = builtin\n");
	expect(jca_provider_load("tests/plugins/.libs/good.so", -1), JCA_PLUGIN, "must be absolute");
}
END_TEST

START_TEST(test_foreign_machine)
{
	char so[600];
	FILE *f;

	snprintf(so, sizeof so, "%s/arm.so", scratch_dir());
	copy_file(tu_fixture("good"), so);
	f = fopen(so, "r+b");
	ck_assert_ptr_nonnull(f);
	fseek(f, 18, SEEK_SET);                 /* e_machine: EM_AARCH64 */
	fputc(0xb7, f);
	fputc(0x00, f);
	fclose(f);
	tu_config("security.provider.1 = builtin\n");
	expect(jca_provider_load(so, -1), JCA_PLUGIN, so);
	ck_assert_ptr_null(strstr(jca_last_error_message(), "/proc/self/fd"));
}
END_TEST

/* ---- policy ---- */

START_TEST(test_disabled_misspelt)
{
	expect_config_error("security.provider.1 = builtin\njca.disabled.algorithms = MesageDigest.MD5\n",
	                    "unknown service type");
	expect_config_error("security.provider.1 = builtin\njca.disabled.algorithms = MD55\n", "matches no algorithm");
	expect_config_error("security.provider.1 = builtin\njca.provider.preferred = Chipher.AES:builtin\n",
	                    "unknown service type");
	tu_config("security.provider.1 = builtin\njca.disabled.algorithms = 1.2.840.113549.2.5\n");
	ck_assert_ptr_null(md_get_instance("MD5"));
	ck_assert_int_eq(jca_last_error(), JCA_DISABLED);
}
END_TEST

START_TEST(test_disabled_covers_hmac)
{
	char text[8192];
	mac_ctx *m;

	tu_config("security.provider.1 = builtin\njca.disabled.algorithms = MD5\n");
	ck_assert_ptr_null(mac_get_instance("HmacMD5"));
	expect(jca_last_error(), JCA_DISABLED, "disabled by policy");
	ck_assert_ptr_null(mac_get_instance("HMAC-MD5"));
	ck_assert_int_eq(jca_last_error(), JCA_DISABLED);
	m = mac_get_instance("HmacSHA256");
	ck_assert_ptr_nonnull(m);
	mac_free(m);
	/* a plugin's digest too */
	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = example\n"
	         "jca.plugin.dir = %s/plugins/.libs\njca.disabled.algorithms = MessageDigest.BLAKE2b-512\n",
	         JCA_TOP_BUILDDIR);
	tu_config(text);
	ck_assert_ptr_null(md_get_instance("BLAKE2b-512"));
	ck_assert_int_eq(jca_last_error(), JCA_DISABLED);
	ck_assert_ptr_null(mac_get_instance("HmacBLAKE2b-512"));
	ck_assert_int_eq(jca_last_error(), JCA_DISABLED);
	m = mac_get_instance("HmacBLAKE2s-256");
	ck_assert_ptr_nonnull(m);
	mac_free(m);
}
END_TEST

START_TEST(test_preferred_by_path)
{
	char text[8192];

	/* the first lookup already sees the preference, whatever came before */
	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = %s\n"
	         "jca.provider.preferred = MessageDigest.SHA-256:testgood\n", tu_fixture("good"));
	tu_config(text);
	ck_assert_str_eq(tu_served_by("SHA-256"), "testgood");
	tu_config(text);
	ck_assert_str_eq(tu_served_by("SHA-1"), "builtin");
	ck_assert_str_eq(tu_served_by("SHA-256"), "testgood");
	/* no provider of that name: an error, not silently ignored */
	expect_config_error("security.provider.1 = builtin\njca.provider.preferred = SHA-256:nosuch\n",
	                    "not configured");
	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = %s\n"
	         "jca.provider.preferred = MessageDigest.SHA-256:nosuch\n", tu_fixture("good"));
	tu_config(text);
	ck_assert_ptr_null(md_get_instance("SHA-256"));
	expect(jca_last_error(), JCA_CONFIG, "nosuch");
	ck_assert_str_eq(tu_served_by("SHA-1"), "builtin");
}
END_TEST

START_TEST(test_preferred_inside_entry)
{
	char text[8192];

	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = %s\n"
	         "security.provider.3 = %s\njca.provider.preferred = MessageDigest.SHA-1:testsecond\n",
	         tu_fixture("good"), tu_fixture("second"));
	tu_config(text);
	ck_assert_str_eq(tu_served_by("TEST-DIGEST"), "testgood");
	/* the entry's own md_get_instance("SHA-1") found builtin's */
	ck_assert_int_eq(tu_fixture_int("good", "jca_test_entry_lookup", -1000), 0);
	/* testsecond is loaded to see whether it offers SHA-1; it does not */
	ck_assert_str_eq(tu_served_by("SHA-1"), "builtin");
	ck_assert_int_eq(jca_provider_state(tu_provider_at(2)), JCA_PROVIDER_LOADED);
}
END_TEST

/* ---- the configuration file ---- */

START_TEST(test_empty_and_odd_files)
{
	tu_config("# nothing here\n\n");
	ck_assert_ptr_null(md_get_instance("SHA-256"));
	expect(jca_last_error(), JCA_NOALG, "lists no provider");
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), tu_conf_path()));
	tu_use_conf("/dev/zero");
	ck_assert_ptr_null(md_get_instance("SHA-256"));
	expect(jca_last_error(), JCA_CONFIG, "not a regular file");
	tu_use_conf("/proc/self/status");
	ck_assert_ptr_null(md_get_instance("SHA-256"));
	expect(jca_last_error(), JCA_CONFIG, "/proc/self/status:1:");
	ck_assert_ptr_null(strstr(jca_last_error_message(), "Name"));
}
END_TEST

START_TEST(test_config_keys)
{
	expect_config_error("security.provider.1 = builtin\njca.plugin.dir = /a\njca.plugin.dir = /b\n",
	                    "duplicate jca.plugin.dir");
	expect_config_error("security.provider. 2 = builtin\n", "expected security.provider.<1..1000>");
	expect_config_error("security.provider.1 = builtin\nsecurity.provider.+3 = x\n",
	                    "expected security.provider.<1..1000>");
	/* gaps in the numbering are allowed: order is by number */
	tu_config("security.provider.7 = builtin\n");
	ck_assert_str_eq(tu_served_by("SHA-256"), "builtin");
}
END_TEST

START_TEST(test_dropins)
{
	char dir[300], path[400], text[8192];
	FILE *f;

	tu_config("security.provider.1 = builtin\n");
	snprintf(dir, sizeof dir, "%s.d", tu_conf_path());
	ck_assert_int_eq(mkdir(dir, 0755), 0);
	snprintf(scratch, sizeof scratch, "%s", dir);
	snprintf(path, sizeof path, "%s/20-second.conf", dir);
	f = fopen(path, "w");
	fprintf(f, "security.provider.3 = %s\n", tu_fixture("second"));
	fclose(f);
	snprintf(path, sizeof path, "%s/10-good.conf", dir);
	f = fopen(path, "w");
	fprintf(f, "security.provider.2 = %s\n", tu_fixture("good"));
	fclose(f);
	snprintf(path, sizeof path, "%s/README", dir);
	f = fopen(path, "w");
	fputs("not read: not a .conf file\n", f);
	fclose(f);
	tu_use_conf(tu_conf_path());
	ck_assert_str_eq(tu_served_by("TEST-testsecond"), "testsecond");
	ck_assert_str_eq(jca_provider_name(tu_provider_at(1)), "testgood");
	ck_assert_str_eq(jca_provider_name(tu_provider_at(2)), "testsecond");
	/* a duplicate across files names the drop-in file */
	snprintf(path, sizeof path, "%s/30-dup.conf", dir);
	f = fopen(path, "w");
	snprintf(text, sizeof text, "security.provider.2 = %s\n", tu_fixture("good"));
	fputs(text, f);
	fclose(f);
	tu_use_conf(tu_conf_path());
	ck_assert_ptr_null(md_get_instance("SHA-256"));
	expect(jca_last_error(), JCA_CONFIG, "30-dup.conf:1:");
}
END_TEST

START_TEST(test_load_status)
{
	char text[8192];

	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = %s\n"
	         "security.provider.3 = %s\n", tu_fixture("bad_selftest"), tu_fixture("bad_abi"));
	tu_config(text);
	ck_assert_int_eq(jca_provider_ensure_loaded(tu_provider_at(1)), JCA_SELFTEST);
	ck_assert_int_eq(jca_provider_ensure_loaded(tu_provider_at(1)), JCA_SELFTEST);
	ck_assert_int_eq(jca_provider_ensure_loaded(tu_provider_at(2)), JCA_ABI);
	ck_assert_ptr_nonnull(strstr(jca_provider_state_reason(tu_provider_at(2)), "ABI 4.0"));
}
END_TEST

/* ---- a failed lookup names the providers that failed to load ---- */

/* (The message shown on failure is bounded: Check's are.) */
static void expect_in_message(const char *words)
{
	const char *msg = jca_last_error_message();
	size_t n = strlen(msg);

	ck_assert_msg(strstr(msg, words) != NULL, "'%.900s'...'%s' (%zu bytes) lacks '%s'", msg,
	              n > 300 ? msg + n - 300 : "", n, words);
}

/* Three plugins refused (a missing file, a wrong ABI, a group-writable
 * folder): a name nobody offers gets a message naming each, and why. */
START_TEST(test_failed_named_at_lookup)
{
	char dir[400], so[500], text[8192], want[600];

	snprintf(dir, sizeof dir, "%s/open", scratch_dir());
	snprintf(so, sizeof so, "%s/p.so", dir);
	ck_assert_int_eq(mkdir(dir, 0755), 0);
	copy_file(tu_fixture("good"), so);
	chmod(dir, 0777);
	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = /nonexistent/missing.so\n"
	         "security.provider.3 = %s\nsecurity.provider.4 = %s\n", tu_fixture("bad_abi"), so);
	tu_config(text);
	ck_assert_ptr_null(md_get_instance("XOR8"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	expect_in_message("no provider offers MessageDigest \"XOR8\" (");
	expect_in_message("provider \"/nonexistent/missing.so\" failed to load: plugin /nonexistent/missing.so: ");
	snprintf(want, sizeof want, "provider \"%s\" failed to load: ", tu_fixture("bad_abi"));
	expect_in_message(want);
	expect_in_message("built for ABI 4.0");
	snprintf(want, sizeof want, "provider \"%s\" failed to load: ", so);
	expect_in_message(want);
	snprintf(want, sizeof want, "directory %s is writable by group or others", dir);
	expect_in_message(want);
	ck_assert_ptr_null(strstr(jca_last_error_message(), "did you mean"));
	/* every engine: a Cipher, a Mac */
	ck_assert_ptr_null(cipher_get_instance("XOR8/CBC/NoPadding"));
	expect_in_message("provider \"/nonexistent/missing.so\" failed to load");
	ck_assert_ptr_null(mac_get_instance("HmacXOR8"));
	expect_in_message("provider \"/nonexistent/missing.so\" failed to load");
	/* a misspelt name: the suggestion, then the failed providers */
	ck_assert_ptr_null(md_get_instance("SHA-265"));
	expect_in_message("no provider offers MessageDigest \"SHA-265\"; did you mean \"SHA-256\"? (provider "
	                  "\"/nonexistent/missing.so\" failed to load");
	/* found names are untouched */
	md_free(tu_md_get("SHA-256"));
}
END_TEST

/* Refusals longer than a message: the list is cut with "...", the
 * message stays within its buffer, and a suggestion (before the list)
 * survives. */
START_TEST(test_failed_list_cut)
{
	char text[16384], path[3100], *at = text;
	const char *msg;
	int i;

	at += sprintf(at, "security.provider.1 = builtin\n");
	for (i = 0; i < 4; i++) {
		memset(path, 'd', sizeof path - 1);
		path[0] = '/';
		path[sizeof path - 1] = 0;
		snprintf(path + sizeof path - 10, 10, "/%d.so", i);
		at += sprintf(at, "security.provider.%d = %s\n", i + 2, path);
	}
	tu_config(text);
	ck_assert_ptr_null(md_get_instance("XOR8"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	msg = jca_last_error_message();
	ck_assert_uint_lt(strlen(msg), 2 * 4096 + 1024);
	expect_in_message("no provider offers MessageDigest \"XOR8\" (provider \"/ddd");
	ck_assert_str_eq(msg + strlen(msg) - 4, "...)");
	ck_assert_ptr_null(md_get_instance("SHA-265"));
	msg = jca_last_error_message();
	ck_assert_uint_lt(strlen(msg), 2 * 4096 + 1024);
	expect_in_message("no provider offers MessageDigest \"SHA-265\"; did you mean \"SHA-256\"? (provider \"/ddd");
	ck_assert_str_eq(msg + strlen(msg) - 4, "...)");
}
END_TEST

/* ---- names (issue 13): HMAC over OIDs, no caps in the Cipher names ---- */

START_TEST(test_hmac_oid_names)
{
	static const char *const names[] = { "HMAC-2.16.840.1.101.3.4.2.1", "HMAC(2.16.840.1.101.3.4.2.1)",
		"hmac-sha256", "HmacSHA256", "1.2.840.113549.2.9", "OID.1.2.840.113549.2.9" };
	size_t i;

	tu_config("security.provider.1 = builtin\n");
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		mac_ctx *m = mac_get_instance(names[i]);

		ck_assert_msg(m != NULL, "%s: %s", names[i], jca_last_error_message());
		ck_assert_str_eq(mac_algorithm(m), "HmacSHA256");
		mac_free(m);
	}
}
END_TEST

static int x_key(void *ctx, const uint8_t *key, size_t len)
{
	((uint8_t *)ctx)[0] = len ? key[0] : 0;
	return 0;
}
static int x_ecb(const void *ctx, uint8_t *out, const uint8_t *in, size_t nb)
{
	size_t i;

	for (i = 0; i < nb * 8; i++)
		out[i] = in[i] ^ ((const uint8_t *)ctx)[0];
	return 0;
}
static const size_t toyc_key_sizes[] = { 8, 16, 24, 32, 40, 48, 0 };
static const jca_cipher_impl x_impl = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "toyc-x", 100, NULL, 8), .block_size = 8,
	/* six key sizes: 8, 16, 24, 32, 40, 48 bytes */
	.shape = JCA_CIPHER_BLOCK, .key_sizes = toyc_key_sizes,
	.set_key = x_key, .ecb_encrypt = x_ecb, .ecb_decrypt = x_ecb
};
static const jca_impl *const x_impls[] = { &x_impl.base, NULL };
static const char *const x_aliases[] = { "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", NULL };
static const jca_service_desc x_service = {
	sizeof(jca_service_desc), JCA_CIPHER, "TOYC", x_aliases, NULL, x_impls, NULL, NULL
};
static const jca_service_desc *const x_services[] = { &x_service, NULL };
static const jca_provider_desc x_desc = {
	JCA_ABI_VERSION, sizeof(jca_provider_desc), "toyc", "0", "many names", x_services, NULL
};

START_TEST(test_cipher_names_uncapped)
{
	static const char *const names[] = { "A9/ECB/NoPadding", "A10", "TOYC_384/ECB/PKCS5Padding",
		"toyc_320/ECB/NoPadding", "toyc-x/ECB/NoPadding" };
	size_t i;

	tu_config("security.provider.1 = builtin\n");
	ck_assert_msg(jca_provider_add(&x_desc, NULL) == 0, "%s", jca_last_error_message());
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		cipher_ctx *c = cipher_get_instance(names[i]);

		ck_assert_msg(c != NULL, "%s: %s", names[i], jca_last_error_message());
		cipher_free(c);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("Configuration");
	TCase *tc = tcase_create("config");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 30);
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, test_introspection_during_load);
	tcase_add_test(tc, test_big_digest);
	tcase_add_test(tc, test_fifo);
	tcase_add_test(tc, test_entry_joins_thread);
	tcase_add_test(tc, test_ancestor_writable);
	tcase_add_test(tc, test_relative_paths);
	tcase_add_test(tc, test_foreign_machine);
	tcase_add_test(tc, test_disabled_misspelt);
	tcase_add_test(tc, test_disabled_covers_hmac);
	tcase_add_test(tc, test_preferred_by_path);
	tcase_add_test(tc, test_preferred_inside_entry);
	tcase_add_test(tc, test_empty_and_odd_files);
	tcase_add_test(tc, test_config_keys);
	tcase_add_test(tc, test_dropins);
	tcase_add_test(tc, test_load_status);
	tcase_add_test(tc, test_failed_named_at_lookup);
	tcase_add_test(tc, test_failed_list_cut);
	tcase_add_test(tc, test_hmac_oid_names);
	tcase_add_test(tc, test_cipher_names_uncapped);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
