/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Hardening checks that the other suites do not make:
 *
 *  wipe      secrets are gone from instance memory: key schedules, HMAC
 *            pads (the keyed inner/outer digest states), buffered plaintext
 *            and digest state - when an instance is freed, and when it is
 *            keyed again. This file interposes malloc/free/calloc/realloc
 *            (through dlsym(RTLD_NEXT)): while a test tracks allocations,
 *            new blocks are filled with a poison byte, and when a tracked
 *            block is freed its bytes are scanned: every byte must be 0
 *            (wiped) or the poison (never written), and neither the key nor
 *            the plaintext may be found in it. JCA_RECYCLE=0 is set before
 *            the first libjca call so that freed blocks go back to free();
 *            one test turns recycling on (fork mode only) and checks the
 *            block waiting in the per-thread cache instead. Skipped, with
 *            a message, in ThreadSanitizer and MemorySanitizer builds.
 *  fork      after fork() the child can look up, create and use instances
 *            (also ones made before the fork), load, remove and reload a
 *            plugin, shut down and start again, and exits 0.
 *  teardown  jca_shutdown() then use again (it reinitialises), repeated
 *            shutdowns, shutdown before first use, jca_shutdown from an
 *            atexit handler with plugins loaded and providers added.
 *
 * Reading an instance's block through the pointer the library returned is
 * white-box (the layout is not public), but only for finding bytes: no
 * offsets are assumed.
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jca.h"
#include "testutil.h"
#include "outlen.h"

/* ------------------------------------------------------------------ */
/* malloc interposition                                                */
/* ------------------------------------------------------------------ */

/* ThreadSanitizer and MemorySanitizer replace malloc themselves and call
 * it before this file's dlsym(RTLD_NEXT) could resolve anything: in such
 * a build the functions below keep private names (no interposition) and
 * the wipe tests print SKIP with the reason; the rest of the suite runs. */
#if defined(__SANITIZE_THREAD__)
#define NO_INTERPOSE "ThreadSanitizer"
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define NO_INTERPOSE "ThreadSanitizer"
#elif __has_feature(memory_sanitizer)
#define NO_INTERPOSE "MemorySanitizer"
#endif
#endif
#ifdef NO_INTERPOSE
#define INTERPOSED static __attribute__((unused))
#define NAME(f) unused_##f
#else
#define INTERPOSED
#define NAME(f) f
#endif

#define POISON 0xCB
#define MAX_TRACKED 4096

static void *(*real_malloc)(size_t);
static void (*real_free)(void *);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);

/* dlsym may allocate before the real functions are known */
static unsigned char boot[8192];
static size_t boot_used;

static _Atomic int tracking;
static pthread_mutex_t track_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
	void *p;
	size_t size;
	int watched;         /* an instance block: scanned when freed */
} tracked[MAX_TRACKED];

/* What the scans of freed tracked blocks found. */
static struct {
	size_t blocks;       /* tracked blocks freed */
	size_t dirty;        /* bytes neither 0 nor poison */
	size_t key_hits;     /* occurrences of a registered secret */
} scan;
static struct {
	const unsigned char *p;
	size_t n;
} secrets[8];
static size_t nsecrets;

static void resolve(void)
{
	static _Atomic int resolving;

	if (real_malloc || atomic_exchange(&resolving, 1))
		return;
	real_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
	real_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
	real_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
	real_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
}

static void *boot_alloc(size_t n)
{
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (boot_used + n > sizeof boot)
		return NULL;
	p = boot + boot_used;
	boot_used += n;
	return p;
}

static int in_boot(const void *p)
{
	return (const unsigned char *)p >= boot && (const unsigned char *)p < boot + sizeof boot;
}

static size_t count_hits(const unsigned char *b, size_t n)
{
	size_t hits = 0, i, k;

	for (k = 0; k < nsecrets; k++)
		for (i = 0; i + secrets[k].n <= n; i++)
			if (memcmp(b + i, secrets[k].p, secrets[k].n) == 0)
				hits++;
	return hits;
}

static void on_free(void *p)
{
	size_t i;

	if (!p || !atomic_load(&tracking))
		return;
	pthread_mutex_lock(&track_lock);
	for (i = 0; i < MAX_TRACKED; i++) {
		if (tracked[i].p == p) {
			const unsigned char *b = p;
			size_t j;

			if (!tracked[i].watched) {
				tracked[i].p = NULL;
				break;
			}
			scan.blocks++;
			for (j = 0; j < tracked[i].size; j++)
				if (b[j] != 0 && b[j] != POISON)
					scan.dirty++;
			scan.key_hits += count_hits(b, tracked[i].size);
			tracked[i].p = NULL;
			break;
		}
	}
	pthread_mutex_unlock(&track_lock);
}

