/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The process-wide default SecureRandom, jca_random(): one CTR_DRBG
 * (AES-256, derivation function) per thread, so the fast path takes no
 * lock, with a small block of output made ahead. Also the fork detection
 * shared with the engine. See jca/random.h.
 *
 * Each thread's state lives in its own page mapped with MADV_WIPEONFORK:
 * in a child after fork() the kernel hands back that page zeroed, so the
 * child finds "not seeded" and seeds itself from the kernel; neither the
 * parent's state nor its unused output survive into the child. Where the
 * kernel lacks MADV_WIPEONFORK (before Linux 4.14, some emulators), the
 * fork generation (bumped by a pthread_atfork child handler) catches
 * fork(); the page is then wiped by hand.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "random_internal.h"

/* ---- fork generation ---- */

static _Atomic unsigned fork_gen = 1;
static _Atomic(_Atomic uint64_t *) wof_page;       /* nonzero word; zero in a fork child */
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

static void atfork_child(void)
{
	atomic_fetch_add_explicit(&fork_gen, 1, memory_order_relaxed);
}

static void *map_page(size_t size, int *wipes)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
#ifdef MADV_WIPEONFORK
	*wipes = madvise(p, size, MADV_WIPEONFORK) == 0;
#else
	*wipes = 0;
#endif
#ifdef MADV_DONTDUMP
	(void)madvise(p, size, MADV_DONTDUMP);
#endif
	return p;
}

static void fork_setup(void)
{
	int wipes;
	_Atomic uint64_t *w = map_page((size_t)sysconf(_SC_PAGESIZE), &wipes);

	pthread_atfork(NULL, NULL, atfork_child);
	if (w && wipes) {
		atomic_store_explicit(w, 1, memory_order_relaxed);
		atomic_store_explicit(&wof_page, w, memory_order_release);
	}
}

unsigned jca__fork_generation(void)
{
	_Atomic uint64_t *w;

	pthread_once(&fork_once, fork_setup);
	w = atomic_load_explicit(&wof_page, memory_order_acquire);
	if (w && atomic_load_explicit(w, memory_order_relaxed) == 0) {
		/* a child that skipped the atfork handlers (raw clone) */
		atomic_store_explicit(w, 1, memory_order_relaxed);
		atomic_fetch_add_explicit(&fork_gen, 1, memory_order_relaxed);
	}
	return atomic_load_explicit(&fork_gen, memory_order_relaxed);
}

/* ---- per-thread default generator ---- */

#define BUF 512                      /* output made ahead, bytes */
#define SMALL 128                    /* requests up to this size use the block */
#define RESEED_EVERY 65536u          /* DRBG requests between reseeds */

struct tstate {
	uint64_t seeded;                 /* 1 once seeded; 0 in a fork child (wiped) */
	unsigned gen;                    /* fork generation when seeded */
	uint32_t avail;                  /* unread bytes at the end of buf */
	uint32_t requests;               /* DRBG requests since the last (re)seed */
	int wipes;                       /* the kernel wipes this page on fork */
	_Alignas(64) uint8_t buf[BUF];
	_Alignas(16) jca__ctr_drbg_state drbg;
};

static _Thread_local __attribute__((tls_model("initial-exec"))) struct tstate *tls;
static pthread_key_t exit_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static int key_ok;
/* The AES-256 the DRBG runs on, found once (see resolve_prim). */
enum { PRIM_NONE, PRIM_WRITING, PRIM_READY };
static jca__drbg_prim prim;
static _Atomic int prim_state;

static size_t tstate_size(void)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);

	return (sizeof(struct tstate) + pg - 1) / pg * pg;
}

static void thread_exit(void *p)
{
	struct tstate *t = p;

	if (t) {
		jca__wipe(t, sizeof *t);
		munmap(t, tstate_size());
	}
	tls = NULL;
}

static void make_key(void)
{
	key_ok = pthread_key_create(&exit_key, thread_exit) == 0;
}

/* The primitive for a fresh seed: the one found before, or found now
 * (into *local) and kept for the next threads. A failure is not kept: the
 * next call looks again (the configuration may have changed), and fails
 * closed meanwhile. No lock: a thread that loses the race to publish, or a
 * fork child of a thread that was publishing, uses its own copy. */
static const jca__drbg_prim *resolve_prim(jca__drbg_prim *local)
{
	jca__drbg_cfg c;
	int expect = PRIM_NONE;

	if (atomic_load_explicit(&prim_state, memory_order_acquire) == PRIM_READY)
		return &prim;
	if (jca__drbg_configure(&c, JCA_DRBG_DEFAULT_MECHANISM, 0, 0) != 0) {
		char why[200];

		snprintf(why, sizeof why, "%s", jca_last_error_message());
		jca__error(JCA_RANDOM, "jca_random: no AES-256 for the default DRBG: %s", why);
		return NULL;
	}
	*local = c.prim;
	if (atomic_compare_exchange_strong_explicit(&prim_state, &expect, PRIM_WRITING, memory_order_acquire,
	                                            memory_order_relaxed)) {
		prim = c.prim;
		atomic_store_explicit(&prim_state, PRIM_READY, memory_order_release);
	}
	return local;
}

