/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-DSA (FIPS 204) inside src/algs: the parameter sets and the polynomial
 * layer shared by mldsa_poly.c (arithmetic, NTT, rounding, hints),
 * mldsa_sample.c (the SHAKE samplers) and mldsa_pack.c (encodings), used
 * by mldsa.c (keygen, sign, verify). Not seen by the providers: their
 * interface is mldsa.h.
 *
 * Representation: a polynomial is 256 int32_t coefficients. Outside the
 * NTT domain a "canonical" coefficient is in [0, q); functions say when
 * they take or give another range. Montgomery arithmetic uses R = 2^32.
 *
 * Constant time: nothing here branches on or indexes by a coefficient,
 * except the samplers' rejection of SHAKE output (ExpandA's is public;
 * ExpandS rejects only bytes that are then dropped) and SampleInBall, whose
 * input (c~) is published with the signature.
 */
#ifndef JCA_ALGS_MLDSA_IMPL_H
#define JCA_ALGS_MLDSA_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "algs.h"

#define JCA__MLDSA_N 256
#define JCA__MLDSA_Q 8380417
#define JCA__MLDSA_D 13
#define JCA__MLDSA_KMAX 8
#define JCA__MLDSA_LMAX 7

typedef struct jca__mldsa_params {
	unsigned level;
	unsigned k, l;                 /* rows and columns of A */
	unsigned eta;                  /* 2 or 4: s1, s2 in [-eta, eta] */
	unsigned tau;                  /* number of +-1 in c */
	unsigned beta;                 /* tau * eta */
	unsigned omega;                /* most hint bits */
	unsigned ctilde_len;           /* lambda / 4 bytes */
	int32_t gamma1;                /* 2^17 or 2^19 */
	int32_t gamma2;                /* (q-1)/88 or (q-1)/32 */
	unsigned z_bits;               /* 18 or 20 */
	unsigned w1_bits;              /* 6 or 4 */
	unsigned eta_bits;             /* 3 or 4 */
	size_t pk_len, sk_len, sig_len;
} jca__mldsa_params;

/* The set for a level (44, 65, 87), or NULL. */
JCA__HIDDEN const jca__mldsa_params *jca__mldsa_params_of(unsigned level);

typedef struct jca__mldsa_poly {
	int32_t c[JCA__MLDSA_N];
} jca__mldsa_poly;

/*
 * Declassification for the constant-time check: tests/ct/run.sh builds with
 * JCA_CT_VALGRIND, and these bytes become "defined" for valgrind where FIPS
 * 204 lets them leak: the rejection loop's outcome and c~ (a random-oracle
 * output, also for rejected attempts: section 5.5 of the round-3
 * CRYSTALS-Dilithium specification); also ExpandS's rejection of a
 * half-byte (mldsa_sample.c says why it is harmless), pk_from_sk's verdict
 * and keygen's rho (part of pk). Nothing in other builds.
 */
#ifdef JCA_CT_VALGRIND
#include <valgrind/memcheck.h>
#define JCA__MLDSA_PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define JCA__MLDSA_PUBLIC(p, n) ((void)0)
#endif

/* A workspace of n bytes on the heap (NULL when out of memory), and its
 * release, which wipes it first (mldsa.c). */
JCA__HIDDEN void *jca__mldsa_ws_new(size_t n);
JCA__HIDDEN void jca__mldsa_ws_free(void *w, size_t n);

/* ---- arithmetic (mldsa_poly.c) --------------------------------------- */
/* a * 2^-32 mod q in (-q, q), for |a| < 2^31 q. */
static inline int32_t jca__mldsa_mont(int64_t a)
{
	int32_t t = (int32_t)((uint32_t)a * 58728449u);   /* q^-1 mod 2^32 */

	return (int32_t)((a - (int64_t)t * JCA__MLDSA_Q) >> 32);
}

/* All ones when x < 0, else 0 (the sign bit spread, with no signed shift). */
static inline int32_t jca__mldsa_neg(int32_t x)
{
	return -(int32_t)((uint32_t)x >> 31);
}

/* (-q, q) -> [0, q), without a branch. */
static inline int32_t jca__mldsa_caddq(int32_t a)
{
	return a + (jca__mldsa_neg(a) & JCA__MLDSA_Q);
}

/* (-q, 2q) -> [0, q), without a branch. */
static inline int32_t jca__mldsa_modq(int32_t v)
{
	v += jca__mldsa_neg(v) & JCA__MLDSA_Q;
	v -= JCA__MLDSA_Q;
	return v + (jca__mldsa_neg(v) & JCA__MLDSA_Q);
}

/* [0, q) -> the centred representative in [-(q-1)/2, (q-1)/2]. */
static inline int32_t jca__mldsa_centre(int32_t a)
{
	return a - (jca__mldsa_neg((int32_t)((JCA__MLDSA_Q - 1) / 2) - a) & JCA__MLDSA_Q);
}

