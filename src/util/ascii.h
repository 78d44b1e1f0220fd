/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ASCII case folding, the library's one: names of algorithms, providers,
 * attributes and mechanism words compare ignoring the case of 'A'..'Z'
 * only (no locale, no other byte changes).
 */
#ifndef JCA_UTIL_ASCII_H
#define JCA_UTIL_ASCII_H

#include <stddef.h>
#include <stdint.h>

#include "mem.h"     /* JCA__HIDDEN */

/* 'A'..'Z' to 'a'..'z'; every other byte unchanged. */
static inline char jca__fold(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c + ('a' - 'A')) : c;
}

/* The same on 8 bytes at once: a byte gets 0x20 added exactly when it is
 * in 'A'..'Z' (no carries between bytes). */
static inline uint64_t jca__fold8(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	uint64_t low7 = w & ~high;
	uint64_t ge_a = low7 + ones * (0x80 - 'A');        /* bit 7 set if >= 'A' */
	uint64_t gt_z = low7 + ones * (0x80 - 'Z' - 1);    /* bit 7 set if > 'Z' */
	uint64_t upper = ge_a & ~gt_z & ~w & high;         /* ASCII only */

	return w | (upper >> 2);
}

/* Are the strings a and b equal but for ASCII case? */
JCA__HIDDEN int jca__name_eq(const char *a, const char *b);
/* Are their first n bytes equal but for ASCII case (both may end sooner,
 * at the same place)? With n = strlen(b): does a start with b? */
JCA__HIDDEN int jca__name_eqn(const char *a, const char *b, size_t n);

#endif
