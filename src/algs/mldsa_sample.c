/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-DSA (FIPS 204): the samplers of section 7.3 on SHAKE, squeezed in
 * whole blocks: RejNTTPoly (ExpandA), RejBoundedPoly (ExpandS), ExpandMask
 * and SampleInBall.
 */
#include "mldsa_impl.h"
#include "../util/mem.h"

#define Q JCA__MLDSA_Q
#define N JCA__MLDSA_N
#define SHAKE128_RATE 168
#define SHAKE256_RATE 136

static const jca__keccak_backend *be(const jca__keccak_backend *kb)
{
	return kb ? kb : &jca__keccak_generic;
}

/*
 * RejNTTPoly (Algorithm 30): 23-bit candidates from 3 bytes, kept when
 * below q. Five blocks (840 bytes, 280 candidates) nearly always suffice;
 * 168 is a multiple of 3, so further blocks are read one at a time with no
 * remainder to carry. A and its seed rho are public.
 */
static void rej_ntt_poly(const jca__keccak_backend *kb, jca__mldsa_poly *a, const uint8_t rho[32],
                         uint8_t col, uint8_t row)
{
	jca__keccak_ctx c;
	uint8_t buf[5 * SHAKE128_RATE];
	uint8_t idx[2] = { col, row };
	size_t len = sizeof(buf), pos = 0;
	unsigned n = 0;

	jca__shake128_init(&c, kb);
	jca__keccak_update(&c, rho, 32);
	jca__keccak_update(&c, idx, 2);
	jca__keccak_final(&c, buf, len);
	while (n < N) {
		if (pos == len) {
			len = SHAKE128_RATE;
			jca__keccak_final(&c, buf, len);
			pos = 0;
		}
		uint32_t v = (uint32_t)buf[pos] | (uint32_t)buf[pos + 1] << 8 | (uint32_t)(buf[pos + 2] & 0x7f) << 16;

		pos += 3;
		if (v < Q)
			a->c[n++] = (int32_t)v;
	}
}

void jca__mldsa_expand_a_entry(const jca__keccak_backend *kb, jca__mldsa_poly *a, const uint8_t rho[32],
                               unsigned row, unsigned col)
{
	rej_ntt_poly(be(kb), a, rho, (uint8_t)col, (uint8_t)row);
}

void jca__mldsa_expand_a(const jca__keccak_backend *kb, const jca__mldsa_params *p, jca__mldsa_poly *a,
                         const uint8_t rho[32])
{
	kb = be(kb);
	for (unsigned r = 0; r < p->k; r++)
		for (unsigned s = 0; s < p->l; s++)
			rej_ntt_poly(kb, &a[r * p->l + s], rho, (uint8_t)s, (uint8_t)r);
}

/*
 * RejBoundedPoly (Algorithm 31) with CoeffFromHalfByte (Algorithm 15): a
 * half-byte b gives eta - b (eta = 4, b < 9) or 2 - (b mod 5) (eta = 2,
 * b < 15; b mod 5 as b - 5 floor(205 b / 1024), exact for b < 15, so no
 * division). Only whether a half-byte is rejected (9..15, or 15) decides a
 * branch and the next index: it says nothing of the kept values, which are
 * uniform on the kept range whatever was rejected before them (the ct
 * check declassifies it). Two blocks nearly always suffice.
 */
