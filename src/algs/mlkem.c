/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-KEM (FIPS 203): K-PKE (Algorithms 13 to 15) and the KEM's internal
 * algorithms (16 to 18), over the polynomial code of mlkem_poly.c,
 * mlkem_codec.c and mlkem_sample.c. The contract is in mlkem.h.
 *
 * The matrix A is never held whole: each row (or column, for A^T) is
 * sampled and multiplied into its accumulator at once. Secrets (s, e, r,
 * e1, e2, m, the seeds sigma and r, K) live in one struct per call, wiped
 * before return. Decapsulation re-encrypts and selects between K' and
 * J(z || c) with a constant-time compare and conditional move.
 */
#include "mlkem.h"
#include "mlkem_int.h"
#include "ct_bytes.h"
#include "../util/mem.h"

/* rho comes out of G(d || k) with the secret sigma but is public (it is in
 * ek): the constant-time check (tests/ct/run.sh builds with
 * JCA_CT_VALGRIND) tells valgrind so, as SampleNTT branches on it. */
#if defined(JCA_CT_VALGRIND)
#include <valgrind/memcheck.h>
#define DECLASSIFY(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define DECLASSIFY(p, n) ((void)0)
#endif

#define PBYTES 384              /* one ByteEncode12 polynomial */

typedef struct params {
	unsigned k, eta1, du, dv;
} params;

static int get_params(unsigned k, params *p)
{
	if (k < 2 || k > 4)
		return -1;
	p->k = k;
	p->eta1 = k == 2 ? 3 : 2;
	p->du = k == 4 ? 11 : 10;
	p->dv = k == 4 ? 5 : 4;
	return 0;
}

size_t jca__mlkem_ek_len(unsigned k)
{
	return k >= 2 && k <= 4 ? PBYTES * k + 32 : 0;
}

size_t jca__mlkem_dk_len(unsigned k)
{
	return k >= 2 && k <= 4 ? 2 * PBYTES * k + 96 : 0;
}

size_t jca__mlkem_ct_len(unsigned k)
{
	params p;

	if (get_params(k, &p) < 0)
		return 0;
	return 32 * (p.du * k + p.dv);
}

/* ---- K-PKE ---------------------------------------------------------------- */

/* A-hat into a[k i + j] (Algorithm 13 step 6: SampleNTT(rho || j || i)),
 * or its transpose (Algorithm 14 step 6), four entries at a time. */
static void gen_matrix(const jca__keccak_backend *kb, jca__mlkem_poly *a, const uint8_t rho[32], unsigned k, int transposed)
{
	jca__mlkem_poly *p[4];
	uint8_t xy[4][2];
	unsigned n = 0;

	for (unsigned i = 0; i < k; i++) {
		for (unsigned j = 0; j < k; j++) {
			p[n] = &a[k * i + j];
			xy[n][0] = (uint8_t)(transposed ? i : j);
			xy[n][1] = (uint8_t)(transposed ? j : i);
			if (++n == 4) {
				jca__mlkem_sample_ntt_x4(kb, p, rho, (const uint8_t (*)[2])xy, 4);
				n = 0;
			}
		}
	}
	if (n)
		jca__mlkem_sample_ntt_x4(kb, p, rho, (const uint8_t (*)[2])xy, n);
}

/* count noise polynomials, the PRF nonces nonce0, nonce0 + 1, ... */
static void gen_noise(const jca__keccak_backend *kb, jca__mlkem_poly *const *polys, unsigned count, const uint8_t sigma[32],
                      unsigned nonce0, unsigned eta)
{
	for (unsigned i = 0; i < count; i += 4) {
		unsigned n = count - i < 4 ? count - i : 4;
		uint8_t nonce[4];

		for (unsigned j = 0; j < n; j++)
			nonce[j] = (uint8_t)(nonce0 + i + j);
		jca__mlkem_sample_cbd_x4(kb, polys + i, sigma, nonce, n, eta);
	}
}

/* K-PKE.KeyGen (Algorithm 13) from d: ek_pke (384k + 32 bytes) and
 * dk_pke (384k bytes). (rho, sigma) = G(d || k); ipd leaves k out, as the
 * FIPS 203 draft did (jca__mlkem_keygen_ipd). */
