/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-KEM byte encodings and compression (FIPS 203 sections 4.2.1 and 4.2.2:
 * Compress_d, Decompress_d, ByteEncode_d, ByteDecode_d).
 *
 * Compress_d(x) = round(2^d x / q) mod 2^d is computed as
 * floor((2^(d+1) x + q) / 2q) by a multiplication with the reciprocal
 * M = ceil(2^40 / 2q) and a shift: the numerator is below 2^24, so the
 * error term stays under 2^-16, far from the 1/2q that would change the
 * floor (tests/check_mlkem.c compares every x and d with the exact
 * quotient). A division of a secret coefficient would be variable time on
 * many CPUs (KyberSlash); this is not.
 */
#include "mlkem_int.h"
#include "../util/mem.h"

#define Q JCA__MLKEM_Q
#define RECIP_2Q 165141429u     /* ceil(2^40 / 6658) */

static inline uint32_t compress1(int16_t x, unsigned d)
{
	uint64_t n = ((uint64_t)(uint16_t)x << (d + 1)) + Q;

	return (uint32_t)((n * RECIP_2Q) >> 40) & ((1u << d) - 1);
}

void jca__mlkem_encode12(uint8_t out[384], const jca__mlkem_poly *p)
{
	for (unsigned i = 0; i < JCA__MLKEM_N / 2; i++) {
		uint16_t a = (uint16_t)p->c[2 * i], b = (uint16_t)p->c[2 * i + 1];

		out[3 * i] = (uint8_t)a;
		out[3 * i + 1] = (uint8_t)((a >> 8) | (b << 4));
		out[3 * i + 2] = (uint8_t)(b >> 4);
	}
}

void jca__mlkem_decode12(jca__mlkem_poly *p, const uint8_t in[384])
{
	for (unsigned i = 0; i < JCA__MLKEM_N / 2; i++) {
		uint16_t b0 = in[3 * i], b1 = in[3 * i + 1], b2 = in[3 * i + 2];

		p->c[2 * i] = (int16_t)(b0 | ((b1 & 0x0f) << 8));
		p->c[2 * i + 1] = (int16_t)((b1 >> 4) | (b2 << 4));
	}
}

int jca__mlkem_check12(const uint8_t in[384])
{
	unsigned bad = 0;

	for (unsigned i = 0; i < JCA__MLKEM_N / 2; i++) {
		unsigned b0 = in[3 * i], b1 = in[3 * i + 1], b2 = in[3 * i + 2];
		unsigned a = b0 | ((b1 & 0x0f) << 8), b = (b1 >> 4) | (b2 << 4);

		bad |= (Q - 1 - a) | (Q - 1 - b);   /* wraps above 2^31 when >= q */
	}
	return (bad >> 31) ? -1 : 0;
}

/* d-bit values packed little-endian first (ByteEncode_d), 8 values into d
 * bytes at a time; the shifts depend on d and the position only. */
static void pack(uint8_t *out, const uint32_t v[8], unsigned d)
{
	uint64_t acc = 0;
	unsigned nbits = 0, o = 0;

	for (unsigned i = 0; i < 8; i++) {
		acc |= (uint64_t)v[i] << nbits;
		nbits += d;
		while (nbits >= 8) {
			out[o++] = (uint8_t)acc;
			acc >>= 8;
			nbits -= 8;
		}
	}
}

static void unpack(uint32_t v[8], const uint8_t *in, unsigned d)
{
	uint64_t acc = 0;
	unsigned nbits = 0, o = 0;
	uint32_t mask = (1u << d) - 1;

	for (unsigned i = 0; i < 8; i++) {
		while (nbits < d) {
			acc |= (uint64_t)in[o++] << nbits;
			nbits += 8;
		}
		v[i] = (uint32_t)acc & mask;
		acc >>= d;
		nbits -= d;
	}
}

void jca__mlkem_compress(uint8_t *out, const jca__mlkem_poly *p, unsigned d)
{
	uint32_t v[8];

	for (unsigned i = 0; i < JCA__MLKEM_N / 8; i++) {
		for (unsigned j = 0; j < 8; j++)
			v[j] = compress1(p->c[8 * i + j], d);
		pack(out + d * i, v, d);
	}
	jca__wipe(v, sizeof(v));   /* compressed secret coefficients when decrypting */
}

void jca__mlkem_decompress(jca__mlkem_poly *p, const uint8_t *in, unsigned d)
{
	uint32_t v[8];

	for (unsigned i = 0; i < JCA__MLKEM_N / 8; i++) {
		unpack(v, in + d * i, d);
		for (unsigned j = 0; j < 8; j++)
			p->c[8 * i + j] = (int16_t)((v[j] * Q + (1u << (d - 1))) >> d);
	}
	jca__wipe(v, sizeof(v));   /* the message bits when decrypting */
}
