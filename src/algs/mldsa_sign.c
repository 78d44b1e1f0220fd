/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-DSA (FIPS 204): Sign_internal (Algorithm 7) and Verify_internal
 * (Algorithm 8) on mu.
 *
 * Signing expands A-hat once; each attempt then costs l forward NTTs for y
 * and k inverse ones for w. The products c s1, c s2 and c t0 need no
 * transform: c has tau nonzero coefficients at public positions, so they
 * are tau shifted additions each (jca__mldsa_mul_sparse), the last two
 * only when the checks before them passed. Each check is computed in full without a branch;
 * its outcome then is one (FIPS 204 lets the rejections leak; the
 * reference code stops at the first failed check as well), and c~ is
 * public (see mldsa_impl.h).
 */
#include "mldsa.h"
#include "mldsa_impl.h"
#include "../util/mem.h"

#define Q JCA__MLDSA_Q
#define N JCA__MLDSA_N
#define KMAX JCA__MLDSA_KMAX
#define LMAX JCA__MLDSA_LMAX
#define W1_MAX (KMAX * 32 * 6)

struct sign_ws {
	jca__mldsa_poly a[KMAX * LMAX];
	int32_t s1[LMAX][2 * N], s2[KMAX][2 * N], t0[KMAX][2 * N];  /* -s || s, centred */
	jca__mldsa_poly s;
	jca__mldsa_poly y[LMAX], yhat[LMAX];
	jca__mldsa_poly z[LMAX], w[KMAX], w1[KMAX], h[KMAX];
	jca__mldsa_poly c, t;
	jca__mldsa_sparse sc;
	jca__keccak_ctx hc;
	uint8_t w1buf[W1_MAX];
	uint8_t rhopp[64];
	uint8_t ctilde[64];
};

static const jca__keccak_backend *be(const jca__keccak_backend *kb)
{
	return kb ? kb : &jca__keccak_generic;
}

/* ext = -s || s from s in [0, q) (a small s centred) */
static void extend(int32_t ext[2 * N], jca__mldsa_poly *s)
{
	for (unsigned j = 0; j < N; j++)
		s->c[j] = jca__mldsa_centre(s->c[j]);
	jca__mldsa_sparse_ext(ext, s);
}

/* A check's outcome (0 or 1), made public: FIPS 204 lets the rejections
 * leak. */
static unsigned declassify(unsigned bad)
{
	JCA__MLDSA_PUBLIC(&bad, sizeof(bad));
	return bad;
}

/* One attempt with y already in w->y; 0 when accepted (z, h and c~ are
 * then the signature's), 1 when rejected. */