static void untrack(void *p)
{
	size_t i;

	if (!p || !atomic_load(&tracking))
		return;
	pthread_mutex_lock(&track_lock);
	for (i = 0; i < MAX_TRACKED; i++)
		if (tracked[i].p == p)
			tracked[i].p = NULL;
	pthread_mutex_unlock(&track_lock);
}

static void on_malloc(void *p, size_t size)
{
	size_t i;

	if (!p || !atomic_load(&tracking))
		return;
	memset(p, POISON, size);
	pthread_mutex_lock(&track_lock);
	for (i = 0; i < MAX_TRACKED; i++) {
		if (!tracked[i].p) {
			tracked[i].p = p;
			tracked[i].size = size;
			tracked[i].watched = 0;
			break;
		}
	}
	pthread_mutex_unlock(&track_lock);
}

INTERPOSED void *NAME(malloc)(size_t size)
{
	void *p;

	resolve();
	if (!real_malloc)
		return boot_alloc(size);
	p = real_malloc(size);
	on_malloc(p, size);
	return p;
}

INTERPOSED void *NAME(calloc)(size_t n, size_t size)
{
	resolve();
	if (!real_calloc) {
		void *p = n && size > sizeof boot / n ? NULL : boot_alloc(n * size);

		if (p)
			memset(p, 0, n * size);
		return p;
	}
	return real_calloc(n, size);
}

INTERPOSED void NAME(free)(void *p)
{
	if (!p || in_boot(p))
		return;
	on_free(p);
	resolve();
	if (real_free)
		real_free(p);
}

INTERPOSED void *NAME(realloc)(void *p, size_t size)
{
	resolve();
	if (in_boot(p)) {
		void *q = malloc(size);

		if (q)
			memcpy(q, p, size);
		return q;
	}
	untrack(p);     /* no longer the block it was */
	return real_realloc ? real_realloc(p, size) : NULL;
}

static void track_start(void)
{
	memset(&scan, 0, sizeof scan);
	nsecrets = 0;
	atomic_store(&tracking, 1);
}

static void track_stop(void)
{
	atomic_store(&tracking, 0);
	memset(tracked, 0, sizeof tracked);
}

static void secret(const void *p, size_t n)
{
	ck_assert(nsecrets < sizeof secrets / sizeof secrets[0]);
	secrets[nsecrets].p = p;
	secrets[nsecrets].n = n;
	nsecrets++;
}

/* Marks p as an instance block, to be scanned when freed; returns the
 * size it was allocated with (0 if it was not allocated while tracking).
 * Other blocks allocated meanwhile (the test framework's, libc's) are
 * poisoned but not scanned. */
static size_t tracked_size(const void *p)
{
	size_t i, n = 0;

	pthread_mutex_lock(&track_lock);
	for (i = 0; i < MAX_TRACKED; i++)
		if (tracked[i].p == p) {
			n = tracked[i].size;
			tracked[i].watched = 1;
		}
	pthread_mutex_unlock(&track_lock);
	return n;
}

static size_t find(const void *block, size_t n, const void *pat, size_t m)
{
	const unsigned char *b = block;
	size_t i, hits = 0;

	for (i = 0; i + m <= n; i++)
		if (memcmp(b + i, pat, m) == 0)
			hits++;
	return hits;
}

/* Recognisable secrets: no run of them occurs by chance. */
static const unsigned char K1[32] = "K1-secret-key-0123456789abcdef!";
static const unsigned char K2[32] = "K2-other-key-zyxwvutsrqponmlkj?";
static const unsigned char PT[48] = "plaintext that must not stay behind in a block!";

/* Is the interposition in effect for libjca's allocations? Not under
 * valgrind, whose malloc replacement takes the calls before this file's
 * malloc sees them. */
static int interposed(void)
{
	md_ctx *md;
	size_t size;

#ifdef NO_INTERPOSE
	fprintf(stderr, "SKIP: built with " NO_INTERPOSE ", whose allocator cannot be interposed: "
	        "wiping not checked here (the plain build checks it)\n");
	return 0;
#endif
	(void)tu_provider_at(0);      /* the registry, outside tracking */
	track_start();
	md = md_get_instance("SHA-256");
	size = tracked_size(md);
	md_free(md);
	track_stop();
	if (!size)
		fprintf(stderr, "SKIP: malloc interposition is not in effect (valgrind?): wiping not checked here\n");
	return size != 0;
}

