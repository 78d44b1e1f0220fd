/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-DSA (FIPS 204): parameter sets, the NTT over Z_q[X]/(X^256 + 1) with
 * Montgomery multiplication (R = 2^32) and lazy reduction, the norm checks
 * and MakeHint. Branch-free in the coefficients throughout.
 */
#include <string.h>

#include "mldsa_impl.h"

#define Q JCA__MLDSA_Q
#define N JCA__MLDSA_N

static const jca__mldsa_params params[3] = {
	{ 44, 4, 4, 2, 39, 78, 80, 32, 1 << 17, (Q - 1) / 88, 18, 6, 3, 1312, 2560, 2420 },
	{ 65, 6, 5, 4, 49, 196, 55, 48, 1 << 19, (Q - 1) / 32, 20, 4, 4, 1952, 4032, 3309 },
	{ 87, 8, 7, 2, 60, 120, 75, 64, 1 << 19, (Q - 1) / 32, 20, 4, 3, 2592, 4896, 4627 },
};

const jca__mldsa_params *jca__mldsa_params_of(unsigned level)
{
	for (unsigned i = 0; i < 3; i++)
		if (params[i].level == level)
			return &params[i];
	return NULL;
}

/*
 * zetas[i] = 2^32 * 1753^brv8(i) mod q, centred (1753 is the 512th root of
 * unity of FIPS 204; brv8 reverses 8 bits); zetas[0] is unused. Made by
 *   python3 -c 'q=8380417;b=lambda i:int(f"{i:08b}"[::-1],2);
 *     print([((pow(1753,b(i),q)<<32)%q+q//2)%q-q//2 for i in range(256)])'
 */
static const int32_t zetas[N] = {
	0, 25847, -2608894, -518909, 237124, -777960, -876248, 466468,
	1826347, 2353451, -359251, -2091905, 3119733, -2884855, 3111497, 2680103,
	2725464, 1024112, -1079900, 3585928, -549488, -1119584, 2619752, -2108549,
	-2118186, -3859737, -1399561, -3277672, 1757237, -19422, 4010497, 280005,
	2706023, 95776, 3077325, 3530437, -1661693, -3592148, -2537516, 3915439,
	-3861115, -3043716, 3574422, -2867647, 3539968, -300467, 2348700, -539299,
	-1699267, -1643818, 3505694, -3821735, 3507263, -2140649, -1600420, 3699596,
	811944, 531354, 954230, 3881043, 3900724, -2556880, 2071892, -2797779,
	-3930395, -1528703, -3677745, -3041255, -1452451, 3475950, 2176455, -1585221,
	-1257611, 1939314, -4083598, -1000202, -3190144, -3157330, -3632928, 126922,
	3412210, -983419, 2147896, 2715295, -2967645, -3693493, -411027, -2477047,
	-671102, -1228525, -22981, -1308169, -381987, 1349076, 1852771, -1430430,
	-3343383, 264944, 508951, 3097992, 44288, -1100098, 904516, 3958618,
	-3724342, -8578, 1653064, -3249728, 2389356, -210977, 759969, -1316856,
	189548, -3553272, 3159746, -1851402, -2409325, -177440, 1315589, 1341330,
	1285669, -1584928, -812732, -1439742, -3019102, -3881060, -3628969, 3839961,
	2091667, 3407706, 2316500, 3817976, -3342478, 2244091, -2446433, -3562462,
	266997, 2434439, -1235728, 3513181, -3520352, -3759364, -1197226, -3193378,
	900702, 1859098, 909542, 819034, 495491, -1613174, -43260, -522500,
	-655327, -3122442, 2031748, 3207046, -3556995, -525098, -768622, -3595838,
	342297, 286988, -2437823, 4108315, 3437287, -3342277, 1735879, 203044,
	2842341, 2691481, -2590150, 1265009, 4055324, 1247620, 2486353, 1595974,
	-3767016, 1250494, 2635921, -3548272, -2994039, 1869119, 1903435, -1050970,
	-1333058, 1237275, -3318210, -1430225, -451100, 1312455, 3306115, -1962642,
	-1279661, 1917081, -2546312, -1374803, 1500165, 777191, 2235880, 3406031,
	-542412, -2831860, -1671176, -1846953, -2584293, -3724270, 594136, -3776993,
	-2013608, 2432395, 2454455, -164721, 1957272, 3369112, 185531, -1207385,
	-3183426, 162844, 1616392, 3014001, 810149, 1652634, -3694233, -1799107,
	-3038916, 3523897, 3866901, 269760, 2213111, -975884, 1717735, 472078,
	-426683, 1723600, -1803090, 1910376, -1667432, -1104333, -260646, -3833893,
	-2939036, -2235985, -420899, -2286327, 183443, -976891, 1612842, -3545687,
	-554416, 3919660, -48306, -1362209, 3937738, 1400424, -846154, 1976782,
};

