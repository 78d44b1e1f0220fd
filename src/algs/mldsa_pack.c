/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-DSA (FIPS 204): the encodings of section 7.1-7.2 (SimpleBitPack,
 * BitPack and their inverses, the hint packing) for the key, signature and
 * w1 formats. Bit order is little-endian throughout; the loops depend only
 * on the bit widths, never on the values.
 */
#include "mldsa_impl.h"

#define Q JCA__MLDSA_Q
#define N JCA__MLDSA_N

void jca__mldsa_pack_bits(uint8_t *out, const uint32_t *v, unsigned bits)
{
	uint64_t acc = 0;
	unsigned have = 0;

	for (unsigned i = 0; i < N; i++) {
		acc |= (uint64_t)v[i] << have;
		have += bits;
		while (have >= 8) {
			*out++ = (uint8_t)acc;
			acc >>= 8;
			have -= 8;
		}
	}
}

void jca__mldsa_unpack_bits(uint32_t *v, const uint8_t *in, unsigned bits)
{
	uint64_t acc = 0;
	unsigned have = 0;
	const uint32_t mask = (1u << bits) - 1;

	for (unsigned i = 0; i < N; i++) {
		while (have < bits) {
			acc |= (uint64_t)*in++ << have;
			have += 8;
		}
		v[i] = (uint32_t)acc & mask;
		acc >>= bits;
		have -= bits;
	}
}

void jca__mldsa_pack_pk(const jca__mldsa_params *p, uint8_t *pk, const uint8_t rho[32], const jca__mldsa_poly *t1)
{
	memcpy(pk, rho, 32);
	for (unsigned i = 0; i < p->k; i++)
		jca__mldsa_pack_bits(pk + 32 + 320 * i, (const uint32_t *)t1[i].c, 10);
}

void jca__mldsa_unpack_pk(const jca__mldsa_params *p, uint8_t rho[32], jca__mldsa_poly *t1, const uint8_t *pk)
{
	memcpy(rho, pk, 32);
	for (unsigned i = 0; i < p->k; i++)
		jca__mldsa_unpack_bits((uint32_t *)t1[i].c, pk + 32 + 320 * i, 10);
}

void jca__mldsa_pack_eta(const jca__mldsa_params *p, uint8_t *out, const jca__mldsa_poly *s)
{
	uint32_t v[N];

	for (unsigned j = 0; j < N; j++)
		v[j] = (uint32_t)((int32_t)p->eta - jca__mldsa_centre(s->c[j]));
	jca__mldsa_pack_bits(out, v, p->eta_bits);
	memset(v, 0, sizeof(v));
	__asm__ __volatile__("" : : "r"(v) : "memory");
}

unsigned jca__mldsa_unpack_eta(const jca__mldsa_params *p, jca__mldsa_poly *s, const uint8_t *in)
{
	int32_t bad = 0, eta = (int32_t)p->eta;

	jca__mldsa_unpack_bits((uint32_t *)s->c, in, p->eta_bits);
	for (unsigned j = 0; j < N; j++) {
		int32_t v = s->c[j];

		bad |= jca__mldsa_neg(2 * eta - v);
		s->c[j] = jca__mldsa_caddq(eta - v);
	}
	return (unsigned)bad & 1u;
}

void jca__mldsa_pack_t0(uint8_t *out, const jca__mldsa_poly *t0)
{
	uint32_t v[N];

	for (unsigned j = 0; j < N; j++)
		v[j] = (uint32_t)((1 << (JCA__MLDSA_D - 1)) - jca__mldsa_centre(t0->c[j]));
	jca__mldsa_pack_bits(out, v, JCA__MLDSA_D);
	memset(v, 0, sizeof(v));
	__asm__ __volatile__("" : : "r"(v) : "memory");
}

void jca__mldsa_unpack_t0(jca__mldsa_poly *t0, const uint8_t *in)
{
	jca__mldsa_unpack_bits((uint32_t *)t0->c, in, JCA__MLDSA_D);
	for (unsigned j = 0; j < N; j++)
		t0->c[j] = jca__mldsa_caddq((1 << (JCA__MLDSA_D - 1)) - t0->c[j]);
}

void jca__mldsa_pack_z(const jca__mldsa_params *p, uint8_t *out, const jca__mldsa_poly *z)
{
	uint32_t v[N];

	for (unsigned j = 0; j < N; j++)
		v[j] = (uint32_t)(p->gamma1 - jca__mldsa_centre(z->c[j]));
	jca__mldsa_pack_bits(out, v, p->z_bits);
}

void jca__mldsa_unpack_z(const jca__mldsa_params *p, jca__mldsa_poly *z, const uint8_t *in)
{
	jca__mldsa_unpack_bits((uint32_t *)z->c, in, p->z_bits);
	for (unsigned j = 0; j < N; j++)
		z->c[j] = p->gamma1 - z->c[j];
}

void jca__mldsa_pack_w1(const jca__mldsa_params *p, uint8_t *out, const jca__mldsa_poly *w1)
{
	for (unsigned i = 0; i < p->k; i++)
		jca__mldsa_pack_bits(out + 32 * p->w1_bits * i, (const uint32_t *)w1[i].c, p->w1_bits);
}

/* HintBitPack (Algorithm 20): the positions of the ones, then for each
 * polynomial the running count. Runs on an accepted (public) hint only. */
void jca__mldsa_pack_hint(const jca__mldsa_params *p, uint8_t *out, const jca__mldsa_poly *h)
{
	unsigned idx = 0;

	memset(out, 0, p->omega + p->k);
	for (unsigned i = 0; i < p->k; i++) {
		for (unsigned j = 0; j < N; j++)
			if (h[i].c[j])
				out[idx++] = (uint8_t)j;
		out[p->omega + i] = (uint8_t)idx;
	}
}

/* HintBitUnpack (Algorithm 21): counts that never decrease and stay within
 * omega, positions strictly increasing in each polynomial, unused bytes 0. */
int jca__mldsa_unpack_hint(const jca__mldsa_params *p, jca__mldsa_poly *h, const uint8_t *in)
{
	unsigned idx = 0;

	memset(h, 0, p->k * sizeof(*h));
	for (unsigned i = 0; i < p->k; i++) {
		unsigned end = in[p->omega + i];

		if (end < idx || end > p->omega)
			return -1;
		for (unsigned m = idx; m < end; m++) {
			if (m > idx && in[m] <= in[m - 1])
				return -1;
			h[i].c[in[m]] = 1;
		}
		idx = end;
	}
	for (unsigned m = idx; m < p->omega; m++)
		if (in[m])
			return -1;
	return 0;
}