static void registry_up(void)
{
	/* initialise outside the tracking window: registry memory is not
	 * instance memory */
	md_free(md_get_instance("SHA-256"));
	mac_free(mac_get_instance("HmacSHA256"));
	cipher_free(cipher_get_instance("AES/CBC/PKCS5Padding"));
}

/* ------------------------------------------------------------------ */
/* wipe                                                                */
/* ------------------------------------------------------------------ */

static const char *const transformations[] = {
	"AES/CBC/PKCS5Padding", "AES/ECB/NoPadding", "aes-generic/CBC/PKCS5Padding", "AES_256/CBC/NoPadding",
};
#define NTRANS (sizeof transformations / sizeof transformations[0])

START_TEST(test_wipe_cipher)
{
	const char *tr = transformations[_i];
	size_t klen = strstr(tr, "AES_256") ? 32 : 16, n, size;
	unsigned char iv[16], out[128];
	cipher_ctx *c, *c2;
	int cbc = strstr(tr, "CBC") != NULL;

	if (!interposed())
		return;
	memset(iv, 0x17, sizeof iv);
	registry_up();
	track_start();
	secret(K1, klen);
	secret(PT, 12);
	c = cipher_get_instance(tr);
	ck_assert_msg(c != NULL, "%s: %s", tr, jca_last_error_message());
	size = tracked_size(c);
	ck_assert_msg(size > 0, "%s: the instance block was not allocated with malloc while tracking", tr);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, K1, klen, cbc ? iv : NULL, cbc ? 16 : 0), 0);
	/* 16 + 12 bytes: one block out, 12 bytes of plaintext buffered */
	ck_assert_int_eq(cipher_update(c, PT, 28, out, sizeof out, &n), 0);
	ck_assert_uint_eq(n, 16);
	ck_assert_msg(find(c, size, PT + 16, 12) == 1, "%s: the buffered plaintext is not in the block (scan broken?)",
	              tr);

	/* keyed again: nothing of K1 or the buffered bytes is left; the block
	 * equals that of a fresh instance keyed with K2 (same IV) */
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, K2, klen, cbc ? iv : NULL, cbc ? 16 : 0), 0);
	c2 = cipher_get_instance(tr);
	ck_assert_uint_eq(tracked_size(c2), size);
	ck_assert_int_eq(cipher_init(c2, JCA_ENCRYPT, K2, klen, cbc ? iv : NULL, cbc ? 16 : 0), 0);
	ck_assert_msg(memcmp(c, c2, size) == 0, "%s: re-keyed instance differs from a fresh one (old key or data left)",
	              tr);
	ck_assert_uint_eq(find(c, size, PT + 16, 12), 0);
	ck_assert_uint_eq(find(c, size, K1, klen), 0);

	/* freed: every byte wiped */
	ck_assert_int_eq(cipher_update(c, PT, 12, out, sizeof out, &n), 0);
	cipher_free(c);
	cipher_free(c2);
	ck_assert_uint_eq(scan.blocks, 2);
	ck_assert_msg(scan.dirty == 0, "%s: %zu bytes of freed instances were not wiped", tr, scan.dirty);
	ck_assert_msg(scan.key_hits == 0, "%s: key or plaintext found %zu times in freed instances", tr, scan.key_hits);
	track_stop();
}
END_TEST

static const char *const macs[] = { "HmacSHA256", "HmacSHA512", "HmacSHA3-256", "HmacMD5", "HmacSHA1" };
#define NMACS (sizeof macs / sizeof macs[0])

