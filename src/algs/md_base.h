/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Merkle-Damgard buffering and padding, written once for MD5, SHA-1,
 * SHA-224/256 and SHA-384/512, parameterised by the block function (as the
 * Linux kernel's include/crypto/sha256_base.h).
 *
 * Each algorithm passes its context (the state words h, the byte count n,
 * the pending-block buffer buf) and a `step` that runs its backend's block
 * function on the context's state. The functions are static inline and the
 * step a constant at every call site, so the compiler inlines the step and
 * nothing is paid for the sharing.
 */
#ifndef JCA_ALGS_MD_BASE_H
#define JCA_ALGS_MD_BASE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../util/bytes.h"

/* The digest: the first outlen bytes of the state words h, as big-endian
 * 32-bit (SHA-1, SHA-256) or 64-bit (SHA-512) words, or little-endian
 * 32-bit ones (MD5). Whole words go out in one store each. */
static inline void jca__md_out_be32(uint8_t *o, const uint32_t *h, size_t outlen)
{
	size_t i = 0;

	for (; i + 4 <= outlen; i += 4)
		jca__store_be32(o + i, h[i / 4]);
	for (; i < outlen; i++)
		o[i] = (uint8_t)(h[i / 4] >> (24 - 8 * (i % 4)));
}

static inline void jca__md_out_be64(uint8_t *o, const uint64_t *h, size_t outlen)
{
	size_t i = 0;

	for (; i + 8 <= outlen; i += 8)
		jca__store_be64(o + i, h[i / 8]);
	for (; i < outlen; i++)
		o[i] = (uint8_t)(h[i / 8] >> (56 - 8 * (i % 8)));
}

static inline void jca__md_out_le32(uint8_t *o, const uint32_t *h, size_t outlen)
{
	size_t i = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	i = outlen & ~(size_t)3;
	memcpy(o, h, i);
#endif
	for (; i < outlen; i++)
		o[i] = (uint8_t)(h[i / 4] >> (8 * (i % 4)));
}

/* Runs the block function of ctx over nblocks whole blocks at in. */
typedef void jca__md_step_fn(void *ctx, const uint8_t *in, size_t nblocks);

/*
 * Absorbs len bytes: tops up a partly filled buf, then hands every whole
 * block straight from the caller's memory to one call of step (so a
 * backend can keep its state in registers across them), and keeps the
 * tail in buf. *n counts the bytes absorbed; n % bs of them are in buf.
 * bs (64 or 128) is a power of two.
 */
static inline void jca__md_update(void *ctx, uint64_t *n, uint8_t *buf, size_t bs, jca__md_step_fn *step,
                                  const void *in, size_t len)
{
	const uint8_t *p = in;
	size_t used = (size_t)(*n & (bs - 1));

	if (len == 0)
		return;                 /* in may be NULL; memcpy must not see it */
	*n += len;
	if (used != 0) {
		size_t take = bs - used;

		if (len < take) {
			memcpy(buf + used, p, len);
			return;
		}
		memcpy(buf + used, p, take);
		step(ctx, buf, 1);
		p += take;
		len -= take;
	}
	if (len >= bs) {
		size_t nblocks = len / bs;

		step(ctx, p, nblocks);
		p += nblocks * bs;
		len -= nblocks * bs;
	}
	if (len != 0)
		memcpy(buf, p, len);
}

/*
 * The final padding: 0x80, zeros, then the message length in bits in the
 * last lenbytes (8 or 16) bytes of the block, big-endian (SHA) or
 * little-endian (MD5, big_endian = 0). When the length does not fit after
 * the 0x80, it spills into a second block. A 16-byte length holds n * 8,
 * whose top 3 bits land in its high half.
 */
static inline void jca__md_pad(void *ctx, uint64_t n, uint8_t *buf, size_t bs, jca__md_step_fn *step,
                               size_t lenbytes, int big_endian)
{
	size_t used = (size_t)(n & (bs - 1));
	uint8_t *len = buf + bs - 8;

	buf[used++] = 0x80;
	if (used > bs - lenbytes) {
		memset(buf + used, 0, bs - used);
		step(ctx, buf, 1);
		used = 0;
	}
	memset(buf + used, 0, bs - 8 - used);
	if (lenbytes == 16)
		jca__store_be64(len - 8, n >> 61);
	if (big_endian)
		jca__store_be64(len, n << 3);
	else
		jca__store_le64(len, n << 3);
	step(ctx, buf, 1);
}

/*
 * The streaming layer of one digest, written once: defines the step over
 * the context's backend and jca__<alg>_update / jca__<alg>_final (declared
 * in algs.h) for a context jca__<alg>_ctx with fields h, n, blocks and buf.
 * bs is the block size, lenbytes and big_endian as jca__md_pad, outmax the
 * digest size (final never reads past the state, whatever outlen asks),
 * out the jca__md_out_* function for the state's words.
 */
#define JCA__MD_STREAM(alg, bs, lenbytes, big_endian, outmax, out) \
	static void alg##_step(void *ctx, const uint8_t *in, size_t nblocks) \
	{ \
		jca__##alg##_ctx *c = ctx; \
		c->blocks(c->h, in, nblocks); \
	} \
	int jca__##alg##_update(void *ctx, const void *in, size_t len) \
	{ \
		jca__##alg##_ctx *c = ctx; \
		jca__md_update(c, &c->n, c->buf, (bs), alg##_step, in, len); \
		return 0; \
	} \
	int jca__##alg##_final(void *ctx, void *out_, size_t outlen) \
	{ \
		jca__##alg##_ctx *c = ctx; \
		jca__md_pad(c, c->n, c->buf, (bs), alg##_step, (lenbytes), (big_endian)); \
		out((uint8_t *)out_, c->h, outlen < (outmax) ? outlen : (outmax)); \
		return 0; \
	}

#endif
