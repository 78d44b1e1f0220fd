/* SPDX-License-Identifier: Apache-2.0 */
/* ASCII case-insensitive comparison: see ascii.h. */
#include "ascii.h"

int jca__name_eq(const char *a, const char *b)
{
	for (; *a && jca__fold(*a) == jca__fold(*b); a++, b++)
		;
	return jca__fold(*a) == jca__fold(*b);
}

int jca__name_eqn(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (jca__fold(a[i]) != jca__fold(b[i]))
			return 0;
		if (!a[i])
			break;
	}
	return 1;
}
