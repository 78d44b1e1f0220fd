/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-KEM polynomial arithmetic (FIPS 203 section 4.3): Montgomery and
 * Barrett reduction, the NTT and its inverse (Algorithms 9 and 10) and the
 * multiplication in the NTT domain (Algorithms 11 and 12), with the sum of
 * k products reduced once per coefficient.
 *
 * Constant time: no branch, division or table index depends on a
 * coefficient; the zetas are indexed by loop counters only. Right shifts
 * of negative values are arithmetic (GCC and Clang on every target).
 */
#include "mlkem_int.h"
#include "mlkem_zetas.h"

#define Q JCA__MLKEM_Q
#define QINV (-3327)            /* q^-1 mod 2^16, as a signed value */
#define R2 1353                 /* 2^32 mod q: times 2^16 through mont */
#define INV_SCALE 1441          /* 2^32 / 128 mod q: the inverse NTT's 1/128, times 2^16 */
#define BARRETT_V 20159         /* round(2^26 / q) */

/* a * 2^-16 mod q, for |a| < 2^15 q; result |r| < q. */
static inline int16_t mont(int32_t a)
{
	int16_t t = (int16_t)(uint16_t)((uint32_t)a * (uint32_t)QINV);

	return (int16_t)((a - (int32_t)t * Q) >> 16);
}

static inline int16_t fqmul(int16_t a, int16_t b)
{
	return mont((int32_t)a * b);
}

/* The centred representative of a mod q, |r| <= (q - 1) / 2. */
static inline int16_t barrett(int16_t a)
{
	int16_t t = (int16_t)(((int32_t)BARRETT_V * a + (1 << 25)) >> 26);

	return (int16_t)(a - t * Q);
}

/*
 * a * zeta * 2^-16 mod q with the twisted constant zq = zeta * q^-1 mod
 * 2^16: the high halves of a * zeta and of (a * zq mod 2^16) * q differ by
 * exactly the Montgomery reduction (their low halves are equal). Only
 * 16x16-bit products and their halves, which compilers map onto SIMD
 * multiplies (pmulhw, pmullw) when they vectorise the loops below.
 */
static inline int16_t mulz(int16_t a, int16_t zeta, int16_t zq)
{
	int16_t lo = (int16_t)(uint16_t)((uint32_t)a * (uint32_t)zq);
	int16_t hi = (int16_t)(((int32_t)a * zeta) >> 16);

	return (int16_t)(hi - (int16_t)(((int32_t)lo * Q) >> 16));
}

/* One layer of Cooley-Tukey butterflies; len is a constant at each call
 * (the loops are inlined per layer), k the first zeta of the layer. */
static inline __attribute__((always_inline)) void ntt_layer(int16_t r[JCA__MLKEM_N], unsigned len, unsigned k)
{
	for (unsigned start = 0; start < JCA__MLKEM_N; start += 2 * len, k++) {
		int16_t z = jca__mlkem_zetas[k], zq = jca__mlkem_zetas_qinv[k];

		for (unsigned j = start; j < start + len; j++) {
			int16_t t = mulz(r[j + len], z, zq);

			r[j + len] = (int16_t)(r[j] - t);
			r[j] = (int16_t)(r[j] + t);
		}
	}
}

/* One layer of Gentleman-Sande butterflies, zetas from k down. */
static inline __attribute__((always_inline)) void invntt_layer(int16_t r[JCA__MLKEM_N], unsigned len, unsigned k)
{
	for (unsigned start = 0; start < JCA__MLKEM_N; start += 2 * len, k--) {
		int16_t z = jca__mlkem_zetas[k], zq = jca__mlkem_zetas_qinv[k];

		for (unsigned j = start; j < start + len; j++) {
			int16_t t = r[j];

			r[j] = barrett((int16_t)(t + r[j + len]));
			r[j + len] = mulz((int16_t)(r[j + len] - t), z, zq);
		}
	}
}

