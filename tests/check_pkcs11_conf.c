/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The pkcs11 plugin's configuration, against the SoftHSM2 tokens of
 * tests/pkcs11.sh: bad PIN, missing module, missing token, PIN sources,
 * the module's trust (plugin rules, absolute path), a PIN file that is a
 * FIFO (each a clear error, the registry otherwise unchanged); not loaded
 * unless configured and reached; two tokens from one plugin file; loaded
 * by path; beside the other plugins.
 *
 * Every test runs in its own process (Check's fork mode) with its own
 * configuration.
 */
#define _GNU_SOURCE
#include <check.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jca.h"
#include "testutil.h"
#include "pkcs11_testutil.h"


/* ---- refusals: each a clear reason, the registry otherwise unchanged ---- */

static void expect_failed(const char *reason_part)
{
	const jca_provider *p = jca_provider_find("softhsm");
	md_ctx *md;

	ck_assert_ptr_nonnull(p);
	ck_assert_ptr_null(md_get_instance_from("SHA-256", "softhsm"));
	ck_assert_int_eq(jca_provider_state(p), JCA_PROVIDER_FAILED);
	ck_assert_msg(strstr(jca_provider_state_reason(p), reason_part) != NULL, "reason: %s",
	              jca_provider_state_reason(p));
	printf("refused as expected: %s\n", jca_provider_state_reason(p));
	ck_assert_ptr_null(jca_provider_service_at(p, 0));
	/* the built-in provider still answers every name */
	md = md_get_instance("SHA-256");
	ck_assert_ptr_nonnull(md);
	ck_assert_str_eq(md_provider(md), "builtin");
	md_free(md);
}

static void config_lines(const char *lines)
{
	char more[4096];

	snprintf(more, sizeof more, "%.2047ssecurity.provider.1 = softhsm\nsecurity.provider.2 = builtin\n", lines);
	config(more, NULL);
}

START_TEST(test_bad_pin)
{
	setenv("WRONG_PIN", "999999", 1);
	config_lines(token("softhsm", "jca-test", "WRONG_PIN"));
	expect_failed("CKR_PIN_INCORRECT");
	unsetenv("NO_SUCH_PIN_VAR");
	config_lines(token("softhsm", "jca-test", "NO_SUCH_PIN_VAR"));
	expect_failed("NO_SUCH_PIN_VAR is not set");
}
END_TEST

START_TEST(test_missing_module)
{
	char lines[2048];

	snprintf(lines, sizeof lines, "jca.provider.softhsm.plugin = pkcs11\n"
	         "jca.provider.softhsm.library = %s/no-such-module.so\n"
	         "jca.provider.softhsm.token = jca-test\njca.provider.softhsm.pin.env = JCA_TEST_PIN\n", tmpdir);
	config_lines(lines);
	expect_failed("no-such-module.so: No such file");
	/* no module at all */
	config_lines("jca.provider.softhsm.plugin = pkcs11\njca.provider.softhsm.token = jca-test\n");
	expect_failed("no module configured");
}
END_TEST

START_TEST(test_missing_token)
{
	char lines[2048];

	config_lines(token("softhsm", "no-such-token", "JCA_TEST_PIN"));
	expect_failed("no token labelled \"no-such-token\"");
	snprintf(lines, sizeof lines, "jca.provider.softhsm.plugin = pkcs11\njca.provider.softhsm.library = %s\n"
	         "jca.provider.softhsm.slot = 424242\njca.provider.softhsm.pin.env = JCA_TEST_PIN\n", module);
	config_lines(lines);
	expect_failed("in slot 424242");
}
END_TEST

START_TEST(test_pin_sources)
{
	char lines[4096], pinfile[512];
	FILE *f;
	md_ctx *md;

	/* never in the configuration file */
	snprintf(lines, sizeof lines, "%.2047sjca.provider.softhsm.pin = 123456\n", token("softhsm", "jca-test", "JCA_TEST_PIN"));
	config_lines(lines);
	expect_failed("never read from the configuration");
	/* a PIN file others can read is refused; mode 0600 works */
	snprintf(pinfile, sizeof pinfile, "%s/pin-%d", tmpdir, (int)getpid());
	f = fopen(pinfile, "w");
	fprintf(f, "%s\n", getenv("JCA_TEST_PIN"));
	fclose(f);
	chmod(pinfile, 0644);
	snprintf(lines, sizeof lines, "jca.provider.softhsm.plugin = pkcs11\njca.provider.softhsm.library = %s\n"
	         "jca.provider.softhsm.token = jca-test\njca.provider.softhsm.pin.file = %s\n", module, pinfile);
	config_lines(lines);
	expect_failed("accessible by group or others");
	chmod(pinfile, 0600);
	config_lines(lines);
	md = md_get_instance_from("SHA-256", "softhsm");
	ck_assert_msg(md != NULL, "%s", jca_last_error_message());
	md_free(md);
	unlink(pinfile);
}
END_TEST

/* The module is held to the plugin trust rules, loaded from the
 * descriptor that was checked (the host's load_library): a module in a
 * folder others can write is refused, and a relative path too. */
static void copy_module(const char *to, mode_t mode)
{
	size_t n;
	char *data = tu_read_file(module, &n);
	FILE *f = fopen(to, "wb");

	ck_assert_msg(data && f, "%s: cannot copy the module", to);
	ck_assert_uint_eq(fwrite(data, 1, n, f), n);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(chmod(to, mode), 0);
	free(data);
}

static void config_module(const char *library)
{
	char lines[8192];

	snprintf(lines, sizeof lines, "jca.provider.softhsm.plugin = pkcs11\njca.provider.softhsm.library = %s\n"
	         "jca.provider.softhsm.token = jca-test\njca.provider.softhsm.pin.env = JCA_TEST_PIN\n", library);
	config_lines(lines);
}

/* A copy of the module in a folder of our own (mode dir_mode), the copy
 * with mode file_mode, configured as provider "softhsm". The plugin keeps
 * a provider's token once opened, whatever the configuration says later:
 * one case per test (each its own process). */
static char mod_dir[512], mod_copy[600];

static void configure_copy(mode_t dir_mode, mode_t file_mode)
{
	snprintf(mod_dir, sizeof mod_dir, "%s/modules-%d", tmpdir, (int)getpid());
	ck_assert_int_eq(mkdir(mod_dir, 0700), 0);
	snprintf(mod_copy, sizeof mod_copy, "%s/libsofthsm2-copy.so", mod_dir);
	copy_module(mod_copy, file_mode);
	ck_assert_int_eq(chmod(mod_dir, dir_mode), 0);
	config_module(mod_copy);
}

static void remove_copy(void)
{
	unlink(mod_copy);
	rmdir(mod_dir);
}

static int mapped(const char *needle);

/* Counts the loaded objects the dynamic loader knows by a name. */
struct named {
	const char *name;
	int n;
};

static int count_named(struct dl_phdr_info *info, size_t size, void *data)
{
	struct named *want = data;

	(void)size;
	if (info->dlpi_name && strcmp(info->dlpi_name, want->name) == 0)
		want->n++;
	return 0;
}

/* the copy itself is sound: in a folder of ours (0755) it loads, mapped
 * from the descriptor that was checked (the loader knows it by a
 * /proc/self/fd name), never opened again by its path */
START_TEST(test_module_copy)
{
	struct named by_path = { mod_copy, 0 };
	md_ctx *md;

	configure_copy(0755, 0755);
	md = md_get_instance_from("SHA-256", "softhsm");
	ck_assert_msg(md != NULL, "%s", jca_last_error_message());
	ck_assert(strstr(jca_provider_description(jca_provider_find("softhsm")), mod_copy) != NULL);
	md_free(md);
	ck_assert(mapped("libsofthsm2-copy.so"));
	dl_iterate_phdr(count_named, &by_path);
	ck_assert_msg(by_path.n == 0, "the module was loaded by its path %s", mod_copy);
	remove_copy();
}
END_TEST

/* in a folder open to everyone (not sticky): refused */
START_TEST(test_module_open_dir)
{
	configure_copy(0777, 0755);
	expect_failed("is writable by group or others");
	remove_copy();
}
END_TEST

/* the module itself writable by others: refused */
START_TEST(test_module_writable)
{
	configure_copy(0755, 0666);
	expect_failed("refused, writable by group or others");
	remove_copy();
}
END_TEST

/* a relative path is never resolved against the working directory, even
 * where it would name the module */
START_TEST(test_module_relative)
{
	char dir[512];

	snprintf(dir, sizeof dir, "%s", module);
	*strrchr(dir, '/') = 0;
	ck_assert_int_eq(chdir(dir), 0);
	config_module(strrchr(module, '/') + 1);
	expect_failed("\" is relative: give the module's absolute path");
}
END_TEST

/* A PIN file that is a FIFO (nobody writing) is refused at once, never
 * waited on inside the plugin's entry. */
START_TEST(test_pin_fifo)
{
	char fifo[512], lines[4096];

	snprintf(fifo, sizeof fifo, "%s/pin-fifo-%d", tmpdir, (int)getpid());
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	snprintf(lines, sizeof lines, "jca.provider.softhsm.plugin = pkcs11\njca.provider.softhsm.library = %s\n"
	         "jca.provider.softhsm.token = jca-test\njca.provider.softhsm.pin.file = %s\n", module, fifo);
	config_lines(lines);
	alarm(20);              /* a hang fails the test (SIGALRM), not the suite's timeout */
	expect_failed("not a regular file");
	alarm(0);
	unlink(fifo);
}
END_TEST

/* Loaded by path (jca_provider_load), without a configuration: the
 * provider is "pkcs11" and its settings come from JCA_PKCS11_*. */
START_TEST(test_load_by_path)
{
	char path[4096];
	uint8_t msg[100], a[32], b[32];

	config("security.provider.1 = builtin\n", NULL);
	snprintf(path, sizeof path, "%s/plugins/.libs/pkcs11.so", JCA_TOP_BUILDDIR);
	setenv("JCA_PKCS11_LIBRARY", module, 1);
	setenv("JCA_PKCS11_TOKEN", "jca-two", 1);
	setenv("JCA_PKCS11_PIN_ENV", "JCA_TEST_PIN2", 1);
	ck_assert_msg(jca_provider_load(path, -1) == 0, "%s", jca_last_error_message());
	ck_assert(strstr(jca_provider_description(jca_provider_find("pkcs11")), "jca-two") != NULL);
	fill(msg, sizeof msg);
	digest_of("SHA-256", "pkcs11", msg, sizeof msg, a);
	digest_of("SHA-256", "builtin", msg, sizeof msg, b);
	ck_assert(memcmp(a, b, 32) == 0);
}
END_TEST

/* ---- configuration: not loaded unless configured and reached; two
 * tokens; beside the other plugins ---- */

/* Is a file whose path contains needle mapped in this process? (/proc
 * files report no size: read them line by line.) */
static int mapped(const char *needle)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4096];
	int found = 0, lines = 0;

	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof line, f)) {
		lines++;
		if (strstr(line, needle))
			found = 1;
	}
	fclose(f);
	ck_assert_int_gt(lines, 0);
	return found;
}