START_TEST(test_wipe_mac)
{
	const char *name = macs[_i];
	unsigned char tag[64];
	mac_ctx *m, *m2, *cl;
	size_t size;

	if (!interposed())
		return;
	registry_up();
	track_start();
	secret(K1, 20);
	secret(PT, 12);
	m = mac_get_instance(name);
	ck_assert_ptr_nonnull(m);
	size = tracked_size(m);
	ck_assert_uint_gt(size, 0);
	ck_assert_int_eq(mac_init(m, K1, 20), 0);
	/* the raw key is never kept, only the keyed states */
	ck_assert_uint_eq(find(m, size, K1, 20), 0);
	ck_assert_int_eq(mac_update(m, PT, 40), 0);
	cl = mac_clone(m);
	ck_assert_ptr_nonnull(cl);
	ck_assert_uint_eq(tracked_size(cl), size);

	/* keyed again: equal to a fresh instance keyed with K2 */
	ck_assert_int_eq(mac_init(m, K2, 20), 0);
	m2 = mac_get_instance(name);
	ck_assert_uint_eq(tracked_size(m2), size);
	ck_assert_int_eq(mac_init(m2, K2, 20), 0);
	ck_assert_msg(memcmp(m, m2, size) == 0, "%s: re-keyed Mac differs from a fresh one (old pads or data left)",
	              name);
	/* after do_final: back to the keyed state, the message gone */
	ck_assert_int_eq(mac_update(m2, PT, 40), 0);
	ck_assert_int_gt(tu_mac_final(m2, tag, sizeof tag), 0);
	ck_assert_msg(memcmp(m, m2, size) == 0, "%s: state after mac_do_final differs from the keyed state", name);
	ck_assert_int_eq(mac_update(m2, PT, 40), 0);
	ck_assert_int_eq(mac_reset(m2), 0);
	ck_assert_msg(memcmp(m, m2, size) == 0, "%s: state after mac_reset differs from the keyed state", name);

	mac_free(cl);
	mac_free(m);
	mac_free(m2);
	ck_assert_uint_eq(scan.blocks, 3);
	ck_assert_msg(scan.dirty == 0, "%s: %zu bytes of freed instances were not wiped", name, scan.dirty);
	ck_assert_uint_eq(scan.key_hits, 0);
	track_stop();
}
END_TEST

START_TEST(test_wipe_md)
{
	static const char *const mds[] = { "SHA-256", "SHA-512", "SHA3-256", "SHAKE128", "MD5" };
	size_t i;

	if (!interposed())
		return;
	registry_up();
	for (i = 0; i < sizeof mds / sizeof mds[0]; i++) {
		md_ctx *md, *cl;
		size_t size;

		track_start();
		secret(PT, 12);
		md = md_get_instance(mds[i]);
		ck_assert_ptr_nonnull(md);
		size = tracked_size(md);
		ck_assert_uint_gt(size, 0);
		md_update(md, PT, 40);      /* less than a block: buffered */
		ck_assert_msg(find(md, size, PT, 12) == 1, "%s: buffered input not found (scan broken?)", mds[i]);
		cl = md_clone(md);
		ck_assert_ptr_nonnull(cl);
		ck_assert_uint_eq(tracked_size(cl), size);
		md_free(md);
		md_free(cl);
		ck_assert_uint_eq(scan.blocks, 2);
		ck_assert_msg(scan.dirty == 0, "%s: %zu bytes of freed digests were not wiped", mds[i], scan.dirty);
		ck_assert_uint_eq(scan.key_hits, 0);
		track_stop();
	}
}
END_TEST

/* With recycling on, a freed block waits wiped in the thread's cache (its
 * first word is the cache's link) and comes back for the next instance. */
START_TEST(test_wipe_recycled)
{
	static const unsigned char iv[16] = { 1 };
	cipher_ctx *c, *c2;
	mac_ctx *m;
	size_t size, n, i;
	unsigned char out[64];
	const unsigned char *b;

	setenv("JCA_RECYCLE", "1", 1);     /* this process only: fork mode */
	if (!interposed())
		return;
	/* interposed() left a digest block in the cache, no cipher block */
	track_start();
	secret(K1, 16);
	secret(PT, 12);
	c = cipher_get_instance("AES/CBC/PKCS5Padding");
	size = tracked_size(c);
	ck_assert_uint_gt(size, 0);
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, K1, 16, iv, 16), 0);
	ck_assert_int_eq(cipher_update(c, PT, 28, out, sizeof out, &n), 0);
	b = (const unsigned char *)c;
	cipher_free(c);
	if (scan.blocks == 1) {
		/* recycling is off in this build or process after all */
		ck_assert_uint_eq(scan.dirty, 0);
		ck_assert_uint_eq(scan.key_hits, 0);
	} else {
		/* still allocated (in the cache): readable */
		for (i = sizeof(void *); i < size; i++)
			ck_assert_msg(b[i] == 0 || b[i] == POISON, "byte %zu of a cached block is 0x%02x", i, b[i]);
		ck_assert_uint_eq(count_hits(b, size), 0);
		c2 = cipher_get_instance("AES/CBC/PKCS5Padding");
		ck_assert_ptr_eq(c2, (const void *)b);    /* the same block back */
		cipher_free(c2);
	}
	m = mac_get_instance("HmacSHA256");
	ck_assert_int_eq(mac_init(m, K1, 16), 0);
	mac_free(m);
	track_stop();
}
END_TEST

