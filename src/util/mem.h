/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Memory below the registry and the engines: instance blocks (alloc.c) and
 * wiping (wipe.c). Knows nothing of names, providers or engines. Not
 * installed.
 */
#ifndef JCA_UTIL_MEM_H
#define JCA_UTIL_MEM_H

#include <stddef.h>

#ifndef JCA__HIDDEN
#if defined(__GNUC__)
#define JCA__HIDDEN __attribute__((visibility("hidden")))
#else
#define JCA__HIDDEN
#endif
#endif

/* One block per instance; freed blocks are wiped and recycled per thread. */
JCA__HIDDEN void *jca__alloc(size_t size);
JCA__HIDDEN void jca__free(void *p, size_t size);
/* Frees the calling thread's cached blocks. */
JCA__HIDDEN void jca__alloc_drain(void);

/* Zeroes n bytes at p; the stores are never removed as dead. */
JCA__HIDDEN void jca__wipe(void *p, size_t n);

#endif
