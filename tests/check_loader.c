/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The plugin loader's edges (issue 22): the host table outlives the entry
 * call; loading any number of times never uses up descriptors; a plugin
 * for another machine or ELF class is named as such; messages carry no
 * raw control bytes; a provider declares only the service types of its
 * ABI version; a struct_size refused says what is wrong with it (issue
 * 33); refusals naming two long paths keep the provider's name.
 *
 * Every test runs in its own process (Check's fork mode).
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <dirent.h>
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jca.h"
#include "jca/plugin.h"
#include "testutil.h"
#include "outlen.h"

/* ---- helpers: a scratch folder in the build tree (trusted: its
 * directories are ours and not writable by others), file copies ---- */

static char scratch[4096];

static const char *scratch_dir(void)
{
	snprintf(scratch, sizeof scratch, "%s/tests/loader-%d", JCA_TOP_BUILDDIR, (int)getpid());
	ck_assert_msg(mkdir(scratch, 0755) == 0 || errno == EEXIST, "%s: %s", scratch, strerror(errno));
	ck_assert_int_eq(chmod(scratch, 0755), 0);
	return scratch;
}

static void remove_tree(const char *path)
{
	char cmd[8192];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", path);
	ck_assert_int_eq(system(cmd), 0);
}

static void copy_file(const char *from, const char *to, mode_t mode)
{
	size_t n;
	char *data = tu_read_file(from, &n);
	FILE *f = fopen(to, "wb");

	ck_assert_msg(data && f, "copy %s -> %s: %s", from, to, strerror(errno));
	ck_assert_uint_eq(fwrite(data, 1, n, f), n);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(chmod(to, mode), 0);
	free(data);
}

/* The thread's last message contains words. */
static void says(const char *words)
{
	const char *msg = jca_last_error_message();

	ck_assert_msg(strstr(msg, words) != NULL, "'%s' lacks '%s'", msg, words);
}

static void expect(int rc, int code, const char *words)
{
	ck_assert_msg(rc == code, "got %s, not %s: %s", jca_error_name(rc), jca_error_name(code),
	              jca_last_error_message());
	says(words);
}

/* ---- 8: the host table is valid for the life of the process ---- */

/* Overwrites the stack below the caller's frame, where the loader's
 * frames were while the entry ran. */
static void __attribute__((noinline)) scribble_stack(void)
{
	volatile unsigned char junk[256 * 1024];
	size_t i;

	for (i = 0; i < sizeof junk; i++)
		junk[i] = 0xa5;
}

static void set_final_fails(int on)
{
	void *h = dlopen(tu_fixture("good"), RTLD_NOW | RTLD_NOLOAD);
	atomic_int *flag;

	ck_assert_ptr_nonnull(h);
	flag = dlsym(h, "jca_test_final_fails");
	ck_assert_ptr_nonnull(flag);
	atomic_store(flag, on);
	dlclose(h);
}

/* The fixture keeps the host pointer its entry got; its digest's final
 * calls host->set_error with it long after the entry returned. */
static void final_reports_through_kept_table(void)
{
	uint8_t out[8];
	md_ctx *md = md_get_instance("TEST-DIGEST");

	ck_assert_msg(md != NULL, "%s", jca_last_error_message());
	ck_assert_str_eq(md_provider(md), "testgood");
	scribble_stack();
	set_final_fails(1);
	md_update(md, "abc", 3);
	expect(tu_digest(md, out, sizeof out), JCA_IMPL, "fails on request (reported through the kept host table)");
	set_final_fails(0);
	md_free(md);
}

START_TEST(test_host_table_kept)
{
	char text[8192];

	/* loaded by path (the table without a provider name) */
	tu_config("security.provider.1 = builtin\n");
	ck_assert_msg(jca_provider_load(tu_fixture("good"), -1) == 0, "%s", jca_last_error_message());
	final_reports_through_kept_table();
	/* configured by name (a table with its provider_name), after a
	 * shutdown: the entry runs again, the old pointer stays valid too */
	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = good\n"
	         "jca.plugin.dir = %s/tests/plugins/.libs\n", JCA_TOP_BUILDDIR);
	tu_config(text);
	final_reports_through_kept_table();
	jca_shutdown();
	scribble_stack();
	tu_config(text);
	final_reports_through_kept_table();
}
END_TEST

/* ---- 10: loading never uses up descriptors ---- */

