/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Loads and stores of 32- and 64-bit words in big- or little-endian byte
 * order, at any alignment: the one set for the whole library.
 *
 * Where the compiler says the byte order (GCC, Clang), memcpy and at most
 * one __builtin_bswap compile to a single load or store plus a byte swap
 * (x86-64: mov + bswap, or movbe; AArch64: ldr + rev), and to the plain
 * load or store in the host's own order. The byte-by-byte form is the
 * portable fallback for other compilers. All static inline: nothing here
 * is a symbol, nothing is called.
 */
#ifndef JCA_UTIL_BYTES_H
#define JCA_UTIL_BYTES_H

#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define JCA__FROM_BE32(v) __builtin_bswap32(v)
#define JCA__FROM_BE64(v) __builtin_bswap64(v)
#define JCA__FROM_LE32(v) (v)
#define JCA__FROM_LE64(v) (v)
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define JCA__FROM_BE32(v) (v)
#define JCA__FROM_BE64(v) (v)
#define JCA__FROM_LE32(v) __builtin_bswap32(v)
#define JCA__FROM_LE64(v) __builtin_bswap64(v)
#endif

#ifdef JCA__FROM_BE32

static inline uint32_t jca__load_be32(const void *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return JCA__FROM_BE32(v);
}

static inline uint64_t jca__load_be64(const void *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return JCA__FROM_BE64(v);
}

static inline uint32_t jca__load_le32(const void *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return JCA__FROM_LE32(v);
}

static inline uint64_t jca__load_le64(const void *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return JCA__FROM_LE64(v);
}

/* A byte swap is its own inverse: "to" is "from". */
static inline void jca__store_be32(void *p, uint32_t v)
{
	v = JCA__FROM_BE32(v);
	memcpy(p, &v, 4);
}

static inline void jca__store_be64(void *p, uint64_t v)
{
	v = JCA__FROM_BE64(v);
	memcpy(p, &v, 8);
}

static inline void jca__store_le32(void *p, uint32_t v)
{
	v = JCA__FROM_LE32(v);
	memcpy(p, &v, 4);
}

static inline void jca__store_le64(void *p, uint64_t v)
{
	v = JCA__FROM_LE64(v);
	memcpy(p, &v, 8);
}

#else /* byte order unknown: assemble the value, correct everywhere */

/* The n-byte big-endian (be != 0) or little-endian value at p. */
static inline uint64_t jca__load_bytes(const void *p, int n, int be)
{
	const uint8_t *b = p;
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v |= (uint64_t)b[i] << 8 * (be ? n - 1 - i : i);
	return v;
}

static inline void jca__store_bytes(void *p, uint64_t v, int n, int be)
{
	uint8_t *b = p;

	for (int i = 0; i < n; i++)
		b[i] = (uint8_t)(v >> 8 * (be ? n - 1 - i : i));
}

static inline uint32_t jca__load_be32(const void *p) { return (uint32_t)jca__load_bytes(p, 4, 1); }
static inline uint64_t jca__load_be64(const void *p) { return jca__load_bytes(p, 8, 1); }
static inline uint32_t jca__load_le32(const void *p) { return (uint32_t)jca__load_bytes(p, 4, 0); }
static inline uint64_t jca__load_le64(const void *p) { return jca__load_bytes(p, 8, 0); }
static inline void jca__store_be32(void *p, uint32_t v) { jca__store_bytes(p, v, 4, 1); }
static inline void jca__store_be64(void *p, uint64_t v) { jca__store_bytes(p, v, 8, 1); }
static inline void jca__store_le32(void *p, uint32_t v) { jca__store_bytes(p, v, 4, 0); }
static inline void jca__store_le64(void *p, uint64_t v) { jca__store_bytes(p, v, 8, 0); }

#endif

#endif