/* One layer of Cooley-Tukey butterflies; inlined with a constant len in
 * each call, so the compiler specialises every layer (the short ones lose
 * their loop overhead). */
static inline __attribute__((always_inline)) void ntt_layer(int32_t *a, unsigned len, unsigned k)
{
	for (unsigned start = 0; start < N; start += 2 * len) {
		int64_t zeta = zetas[++k];

		for (unsigned j = start; j < start + len; j++) {
			int32_t t = jca__mldsa_mont(zeta * a[j + len]);

			a[j + len] = a[j] - t;
			a[j] = a[j] + t;
		}
	}
}

/* Layer by layer (len 128 down to 1; layer len starts at zetas[N / (2 len)]).
 * Each layer adds less than q to the absolute value: below 9q after eight. */
void jca__mldsa_ntt(jca__mldsa_poly *p)
{
	ntt_layer(p->c, 128, 0);
	ntt_layer(p->c, 64, 1);
	ntt_layer(p->c, 32, 3);
	ntt_layer(p->c, 16, 7);
	ntt_layer(p->c, 8, 15);
	ntt_layer(p->c, 4, 31);
	ntt_layer(p->c, 2, 63);
	ntt_layer(p->c, 1, 127);
}

/*
 * Gentleman-Sande butterflies (len 1 up to 64, then the last layer apart)
 * with the inverse zetas. The factor 2^64 / 256 mod q (41978), which
 * divides by 256 and multiplies by 2^32, is folded into the last layer:
 * its sums are multiplied by 41978 and its differences by 2^-32 41978
 * (-zetas[1]), i.e. 3975713, in one Montgomery product each. The sums are
 * never reduced: from below q they reach below 256 q < 2^31.
 */
static inline __attribute__((always_inline)) void invntt_layer(int32_t *a, unsigned len, unsigned k)
{
	for (unsigned start = 0; start < N; start += 2 * len) {
		int64_t zeta = -zetas[--k];

		for (unsigned j = start; j < start + len; j++) {
			int32_t t = a[j];

			a[j] = t + a[j + len];
			a[j + len] = jca__mldsa_mont(zeta * (t - a[j + len]));
		}
	}
}

void jca__mldsa_invntt(jca__mldsa_poly *p)
{
	int32_t *a = p->c;

	invntt_layer(a, 1, 256);
	invntt_layer(a, 2, 128);
	invntt_layer(a, 4, 64);
	invntt_layer(a, 8, 32);
	invntt_layer(a, 16, 16);
	invntt_layer(a, 32, 8);
	invntt_layer(a, 64, 4);
	for (unsigned j = 0; j < N / 2; j++) {
		int32_t t = a[j];

		a[j] = jca__mldsa_mont((int64_t)41978 * (t + a[j + N / 2]));
		a[j + N / 2] = jca__mldsa_mont((int64_t)3975713 * (t - a[j + N / 2]));
	}
}

/* Products of values below 9q are below 81 q^2 < 2^53; seven of them stay
 * below 2^31 q, the Montgomery reduction's bound. */