static unsigned attempt(const jca__keccak_backend *kb, const jca__mldsa_params *p, struct sign_ws *w,
                   const uint8_t mu[JCA__MLDSA_MU_LEN])
{
	unsigned bad = 0, ones = 0;

	/* w = A y, w1 = HighBits(w) */
	for (unsigned i = 0; i < p->l; i++) {
		w->yhat[i] = w->y[i];
		jca__mldsa_ntt(&w->yhat[i]);
	}
	for (unsigned r = 0; r < p->k; r++) {
		jca__mldsa_dot(&w->w[r], &w->a[r * p->l], w->yhat, p->l);
		jca__mldsa_invntt(&w->w[r]);
		for (unsigned j = 0; j < N; j++) {
			int32_t r0;

			w->w[r].c[j] = jca__mldsa_caddq(w->w[r].c[j]);
			w->w1[r].c[j] = jca__mldsa_decompose(p->gamma2, w->w[r].c[j], &r0);
		}
	}
	/* c~ = H(mu || w1Encode(w1)), c = SampleInBall(c~) */
	jca__mldsa_pack_w1(p, w->w1buf, w->w1);
	jca__shake256_init(&w->hc, kb);
	jca__keccak_update(&w->hc, mu, JCA__MLDSA_MU_LEN);
	jca__keccak_update(&w->hc, w->w1buf, p->k * 32 * p->w1_bits);
	jca__keccak_final(&w->hc, w->ctilde, p->ctilde_len);
	JCA__MLDSA_PUBLIC(w->ctilde, p->ctilde_len);
	jca__mldsa_sample_in_ball(kb, p, &w->c, w->ctilde);
	jca__mldsa_sparse_of(&w->sc, &w->c);
	/* z = y + c s1 (centred, |z| < gamma1 + beta), ||z|| < gamma1 - beta */
	for (unsigned i = 0; i < p->l; i++) {
		jca__mldsa_mul_sparse(&w->z[i], &w->sc, w->s1[i]);
		for (unsigned j = 0; j < N; j++)
			w->z[i].c[j] += w->y[i].c[j];
		bad |= jca__mldsa_poly_exceeds(&w->z[i], p->gamma1 - (int32_t)p->beta);
	}
	if (declassify(bad))
		return 1;
	/* w - c s2 (kept in w), ||LowBits(w - c s2)|| < gamma2 - beta */
	for (unsigned r = 0; r < p->k; r++) {
		jca__mldsa_mul_sparse(&w->t, &w->sc, w->s2[r]);
		for (unsigned j = 0; j < N; j++) {
			int32_t r0;

			w->w[r].c[j] = jca__mldsa_modq(w->w[r].c[j] - w->t.c[j]);
			(void)jca__mldsa_decompose(p->gamma2, w->w[r].c[j], &r0);
			w->t.c[j] = r0;
		}
		bad |= jca__mldsa_poly_exceeds(&w->t, p->gamma2 - (int32_t)p->beta);
	}
	if (declassify(bad))
		return 1;
	/* c t0, ||c t0|| < gamma2, h = MakeHint(-c t0, w - c s2 + c t0), at
	 * most omega ones */
	for (unsigned r = 0; r < p->k; r++) {
		jca__mldsa_mul_sparse(&w->t, &w->sc, w->t0[r]);
		jca__mldsa_poly_caddq(&w->t);                   /* |c t0| < q */
		bad |= jca__mldsa_poly_exceeds(&w->t, p->gamma2);
		ones += jca__mldsa_make_hint(p->gamma2, &w->h[r], &w->w[r], &w->t);
	}
	bad |= (unsigned)jca__mldsa_neg((int32_t)p->omega - (int32_t)ones) & 1u;   /* ones > omega */
	return declassify(bad);
}

int jca__mldsa_sign_mu(const jca__keccak_backend *kb, unsigned level, uint8_t *sig, const uint8_t *sk,
                       const uint8_t mu[JCA__MLDSA_MU_LEN], const uint8_t rnd[JCA__MLDSA_RND_LEN])
{
	const jca__mldsa_params *p = jca__mldsa_params_of(level);
	struct sign_ws *w;
	const uint8_t *in = sk + 128;
	size_t eb;
	unsigned kappa = 0;
	uint8_t *o;

	if (!p || !(w = jca__mldsa_ws_new(sizeof(*w))))
		return -1;
	kb = be(kb);
	eb = 32 * p->eta_bits;
	for (unsigned i = 0; i < p->l; i++, in += eb) {
		(void)jca__mldsa_unpack_eta(p, &w->s, in);
		extend(w->s1[i], &w->s);
	}
	for (unsigned i = 0; i < p->k; i++, in += eb) {
		(void)jca__mldsa_unpack_eta(p, &w->s, in);
		extend(w->s2[i], &w->s);
	}
	for (unsigned i = 0; i < p->k; i++, in += 416) {
		jca__mldsa_unpack_t0(&w->s, in);
		extend(w->t0[i], &w->s);
	}
	jca__mldsa_expand_a(kb, p, w->a, sk);
	/* rho'' = H(K || rnd || mu, 64) */
	jca__shake256_init(&w->hc, kb);
	jca__keccak_update(&w->hc, sk + 32, 32);
	jca__keccak_update(&w->hc, rnd, JCA__MLDSA_RND_LEN);
	jca__keccak_update(&w->hc, mu, JCA__MLDSA_MU_LEN);
	jca__keccak_final(&w->hc, w->rhopp, 64);
	for (;;) {
		jca__mldsa_expand_mask(kb, p, w->y, w->rhopp, kappa);
		if (!attempt(kb, p, w, mu))
			break;
		kappa += p->l;
	}
	/* the accepted attempt is the signature: public from here on */
	JCA__MLDSA_PUBLIC(w->h, p->k * sizeof(w->h[0]));
	memcpy(sig, w->ctilde, p->ctilde_len);
	o = sig + p->ctilde_len;
	for (unsigned i = 0; i < p->l; i++, o += 32 * p->z_bits)
		jca__mldsa_pack_z(p, o, &w->z[i]);
	jca__mldsa_pack_hint(p, o, w->h);
	jca__mldsa_ws_free(w, sizeof(*w));
	return 0;
}