/* ------------------------------------------------------------------ */
/* fork                                                                */
/* ------------------------------------------------------------------ */

static const char *good_plugin(void)
{
	static char path[4096];
	const char *b = getenv("top_builddir");
	struct stat st;

#ifdef JCA_TOP_BUILDDIR
	if (!b)
		b = JCA_TOP_BUILDDIR;
#endif
	if (!b)
		b = ".";
	snprintf(path, sizeof path, "%s/tests/plugins/.libs/good.so", b);
	return stat(path, &st) == 0 ? path : NULL;
}

static int digest_ok(const char *alg, const char *provider)
{
	md_ctx *md = provider ? md_get_instance_from(alg, provider) : md_get_instance(alg);
	unsigned char out[64];
	int n;

	if (!md)
		return 0;
	md_update(md, "abc", 3);
	n = tu_digest(md, out, sizeof out);
	md_free(md);
	return n > 0;
}

static void *thread_lookups(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < 200; i++)
		if (!digest_ok(i & 1 ? "SHA-256" : "SHA3-256", NULL))
			return (void *)1;
	return NULL;
}

/* What the child checks; returns its exit status. */
static int child_work(cipher_ctx *before, const char *plugin)
{
	static const unsigned char key[16] = { 9 }, iv[16] = { 8 };
	unsigned char out[64];
	size_t n;
	pthread_t th[2];
	void *rv;
	int i;

	/* the registry snapshot and everything made before the fork */
	if (!digest_ok("SHA-256", NULL))
		return 10;
	if (cipher_do_final(before, "0123456789abcdef", 16, out, sizeof out, &n) != 0 || n != 16)
		return 11;
	cipher_free(before);
	/* a plugin loaded by the parent is loaded here too */
	if (plugin && !digest_ok("TEST-DIGEST", "testgood"))
		return 12;
	/* threads in the child */
	for (i = 0; i < 2; i++)
		if (pthread_create(&th[i], NULL, thread_lookups, NULL))
			return 13;
	for (i = 0; i < 2; i++)
		if (pthread_join(th[i], &rv) || rv)
			return 14;
	/* change the provider list in the child */
	if (plugin) {
		if (jca_provider_load(plugin, -1) != JCA_EXISTS)
			return 15;
		if (jca_provider_remove("testgood") != 0 || digest_ok("TEST-DIGEST", NULL))
			return 16;
		if (jca_provider_load(plugin, 0) != 0 || !digest_ok("TEST-DIGEST", NULL))
			return 17;
	}
	/* new instances of every engine */
	{
		/* the test plugin offers a (wrong) SHA-256 of its own */
		cipher_ctx *c = cipher_get_instance_from("AES/CBC/PKCS5Padding", "builtin");
		mac_ctx *m = mac_get_instance_from("HmacSHA256", "builtin");

		if (!c || cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16) ||
		    cipher_do_final(c, "x", 1, out, sizeof out, &n) || n != 16)
			return 18;
		if (!m || mac_init(m, key, 16) || tu_mac_final(m, out, sizeof out) != 32)
			return 19;
		cipher_free(c);
		mac_free(m);
	}
	/* and start over */
	jca_shutdown();
	if (!digest_ok("SHA-512", NULL))
		return 20;
	jca_shutdown();
	return 0;
}

static int wait_child(pid_t pid)
{
	int st;

	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert_msg(WIFEXITED(st), "child died with signal %d", WIFSIGNALED(st) ? WTERMSIG(st) : 0);
	return WEXITSTATUS(st);
}

START_TEST(test_fork)
{
	static const unsigned char key[16] = { 9 }, iv[16] = { 8 };
	const char *plugin = good_plugin();
	cipher_ctx *c;
	pid_t pid;
	int st;

	jca_shutdown();
	if (!plugin)
		fprintf(stderr, "SKIP (part): test plugin good.so not found (top_builddir unset?): fork without plugin\n");
	if (plugin)
		ck_assert_msg(jca_provider_load(plugin, -1) == 0, "%s", jca_last_error_message());
	ck_assert(digest_ok("SHA-256", NULL));
	c = cipher_get_instance("AES/CBC/NoPadding");
	ck_assert_int_eq(cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16), 0);
	/* the per-thread block cache of this thread is inherited: fill it */
	md_free(md_get_instance("SHA-1"));
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0)
		_exit(child_work(c, plugin));
	st = wait_child(pid);
	ck_assert_msg(st == 0, "child failed at step %d", st);
	/* the parent is untouched by what the child did */
	ck_assert(digest_ok("SHA-256", NULL));
	if (plugin)
		ck_assert(digest_ok("TEST-DIGEST", "testgood"));
	cipher_free(c);

	/* fork before the registry exists: the child initialises its own */
	jca_shutdown();
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0)
		_exit(digest_ok("SHA-256", NULL) ? 0 : 1);
	ck_assert_int_eq(wait_child(pid), 0);
	jca_shutdown();
}
END_TEST

