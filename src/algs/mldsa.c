/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-DSA (FIPS 204): ML-DSA.KeyGen_internal, Sign_internal and
 * Verify_internal (Algorithms 6-8) on the polynomial layer of
 * mldsa_impl.h, and the helpers of mldsa.h (tr, mu, pk from sk). See
 * mldsa.h for the contract.
 *
 * Each operation takes one heap workspace (the matrix A-hat alone is up to
 * 56 KiB), wiped before it is freed. Keygen, verify and pk_from_sk make
 * each entry of A when its row is needed; signing (mldsa_sign.c) expands A
 * once, outside the rejection loop.
 */
#include <stdlib.h>

#include "mldsa.h"
#include "mldsa_impl.h"
#include "../util/mem.h"

#define Q JCA__MLDSA_Q
#define N JCA__MLDSA_N
#define KMAX JCA__MLDSA_KMAX
#define LMAX JCA__MLDSA_LMAX

size_t jca__mldsa_pk_len(unsigned level)
{
	const jca__mldsa_params *p = jca__mldsa_params_of(level);

	return p ? p->pk_len : 0;
}

size_t jca__mldsa_sk_len(unsigned level)
{
	const jca__mldsa_params *p = jca__mldsa_params_of(level);

	return p ? p->sk_len : 0;
}

size_t jca__mldsa_sig_len(unsigned level)
{
	const jca__mldsa_params *p = jca__mldsa_params_of(level);

	return p ? p->sig_len : 0;
}

static const jca__keccak_backend *be(const jca__keccak_backend *kb)
{
	return kb ? kb : &jca__keccak_generic;
}

void *jca__mldsa_ws_new(size_t n)
{
	return malloc(n);
}

void jca__mldsa_ws_free(void *w, size_t n)
{
	jca__wipe(w, n);
	free(w);
}

/* ---- t = A s1 + s2, split by Power2Round --------------------------------- */
struct key_ws {
	jca__mldsa_poly row[LMAX];
	jca__mldsa_poly s1[LMAX], s1hat[LMAX], s2[KMAX], t1[KMAX], t0[KMAX], t0sk[KMAX];
	jca__keccak_ctx h;
	uint8_t seed[128];             /* rho || rho' || K */
	uint8_t tr[JCA__MLDSA_TR_LEN];
};

/* t1, t0 (t0 in [0, q)) from rho, s1, s2 (in [0, q)); makes each row of A. */
static void make_t(const jca__keccak_backend *kb, const jca__mldsa_params *p, struct key_ws *w,
                   const uint8_t rho[32])
{
	for (unsigned i = 0; i < p->l; i++) {
		w->s1hat[i] = w->s1[i];
		jca__mldsa_ntt(&w->s1hat[i]);
	}
	for (unsigned r = 0; r < p->k; r++) {
		jca__mldsa_poly *t = &w->t1[r];

		for (unsigned s = 0; s < p->l; s++)
			jca__mldsa_expand_a_entry(kb, &w->row[s], rho, r, s);
		jca__mldsa_dot(t, w->row, w->s1hat, p->l);
		jca__mldsa_invntt(t);
		for (unsigned j = 0; j < N; j++) {
			int32_t r1, r0;

			jca__mldsa_power2round(jca__mldsa_modq(jca__mldsa_caddq(t->c[j]) + w->s2[r].c[j]), &r1, &r0);
			t->c[j] = r1;
			w->t0[r].c[j] = jca__mldsa_caddq(r0);
		}
	}
}

static void write_tr(const jca__keccak_backend *kb, jca__keccak_ctx *h, uint8_t tr[64], const uint8_t *pk,
                     size_t pk_len)
{
	jca__shake256_init(h, kb);
	jca__keccak_update(h, pk, pk_len);
	jca__keccak_final(h, tr, JCA__MLDSA_TR_LEN);
}

void jca__mldsa_tr(const jca__keccak_backend *kb, uint8_t tr[JCA__MLDSA_TR_LEN], const uint8_t *pk, size_t pk_len)
{
	jca__keccak_ctx h;

	write_tr(be(kb), &h, tr, pk, pk_len);
}

int jca__mldsa_mu_start(const jca__keccak_backend *kb, jca__keccak_ctx *c, const uint8_t tr[JCA__MLDSA_TR_LEN],
                        const uint8_t *ctx, size_t ctx_len)
{
	uint8_t head[2] = { 0, (uint8_t)ctx_len };

	if (ctx_len > 255)
		return -1;
	jca__shake256_init(c, be(kb));
	jca__keccak_update(c, tr, JCA__MLDSA_TR_LEN);
	jca__keccak_update(c, head, 2);
	if (ctx_len)
		jca__keccak_update(c, ctx, ctx_len);
	return 0;
}

