/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Arithmetic modulo p = 2^255 - 19 for x86-64 with BMI2 and ADX: four
 * 64-bit limbs (radix 2^64), 64x64->128 products by MULX, two carry chains
 * at once by ADCX/ADOX. The products, sums and differences are short
 * inline assembly blocks (the compiler would make one ADC chain of
 * _addcarryx_u64 and spill around it); the final reduction uses the
 * intrinsics. Same names as the portable fe25519.h, so the curve code
 * (x25519_impl.h, ed25519_impl.h) compiles over either.
 *
 * Values are kept below 2^256, not fully reduced: 2^256 = 38 mod p, so a
 * carry out of the top limb comes back as 38 at the bottom. Only
 * fe_tobytes reduces fully. Constant time: carries are added as numbers,
 * never tested.
 *
 * Only for files compiled with -mbmi2 -madx, and called only when
 * jca__cpu_features() has both. fe_mul and fe_sqr are always inlined and
 * leave the choice of registers to the compiler (12 and 13 of them, so an
 * unoptimised or ASan build, which keeps a frame pointer, still has
 * enough).
 */
#ifndef JCA_FE25519_MULX_H
#define JCA_FE25519_MULX_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "../../util/bytes.h"

typedef unsigned long long fe_limb;
typedef fe_limb fe[4];

static inline uint64_t fe_barrier(uint64_t m)
{
	__asm__("" : "+r"(m));
	return m;
}

#define FE_ADC(c, a, b, r) _addcarryx_u64((c), (a), (b), (r))
#define FE_SBB(c, a, b, r) _subborrow_u64((c), (a), (b), (r))

static inline void fe_copy(fe r, const fe a) { memcpy(r, a, sizeof(fe)); }
static inline void fe_0(fe r) { memset(r, 0, sizeof(fe)); }
static inline void fe_1(fe r) { fe_0(r); r[0] = 1; }

/* r = a + b; a carry out of 2^256 comes back as 38 (twice at most, the
 * second time into a value that cannot carry again) */