/* Forward NTT in place: coefficients of absolute value below q in, below 9q out. */
JCA__HIDDEN void jca__mldsa_ntt(jca__mldsa_poly *a);
/* Inverse NTT times 2^32 (undoes the 2^-32 of one Montgomery product):
 * absolute values below q in, below q out. */
JCA__HIDDEN void jca__mldsa_invntt(jca__mldsa_poly *a);
/* out = 2^-32 * sum_i a[i] o b[i] (pointwise), n <= 7, inputs below 9q in
 * absolute value; one reduction per coefficient. Output below q. */
JCA__HIDDEN void jca__mldsa_dot(jca__mldsa_poly *out, const jca__mldsa_poly *a, const jca__mldsa_poly *b,
                                unsigned n);
/* A challenge c (tau coefficients +-1) as its positions and signs, which
 * are public (c~ is), and the product c s in Z[X]/(X^256 + 1) computed
 * from them: exact for small centred s (|c s| <= tau max|s|), with no
 * transform; the memory accesses depend on c alone. */
typedef struct jca__mldsa_sparse {
	unsigned n;
	uint8_t pos[64];
	int32_t neg[64];               /* 0 for +1, -1 for -1 */
} jca__mldsa_sparse;
JCA__HIDDEN void jca__mldsa_sparse_of(jca__mldsa_sparse *sc, const jca__mldsa_poly *c);
/* ext = -s || s, the form mul_sparse takes s in */
JCA__HIDDEN void jca__mldsa_sparse_ext(int32_t ext[2 * JCA__MLDSA_N], const jca__mldsa_poly *s);
JCA__HIDDEN void jca__mldsa_mul_sparse(jca__mldsa_poly *restrict out, const jca__mldsa_sparse *restrict sc,
                                       const int32_t *restrict ext);
/* Every coefficient from (-q, q) to [0, q). */
JCA__HIDDEN void jca__mldsa_poly_caddq(jca__mldsa_poly *a);

/* ---- rounding (FIPS 204 section 7.4), on r in [0, q) ----------------- */
/* Power2Round: r = r1 * 2^13 + r0 with r0 in (-2^12, 2^12]. */
static inline void jca__mldsa_power2round(int32_t r, int32_t *r1, int32_t *r0)
{
	int32_t h = (r + (1 << (JCA__MLDSA_D - 1)) - 1) >> JCA__MLDSA_D;

	*r1 = h;
	*r0 = r - (h << JCA__MLDSA_D);
}

/*
 * Decompose: r = r1 * 2 gamma2 + r0, r0 in (-gamma2, gamma2], except that
 * r - r0 = q - 1 gives r1 = 0 and r0 - 1. r1 = floor((r + gamma2 - 1) /
 * (2 gamma2)), the division done as a shift and a multiplication checked
 * exhaustively over [0, q) (tests/check_mldsa.c).
 */
static inline int32_t jca__mldsa_decompose(int32_t gamma2, int32_t r, int32_t *r0)
{
	int32_t x = r + gamma2 - 1, r1, m, top;

	if (gamma2 == (JCA__MLDSA_Q - 1) / 32) {      /* public parameter */
		r1 = ((x >> 9) * 16401) >> 24;           /* / 523776 = 2^9 * 1023 */
		m = 16;
	} else {
		r1 = ((x >> 11) * 2819) >> 18;           /* / 190464 = 2^11 * 93 */
		m = 44;
	}
	*r0 = r - r1 * 2 * gamma2;
	top = jca__mldsa_neg(m - 1 - r1);                /* -1 when r1 == m */
	*r0 += top;
	return r1 & ~top;
}

/* UseHint (public data: verification only). */
static inline int32_t jca__mldsa_use_hint(int32_t gamma2, int32_t h, int32_t r)
{
	int32_t r0, r1 = jca__mldsa_decompose(gamma2, r, &r0);
	int32_t m = (JCA__MLDSA_Q - 1) / (2 * gamma2);

	if (!h)
		return r1;
	if (r0 > 0)
		return r1 + 1 == m ? 0 : r1 + 1;
	return r1 == 0 ? m - 1 : r1 - 1;
}

/* 1 when some centred coefficient has |a| >= bound, else 0; a in [0, q).
 * The loop is branch-free: only the caller's decision on the result leaks. */
JCA__HIDDEN unsigned jca__mldsa_poly_exceeds(const jca__mldsa_poly *a, int32_t bound);
/* h = MakeHint on r = w - c s2 (in [0, q)) and ct0 (in [0, q)): h[i] = 1
 * when HighBits(r + ct0) != HighBits(r). Returns the number of ones. */
