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
 * jca__cpu_features() has both. fe_mul and fe_sqr are kept out of line:
 * inlined, their many fixed registers made the ladder spill more than a
 * call costs.
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
 * one for the low and one for the high halves of the products. Both end
 * with the reduction r = t mod p (below 2^256) of the 512-bit t: low half
 * + 38 * high half, then the few bits above 2^256 times 38 once more.
 */
#define FE_REDUCE_ASM(t0, t1, t2, t3, t4, t5, t6, t7)                        \
	"movl $38, %%edx\n\t"                                                \
	"xorl %%ecx, %%ecx\n\t"                                              \
	"mulxq " t4 ", %%rax, " t4 "\n\t"                                    \
	"adcxq %%rax, " t0 "\n\t"                                            \
	"adoxq " t4 ", " t1 "\n\t"                                           \
	"mulxq " t5 ", %%rax, " t5 "\n\t"                                    \
	"adcxq %%rax, " t1 "\n\t"                                            \
	"adoxq " t5 ", " t2 "\n\t"                                           \
	"mulxq " t6 ", %%rax, " t6 "\n\t"                                    \
	"adcxq %%rax, " t2 "\n\t"                                            \
	"adoxq " t6 ", " t3 "\n\t"                                           \
	"mulxq " t7 ", %%rax, " t7 "\n\t"                                    \
	"adcxq %%rax, " t3 "\n\t"                                            \
	"adoxq %%rcx, " t7 "\n\t"                                            \
	"adcxq %%rcx, " t7 "\n\t"                                            \
	"imulq $38, " t7 ", " t7 "\n\t"                                      \
	"addq " t7 ", " t0 "\n\t"                                            \
	"adcq %%rcx, " t1 "\n\t"                                             \
	"adcq %%rcx, " t2 "\n\t"                                             \
	"adcq %%rcx, " t3 "\n\t"                                             \
	"sbbq %%rax, %%rax\n\t"                                              \
	"andq $38, %%rax\n\t"                                                \
	"addq %%rax, " t0 "\n\t"

/* One row i = 1..3 of the schoolbook product: t[i..i+3] += a_i * b (low
 * halves on CF, high halves on OF), t[i+4] = the top high half + both
 * carries. rdx holds a_i, rcx is zeroed (which clears CF and OF). */
#define FE_ROW_ASM(ti, ti1, ti2, ti3, ti4)                                   \
	"xorl %%ecx, %%ecx\n\t"                                              \
	"mulxq 0(%[b]), %%rax, %%rbx\n\t"                                    \
	"adcxq %%rax, " ti "\n\t"                                            \
	"adoxq %%rbx, " ti1 "\n\t"                                           \
	"mulxq 8(%[b]), %%rax, %%rbx\n\t"                                    \
	"adcxq %%rax, " ti1 "\n\t"                                           \
	"adoxq %%rbx, " ti2 "\n\t"                                           \
	"mulxq 16(%[b]), %%rax, %%rbx\n\t"                                   \
	"adcxq %%rax, " ti2 "\n\t"                                           \
	"adoxq %%rbx, " ti3 "\n\t"                                           \
	"mulxq 24(%[b]), %%rax, " ti4 "\n\t"                                 \
	"adcxq %%rax, " ti3 "\n\t"                                           \
	"adoxq %%rcx, " ti4 "\n\t"                                           \
	"adcxq %%rcx, " ti4 "\n\t"

/* The two asm bodies below take 11 registers besides their 3 pointers and
 * 3 stack slots: a build that reserves the frame pointer and moves
 * locals off the stack (gcc's -fsanitize=address) has too few left, so
 * these two functions keep neither (JCA__ASM_REGS). */
#if defined(__clang__)
#define JCA__ASM_REGS __attribute__((noinline, no_sanitize("address")))
#else
#define JCA__ASM_REGS __attribute__((noinline, no_sanitize_address, optimize("omit-frame-pointer")))
#endif