START_TEST(test_not_loaded_unless_needed)
{
	char more[4096];
	md_ctx *md;

	config("security.provider.1 = builtin\n", NULL);
	md = md_get_instance("SHA-256");
	md_free(md);
	ck_assert(mapped("libjca"));      /* the check can see a mapping */
	ck_assert(!mapped("pkcs11.so"));
	ck_assert(!mapped("libsofthsm2"));
	/* configured behind builtin: untouched while builtin answers */
	snprintf(more, sizeof more, "%.2047ssecurity.provider.1 = builtin\nsecurity.provider.2 = softhsm\n",
	         token("softhsm", "jca-test", "JCA_TEST_PIN"));
	config(more, NULL);
	md = md_get_instance("SHA-256");
	ck_assert_str_eq(md_provider(md), "builtin");
	md_free(md);
	ck_assert_int_eq(jca_provider_state(jca_provider_find("softhsm")), JCA_PROVIDER_NOT_LOADED);
	ck_assert(!mapped("pkcs11.so"));
	/* asked by name: loaded */
	md = md_get_instance_from("SHA-256", "softhsm");
	ck_assert_msg(md != NULL, "%s", jca_last_error_message());
	md_free(md);
	ck_assert(mapped("pkcs11.so"));
	ck_assert(mapped("libsofthsm2"));
}
END_TEST