static int open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static int serves(const char *alg, const char *provider)
{
	md_ctx *md = md_get_instance(alg);
	int ok = md && strcmp(md_provider(md), provider) == 0;

	md_free(md);
	return ok;
}

/* 200 rounds of: two plugins through the configuration, then the same two
 * through the API, removed again, then shutdown. Returns 0, or the step
 * that failed (the child's exit status). */
static int cycles(void)
{
	struct rlimit rl = { 64, 64 };
	char text[8192];
	int i, before;

	if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
		return 2;
	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = %s\n"
	         "security.provider.3 = %s\n", tu_fixture("good"), tu_fixture("second"));
	before = open_fds();
	for (i = 0; i < 200; i++) {
		tu_config(text);
		/* every other round the second plugin first: the two files take
		 * turns at the same descriptor numbers */
		if (!serves(i & 1 ? "TEST-testsecond" : "TEST-DIGEST", i & 1 ? "testsecond" : "testgood") ||
		    !serves(i & 1 ? "TEST-DIGEST" : "TEST-testsecond", i & 1 ? "testgood" : "testsecond")) {
			fprintf(stderr, "round %d (configured): %s\n", i, jca_last_error_message());
			return 3;
		}
		jca_shutdown();
		tu_config("security.provider.1 = builtin\n");
		if (jca_provider_load(tu_fixture(i & 1 ? "good" : "second"), -1) != 0 ||
		    jca_provider_load(tu_fixture(i & 1 ? "second" : "good"), -1) != 0) {
			fprintf(stderr, "round %d (API): %s\n", i, jca_last_error_message());
			return 4;
		}
		if (!serves("TEST-DIGEST", "testgood") || !serves("TEST-testsecond", "testsecond"))
			return 5;
		if (jca_provider_remove("testgood") != 0 || jca_provider_remove("testsecond") != 0)
			return 6;
		jca_shutdown();
	}
	if (open_fds() != before) {
		fprintf(stderr, "%d descriptors open before, %d after\n", before, open_fds());
		return 7;
	}
	return 0;
}

START_TEST(test_descriptor_limit)
{
	pid_t pid;
	int st;

	fflush(NULL);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0)
		_exit(cycles());
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert_msg(WIFEXITED(st), "child died with signal %d", WIFSIGNALED(st) ? WTERMSIG(st) : 0);
	ck_assert_msg(WEXITSTATUS(st) == 0, "child failed at step %d", WEXITSTATUS(st));
}
END_TEST

/* ---- 12: a plugin for another machine or ELF class ---- */

#ifdef __x86_64__
#define HOST_WORDS "this process runs x86-64 (ELF machine 62, ELFCLASS64"
#else
#define HOST_WORDS "this process runs"
#endif

