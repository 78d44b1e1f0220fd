/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Memory below the registry and the engines: instance blocks (alloc.c) and
 * wiping (wipe.c). Knows nothing of names, providers or engines. Not
 * installed.
 */
#ifndef JCA_UTIL_MEM_H
#define JCA_UTIL_MEM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifndef JCA__HIDDEN
#if defined(__GNUC__)
#define JCA__HIDDEN __attribute__((visibility("hidden")))
#else
#define JCA__HIDDEN
#endif
#endif

/* Zeroes n bytes at p; the stores are never removed as dead. */
JCA__HIDDEN void jca__wipe(void *p, size_t n);

/*
 * One block per instance; freed blocks are wiped and recycled per thread
 * (alloc.c explains). The common case, a block taken from or given back to
 * the calling thread's cache, is inline here so that getting and freeing an
 * instance is no call at all; everything else is in alloc.c.
 */
#define JCA__CLASS_SHIFT 6                  /* 64-byte classes */
#define JCA__CLASSES 24                     /* blocks up to 1.5 KiB */
#define JCA__RECYCLE_DEPTH 8

struct jca__free_block {
	struct jca__free_block *next;
};

struct jca__block_cache {
	struct jca__free_block *head[JCA__CLASSES];
	uint8_t count[JCA__CLASSES];
	uint8_t registered;                 /* recycling is on for this thread */
};

/* initial-exec: a direct %fs-relative access, no __tls_get_addr call on the
 * hot path (the block is small; glibc reserves static TLS for it). */
extern _Thread_local __attribute__((tls_model("initial-exec"))) struct jca__block_cache jca__cache JCA__HIDDEN;

JCA__HIDDEN void *jca__alloc_slow(size_t size);
JCA__HIDDEN void jca__free_slow(void *p, size_t size);
/* Frees the calling thread's cached blocks. */
JCA__HIDDEN void jca__alloc_drain(void);

static inline size_t jca__size_class(size_t size)
{
	return (size + (1u << JCA__CLASS_SHIFT) - 1) >> JCA__CLASS_SHIFT;
}

static inline void *jca__alloc(size_t size)
{
	size_t c = jca__size_class(size);
	struct jca__free_block *b;

	if (c < JCA__CLASSES && (b = jca__cache.head[c]) != NULL) {
		jca__cache.head[c] = b->next;
		jca__cache.count[c]--;
		return b;
	}
	return jca__alloc_slow(size);
}

/* Wipes size bytes at p, then caches or frees the block. */
static inline void jca__free(void *p, size_t size)
{
	size_t c = jca__size_class(size);

	if (!p)
		return;
	memset(p, 0, size);
	__asm__ __volatile__("" : : "r"(p) : "memory");   /* as jca__wipe: never a dead store */
	if (c < JCA__CLASSES && jca__cache.registered && jca__cache.count[c] < JCA__RECYCLE_DEPTH) {
		((struct jca__free_block *)p)->next = jca__cache.head[c];
		jca__cache.head[c] = p;
		jca__cache.count[c]++;
		return;
	}
	jca__free_slow(p, size);
}

#endif
