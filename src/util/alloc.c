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
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "mem.h"

#define JCA__CLASS_SHIFT 6                  /* 64-byte classes */
#define JCA__CLASSES 24                     /* blocks up to 1.5 KiB */
#define JCA__RECYCLE_DEPTH 8

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

struct jca__free_block {
	struct jca__free_block *next;
};

/* initial-exec: a direct %fs-relative access, no __tls_get_addr call on the
 * hot path (the block is small; glibc reserves static TLS for it). */
static _Thread_local __attribute__((tls_model("initial-exec"))) struct {
	struct jca__free_block *head[JCA__CLASSES];
	uint8_t count[JCA__CLASSES];
	uint8_t registered;
} cache;

static pthread_key_t exit_key;
static pthread_once_t exit_once = PTHREAD_ONCE_INIT;
static int recycle = -1;                    /* -1 unknown, 0 off, 1 on */

static void drain(void)
{
	size_t c;

	for (c = 0; c < JCA__CLASSES; c++) {
		while (cache.head[c]) {
			struct jca__free_block *b = cache.head[c];

			cache.head[c] = b->next;
			free(b);
		}
		cache.count[c] = 0;
	}
}

static void on_thread_exit(void *unused)
{
	(void)unused;
	drain();
}

static void make_key(void)
{
	const char *env = getenv("JCA_RECYCLE");

	recycle = env ? env[0] != '0' : JCA__RECYCLE_DEFAULT;
	if (pthread_key_create(&exit_key, on_thread_exit) != 0)
		recycle = 0;
}

static size_t size_class(size_t size)
{
	return (size + (1u << JCA__CLASS_SHIFT) - 1) >> JCA__CLASS_SHIFT;
}

void *jca__alloc(size_t size)
{
	size_t c = size_class(size);

	if (c < JCA__CLASSES && cache.head[c]) {
		struct jca__free_block *b = cache.head[c];

		cache.head[c] = b->next;
		cache.count[c]--;
		return b;
	}
	/* Round up so a block fits every request of its class. */
	return malloc(c < JCA__CLASSES ? c << JCA__CLASS_SHIFT : size);
}

void jca__free(void *p, size_t size)
{
	size_t c = size_class(size);

	if (!p)
		return;
	jca__wipe(p, size);
	if (c < JCA__CLASSES && cache.count[c] < JCA__RECYCLE_DEPTH) {
		if (__builtin_expect(!cache.registered, 0)) {
			pthread_once(&exit_once, make_key);
			if (!recycle) {
				free(p);
				return;
			}
			/* any non-NULL value makes the destructor run at exit */
			pthread_setspecific(exit_key, &cache);
			cache.registered = 1;
		}
		((struct jca__free_block *)p)->next = cache.head[c];
		cache.head[c] = p;
		cache.count[c]++;
		return;
	}
	free(p);
}

void jca__alloc_drain(void)
{
	drain();
}
