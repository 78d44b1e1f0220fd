/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Instance memory: one block per instance, recycled per thread.
 *
 * Getting an instance is a lookup plus one allocation; to take even the
 * allocator off the hot path, each thread keeps a few freed blocks per size
 * class and hands them out again. A block is wiped before it is cached, so
 * nothing secret waits in the cache. At most JCA__RECYCLE_DEPTH blocks per
 * class per thread (a few KiB per thread in practice); they are freed when
 * the thread exits. Set JCA_RECYCLE=0 to turn recycling off (for memory
 * debuggers: recycled blocks hide use-after-free from them); builds with
 * AddressSanitizer have it off.
 */
#define _GNU_SOURCE   /* secure_getenv: these variables are ignored in set-user-ID programs */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "mem.h"

#if defined(__SANITIZE_ADDRESS__)
#define JCA__RECYCLE_DEFAULT 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define JCA__RECYCLE_DEFAULT 0
#endif
#endif
#ifndef JCA__RECYCLE_DEFAULT
#define JCA__RECYCLE_DEFAULT 1
#endif

_Thread_local struct jca__block_cache jca__cache;

static pthread_key_t exit_key;
static pthread_once_t exit_once = PTHREAD_ONCE_INIT;
static int recycle = -1;                    /* -1 unknown, 0 off, 1 on */

static void drain(void)
{
	size_t c;

	for (c = 0; c < JCA__CLASSES; c++) {
		while (jca__cache.head[c]) {
			struct jca__free_block *b = jca__cache.head[c];

			jca__cache.head[c] = b->next;
			free(b);
		}
		jca__cache.count[c] = 0;
	}
}

static void on_thread_exit(void *unused)
{
	(void)unused;
	drain();
}

static void make_key(void)
{
	const char *env = secure_getenv("JCA_RECYCLE");

	recycle = env ? env[0] != '0' : JCA__RECYCLE_DEFAULT;
	if (pthread_key_create(&exit_key, on_thread_exit) != 0)
		recycle = 0;
}

/* The cache was empty for this class, or the block is too large for one. */
void *jca__alloc_slow(size_t size)
{
	size_t c = jca__size_class(size);

	/* Round up so a block fits every request of its class. */
	return malloc(c < JCA__CLASSES ? c << JCA__CLASS_SHIFT : size);
}

/* An already wiped block the inline path did not cache: the thread's
 * first free (register its exit handler, or learn recycling is off), a
 * full class, or a large block. */
void jca__free_slow(void *p, size_t size)
{
	size_t c = jca__size_class(size);

	if (c < JCA__CLASSES && jca__cache.count[c] < JCA__RECYCLE_DEPTH) {
		if (!jca__cache.registered) {
			pthread_once(&exit_once, make_key);
			if (!recycle) {
				free(p);
				return;
			}
			/* any non-NULL value makes the destructor run at exit */
			pthread_setspecific(exit_key, &jca__cache);
			jca__cache.registered = 1;
		}
		((struct jca__free_block *)p)->next = jca__cache.head[c];
		jca__cache.head[c] = p;
		jca__cache.count[c]++;
		return;
	}
	free(p);
}

void jca__alloc_drain(void)
{
	drain();
}