static inline void fe_add(fe r, const fe a, const fe b)
{
	fe_limb r0, r1, r2, r3, m;

	__asm__(
		"movq 0(%[a]), %[r0]\n\t"
		"movq 8(%[a]), %[r1]\n\t"
		"movq 16(%[a]), %[r2]\n\t"
		"movq 24(%[a]), %[r3]\n\t"
		"addq 0(%[b]), %[r0]\n\t"
		"adcq 8(%[b]), %[r1]\n\t"
		"adcq 16(%[b]), %[r2]\n\t"
		"adcq 24(%[b]), %[r3]\n\t"
		"sbbq %[m], %[m]\n\t"
		"andq $38, %[m]\n\t"
		"addq %[m], %[r0]\n\t"
		"adcq $0, %[r1]\n\t"
		"adcq $0, %[r2]\n\t"
		"adcq $0, %[r3]\n\t"
		"sbbq %[m], %[m]\n\t"
		"andq $38, %[m]\n\t"
		"addq %[m], %[r0]\n\t"
		: [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [m] "=&r"(m)
		: [a] "r"(a), [b] "r"(b), "m"(*(const fe_limb(*)[4])a), "m"(*(const fe_limb(*)[4])b)
		: "cc");
	r[0] = r0;
	r[1] = r1;
	r[2] = r2;
	r[3] = r3;
}

/* r = a - b; a borrow took 2^256 = 38 too much away: take 38 less */
static inline void fe_sub(fe r, const fe a, const fe b)
{
	fe_limb r0, r1, r2, r3, m;

	__asm__(
		"movq 0(%[a]), %[r0]\n\t"
		"movq 8(%[a]), %[r1]\n\t"
		"movq 16(%[a]), %[r2]\n\t"
		"movq 24(%[a]), %[r3]\n\t"
		"subq 0(%[b]), %[r0]\n\t"
		"sbbq 8(%[b]), %[r1]\n\t"
		"sbbq 16(%[b]), %[r2]\n\t"
		"sbbq 24(%[b]), %[r3]\n\t"
		"sbbq %[m], %[m]\n\t"
		"andq $38, %[m]\n\t"
		"subq %[m], %[r0]\n\t"
		"sbbq $0, %[r1]\n\t"
		"sbbq $0, %[r2]\n\t"
		"sbbq $0, %[r3]\n\t"
		"sbbq %[m], %[m]\n\t"
		"andq $38, %[m]\n\t"
		"subq %[m], %[r0]\n\t"
		: [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [m] "=&r"(m)
		: [a] "r"(a), [b] "r"(b), "m"(*(const fe_limb(*)[4])a), "m"(*(const fe_limb(*)[4])b)
		: "cc");
	r[0] = r0;
	r[1] = r1;
	r[2] = r2;
	r[3] = r3;
}

static inline void fe_neg(fe r, const fe a)
{
	static const fe zero = { 0, 0, 0, 0 };

	fe_sub(r, zero, a);
}

/*
 * Multiplication and squaring are written in assembly: C compilers turn
 * _addcarryx_u64 into a single ADC chain, while MULX with ADCX (carry flag)
 * and ADOX (overflow flag) keeps two independent carry chains in flight,
 * one for the low and one for the high halves of the products. The
 * compiler picks the registers: the 512-bit product t0..t7 and two
 * temporaries (lo, hi), with rdx for MULX; a and b stay in memory.
 * Both end with the reduction r = t mod p (below 2^256): low half + 38 *
 * high half, then the few bits above 2^256 times 38 once more.
 */

/* Inlined where they are used: an X25519 takes 4% less time than with
 * out-of-line functions on fixed registers (AMD Zen 5). */
#define FE_ASM_INLINE inline __attribute__((always_inline))

/* t0..t3 = t mod p, below 2^256. On entry CF and OF are clear and hi is
 * 0 (each product ends that way); t4..t7 and lo are spent. */
#define FE_REDUCE_ASM(t0, t1, t2, t3, t4, t5, t6, t7)                        \
	"movl $38, %%edx\n\t"                                                \
	"mulxq " t4 ", %[lo], " t4 "\n\t"                                    \
	"adcxq %[lo], " t0 "\n\t"                                            \
	"adoxq " t4 ", " t1 "\n\t"                                           \
	"mulxq " t5 ", %[lo], " t5 "\n\t"                                    \
	"adcxq %[lo], " t1 "\n\t"                                            \
	"adoxq " t5 ", " t2 "\n\t"                                           \
	"mulxq " t6 ", %[lo], " t6 "\n\t"                                    \
	"adcxq %[lo], " t2 "\n\t"                                            \
	"adoxq " t6 ", " t3 "\n\t"                                           \
	"mulxq " t7 ", %[lo], " t7 "\n\t"                                    \
	"adcxq %[lo], " t3 "\n\t"                                            \
	"adoxq %[hi], " t7 "\n\t"                                            \
	"adcxq %[hi], " t7 "\n\t"                                            \
	"imulq $38, " t7 ", " t7 "\n\t"                                      \
	"addq " t7 ", " t0 "\n\t"                                            \
	"adcq %[hi], " t1 "\n\t"                                             \
	"adcq %[hi], " t2 "\n\t"                                             \
	"adcq %[hi], " t3 "\n\t"                                             \
	"sbbq %[lo], %[lo]\n\t"                                              \
	"andq $38, %[lo]\n\t"                                                \
	"addq %[lo], " t0 "\n\t"

/* One row i = 1..3 of the schoolbook product: t[i..i+3] += a_i * b (low
 * halves on CF, high halves on OF), t[i+4] = the top high half + both
 * carries (it cannot overflow: the partial sum is below 2^(64 (i+5))).
 * Leaves CF and OF clear and hi = 0. */
#define FE_ROW_ASM(ai, ti, ti1, ti2, ti3, ti4)                               \
	"movq " ai ", %%rdx\n\t"                                             \
	"xorl %k[lo], %k[lo]\n\t"                                            \
	"mulxq 0(%[b]), %[lo], %[hi]\n\t"                                    \
	"adcxq %[lo], " ti "\n\t"                                            \
	"adoxq %[hi], " ti1 "\n\t"                                           \
	"mulxq 8(%[b]), %[lo], %[hi]\n\t"                                    \
	"adcxq %[lo], " ti1 "\n\t"                                           \
	"adoxq %[hi], " ti2 "\n\t"                                           \
	"mulxq 16(%[b]), %[lo], %[hi]\n\t"                                   \
	"adcxq %[lo], " ti2 "\n\t"                                           \
	"adoxq %[hi], " ti3 "\n\t"                                           \
	"mulxq 24(%[b]), %[lo], " ti4 "\n\t"                                 \
	"adcxq %[lo], " ti3 "\n\t"                                           \
	"movl $0, %k[hi]\n\t"                                                \
	"adoxq %[hi], " ti4 "\n\t"                                           \
	"adcxq %[hi], " ti4 "\n\t"

/* 12 registers: t7 is the register that held the address of a, free
 * once a3 is loaded (so that even an unoptimised build, which keeps a
 * frame pointer and gives each memory operand its own, has enough). */
static FE_ASM_INLINE void fe_mul(fe r, const fe a, const fe b)
{
	fe_limb t0, t1, t2, t3, t4, t5, t6, lo, hi, dx;
	fe_limb t7 = (fe_limb)(uintptr_t)a;

	__asm__("movq 0(%[t7]), %%rdx\n\t"
		"mulxq 0(%[b]), %[t0], %[t1]\n\t"
		"mulxq 8(%[b]), %[lo], %[t2]\n\t"
		"addq %[lo], %[t1]\n\t"
		"mulxq 16(%[b]), %[lo], %[t3]\n\t"
		"adcq %[lo], %[t2]\n\t"
		"mulxq 24(%[b]), %[lo], %[t4]\n\t"
		"adcq %[lo], %[t3]\n\t"
		"adcq $0, %[t4]\n\t"
		FE_ROW_ASM("8(%[t7])", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
		FE_ROW_ASM("16(%[t7])", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
		FE_ROW_ASM("24(%[t7])", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
		FE_REDUCE_ASM("%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
		: [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
		  [t5] "=&r"(t5), [t6] "=&r"(t6), [t7] "+&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi), "=&d"(dx)
		: [b] "r"(b), "m"(*(const fe_limb(*)[4])a), "m"(*(const fe_limb(*)[4])b)
		: "cc");
	r[0] = t0;
	r[1] = t1;
	r[2] = t2;
	r[3] = t3;
}

/*
 * A squaring with a0..a3 in registers x0..x3. The product t0..t7 reuses x0
 * for t0 (a0 is spent once a0^2 is taken) and x3 for t7 (the same for
 * a3): 13 registers in all.
 */
static FE_ASM_INLINE void fe_sqr(fe r, const fe a)
{
	fe_limb x0 = a[0], x1 = a[1], x2 = a[2], x3 = a[3];
	fe_limb t1, t2, t3, t4, t5, t6, lo, hi, dx;

	__asm__(
		/* the off-diagonal products a_i a_j, i < j: t1..t6 */
		"movq %[x0], %%rdx\n\t"
		"mulxq %[x1], %[t1], %[t2]\n\t"
		"mulxq %[x2], %[lo], %[t3]\n\t"
		"addq %[lo], %[t2]\n\t"
		"mulxq %[x3], %[lo], %[t4]\n\t"
		"adcq %[lo], %[t3]\n\t"
		"adcq $0, %[t4]\n\t"
		"movq %[x1], %%rdx\n\t"
		"xorl %k[lo], %k[lo]\n\t"
		"mulxq %[x2], %[lo], %[hi]\n\t"
		"adcxq %[lo], %[t3]\n\t"
		"adoxq %[hi], %[t4]\n\t"
		"mulxq %[x3], %[lo], %[t5]\n\t"
		"adcxq %[lo], %[t4]\n\t"
		"movl $0, %k[hi]\n\t"
		"adoxq %[hi], %[t5]\n\t"
		"adcxq %[hi], %[t5]\n\t"
		"movq %[x2], %%rdx\n\t"
		"mulxq %[x3], %[lo], %[t6]\n\t"
		"addq %[lo], %[t5]\n\t"
		"adcq $0, %[t6]\n\t"
		/* twice that (on CF) plus the squares (on OF) */
		"xorl %k[hi], %k[hi]\n\t"
		"movq %[x0], %%rdx\n\t"
		"mulxq %%rdx, %[x0], %[lo]\n\t"
		"adcxq %[t1], %[t1]\n\t"
		"adoxq %[lo], %[t1]\n\t"
		"movq %[x1], %%rdx\n\t"
		"mulxq %%rdx, %[lo], %[hi]\n\t"
		"adcxq %[t2], %[t2]\n\t"
		"adoxq %[lo], %[t2]\n\t"
		"adcxq %[t3], %[t3]\n\t"
		"adoxq %[hi], %[t3]\n\t"
		"movq %[x2], %%rdx\n\t"
		"mulxq %%rdx, %[lo], %[hi]\n\t"
		"adcxq %[t4], %[t4]\n\t"
		"adoxq %[lo], %[t4]\n\t"
		"adcxq %[t5], %[t5]\n\t"
		"adoxq %[hi], %[t5]\n\t"
		"movq %[x3], %%rdx\n\t"
		"mulxq %%rdx, %[lo], %[x3]\n\t"
		"adcxq %[t6], %[t6]\n\t"
		"adoxq %[lo], %[t6]\n\t"
		"movl $0, %k[hi]\n\t"
		"adcxq %[hi], %[x3]\n\t"
		"adoxq %[hi], %[x3]\n\t"
		FE_REDUCE_ASM("%[x0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[x3]")
		: [x0] "+r"(x0), [x1] "+r"(x1), [x2] "+r"(x2), [x3] "+r"(x3),
		  [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
		  [t5] "=&r"(t5), [t6] "=&r"(t6), [lo] "=&r"(lo), [hi] "=&r"(hi), "=&d"(dx)
		:
		: "cc");
	r[0] = x0;
	r[1] = t1;
	r[2] = t2;
	r[3] = t3;
}

/* r = a k + b for a small k (the ladder's AA + a24 E in one pass): five
 * limbs, the top one (below 2^18) folded by 38 */
#define FE_HAVE_MUL_SMALL_ADD
static inline void fe_mul_small_add(fe r, const fe a, uint32_t k, const fe b)
{
	fe_limb r0, r1, r2, r3, h;

	__asm__(
		"movl %k[k], %%edx\n\t"
		"mulxq 0(%[a]), %[r0], %[r1]\n\t"
		"mulxq 8(%[a]), %%rax, %[r2]\n\t"
		"addq %%rax, %[r1]\n\t"
		"mulxq 16(%[a]), %%rax, %[r3]\n\t"
		"adcq %%rax, %[r2]\n\t"
		"mulxq 24(%[a]), %%rax, %[h]\n\t"
		"adcq %%rax, %[r3]\n\t"
		"adcq $0, %[h]\n\t"
		"addq 0(%[b]), %[r0]\n\t"
		"adcq 8(%[b]), %[r1]\n\t"
		"adcq 16(%[b]), %[r2]\n\t"
		"adcq 24(%[b]), %[r3]\n\t"
		"adcq $0, %[h]\n\t"
		"imulq $38, %[h], %[h]\n\t"
		"addq %[h], %[r0]\n\t"
		"adcq $0, %[r1]\n\t"
		"adcq $0, %[r2]\n\t"
		"adcq $0, %[r3]\n\t"
		"sbbq %[h], %[h]\n\t"
		"andq $38, %[h]\n\t"
		"addq %[h], %[r0]\n\t"
		: [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [h] "=&r"(h)
		: [a] "r"(a), [b] "r"(b), [k] "r"(k), "m"(*(const fe_limb(*)[4])a), "m"(*(const fe_limb(*)[4])b)
		: "rax", "rdx", "cc");
	r[0] = r0;
	r[1] = r1;
	r[2] = r2;
	r[3] = r3;
}

/* r = a k for a small k */
static inline void fe_mul_small(fe r, const fe a, uint32_t k)
{
	static const fe zero = { 0, 0, 0, 0 };

	fe_mul_small_add(r, a, k, zero);
}

static inline void fe_from_words(fe r, const uint64_t w[4])
{
	r[0] = w[0];
	r[1] = w[1];
	r[2] = w[2];
	r[3] = w[3];
}

/* 32 little-endian bytes; bit 255 is ignored (RFC 7748, 5). */
static inline void fe_frombytes(fe r, const uint8_t s[32])
{
	r[0] = jca__load_le64(s);
	r[1] = jca__load_le64(s + 8);
	r[2] = jca__load_le64(s + 16);
	r[3] = jca__load_le64(s + 24) & 0x7fffffffffffffffull;
}

/* The unique representative below p, as 32 little-endian bytes. */
static inline void fe_tobytes(uint8_t s[32], const fe a)
{
	fe v, w;
	fe_limb m;
	unsigned char c;
	int i;

	/* bit 255 is worth 19: v < 2^255 + 19 after this */
	m = a[3] >> 63;
	c = FE_ADC(0, a[0], 19 * m, &v[0]);
	c = FE_ADC(c, a[1], 0, &v[1]);
	c = FE_ADC(c, a[2], 0, &v[2]);
	FE_ADC(c, a[3] & 0x7fffffffffffffffull, 0, &v[3]);
	/* v >= p exactly when v + 19 reaches 2^255; then v - p = v + 19 - 2^255 */
	c = FE_ADC(0, v[0], 19, &w[0]);
	c = FE_ADC(c, v[1], 0, &w[1]);
	c = FE_ADC(c, v[2], 0, &w[2]);
	FE_ADC(c, v[3], 0, &w[3]);
	m = fe_barrier(0 - (w[3] >> 63));
	w[3] &= 0x7fffffffffffffffull;
	for (i = 0; i < 4; i++)
		jca__store_le64(s + 8 * i, (w[i] & m) | (v[i] & ~m));
}

/* In general registers, not vectorised (the empty asm is opaque to the
 * compiler): the limbs were just written by 64-bit stores, and a 128-bit
 * load across two of them is not forwarded from the store buffer. */
static inline void fe_cswap(fe a, fe b, uint64_t mask)
{
	fe_limb x0, x1, x2, x3;

	mask = fe_barrier(mask);
	x0 = (a[0] ^ b[0]) & mask;
	x1 = (a[1] ^ b[1]) & mask;
	x2 = (a[2] ^ b[2]) & mask;
	x3 = (a[3] ^ b[3]) & mask;
	__asm__("" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3));
	a[0] ^= x0; b[0] ^= x0;
	a[1] ^= x1; b[1] ^= x1;
	a[2] ^= x2; b[2] ^= x2;
	a[3] ^= x3; b[3] ^= x3;
}

static inline void fe_cmov(fe r, const fe a, uint64_t mask)
{
	int i;

	mask = fe_barrier(mask);
	for (i = 0; i < 4; i++)
		r[i] ^= (r[i] ^ a[i]) & mask;
}

#endif