START_TEST(test_two_tokens)
{
	char more[8192];
	uint8_t msg[777], a[32], b[32], c[32];

	snprintf(more, sizeof more, "%.2047s", token("softhsm", "jca-test", "JCA_TEST_PIN"));
	snprintf(more + strlen(more), sizeof more - strlen(more), "%s", token("hsm2", "jca-two", "JCA_TEST_PIN2"));
	strcat(more, "security.provider.1 = softhsm\nsecurity.provider.2 = hsm2\nsecurity.provider.3 = builtin\n");
	config(more, NULL);
	fill(msg, sizeof msg);
	digest_of("SHA-256", "softhsm", msg, sizeof msg, a);
	digest_of("SHA-256", "hsm2", msg, sizeof msg, b);
	digest_of("SHA-256", "builtin", msg, sizeof msg, c);
	ck_assert(memcmp(a, c, 32) == 0 && memcmp(b, c, 32) == 0);
	ck_assert_int_eq(jca_provider_state(jca_provider_find("hsm2")), JCA_PROVIDER_LOADED);
	ck_assert(strstr(jca_provider_description(jca_provider_find("softhsm")), "jca-test") != NULL);
	ck_assert(strstr(jca_provider_description(jca_provider_find("hsm2")), "jca-two") != NULL);
}
END_TEST