/* The AES implementation failed: forget the state (the next call seeds
 * again). */
static int fail(struct tstate *t)
{
	int wipes = t->wipes;

	jca__wipe(t, sizeof *t);
	t->wipes = wipes;
	return jca__error(JCA_IMPL, "jca_random: the AES implementation failed");
}

/* Seeds the thread's DRBG from the kernel: afresh on primitive p, or
 * (p NULL) a reseed. */
static int seed(struct tstate *t, const jca__drbg_prim *p)
{
	uint8_t ent[48];                 /* 32 bytes entropy input, 16 bytes nonce */
	int rc = 0;

	if (jca__os_random(ent, sizeof ent) != 0) {
		rc = jca__error(JCA_RANDOM, "jca_random: getrandom failed");
	} else if (p) {
		static const char pers[] = "libjca default SecureRandom";

		t->seeded = 1;
		if (jca__ctr_drbg.instantiate(&t->drbg, p, ent, 32, ent + 32, 16,
		                              (const uint8_t *)pers, sizeof pers - 1))
			rc = fail(t);
	} else if (jca__ctr_drbg.reseed(&t->drbg, ent, 32, NULL, 0)) {
		rc = fail(t);
	}
	jca__wipe(ent, sizeof ent);
	t->requests = 0;
	return rc;
}

/* Slow path: first use in this thread, or first use after a fork. */
static struct tstate *prepare(void)
{
	struct tstate *t = tls;
	unsigned gen = jca__fork_generation();
	jca__drbg_prim local;
	const jca__drbg_prim *p = resolve_prim(&local);

	if (!p)
		return NULL;
	if (!t) {
		int wipes = 0;

		t = map_page(tstate_size(), &wipes);
		if (!t) {
			jca__error(JCA_RANDOM, "jca_random: cannot map the per-thread state");
			return NULL;
		}
		pthread_once(&key_once, make_key);
		if (key_ok)
			pthread_setspecific(exit_key, t);
		t->wipes = wipes;
		tls = t;
	}
	if (t->seeded && t->gen != gen) {
		/* fork without MADV_WIPEONFORK: forget everything by hand */
		int wipes = t->wipes;

		jca__wipe(t, sizeof *t);
		t->wipes = wipes;
	}
	if (!t->seeded) {
		t->avail = 0;
		if (seed(t, p) != 0)
			return NULL;
	}
	t->gen = gen;
	return t;
}

static int drbg_generate(struct tstate *t, uint8_t *out, size_t len)
{
	int rc;

	if (t->requests >= RESEED_EVERY && (rc = seed(t, NULL)) != 0)
		return rc;
	if (jca__ctr_drbg.generate(&t->drbg, out, len, NULL, 0)) {
		jca__wipe(out, len);
		return fail(t);
	}
	t->requests++;
	return 0;
}

int jca_random(void *buf, size_t len)
{
	struct tstate *t = tls;
	uint8_t *out = buf;

	if (__builtin_expect(!buf, 0)) {
		if (!len)
			return 0;
		return jca__error(JCA_EINVAL, "jca_random: buffer is NULL");
	}
	if (__builtin_expect(!t || !t->seeded || t->gen != jca__fork_generation(), 0)) {
		t = prepare();
		if (!t)
			return jca_last_error();
	}
	if (len <= t->avail) {
		uint8_t *src = t->buf + BUF - t->avail;

		memcpy(out, src, len);
		jca__wipe(src, len);
		t->avail -= (uint32_t)len;
		return 0;
	}
	if (len <= SMALL) {
		size_t have = t->avail;

		memcpy(out, t->buf + BUF - have, have);
		jca__wipe(t->buf + BUF - have, have);
		if (drbg_generate(t, t->buf, BUF) != 0) {
			jca__wipe(out, have);
			t->avail = 0;
			return jca_last_error();
		}
		memcpy(out + have, t->buf, len - have);
		jca__wipe(t->buf, len - have);
		t->avail = (uint32_t)(BUF - (len - have));
		return 0;
	}
	while (len) {
		size_t n = len < JCA__DRBG_MAX_REQUEST ? len : JCA__DRBG_MAX_REQUEST;

		if (drbg_generate(t, out, n) != 0) {
			jca__wipe(buf, (size_t)(out - (uint8_t *)buf));
			return jca_last_error();
		}
		out += n;
		len -= n;
	}
	return 0;
}
