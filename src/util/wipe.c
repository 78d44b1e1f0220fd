/* SPDX-License-Identifier: Apache-2.0 */
/* Wiping and comparing secrets. See mem.h and jca/common.h. */
#include <string.h>

#include "jca/common.h"
#include "mem.h"

void jca__wipe(void *p, size_t n)
{
	if (!p)
		return;               /* nothing to wipe (an absent output buffer) */
	/* A compiler barrier keeps the stores from being removed as dead. */
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

/* see jca/common.h */
void jca_wipe(void *p, size_t len)
{
	jca__wipe(p, len);
}

/* see jca/common.h: every byte is read whatever the earlier ones were;
 * the result is folded to one bit without a branch. */
int jca_ct_equal(const void *a, const void *b, size_t len)
{
	const volatile unsigned char *x = a, *y = b;
	unsigned d = 0;
	size_t i;

	for (i = 0; i < len; i++)
		d |= (unsigned)(x[i] ^ y[i]);
	return (int)(1 & ((d - 1) >> 8));
}
