/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The kernel's random bytes, below the registry, the engines and the
 * providers (osrandom.c): the SecureRandom engine's entropy source, the
 * built-in NativePRNG and the plugin host's random() callback. Not
 * installed.
 */
#ifndef JCA_UTIL_OSRANDOM_H
#define JCA_UTIL_OSRANDOM_H

#include <stddef.h>

#include "mem.h"     /* JCA__HIDDEN */

/* Fills buf with exactly len bytes from the kernel (getrandom, retried on
 * EINTR and short reads). 0 or -1. */
JCA__HIDDEN int jca__os_random(void *buf, size_t len);

#endif