/* ------------------------------------------------------------------ */
/* teardown                                                            */
/* ------------------------------------------------------------------ */

TU_ZERO_PROVIDER(z_desc, "zeros-hardening", "test", "ZERO-DIGEST");

START_TEST(test_shutdown_reuse)
{
	int i;

	jca_shutdown();          /* before first use */
	jca_shutdown();
	for (i = 0; i < 3; i++) {
		ck_assert(digest_ok("SHA-256", NULL));
		ck_assert_int_eq(jca_provider_add(&z_desc, NULL), 0);
		ck_assert(digest_ok("ZERO-DIGEST", NULL));
		ck_assert_ptr_nonnull(jca_provider_find("zeros-hardening"));
		jca_shutdown();
		/* a fresh registry: the added provider is gone */
		ck_assert_ptr_null(jca_provider_find("zeros-hardening"));
		ck_assert(!digest_ok("ZERO-DIGEST", NULL));
		ck_assert_int_eq(jca_last_error(), JCA_NOALG);
		jca_shutdown();
	}
	/* after shutdown, every engine works again */
	ck_assert(digest_ok("SHA3-512", NULL));
	{
		mac_ctx *m = mac_get_instance("HmacSHA384");
		cipher_ctx *c = cipher_get_instance("AES");

		ck_assert_ptr_nonnull(m);
		ck_assert_ptr_nonnull(c);
		mac_free(m);
		cipher_free(c);
	}
	jca_shutdown();
}
END_TEST

static void at_exit_shutdown(void)
{
	jca_shutdown();
}

START_TEST(test_shutdown_atexit)
{
	const char *plugin = good_plugin();
	int variant;

	for (variant = 0; variant < 3; variant++) {
		pid_t pid = fork();

		ck_assert_int_ge(pid, 0);
		if (pid == 0) {
			/* 0: registered before first use; 1: after, with a plugin
			 * and an added provider; 2: twice, and exit from a thread
			 * that never used libjca */
			if (variant != 1)
				atexit(at_exit_shutdown);
			if (!digest_ok("SHA-256", NULL))
				_exit(2);
			if (variant >= 1) {
				if (plugin && jca_provider_load(plugin, -1) != 0)
					_exit(3);
				if (jca_provider_add(&z_desc, NULL) != 0)
					_exit(4);
				if (!digest_ok("ZERO-DIGEST", NULL))
					_exit(5);
				atexit(at_exit_shutdown);
			}
			exit(0);     /* runs the handlers */
		}
		ck_assert_msg(wait_child(pid) == 0, "variant %d failed", variant);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("Hardening");
	TCase *wipe = tcase_create("wipe"), *fk = tcase_create("fork"), *td = tcase_create("teardown");
	SRunner *sr;
	int failed;

	/* before the first libjca call: freed blocks go back to free() */
	setenv("JCA_RECYCLE", "0", 1);
	tcase_set_timeout(wipe, 120);
	tcase_set_timeout(fk, 120);
	tcase_set_timeout(td, 120);
	tcase_add_loop_test(wipe, test_wipe_cipher, 0, NTRANS);
	tcase_add_loop_test(wipe, test_wipe_mac, 0, NMACS);
	tcase_add_test(wipe, test_wipe_md);
	suite_add_tcase(s, wipe);
	tcase_add_test(fk, test_fork);
	suite_add_tcase(s, fk);
	tcase_add_test(td, test_shutdown_reuse);
	tcase_add_test(td, test_shutdown_atexit);
	suite_add_tcase(s, td);
	sr = srunner_create(s);
	/* recycling on is tested in a process of its own only */
#ifdef JCA_MINICHECK
	if (0) {
#else
	if (srunner_fork_status(sr) != CK_NOFORK) {
#endif
		TCase *rc = tcase_create("recycle");

		tcase_add_test(rc, test_wipe_recycled);
		suite_add_tcase(s, rc);
	}
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