static void pke_keygen(const jca__keccak_backend *kb, const params *pr, uint8_t *ek, uint8_t *dkp, const uint8_t d[32], int ipd)
{
	struct {
		uint8_t g[64];          /* rho || sigma */
		uint8_t kbyte;
		jca__mlkem_polyvec s, e;
		jca__mlkem_mulcache sc[JCA__MLKEM_KMAX];
		jca__mlkem_poly t;
	} w;
	jca__mlkem_poly a[JCA__MLKEM_KMAX * JCA__MLKEM_KMAX], *noise[2 * JCA__MLKEM_KMAX];   /* A is public */
	unsigned k = pr->k;
	const uint8_t *rho = w.g, *sigma = w.g + 32;

	w.kbyte = (uint8_t)k;
	jca__mlkem_hash_g(kb, w.g, d, 32, &w.kbyte, ipd ? 0 : 1);
	DECLASSIFY(w.g, 32);
	for (unsigned i = 0; i < k; i++) {
		/* the address of a member gen_noise fills in next, not a read */
		/* cppcheck-suppress uninitvar */
		noise[i] = &w.s.p[i];
		noise[k + i] = &w.e.p[i];
	}
	gen_noise(kb, noise, 2 * k, sigma, 0, pr->eta1);
	for (unsigned i = 0; i < k; i++) {
		jca__mlkem_ntt(&w.s.p[i]);
		jca__mlkem_poly_reduce(&w.s.p[i]);
		jca__mlkem_mulcache_compute(&w.sc[i], &w.s.p[i]);
		jca__mlkem_ntt(&w.e.p[i]);
	}
	gen_matrix(kb, a, rho, k, 0);
	for (unsigned i = 0; i < k; i++) {
		jca__mlkem_basemul_acc(&w.t, a + k * i, w.s.p, w.sc, k);
		jca__mlkem_poly_tomont(&w.t);
		jca__mlkem_poly_add(&w.t, &w.e.p[i]);
		jca__mlkem_poly_reduce(&w.t);
		jca__mlkem_encode12(ek + PBYTES * i, &w.t);
		jca__mlkem_encode12(dkp + PBYTES * i, &w.s.p[i]);
	}
	memcpy(ek + PBYTES * k, rho, 32);
	jca__wipe(&w, sizeof(w));
}

/* K-PKE.Encrypt (Algorithm 14): c from ek_pke, the message m and the
 * randomness r. ek_pke's coefficients may be up to 4095 (decapsulation
 * does not check them): the arithmetic stays defined. */
static void pke_encrypt(const jca__keccak_backend *kb, const params *pr, uint8_t *c, const uint8_t *ek, const uint8_t m[32], const uint8_t r[32])
{
	struct {
		jca__mlkem_polyvec y, t, e1;   /* y: r of FIPS 203, in the NTT domain */
		jca__mlkem_mulcache yc[JCA__MLKEM_KMAX];
		jca__mlkem_poly u, v, e2, mu;
	} w;
	jca__mlkem_poly a[JCA__MLKEM_KMAX * JCA__MLKEM_KMAX], *noise[JCA__MLKEM_KMAX + 1];
	unsigned k = pr->k;
	const uint8_t *rho = ek + PBYTES * k;

	for (unsigned i = 0; i < k; i++) {
		/* the address of a member gen_noise fills in next, not a read */
		/* cppcheck-suppress uninitvar */
		noise[i] = &w.y.p[i];
		jca__mlkem_decode12(&w.t.p[i], ek + PBYTES * i);
	}
	gen_noise(kb, noise, k, r, 0, pr->eta1);
	for (unsigned i = 0; i < k; i++)
		noise[i] = &w.e1.p[i];
	noise[k] = &w.e2;
	gen_noise(kb, noise, k + 1, r, k, 2);
	for (unsigned i = 0; i < k; i++) {
		jca__mlkem_ntt(&w.y.p[i]);
		jca__mlkem_poly_reduce(&w.y.p[i]);
		jca__mlkem_mulcache_compute(&w.yc[i], &w.y.p[i]);
	}
	gen_matrix(kb, a, rho, k, 1);
	for (unsigned i = 0; i < k; i++) {
		jca__mlkem_basemul_acc(&w.u, a + k * i, w.y.p, w.yc, k);
		jca__mlkem_invntt(&w.u);
		jca__mlkem_poly_add(&w.u, &w.e1.p[i]);
		jca__mlkem_poly_reduce(&w.u);
		jca__mlkem_compress(c + 32 * pr->du * i, &w.u, pr->du);
	}
	jca__mlkem_basemul_acc(&w.v, w.t.p, w.y.p, w.yc, k);
	jca__mlkem_invntt(&w.v);
	jca__mlkem_poly_add(&w.v, &w.e2);
	jca__mlkem_decompress(&w.mu, m, 1);
	jca__mlkem_poly_add(&w.v, &w.mu);
	jca__mlkem_poly_reduce(&w.v);
	jca__mlkem_compress(c + 32 * pr->du * k, &w.v, pr->dv);
	jca__wipe(&w, sizeof(w));
}

