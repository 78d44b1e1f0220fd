/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench: the allocation counter. Each thread counts its own calls; a
 * row's count is taken on the main thread over a batch after the timed
 * loops (measure.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "bench.h"

/*
 * glibc lets a program replace malloc: every library (libjca, libcrypto,
 * libc itself) then calls these. They count and forward to glibc's own
 * allocator through its exported __libc_* entry points, which avoids the
 * bootstrap problem of dlsym(RTLD_NEXT, "malloc") (dlsym may itself call
 * calloc). free() and the aligned variants go to the same heap, so mixing
 * them stays correct.
 */
#if defined(__GLIBC__)
#define HAVE_ALLOC_COUNT 1

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t m, size_t n);
extern void *__libc_realloc(void *p, size_t n);
extern void __libc_free(void *p);
extern void *__libc_memalign(size_t align, size_t n);
void *memalign(size_t align, size_t n);

static _Thread_local uint64_t t_allocs;       /* allocation calls */
static _Thread_local uint64_t t_alloc_bytes;  /* bytes asked for */

void *malloc(size_t n)
{
	t_allocs++;
	t_alloc_bytes += n;
	return __libc_malloc(n);
}

void *calloc(size_t m, size_t n)
{
	t_allocs++;
	t_alloc_bytes += m * n;
	return __libc_calloc(m, n);
}

void *realloc(void *p, size_t n)
{
	t_allocs++;
	t_alloc_bytes += n;
	return __libc_realloc(p, n);
}

void free(void *p)
{
	__libc_free(p);
}

void *memalign(size_t align, size_t n)
{
	t_allocs++;
	t_alloc_bytes += n;
	return __libc_memalign(align, n);
}

void *aligned_alloc(size_t align, size_t n)
{
	return memalign(align, n);
}

int posix_memalign(void **pp, size_t align, size_t n)
{
	void *p;

	if (align < sizeof(void *) || (align & (align - 1)))
		return EINVAL;
	p = memalign(align, n);
	if (!p)
		return ENOMEM;
	*pp = p;
	return 0;
}
#else
#define HAVE_ALLOC_COUNT 0
static _Thread_local uint64_t t_allocs, t_alloc_bytes;
#endif

const int bench_alloc_counted = HAVE_ALLOC_COUNT;

void bench_alloc_counts(uint64_t *calls, uint64_t *bytes)
{
	*calls = t_allocs;
	*bytes = t_alloc_bytes;
}