static JCA__ASM_REGS void fe_mul(fe r, const fe a, const fe b)
{
	fe_limb t[3];

	/* accumulators rotate through r8..r12 as each row retires its
	 * lowest limb; t0, t1, t2 wait in memory for the reduction */
	__asm__ volatile(
		"movq 0(%[a]), %%rdx\n\t"
		"mulxq 0(%[b]), %%r8, %%r9\n\t"
		"mulxq 8(%[b]), %%rax, %%r10\n\t"
		"addq %%rax, %%r9\n\t"
		"mulxq 16(%[b]), %%rax, %%r11\n\t"
		"adcq %%rax, %%r10\n\t"
		"mulxq 24(%[b]), %%rax, %%r12\n\t"
		"adcq %%rax, %%r11\n\t"
		"adcq $0, %%r12\n\t"
		"movq %%r8, %[t0]\n\t"
		"movq 8(%[a]), %%rdx\n\t"
		FE_ROW_ASM("%%r9", "%%r10", "%%r11", "%%r12", "%%r8")
		"movq %%r9, %[t1]\n\t"
		"movq 16(%[a]), %%rdx\n\t"
		FE_ROW_ASM("%%r10", "%%r11", "%%r12", "%%r8", "%%r9")
		"movq %%r10, %[t2]\n\t"
		"movq 24(%[a]), %%rdx\n\t"
		FE_ROW_ASM("%%r11", "%%r12", "%%r8", "%%r9", "%%r10")
		/* t3..t7 = r11, r12, r8, r9, r10 */
		"movq %[t0], %%rbx\n\t"
		"movq %[t1], %%r13\n\t"
		"movq %[t2], %%r14\n\t"
		FE_REDUCE_ASM("%%rbx", "%%r13", "%%r14", "%%r11", "%%r12", "%%r8", "%%r9", "%%r10")
		"movq %%rbx, 0(%[r])\n\t"
		"movq %%r13, 8(%[r])\n\t"
		"movq %%r14, 16(%[r])\n\t"
		"movq %%r11, 24(%[r])\n\t"
		: [t0] "=m"(t[0]), [t1] "=m"(t[1]), [t2] "=m"(t[2])
		: [r] "r"(r), [a] "r"(a), [b] "r"(b)
		: "rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "cc", "memory");
}

static JCA__ASM_REGS void fe_sqr(fe r, const fe a)
{
	__asm__ volatile(
		/* the off-diagonal products a_i a_j, i < j: t1..t6 in r9..r14 */
		"movq 0(%[a]), %%rdx\n\t"
		"mulxq 8(%[a]), %%r9, %%r10\n\t"
		"mulxq 16(%[a]), %%rax, %%r11\n\t"
		"addq %%rax, %%r10\n\t"
		"mulxq 24(%[a]), %%rax, %%r12\n\t"
		"adcq %%rax, %%r11\n\t"
		"adcq $0, %%r12\n\t"
		"movq 8(%[a]), %%rdx\n\t"
		"xorl %%ecx, %%ecx\n\t"
		"mulxq 16(%[a]), %%rax, %%rbx\n\t"
		"adcxq %%rax, %%r11\n\t"
		"adoxq %%rbx, %%r12\n\t"
		"mulxq 24(%[a]), %%rax, %%r13\n\t"
		"adcxq %%rax, %%r12\n\t"
		"adoxq %%rcx, %%r13\n\t"
		"adcxq %%rcx, %%r13\n\t"
		"movq 16(%[a]), %%rdx\n\t"
		"mulxq 24(%[a]), %%rax, %%r14\n\t"
		"addq %%rax, %%r13\n\t"
		"adcq %%rcx, %%r14\n\t"
		/* twice that (each limb added to itself on CF) plus the squares
		 * on the diagonal (on OF): t0..t7 in r8..r15 */
		"xorl %%ecx, %%ecx\n\t"
		"movq 0(%[a]), %%rdx\n\t"
		"mulxq %%rdx, %%r8, %%rax\n\t"
		"adcxq %%r9, %%r9\n\t"
		"adoxq %%rax, %%r9\n\t"
		"movq 8(%[a]), %%rdx\n\t"
		"mulxq %%rdx, %%rax, %%rbx\n\t"
		"adcxq %%r10, %%r10\n\t"
		"adoxq %%rax, %%r10\n\t"
		"adcxq %%r11, %%r11\n\t"
		"adoxq %%rbx, %%r11\n\t"
		"movq 16(%[a]), %%rdx\n\t"
		"mulxq %%rdx, %%rax, %%rbx\n\t"
		"adcxq %%r12, %%r12\n\t"
		"adoxq %%rax, %%r12\n\t"
		"adcxq %%r13, %%r13\n\t"
		"adoxq %%rbx, %%r13\n\t"
		"movq 24(%[a]), %%rdx\n\t"
		"mulxq %%rdx, %%rax, %%r15\n\t"
		"adcxq %%r14, %%r14\n\t"
		"adoxq %%rax, %%r14\n\t"
		"adcxq %%rcx, %%r15\n\t"
		"adoxq %%rcx, %%r15\n\t"
		FE_REDUCE_ASM("%%r8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r15")
		"movq %%r8, 0(%[r])\n\t"
		"movq %%r9, 8(%[r])\n\t"
		"movq %%r10, 16(%[r])\n\t"
		"movq %%r11, 24(%[r])\n\t"
		:
		: [r] "r"(r), [a] "r"(a)
		: "rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc", "memory");
}

/* r = a * k for a small k: five limbs, the top one folded by 38 */
static inline void fe_mul_small(fe r, const fe a, uint32_t k)
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
		"imulq $38, %[h], %[h]\n\t"
		"addq %[h], %[r0]\n\t"
		"adcq $0, %[r1]\n\t"
		"adcq $0, %[r2]\n\t"
		"adcq $0, %[r3]\n\t"
		"sbbq %[h], %[h]\n\t"
		"andq $38, %[h]\n\t"
		"addq %[h], %[r0]\n\t"
		: [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [h] "=&r"(h)
		: [a] "r"(a), [k] "r"(k), "m"(*(const fe_limb(*)[4])a)
		: "rax", "rdx", "cc");
	r[0] = r0;
	r[1] = r1;
	r[2] = r2;
	r[3] = r3;
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

/* One limb at a time in general registers (the empty asm keeps the compiler
 * from vectorising): the limbs were just written by 64-bit stores, and a
 * 128-bit load across two of them is not forwarded from the store buffer.
 * 0.5% of an X25519 on AMD Zen 5. */
static inline void fe_cswap(fe a, fe b, uint64_t mask)
{
	fe_limb x, y, t;
	int i;

	mask = fe_barrier(mask);
	for (i = 0; i < 4; i++) {
		x = a[i];
		y = b[i];
		t = (x ^ y) & mask;
		__asm__("" : "+r"(t));
		a[i] = x ^ t;
		b[i] = y ^ t;
	}
}

static inline void fe_cmov(fe r, const fe a, uint64_t mask)
{
	int i;

	mask = fe_barrier(mask);
	for (i = 0; i < 4; i++)
		r[i] ^= (r[i] ^ a[i]) & mask;
}

#endif