START_TEST(test_wrong_elf)
{
	const char *dir = scratch_dir();
	char src[4200], so[4200], cmd[9000], cls[4200];
	FILE *f;
	int fd;
	unsigned char c = ELFCLASS32;

	tu_config("security.provider.1 = builtin\n");
	/* a real AArch64 plugin (on an AArch64 host: a RISC-V one) */
	snprintf(src, sizeof src, "%s/tiny.c", dir);
	snprintf(so, sizeof so, "%s/foreign.so", dir);
	f = fopen(src, "w");
	ck_assert_ptr_nonnull(f);
	fputs("int jca_plugin_entry(const void *h, const void **d) { (void)h; (void)d; return 1; }\n", f);
	fclose(f);
#ifdef __aarch64__
#define CROSS_CC "riscv64-linux-gnu-gcc"
#define FOREIGN "RISC-V (ELF machine 243"
#else
#define CROSS_CC "aarch64-linux-gnu-gcc"
#define FOREIGN "AArch64 (ELF machine 183"
#endif
	snprintf(cmd, sizeof cmd, "command -v " CROSS_CC " >/dev/null && " CROSS_CC " -shared -fPIC -nostdlib -o '%s' '%s'",
	         so, src);
	if (system(cmd) == 0) {
		chmod(so, 0755);
		expect(jca_provider_load(so, -1), JCA_PLUGIN, "wrong ELF machine: the file is built for " FOREIGN);
		says(HOST_WORDS);
		printf("refused as expected: %s\n", jca_last_error_message());
	} else {
		printf("UNAVAILABLE: " CROSS_CC " (a plugin for another machine): that case not run\n");
	}
	/* the fixture with its ELF class byte turned to 32-bit */
	snprintf(cls, sizeof cls, "%s/class32.so", dir);
	copy_file(tu_fixture("good"), cls, 0755);
	fd = open(cls, O_WRONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(pwrite(fd, &c, 1, EI_CLASS), 1);
	close(fd);
	expect(jca_provider_load(cls, -1), JCA_PLUGIN, "wrong ELF class: the file is built for");
	says("ELFCLASS32");
	says(HOST_WORDS);
	printf("refused as expected: %s\n", jca_last_error_message());
	ck_assert_ptr_null(tu_provider_at(1));
	remove_tree(dir);
}
END_TEST

/* ---- 15: no raw control bytes in messages ---- */

static void no_controls(const char *msg)
{
	const unsigned char *p;

	for (p = (const unsigned char *)msg; *p; p++)
		ck_assert_msg(*p >= 0x20 && *p != 0x7f, "control byte 0x%02x in '%s'", *p, msg);
}

START_TEST(test_control_bytes)
{
	char path[300];

	tu_config("security.provider.1 = builtin\n");
	ck_assert_ptr_null(md_get_instance("\x1b[31mX"));
	expect(jca_last_error(), JCA_NOALG, "MessageDigest \"\\x1b[31mX\"");
	no_controls(jca_last_error_message());
	ck_assert_ptr_null(cipher_get_instance("A\x7f\x07\tB\r\n"));
	says("A\\x7f\\x07\\x09B\\x0d\\x0a");
	no_controls(jca_last_error_message());
	/* bytes from 0x80 up (UTF-8) are left as they are */
	ck_assert_ptr_null(md_get_instance("Gr\xc3\xbc\xc3\x9f"));
	expect(jca_last_error(), JCA_NOALG, "\"Gr\xc3\xbc\xc3\x9f\"");
	/* a plugin path with an escape sequence */
	snprintf(path, sizeof path, "/nonexistent/\x1b]0;title\x07-%d.so", (int)getpid());
	expect(jca_provider_load(path, -1), JCA_PLUGIN, "/nonexistent/\\x1b]0;title\\x07-");
	no_controls(jca_last_error_message());
	/* a provider name is validated (printable) before it is echoed */
	ck_assert_ptr_null(md_get_instance_from("SHA-256", "\x1b[2Jp"));
	expect(jca_last_error(), JCA_NOPROVIDER, "\\x1b[2Jp");
	no_controls(jca_last_error_message());
}
END_TEST

/* ---- 17: a provider declares only the types its ABI version knows ---- */

static int gen(void *ctx, void *buf, size_t len, const void *add, size_t add_len)
{
	(void)ctx;
	(void)add;
	(void)add_len;
	memset(buf, 0x3c, len);
	return 0;
}
static const jca_random_impl rng_impl = {
	.base = JCA_IMPL_BASE(jca_random_impl, "loader-rng", JCA_PRIO_GENERIC, NULL, 1),
	.flags = JCA_RANDOM_OWN_ENTROPY, .generate = gen
};
static int kdf_init_fill(void *ctx, const jca_kdf_args *a)
{
	*(uint8_t *)ctx = (uint8_t)a->secret_len;
	return 0;
}
static int kdf_fill(void *ctx, uint8_t *out, size_t len)
{
	memset(out, *(uint8_t *)ctx, len);
	return 0;
}
static const jca_kdf_impl kdf_impl = {
	.base = JCA_IMPL_BASE(jca_kdf_impl, "loader-kdf", JCA_PRIO_GENERIC, NULL, 1),
	.init = kdf_init_fill, .derive = kdf_fill
};
static const jca_impl *const rng_impls[] = { &rng_impl.base, NULL };
static const jca_impl *const kdf_impls[] = { &kdf_impl.base, NULL };
static const jca_service_desc rng_service = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_SECURE_RANDOM, .algorithm = "LoaderRNG",
	.impls = rng_impls
};
static const jca_service_desc kdf_service = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_KDF, .algorithm = "PBKDF2WithHmacLoader",
	.impls = kdf_impls
};
static const jca_service_desc *const rng_services[] = { &rng_service, NULL };
static const jca_service_desc *const kdf_services[] = { &kdf_service, NULL };