void jca__mlkem_ntt(jca__mlkem_poly *p)
{
	ntt_layer(p->c, 128, 1);
	ntt_layer(p->c, 64, 2);
	ntt_layer(p->c, 32, 4);
	ntt_layer(p->c, 16, 8);
	ntt_layer(p->c, 8, 16);
	ntt_layer(p->c, 4, 32);
	ntt_layer(p->c, 2, 64);
}

void jca__mlkem_invntt(jca__mlkem_poly *p)
{
	invntt_layer(p->c, 2, 127);
	invntt_layer(p->c, 4, 63);
	invntt_layer(p->c, 8, 31);
	invntt_layer(p->c, 16, 15);
	invntt_layer(p->c, 32, 7);
	invntt_layer(p->c, 64, 3);
	invntt_layer(p->c, 128, 1);
	for (unsigned j = 0; j < JCA__MLKEM_N; j++)
		p->c[j] = fqmul(p->c[j], INV_SCALE);
}

void jca__mlkem_poly_reduce(jca__mlkem_poly *p)
{
	for (unsigned j = 0; j < JCA__MLKEM_N; j++) {
		int16_t x = barrett(p->c[j]);

		/* x < 0 gives the mask 0xffff (arithmetic shift): add q */
		p->c[j] = (int16_t)(x + ((x >> 15) & Q));
	}
}

void jca__mlkem_poly_tomont(jca__mlkem_poly *p)
{
	for (unsigned j = 0; j < JCA__MLKEM_N; j++)
		p->c[j] = fqmul(p->c[j], R2);
}

void jca__mlkem_poly_add(jca__mlkem_poly *r, const jca__mlkem_poly *a)
{
	for (unsigned j = 0; j < JCA__MLKEM_N; j++)
		r->c[j] = (int16_t)(r->c[j] + a->c[j]);
}

void jca__mlkem_poly_sub(jca__mlkem_poly *r, const jca__mlkem_poly *a, const jca__mlkem_poly *b)
{
	for (unsigned j = 0; j < JCA__MLKEM_N; j++)
		r->c[j] = (int16_t)(a->c[j] - b->c[j]);
}

/*
 * The NTT domain is 128 degree-one polynomials modulo X^2 - zeta_i
 * (Algorithm 12): (a0 + a1 X)(b0 + b1 X) = a0 b0 + a1 b1 zeta + (a0 b1 +
 * a1 b0) X. b1 zeta is computed once per operand (the cache), as the
 * same b is multiplied by a whole row or column of A. Each sum collects k
 * products as 32-bit integers: with |a|, |b|, |b1 zeta| < q and k <= 4,
 * 8 q^2 < 2^15 q, within mont's range.
 */
void jca__mlkem_mulcache_compute(jca__mlkem_mulcache *mc, const jca__mlkem_poly *b)
{
	for (unsigned i = 0; i < JCA__MLKEM_N / 4; i++) {
		int16_t z = jca__mlkem_zetas[64 + i];

		mc->c[2 * i] = fqmul(b->c[4 * i + 1], z);
		mc->c[2 * i + 1] = fqmul(b->c[4 * i + 3], (int16_t)-z);
	}
}

void jca__mlkem_basemul_acc(jca__mlkem_poly *r, const jca__mlkem_poly *a, const jca__mlkem_poly *b, const jca__mlkem_mulcache *bc,
                            unsigned k)
{
	for (unsigned i = 0; i < JCA__MLKEM_N / 2; i++) {
		int32_t r0 = 0, r1 = 0;

		for (unsigned l = 0; l < k; l++) {
			int32_t a0 = a[l].c[2 * i], a1 = a[l].c[2 * i + 1];

			r0 += a0 * b[l].c[2 * i] + a1 * bc[l].c[i];
			r1 += a0 * b[l].c[2 * i + 1] + a1 * b[l].c[2 * i];
		}
		r->c[2 * i] = mont(r0);
		r->c[2 * i + 1] = mont(r1);
	}
}
