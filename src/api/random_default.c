/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The process-wide default SecureRandom, jca_random(): one CTR_DRBG
 * (AES-256, derivation function) per thread, so the fast path takes no
 * lock, with a small block of output made ahead. Also the fork detection
 * shared with the engine. See jca/random.h. The generator is builtin's
 * DRBG implementation (jca__default_drbg: src/linked.c hands over
 * src/providers/builtin_drbg.c's) driven through its table, its context
 * kept here, never a provider's.
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
	_Alignas(16) unsigned char drbg[];   /* the DRBG's context (tstate_bytes) */
};

/* The bytes of a thread's state, the DRBG's context included. */
static size_t tstate_bytes(void)
{
	return sizeof(struct tstate) + jca__default_drbg->base.ctx_size;
}

static _Thread_local __attribute__((tls_model("initial-exec"))) struct tstate *tls;
static pthread_key_t exit_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static int key_ok;
static size_t tstate_size(void)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);

	return (tstate_bytes() + pg - 1) / pg * pg;
}

static void thread_exit(void *p)
{
	struct tstate *t = p;

	if (t) {
		jca__wipe(t, tstate_bytes());
		munmap(t, tstate_size());
	}
	tls = NULL;
}

static void make_key(void)
{
	key_ok = pthread_key_create(&exit_key, thread_exit) == 0;
}

/* The AES implementation failed: forget the state (the next call seeds
 * again). */
static int fail(struct tstate *t)
{
	int wipes = t->wipes;

	jca__wipe(t, tstate_bytes());
	t->wipes = wipes;
	return jca__error(JCA_IMPL, "jca_random: the AES implementation failed");
}

/* Seeds the thread's DRBG from the kernel: afresh (the implementation
 * finds its AES-256 through the registry, whatever the provider order, the
 * first one it can run; a failure is not kept: the next call looks again),
 * or (fresh 0) a reseed. */
static int seed(struct tstate *t, int fresh)
{
	uint8_t ent[48];                 /* 32 bytes entropy input, 16 bytes nonce */
	int rc = 0;

	if (jca__os_random(ent, sizeof ent) != 0) {
		rc = jca__error(JCA_RANDOM, "jca_random: getrandom failed");
	} else if (fresh) {
		static const char pers[] = "libjca default SecureRandom";
		jca_random_args a = {
			.struct_size = sizeof a, .mechanism = JCA_DRBG_CTR, .algorithm = "AES-256", .strength = 256,
			.use_df = 1, .entropy = ent, .entropy_len = 32, .nonce = ent + 32, .nonce_len = 16,
			.personalization = (const uint8_t *)pers, .personalization_len = sizeof pers - 1,
		};

		rc = jca__default_drbg->instantiate(t->drbg, &a);
		if (rc == JCA_NOALG || rc == JCA_DISABLED) {
			jca__error(JCA_RANDOM, "jca_random: no AES-256 for the default DRBG%s", jca__impl_reason());
		} else if (rc) {
			jca__impl_reason();
			rc = fail(t);
		} else {
			t->seeded = 1;
		}
	} else if (jca__default_drbg->reseed(t->drbg, ent, 32, NULL, 0)) {
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

		jca__wipe(t, tstate_bytes());
		t->wipes = wipes;
	}
	if (!t->seeded) {
		t->avail = 0;
		if (seed(t, 1) != 0)
			return NULL;
	}
	t->gen = gen;
	return t;
}

static int drbg_generate(struct tstate *t, uint8_t *out, size_t len)
{
	int rc;

	if (t->requests >= RESEED_EVERY && (rc = seed(t, 0)) != 0)
		return rc;
	if (jca__default_drbg->generate(t->drbg, out, len, NULL, 0)) {
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
		size_t n = len < JCA__RANDOM_MAX_REQUEST ? len : JCA__RANDOM_MAX_REQUEST;

		if (drbg_generate(t, out, n) != 0) {
			jca__wipe(buf, (size_t)(out - (uint8_t *)buf));
			return jca_last_error();
		}
		out += n;
		len -= n;
	}
	return 0;
}