static void rej_bounded_poly(const jca__keccak_backend *kb, unsigned eta, jca__mldsa_poly *a,
                             const uint8_t rhop[64], unsigned i)
{
	jca__keccak_ctx c;
	uint8_t buf[2 * SHAKE256_RATE];
	uint8_t idx[2] = { (uint8_t)i, (uint8_t)(i >> 8) };
	size_t len = sizeof(buf), pos = 0;
	unsigned n = 0;
	const int32_t limit = eta == 2 ? 15 : 9;

	jca__shake256_init(&c, kb);
	jca__keccak_update(&c, rhop, 64);
	jca__keccak_update(&c, idx, 2);
	jca__keccak_final(&c, buf, len);
	while (n < N) {
		if (pos == len) {
			len = SHAKE256_RATE;
			jca__keccak_final(&c, buf, len);
			pos = 0;
		}
		int32_t b[2] = { buf[pos] & 15, buf[pos] >> 4 };

		pos++;
		for (unsigned h = 0; h < 2 && n < N; h++) {
			int32_t v, keep = b[h] < limit;

			JCA__MLDSA_PUBLIC(&keep, sizeof(keep));
			if (!keep)
				continue;
			if (eta == 2)
				v = 2 - (b[h] - 5 * ((b[h] * 205) >> 10));
			else
				v = 4 - b[h];
			a->c[n++] = jca__mldsa_caddq(v);
		}
	}
	jca__wipe(buf, sizeof(buf));
	jca__wipe(&c, sizeof(c));
}

void jca__mldsa_expand_s(const jca__keccak_backend *kb, const jca__mldsa_params *p, jca__mldsa_poly *s1,
                         jca__mldsa_poly *s2, const uint8_t rhop[64])
{
	kb = be(kb);
	for (unsigned r = 0; r < p->l; r++)
		rej_bounded_poly(kb, p->eta, &s1[r], rhop, r);
	for (unsigned r = 0; r < p->k; r++)
		rej_bounded_poly(kb, p->eta, &s2[r], rhop, p->l + r);
}

/* ExpandMask (Algorithm 34): each y[r] is gamma1 - BitUnpack of
 * 32 * z_bits bytes of H(rho'' || kappa + r). */
void jca__mldsa_expand_mask(const jca__keccak_backend *kb, const jca__mldsa_params *p, jca__mldsa_poly *y,
                            const uint8_t rhopp[64], unsigned kappa)
{
	jca__keccak_ctx c;
	uint8_t buf[32 * 20];
	uint32_t v[N];

	kb = be(kb);
	for (unsigned r = 0; r < p->l; r++) {
		unsigned i = kappa + r;
		uint8_t idx[2] = { (uint8_t)i, (uint8_t)(i >> 8) };

		jca__shake256_init(&c, kb);
		jca__keccak_update(&c, rhopp, 64);
		jca__keccak_update(&c, idx, 2);
		jca__keccak_final(&c, buf, 32 * p->z_bits);
		jca__mldsa_unpack_bits(v, buf, p->z_bits);
		for (unsigned j = 0; j < N; j++)
			y[r].c[j] = p->gamma1 - (int32_t)v[j];
	}
	jca__wipe(buf, sizeof(buf));
	jca__wipe(v, sizeof(v));
	jca__wipe(&c, sizeof(c));
}

/*
 * SampleInBall (Algorithm 29): the first 8 bytes of H(c~) are the signs,
 * then a Fisher-Yates placement of tau values. c~ is part of the signature,
 * so its indexes are public.
 */
void jca__mldsa_sample_in_ball(const jca__keccak_backend *kb, const jca__mldsa_params *p, jca__mldsa_poly *c,
                               const uint8_t *ctilde)
{
	jca__keccak_ctx h;
	uint8_t buf[SHAKE256_RATE];
	uint64_t signs = 0;
	size_t pos = 8;

	jca__shake256_init(&h, be(kb));
	jca__keccak_update(&h, ctilde, p->ctilde_len);
	jca__keccak_final(&h, buf, sizeof(buf));
	for (unsigned i = 0; i < 8; i++)
		signs |= (uint64_t)buf[i] << (8 * i);
	memset(c, 0, sizeof(*c));
	for (unsigned i = N - p->tau; i < N; i++) {
		unsigned j;

		do {
			if (pos == sizeof(buf)) {
				jca__keccak_final(&h, buf, sizeof(buf));
				pos = 0;
			}
			j = buf[pos++];
		} while (j > i);
		c->c[i] = c->c[j];
		c->c[j] = 1 - 2 * (int32_t)(signs & 1);
		signs >>= 1;
	}
}