JCA__HIDDEN unsigned jca__mldsa_make_hint(int32_t gamma2, jca__mldsa_poly *h, const jca__mldsa_poly *r,
                                          const jca__mldsa_poly *ct0);

/* ---- sampling (mldsa_sample.c) --------------------------------------- */
/* A-hat[row][col] = RejNTTPoly(rho || col || row): k*l polynomials, row-major;
 * or one entry. */
JCA__HIDDEN void jca__mldsa_expand_a_entry(const jca__keccak_backend *kb, jca__mldsa_poly *a,
                                           const uint8_t rho[32], unsigned row, unsigned col);
JCA__HIDDEN void jca__mldsa_expand_a(const jca__keccak_backend *kb, const jca__mldsa_params *p,
                                     jca__mldsa_poly *a, const uint8_t rho[32]);
/* s1 (l polys) and s2 (k polys) from rho' (64 bytes): RejBoundedPoly, in [0, q). */
JCA__HIDDEN void jca__mldsa_expand_s(const jca__keccak_backend *kb, const jca__mldsa_params *p,
                                     jca__mldsa_poly *s1, jca__mldsa_poly *s2, const uint8_t rhop[64]);
/* y (l polys) = ExpandMask(rho'', kappa), centred: in [-gamma1 + 1, gamma1]. */
JCA__HIDDEN void jca__mldsa_expand_mask(const jca__keccak_backend *kb, const jca__mldsa_params *p,
                                        jca__mldsa_poly *y, const uint8_t rhopp[64], unsigned kappa);
/* c = SampleInBall(c~): tau coefficients +-1 (as 1 and -1), the rest 0. */
JCA__HIDDEN void jca__mldsa_sample_in_ball(const jca__keccak_backend *kb, const jca__mldsa_params *p,
                                           jca__mldsa_poly *c, const uint8_t *ctilde);

/* ---- encodings (mldsa_pack.c) ---------------------------------------- */
/* 256 values of `bits` bits (< 32), little-endian bit order: 32 * bits bytes. */
JCA__HIDDEN void jca__mldsa_pack_bits(uint8_t *out, const uint32_t *v, unsigned bits);
JCA__HIDDEN void jca__mldsa_unpack_bits(uint32_t *v, const uint8_t *in, unsigned bits);
/* pk = rho || t1 (t1 in [0, 2^10)). */
JCA__HIDDEN void jca__mldsa_pack_pk(const jca__mldsa_params *p, uint8_t *pk, const uint8_t rho[32],
                                    const jca__mldsa_poly *t1);
JCA__HIDDEN void jca__mldsa_unpack_pk(const jca__mldsa_params *p, uint8_t rho[32], jca__mldsa_poly *t1,
                                      const uint8_t *pk);
/* s (eta-bit packing of eta - s) and t0 (13 bits of 2^12 - t0): coefficients
 * in [0, q) on packing, given back in [0, q) on unpacking. Unpacking
 * returns 0, or 1 when an s coefficient was outside [-eta, eta] (only
 * pk_from_sk acts on it). */
JCA__HIDDEN void jca__mldsa_pack_eta(const jca__mldsa_params *p, uint8_t *out, const jca__mldsa_poly *s);
JCA__HIDDEN unsigned jca__mldsa_unpack_eta(const jca__mldsa_params *p, jca__mldsa_poly *s, const uint8_t *in);
JCA__HIDDEN void jca__mldsa_pack_t0(uint8_t *out, const jca__mldsa_poly *t0);
JCA__HIDDEN void jca__mldsa_unpack_t0(jca__mldsa_poly *t0, const uint8_t *in);
/* z (gamma1 - z in z_bits bits), z in [0, q) on packing (centred value
 * within gamma1), centred on unpacking. */
JCA__HIDDEN void jca__mldsa_pack_z(const jca__mldsa_params *p, uint8_t *out, const jca__mldsa_poly *z);
JCA__HIDDEN void jca__mldsa_unpack_z(const jca__mldsa_params *p, jca__mldsa_poly *z, const uint8_t *in);
/* w1Encode of k polynomials (values below 16 or 44). */
JCA__HIDDEN void jca__mldsa_pack_w1(const jca__mldsa_params *p, uint8_t *out, const jca__mldsa_poly *w1);
/* HintBitPack / HintBitUnpack (omega + k bytes; h coefficients 0 or 1).
 * Unpack returns -1 for a malformed encoding (FIPS 204 Algorithm 21). */
JCA__HIDDEN void jca__mldsa_pack_hint(const jca__mldsa_params *p, uint8_t *out, const jca__mldsa_poly *h);
JCA__HIDDEN int jca__mldsa_unpack_hint(const jca__mldsa_params *p, jca__mldsa_poly *h, const uint8_t *in);

#endif