/* sk = rho || K || tr || s1 || s2 || t0 */
static size_t eta_bytes(const jca__mldsa_params *p)
{
	return 32 * p->eta_bits;
}

int jca__mldsa_keygen(const jca__keccak_backend *kb, unsigned level, uint8_t *pk, uint8_t *sk,
                      const uint8_t xi[JCA__MLDSA_SEED_LEN])
{
	const jca__mldsa_params *p = jca__mldsa_params_of(level);
	struct key_ws *w;
	uint8_t kl[2];
	uint8_t *o;

	if (!p || !(w = jca__mldsa_ws_new(sizeof(*w))))
		return -1;
	kb = be(kb);
	kl[0] = (uint8_t)p->k;
	kl[1] = (uint8_t)p->l;
	jca__shake256_init(&w->h, kb);
	jca__keccak_update(&w->h, xi, JCA__MLDSA_SEED_LEN);
	jca__keccak_update(&w->h, kl, 2);
	jca__keccak_final(&w->h, w->seed, 128);
	JCA__MLDSA_PUBLIC(w->seed, 32);                 /* rho: published in pk */
	jca__mldsa_expand_s(kb, p, w->s1, w->s2, w->seed + 32);
	make_t(kb, p, w, w->seed);
	jca__mldsa_pack_pk(p, pk, w->seed, w->t1);
	write_tr(kb, &w->h, w->tr, pk, p->pk_len);
	memcpy(sk, w->seed, 32);
	memcpy(sk + 32, w->seed + 96, 32);
	memcpy(sk + 64, w->tr, 64);
	o = sk + 128;
	for (unsigned i = 0; i < p->l; i++, o += eta_bytes(p))
		jca__mldsa_pack_eta(p, o, &w->s1[i]);
	for (unsigned i = 0; i < p->k; i++, o += eta_bytes(p))
		jca__mldsa_pack_eta(p, o, &w->s2[i]);
	for (unsigned i = 0; i < p->k; i++, o += 416)
		jca__mldsa_pack_t0(o, &w->t0[i]);
	jca__mldsa_ws_free(w, sizeof(*w));
	return 0;
}

/* s1, s2 and t0 of sk into w (t0 into t0sk); 1 when an s coefficient is
 * outside [-eta, eta]. */
static unsigned unpack_sk(const jca__mldsa_params *p, jca__mldsa_poly *s1, jca__mldsa_poly *s2,
                          jca__mldsa_poly *t0, const uint8_t *sk)
{
	const uint8_t *in = sk + 128;
	unsigned bad = 0;

	for (unsigned i = 0; i < p->l; i++, in += eta_bytes(p))
		bad |= jca__mldsa_unpack_eta(p, &s1[i], in);
	for (unsigned i = 0; i < p->k; i++, in += eta_bytes(p))
		bad |= jca__mldsa_unpack_eta(p, &s2[i], in);
	for (unsigned i = 0; i < p->k; i++, in += 416)
		jca__mldsa_unpack_t0(&t0[i], in);
	return bad;
}

int jca__mldsa_pk_from_sk(const jca__keccak_backend *kb, unsigned level, uint8_t *pk, const uint8_t *sk)
{
	const jca__mldsa_params *p = jca__mldsa_params_of(level);
	struct key_ws *w;
	uint32_t diff = 0;

	if (!p || !(w = jca__mldsa_ws_new(sizeof(*w))))
		return -1;
	kb = be(kb);
	diff = unpack_sk(p, w->s1, w->s2, w->t0sk, sk);
	make_t(kb, p, w, sk);
	for (unsigned r = 0; r < p->k; r++)
		for (unsigned j = 0; j < N; j++)
			diff |= (uint32_t)(w->t0[r].c[j] ^ w->t0sk[r].c[j]);
	jca__mldsa_pack_pk(p, pk, sk, w->t1);
	write_tr(kb, &w->h, w->tr, pk, p->pk_len);
	for (unsigned i = 0; i < JCA__MLDSA_TR_LEN; i++)
		diff |= (uint32_t)(w->tr[i] ^ sk[64 + i]);
	jca__mldsa_ws_free(w, sizeof(*w));
	JCA__MLDSA_PUBLIC(&diff, sizeof(diff));         /* the verdict is returned */
	if (diff) {
		memset(pk, 0, p->pk_len);
		return -1;
	}
	return 0;
}
