/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-224 and SHA-256 (FIPS 180-4): streaming layer shared by every backend,
 * and the portable compression function.
 */
#include <string.h>

#include "algs.h"
#include "md_base.h"
#include "sha2_round.h"
#include "../util/bytes.h"

/* First 32 bits of the fractional parts of the cube roots of the first 64
 * primes (FIPS 180-4, 4.2.2). */
const uint32_t jca__sha256_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/* Initial hash values (FIPS 180-4, 5.3.2 and 5.3.3). */
const uint32_t jca__sha224_iv[8] = {
	0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
	0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};
const uint32_t jca__sha256_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

/* The streaming layer (md_base.h). */
JCA__MD_STREAM(sha256, 64, 8, 1, 32, jca__md_out_be32)

/* ---- portable compression function (the round: sha2_round.h) --------- */

#define SHA2_WORD uint32_t
#define SHA2_K jca__sha256_k
#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* Sigma and sigma functions of FIPS 180-4 4.1.2. */
#define BSIG0(x) (ROTR((x), 2) ^ ROTR((x), 13) ^ ROTR((x), 22))
#define BSIG1(x) (ROTR((x), 6) ^ ROTR((x), 11) ^ ROTR((x), 25))
#define SSIG0(x) (ROTR((x), 7) ^ ROTR((x), 18) ^ ((x) >> 3))
#define SSIG1(x) (ROTR((x), 17) ^ ROTR((x), 19) ^ ((x) >> 10))

/* Message words of rounds 0-15: the block's (later ones: SHA2_WSCHED). */
#define WLOAD(i) (w[i] = jca__load_be32(in + 4 * (i)))

void jca__sha256_blocks_generic(uint32_t st[8], const uint8_t *in, size_t nblocks)
{
	uint32_t w[16];

	for (; nblocks != 0; nblocks--, in += 64) {
		uint32_t a = st[0], b = st[1], c = st[2], d = st[3];
		uint32_t e = st[4], f = st[5], g = st[6], h = st[7];

		SHA2_ROUNDS8(0, WLOAD);
		SHA2_ROUNDS8(8, WLOAD);
		SHA2_ROUNDS8(16, SHA2_WSCHED);
		SHA2_ROUNDS8(24, SHA2_WSCHED);
		SHA2_ROUNDS8(32, SHA2_WSCHED);
		SHA2_ROUNDS8(40, SHA2_WSCHED);
		SHA2_ROUNDS8(48, SHA2_WSCHED);
		SHA2_ROUNDS8(56, SHA2_WSCHED);

		SHA2_ADD_STATE(st);
	}
}