/* ABI 3: the major must match (ABI 2 is refused with "rebuild"); the minor
 * is not compared; a structure larger than the host's is accepted when
 * what the host does not know is zero, refused when a member is set. */
START_TEST(test_types_of_abi)
{
	struct {
		jca_provider_desc d;
		uint64_t newer[4];      /* members of a later 3.x header */
	} big;
	jca_provider_desc d = { (2u << 16) | 5, sizeof(jca_provider_desc), "abi25", "1", "an ABI 2.5 provider",
	                        rng_services, NULL };
	random_ctx *r;

	tu_config("security.provider.1 = builtin\n");
	expect(jca_provider_add(&d, NULL), JCA_ABI, "built for ABI 2.5; this libjca has ABI 3.");
	d.abi_version = (4u << 16);
	expect(jca_provider_add(&d, NULL), JCA_ABI, "built for ABI 4.0, newer than this libjca's ABI 3.");
	ck_assert_ptr_null(jca_provider_find("abi25"));
	/* a later minor with a larger descriptor whose new members are unset */
	memset(&big, 0, sizeof big);
	big.d = d;
	big.d.abi_version = (3u << 16) | 9;
	big.d.struct_size = sizeof big;
	big.d.name = "abi39";
	ck_assert_msg(jca_provider_add(&big.d, NULL) == 0, "%s", jca_last_error_message());
	r = random_get_instance("LoaderRNG");
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(random_provider(r), "abi39");
	random_free(r);
	ck_assert_int_eq(jca_provider_remove("abi39"), 0);
	/* one of them set: this host cannot honour it */
	big.newer[2] = 1;
	expect(jca_provider_add(&big.d, NULL), JCA_ABI, "provider descriptor sets members beyond this libjca's");
	ck_assert_ptr_null(jca_provider_find("abi39"));
	(void)kdf_services;
}
END_TEST

/* A struct_size the host cannot take is refused saying what is wrong with
 * it: smaller than ABI 3.0's structure, or larger than any structure (not
 * "this libjca accepts 112 or more" for 5000, issue 33). */
START_TEST(test_struct_size_words)
{
	jca_random_impl odd = rng_impl;
	const jca_impl *const odd_impls[] = { &odd.base, NULL };
	jca_service_desc svc = rng_service;
	const jca_service_desc *const svcs[] = { &svc, NULL };
	jca_provider_desc d = { JCA_ABI_VERSION, 5000, "sizes", "1", "odd struct_size", svcs, NULL };

	tu_config("security.provider.1 = builtin\n");
	expect(jca_provider_add(&d, NULL), JCA_ABI, "provider descriptor struct_size 5000: no such structure is "
	       "that large");
	ck_assert_ptr_null(strstr(jca_last_error_message(), "or more"));
	ck_assert_ptr_nonnull(strstr(jca_last_error_message(), "sizeof"));
	d.struct_size = 8;
	expect(jca_provider_add(&d, NULL), JCA_ABI, "provider descriptor struct_size 8: smaller than the ");
	d.struct_size = sizeof d;
	svc.impls = odd_impls;
	odd.base.struct_size = 100000;
	expect(jca_provider_add(&d, NULL), JCA_ABI, "service 0: implementation 0 (SecureRandom) struct_size 100000: "
	       "no such structure is that large");
	odd.base.struct_size = 4;
	expect(jca_provider_add(&d, NULL), JCA_ABI, "implementation 0 (SecureRandom) struct_size 4: smaller than");
	svc.impls = rng_impls;
	svc.struct_size = 4097;
	expect(jca_provider_add(&d, NULL), JCA_ABI, "service 0: jca_service_desc struct_size 4097: no such");
	ck_assert_ptr_null(jca_provider_find("sizes"));
}
END_TEST

/* JCA_HOST_HAS: a member is there when the host's table covers it and it
 * is set; jca_host_compatible asks for the 3.0 table and the major only. */
static void *no_lib(const char *path, char *why, size_t n)
{
	(void)path;
	(void)why;
	(void)n;
	return NULL;
}