struct verify_ws {
	jca__mldsa_poly row[LMAX], z[LMAX], h[KMAX], t1[KMAX], w1[KMAX];
	jca__mldsa_poly c, t;
	jca__keccak_ctx hc;
	uint8_t w1buf[W1_MAX];
	uint8_t rho[32];
	uint8_t ctilde[64];
};

int jca__mldsa_verify_mu(const jca__keccak_backend *kb, unsigned level, const uint8_t *sig, size_t sig_len,
                         const uint8_t *pk, const uint8_t mu[JCA__MLDSA_MU_LEN])
{
	const jca__mldsa_params *p = jca__mldsa_params_of(level);
	struct verify_ws *w;
	const uint8_t *in;
	unsigned bad = 0;
	int rc = -1;

	if (!p || sig_len != p->sig_len || !(w = jca__mldsa_ws_new(sizeof(*w))))
		return -1;
	kb = be(kb);
	jca__mldsa_unpack_pk(p, w->rho, w->t1, pk);
	in = sig + p->ctilde_len;
	for (unsigned i = 0; i < p->l; i++, in += 32 * p->z_bits) {
		jca__mldsa_unpack_z(p, &w->z[i], in);
		bad |= jca__mldsa_poly_exceeds(&w->z[i], p->gamma1 - (int32_t)p->beta);
		jca__mldsa_ntt(&w->z[i]);
	}
	if (bad || jca__mldsa_unpack_hint(p, w->h, in) != 0)
		goto out;
	jca__mldsa_sample_in_ball(kb, p, &w->c, sig);
	jca__mldsa_ntt(&w->c);
	/* w'approx = A z - c t1 2^d, w1' = UseHint(h, w'approx) */
	for (unsigned r = 0; r < p->k; r++) {
		for (unsigned s = 0; s < p->l; s++)
			jca__mldsa_expand_a_entry(kb, &w->row[s], w->rho, r, s);
		for (unsigned j = 0; j < N; j++)
			w->t1[r].c[j] <<= JCA__MLDSA_D;
		jca__mldsa_ntt(&w->t1[r]);
		jca__mldsa_dot(&w->t, &w->c, &w->t1[r], 1);
		jca__mldsa_dot(&w->w1[r], w->row, w->z, p->l);
		for (unsigned j = 0; j < N; j++) {
			int32_t v = w->w1[r].c[j] - w->t.c[j];       /* (-2q, 2q) */

			w->w1[r].c[j] = jca__mldsa_modq(v + (jca__mldsa_neg(v) & Q));
		}
		jca__mldsa_invntt(&w->w1[r]);
		for (unsigned j = 0; j < N; j++)
			w->w1[r].c[j] = jca__mldsa_use_hint(p->gamma2, w->h[r].c[j], jca__mldsa_caddq(w->w1[r].c[j]));
	}
	jca__mldsa_pack_w1(p, w->w1buf, w->w1);
	jca__shake256_init(&w->hc, kb);
	jca__keccak_update(&w->hc, mu, JCA__MLDSA_MU_LEN);
	jca__keccak_update(&w->hc, w->w1buf, p->k * 32 * p->w1_bits);
	jca__keccak_final(&w->hc, w->ctilde, p->ctilde_len);
	if (memcmp(w->ctilde, sig, p->ctilde_len) == 0)
		rc = 0;
out:
	jca__mldsa_ws_free(w, sizeof(*w));
	return rc;
}
