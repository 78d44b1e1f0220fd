/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The SHA-2 round and message schedule (FIPS 180-4 6.2.2 and 6.4.2), written
 * once for the portable SHA-256 (sha256.c) and SHA-512 (sha512.c) compression
 * functions, which differ only in the word size, the constants and the sigma
 * functions. The including file defines, before using the macros below:
 *
 *   SHA2_WORD                   uint32_t or uint64_t
 *   SHA2_K                      the round constants (jca__sha256_k, ...)
 *   BSIG0 BSIG1 SSIG0 SSIG1     the Sigma and sigma functions
 *
 * and the blocks function keeps its message words in SHA2_WORD w[16] and
 * its working variables in a, b, c, d, e, f, g, h. Macros, not functions:
 * every round is inlined with constant indices, as it was written out in
 * each file.
 */
#ifndef JCA_ALGS_SHA2_ROUND_H
#define JCA_ALGS_SHA2_ROUND_H

/* Message words of rounds 16 and up: the schedule extended in place over a
 * 16-word window (rounds 0-15 read the block: the file's own WLOAD). */
#define SHA2_WSCHED(i) (w[(i) & 15] += SSIG1(w[((i) - 2) & 15]) + w[((i) - 7) & 15] + \
                                       SSIG0(w[((i) - 15) & 15]))

/*
 * SHA2_PIN(v) is an empty asm statement that makes the compiler treat v as
 * a fresh value it cannot see through; no instruction is emitted. It keeps
 * the sum of the inputs known early (h + K[i] + W[i]) as one value formed
 * off the critical path. Without it clang 14 reassociates the additions and
 * adds the round constant after the round function, one more instruction on
 * the loop-carried dependency chain (about 2% for SHA-256, 1% for SHA-512 on
 * Zen 4; gcc 12 is unaffected). Compilers without GNU C extensions get
 * plain C.
 */
#if defined(__GNUC__)
#define SHA2_PIN(v) __asm__("" : "+r"(v))
#else
#define SHA2_PIN(v) ((void)0)
#endif

/*
 * One round. Instead of shifting a..h down each round, the caller renames
 * them (the h of this round is the g of the next, and so on), so only d and
 * h change. Ch(e,f,g) = g ^ (e & (f ^ g)); Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)).
 * W(i) gives the message word of round i.
 */
#define SHA2_ROUND(a, b, c, d, e, f, g, h, i, W) do { \
	SHA2_WORD t1_ = h + SHA2_K[i] + W(i); \
	SHA2_PIN(t1_); \
	t1_ += BSIG1(e) + (g ^ (e & (f ^ g))); \
	SHA2_WORD t2_ = BSIG0(a) + (b ^ ((a ^ b) & (b ^ c))); \
	d += t1_; \
	h = t1_ + t2_; \
} while (0)

/* Eight rounds bring the names back to where they started. */
#define SHA2_ROUNDS8(i, W) do { \
	SHA2_ROUND(a, b, c, d, e, f, g, h, (i) + 0, W); \
	SHA2_ROUND(h, a, b, c, d, e, f, g, (i) + 1, W); \
	SHA2_ROUND(g, h, a, b, c, d, e, f, (i) + 2, W); \
	SHA2_ROUND(f, g, h, a, b, c, d, e, (i) + 3, W); \
	SHA2_ROUND(e, f, g, h, a, b, c, d, (i) + 4, W); \
	SHA2_ROUND(d, e, f, g, h, a, b, c, (i) + 5, W); \
	SHA2_ROUND(c, d, e, f, g, h, a, b, (i) + 6, W); \
	SHA2_ROUND(b, c, d, e, f, g, h, a, (i) + 7, W); \
} while (0)

/* The end of a block: the working variables added into the state st. */
#define SHA2_ADD_STATE(st) do { \
	(st)[0] += a; (st)[1] += b; (st)[2] += c; (st)[3] += d; \
	(st)[4] += e; (st)[5] += f; (st)[6] += g; (st)[7] += h; \
} while (0)

#endif