START_TEST(test_with_other_plugins)
{
	char more[8192];
	uint8_t msg[500], a[64], b[64];
	md_ctx *md;

	snprintf(more, sizeof more, "%.2047ssecurity.provider.1 = softhsm\nsecurity.provider.2 = example\n"
#ifdef JCA_TEST_OPENSSL_BRIDGE
	         "security.provider.3 = openssl\n"
#endif
	         "security.provider.4 = builtin\n", token("softhsm", "jca-test", "JCA_TEST_PIN"));
	config(more, NULL);
	fill(msg, sizeof msg);
	md = md_get_instance("SHA-256");
	ck_assert_str_eq(md_provider(md), "softhsm");
	md_free(md);
	md = md_get_instance("BLAKE2b-512");
	ck_assert_msg(md != NULL, "%s", jca_last_error_message());
	ck_assert_str_eq(md_provider(md), "example");
	md_free(md);
	digest_of("SHA-512", "softhsm", msg, sizeof msg, a);
#ifdef JCA_TEST_OPENSSL_BRIDGE
	digest_of("SHA-512", "openssl", msg, sizeof msg, b);
	ck_assert(memcmp(a, b, 64) == 0);
#endif
	digest_of("SHA-512", "builtin", msg, sizeof msg, b);
	ck_assert(memcmp(a, b, 64) == 0);
	ck_assert_int_eq(jca_provider_state(jca_provider_find("example")), JCA_PROVIDER_LOADED);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("PKCS#11 configuration");
	TCase *tc = tcase_create("softhsm2");
	SRunner *sr;
	int failed, rc = p11t_init();

	if (rc)
		return rc;
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_bad_pin);
	tcase_add_test(tc, test_missing_module);
	tcase_add_test(tc, test_missing_token);
	tcase_add_test(tc, test_pin_sources);
	tcase_add_test(tc, test_module_copy);
	tcase_add_test(tc, test_module_open_dir);
	tcase_add_test(tc, test_module_writable);
	tcase_add_test(tc, test_module_relative);
	tcase_add_test(tc, test_pin_fifo);
	tcase_add_test(tc, test_not_loaded_unless_needed);
	tcase_add_test(tc, test_two_tokens);
	tcase_add_test(tc, test_load_by_path);
	tcase_add_test(tc, test_with_other_plugins);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