/* K-PKE.Decrypt (Algorithm 15): m from dk_pke and c. */
static void pke_decrypt(const params *pr, uint8_t m[32], const uint8_t *dkp, const uint8_t *c)
{
	struct {
		jca__mlkem_polyvec u, s;
		jca__mlkem_mulcache uc[JCA__MLKEM_KMAX];
		jca__mlkem_poly v, w;
	} w;
	unsigned k = pr->k;

	for (unsigned i = 0; i < k; i++) {
		jca__mlkem_decompress(&w.u.p[i], c + 32 * pr->du * i, pr->du);
		jca__mlkem_ntt(&w.u.p[i]);
		jca__mlkem_poly_reduce(&w.u.p[i]);
		jca__mlkem_mulcache_compute(&w.uc[i], &w.u.p[i]);
		jca__mlkem_decode12(&w.s.p[i], dkp + PBYTES * i);
	}
	jca__mlkem_decompress(&w.v, c + 32 * pr->du * k, pr->dv);
	/* w.s.p[0..k-1] were decoded in the loop above */
	/* cppcheck-suppress uninitvar */
	jca__mlkem_basemul_acc(&w.w, w.s.p, w.u.p, w.uc, k);
	jca__mlkem_invntt(&w.w);
	jca__mlkem_poly_sub(&w.w, &w.v, &w.w);
	jca__mlkem_poly_reduce(&w.w);
	jca__mlkem_compress(m, &w.w, 1);
	jca__wipe(&w, sizeof(w));
}

/* ---- ML-KEM --------------------------------------------------------------- */

static int keygen(const jca__keccak_backend *kb, unsigned k, uint8_t *ek, uint8_t *dk, const uint8_t seed[JCA__MLKEM_SEED_LEN], int ipd)
{
	params pr;
	size_t ekl = jca__mlkem_ek_len(k);

	if (get_params(k, &pr) < 0)
		return -1;
	pke_keygen(kb, &pr, ek, dk, seed, ipd);
	memcpy(dk + PBYTES * k, ek, ekl);
	jca__mlkem_hash_h(kb, dk + PBYTES * k + ekl, ek, ekl);
	memcpy(dk + PBYTES * k + ekl + 32, seed + 32, 32);
	return 0;
}

int jca__mlkem_keygen(const jca__keccak_backend *kb, unsigned k, uint8_t *ek, uint8_t *dk, const uint8_t seed[JCA__MLKEM_SEED_LEN])
{
	return keygen(kb, k, ek, dk, seed, 0);
}

int jca__mlkem_keygen_ipd(const jca__keccak_backend *kb, unsigned k, uint8_t *ek, uint8_t *dk, const uint8_t seed[JCA__MLKEM_SEED_LEN])
{
	return keygen(kb, k, ek, dk, seed, 1);
}

int jca__mlkem_check_ek(unsigned k, const uint8_t *ek)
{
	if (k < 2 || k > 4)
		return -1;
	for (unsigned i = 0; i < k; i++)
		if (jca__mlkem_check12(ek + PBYTES * i) < 0)
			return -1;
	return 0;
}

int jca__mlkem_check_dk(const jca__keccak_backend *kb, unsigned k, const uint8_t *dk)
{
	uint8_t h[32];
	size_t ekl = jca__mlkem_ek_len(k);
	uint8_t neq;

	if (ekl == 0)
		return -1;
	jca__mlkem_hash_h(kb, h, dk + PBYTES * k, ekl);
	neq = jca__ct_neq_mask(h, dk + PBYTES * k + ekl, 32);
	return neq ? -1 : 0;
}

int jca__mlkem_encaps(const jca__keccak_backend *kb, unsigned k, uint8_t ss[JCA__MLKEM_SS_LEN], uint8_t *ct, const uint8_t *ek,
                      const uint8_t m[JCA__MLKEM_MSG_LEN])
{
	params pr;
	uint8_t h[32], kr[64];   /* K || r */

	if (get_params(k, &pr) < 0 || jca__mlkem_check_ek(k, ek) < 0)
		return -1;
	jca__mlkem_hash_h(kb, h, ek, jca__mlkem_ek_len(k));
	jca__mlkem_hash_g(kb, kr, m, 32, h, 32);
	pke_encrypt(kb, &pr, ct, ek, m, kr + 32);
	memcpy(ss, kr, 32);
	jca__wipe(kr, sizeof(kr));
	return 0;
}

int jca__mlkem_decaps(const jca__keccak_backend *kb, unsigned k, uint8_t ss[JCA__MLKEM_SS_LEN], const uint8_t *ct, const uint8_t *dk)
{
	params pr;
	struct {
		uint8_t m[32], kr[64], kbar[32];
		uint8_t c2[JCA__MLKEM_CT_MAX];
	} w;
	size_t ekl, ctl;
	const uint8_t *ek, *h, *z;

	if (get_params(k, &pr) < 0)
		return -1;
	ekl = jca__mlkem_ek_len(k);
	ctl = jca__mlkem_ct_len(k);
	ek = dk + PBYTES * k;
	h = ek + ekl;
	z = h + 32;
	pke_decrypt(&pr, w.m, dk, ct);
	jca__mlkem_hash_g(kb, w.kr, w.m, 32, h, 32);
	jca__mlkem_hash_j(kb, w.kbar, z, 32, ct, ctl);
	pke_encrypt(kb, &pr, w.c2, ek, w.m, w.kr + 32);
	/* K' when c == c', else Kbar: no branch on the comparison */
	jca__ct_cmov(w.kr, w.kbar, 32, jca__ct_neq_mask(ct, w.c2, ctl));
	memcpy(ss, w.kr, 32);
	jca__wipe(&w, sizeof(w));
	return 0;
}
