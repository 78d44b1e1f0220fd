/* SPDX-License-Identifier: Apache-2.0 */
/* Wiping secrets. See mem.h. */
#include <string.h>

#include "mem.h"

void jca__wipe(void *p, size_t n)
{
	if (!p)
		return;               /* nothing to wipe (an absent output buffer) */
	/* A compiler barrier keeps the stores from being removed as dead. */
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}