START_TEST(test_host_has)
{
	jca_host_api h;

	memset(&h, 0, sizeof h);
	h.abi_version = JCA_ABI_VERSION;
	h.struct_size = sizeof h;
	h.load_library = no_lib;
	ck_assert(JCA_HOST_HAS(&h, load_library));
	ck_assert(jca_host_compatible(&h));
	h.load_library = NULL;                         /* covered, but not offered */
	ck_assert(!JCA_HOST_HAS(&h, load_library));
	h.load_library = no_lib;
	h.struct_size = (uint32_t)offsetof(jca_host_api, load_library);   /* an older, shorter table */
	ck_assert(!JCA_HOST_HAS(&h, load_library));
	ck_assert(!jca_host_compatible(&h));
	h.struct_size = sizeof h;
	h.abi_version = (2u << 16) | 5;               /* another major */
	ck_assert(!jca_host_compatible(&h));
	h.abi_version = (3u << 16) | 7;               /* a newer minor: fine */
	ck_assert(jca_host_compatible(&h));
}
END_TEST

/* ---- 18: long paths never cut what failed ---- */

/* A folder about `len` bytes long under dir, made of 200-byte parts. */
static void deep_dir(char *out, size_t n, const char *dir, const char *tag, size_t len)
{
	char part[201];

	memset(part, 'd', 200);
	part[200] = 0;
	snprintf(out, n, "%s/%s", dir, tag);
	ck_assert_int_eq(mkdir(out, 0755), 0);
	while (strlen(out) + 201 < len) {
		strcat(out, "/");
		strcat(out, part);
		ck_assert_msg(mkdir(out, 0755) == 0, "%s: %s", out, strerror(errno));
	}
}

START_TEST(test_long_paths)
{
	const char *dir = scratch_dir();
	static char a[4096], b[4096], pa[4200], pb[4200], link[4200], text[16384];
	const jca_provider *p;
	const char *msg;

	deep_dir(a, sizeof a, dir, "a", 1800);
	deep_dir(b, sizeof b, dir, "b", 1800);
	snprintf(pa, sizeof pa, "%s/good.so", a);
	snprintf(pb, sizeof pb, "%s/samename.so", b);
	copy_file(tu_fixture("good"), pa, 0755);
	copy_file(tu_fixture("samename"), pb, 0755);
	snprintf(link, sizeof link, "%s/link.so", b);
	ck_assert_int_eq(symlink(pa, link), 0);
	tu_config("security.provider.1 = builtin\n");
	ck_assert_msg(jca_provider_load(pa, -1) == 0, "%s", jca_last_error_message());
	/* another file, the same provider name: the name and both paths */
	expect(jca_provider_load(pb, -1), JCA_EXISTS, "provider \"testgood\"");
	msg = jca_last_error_message();
	ck_assert_msg(strstr(msg, pa) && strstr(msg, pb), "a path is missing from '%s'", msg);
	/* the same file again: the provider's name and both paths */
	expect(jca_provider_load(link, -1), JCA_EXISTS, "provider \"testgood\"");
	msg = jca_last_error_message();
	ck_assert_msg(strstr(msg, pa) && strstr(msg, link), "a path is missing from '%s'", msg);
	/* configured: the reason a provider failed, and a lookup's message */
	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = %s\nsecurity.provider.3 = %s\n",
	         pa, pb);
	tu_config(text);
	p = tu_provider_at(2);
	ck_assert_int_eq(jca_provider_ensure_loaded(tu_provider_at(1)), 0);
	expect(jca_provider_ensure_loaded(p), JCA_EXISTS, "provider \"testgood\"");
	ck_assert_ptr_nonnull(strstr(jca_provider_state_reason(p), "provider \"testgood\""));
	ck_assert_ptr_nonnull(strstr(jca_provider_state_reason(p), pa));
	ck_assert_ptr_nonnull(strstr(jca_provider_state_reason(p), pb));
	remove_tree(dir);
}
END_TEST

/* Removes the scratch folder also when a test failed half-way. */
static void teardown(void)
{
	if (scratch[0]) {
		char cmd[8192];

		snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
		if (system(cmd) != 0)
			fprintf(stderr, "cannot remove %s\n", scratch);
	}
	tu_config_remove();
}

int main(void)
{
	Suite *s = suite_create("Loader");
	TCase *tc = tcase_create("loader");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, test_host_table_kept);
	tcase_add_test(tc, test_descriptor_limit);
	tcase_add_test(tc, test_wrong_elf);
	tcase_add_test(tc, test_control_bytes);
	tcase_add_test(tc, test_types_of_abi);
	tcase_add_test(tc, test_struct_size_words);
	tcase_add_test(tc, test_host_has);
	tcase_add_test(tc, test_long_paths);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