void jca__mldsa_dot(jca__mldsa_poly *out, const jca__mldsa_poly *a, const jca__mldsa_poly *b, unsigned n)
{
	for (unsigned j = 0; j < N; j++) {
		int64_t s = 0;

		for (unsigned i = 0; i < n; i++)
			s += (int64_t)a[i].c[j] * b[i].c[j];
		out->c[j] = jca__mldsa_mont(s);
	}
}

void jca__mldsa_sparse_of(jca__mldsa_sparse *sc, const jca__mldsa_poly *c)
{
	sc->n = 0;
	for (unsigned j = 0; j < N && sc->n < 64; j++) {
		if (c->c[j]) {
			sc->pos[sc->n] = (uint8_t)j;
			sc->neg[sc->n++] = c->c[j] < 0 ? -1 : 0;
		}
	}
}

void jca__mldsa_sparse_ext(int32_t ext[2 * N], const jca__mldsa_poly *s)
{
	for (unsigned j = 0; j < N; j++) {
		ext[j] = -s->c[j];
		ext[N + j] = s->c[j];
	}
}

/*
 * X^p s wraps negacyclically: coefficient k of X^p s is s[k - p] for
 * k >= p and -s[k - p + 256] below, which is ext[k - p + 256] either way;
 * so each term is one pass of fixed length over a window of ext. (x ^ m) -
 * m negates x when m = -1, without a branch; compilers vectorise the loop.
 */
void jca__mldsa_mul_sparse(jca__mldsa_poly *restrict out, const jca__mldsa_sparse *restrict sc,
                           const int32_t *restrict ext)
{
	int32_t *restrict o = out->c;

	unsigned i = 0;

	memset(o, 0, sizeof(out->c));
	for (; i + 4 <= sc->n; i += 4) {           /* four terms per pass over o */
		const int32_t *restrict e0 = ext + N - sc->pos[i], *restrict e1 = ext + N - sc->pos[i + 1];
		const int32_t *restrict e2 = ext + N - sc->pos[i + 2], *restrict e3 = ext + N - sc->pos[i + 3];
		int32_t m0 = sc->neg[i], m1 = sc->neg[i + 1], m2 = sc->neg[i + 2], m3 = sc->neg[i + 3];

		for (unsigned k = 0; k < N; k++)
			o[k] += ((e0[k] ^ m0) - m0) + ((e1[k] ^ m1) - m1) + ((e2[k] ^ m2) - m2) + ((e3[k] ^ m3) - m3);
	}
	for (; i < sc->n; i++) {
		const int32_t *restrict e = ext + N - sc->pos[i];
		int32_t m = sc->neg[i];

		for (unsigned k = 0; k < N; k++)
			o[k] += (e[k] ^ m) - m;
	}
}

void jca__mldsa_poly_caddq(jca__mldsa_poly *a)
{
	for (unsigned j = 0; j < N; j++)
		a->c[j] = jca__mldsa_caddq(a->c[j]);
}

unsigned jca__mldsa_poly_exceeds(const jca__mldsa_poly *a, int32_t bound)
{
	int32_t bad = 0;

	for (unsigned j = 0; j < N; j++) {
		int32_t x = jca__mldsa_centre(a->c[j]);
		int32_t s = jca__mldsa_neg(x);
		int32_t abs = (x ^ s) - s;

		bad |= jca__mldsa_neg(bound - 1 - abs);
	}
	return (unsigned)bad & 1u;
}

unsigned jca__mldsa_make_hint(int32_t gamma2, jca__mldsa_poly *h, const jca__mldsa_poly *r,
                              const jca__mldsa_poly *ct0)
{
	uint32_t ones = 0;

	for (unsigned j = 0; j < N; j++) {
		int32_t v = r->c[j] + ct0->c[j] - Q, r0;
		uint32_t d;

		v += jca__mldsa_neg(v) & Q;
		d = (uint32_t)(jca__mldsa_decompose(gamma2, v, &r0) ^ jca__mldsa_decompose(gamma2, r->c[j], &r0));
		d = (d | (0u - d)) >> 31;
		h->c[j] = (int32_t)d;
		ones += d;
	}
	return ones;
}
