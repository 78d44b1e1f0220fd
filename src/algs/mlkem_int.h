/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-KEM inside the algorithm layer: polynomials and the functions that
 * mlkem_poly.c (arithmetic, NTT), mlkem_codec.c (compression and byte
 * encodings), mlkem_sample.c (SHAKE sampling) offer to mlkem.c (K-PKE and
 * the KEM). Not for other layers: they use mlkem.h.
 *
 * Coefficients are int16_t. Montgomery arithmetic with R = 2^16: a
 * product of two coefficients reduced by jca__mlkem_mont carries a factor
 * 2^-16, which the inverse NTT's last scaling (or jca__mlkem_poly_tomont)
 * takes back. Bounds are stated where a function needs them.
 */
#ifndef JCA_ALGS_MLKEM_INT_H
#define JCA_ALGS_MLKEM_INT_H

#include <stddef.h>
#include <stdint.h>

#include "algs.h"

#define JCA__MLKEM_N 256
#define JCA__MLKEM_Q 3329
#define JCA__MLKEM_KMAX 4

typedef struct jca__mlkem_poly {
	int16_t c[JCA__MLKEM_N];
} jca__mlkem_poly;

/* b1 * zeta for each of the 128 degree-one factors of an NTT-domain b */
typedef struct jca__mlkem_mulcache {
	int16_t c[JCA__MLKEM_N / 2];
} jca__mlkem_mulcache;

typedef struct jca__mlkem_polyvec {
	jca__mlkem_poly p[JCA__MLKEM_KMAX];
} jca__mlkem_polyvec;

/* ---- mlkem.c: the FIPS 203 draft's key generation ----------------------- */
/* As jca__mlkem_keygen, with the draft's (rho, sigma) = G(d), without the
 * final standard's k byte. The C2SP CCTV intermediate, unlucky and
 * accumulated vectors were made that way (encapsulation and decapsulation
 * did not change): tests/check_mlkem.c runs them through this, and the
 * final form is checked by python3 cryptography's keys and by Go's
 * accumulated digests. Not for keys anyone uses. */
JCA__HIDDEN int jca__mlkem_keygen_ipd(const jca__keccak_backend *kb, unsigned k, uint8_t *ek, uint8_t *dk, const uint8_t seed[64]);

/* ---- mlkem_poly.c ------------------------------------------------------ */
/* In place; input |c| < q, output |c| < 8q (not reduced). */
JCA__HIDDEN void jca__mlkem_ntt(jca__mlkem_poly *p);
/* In place, times 2^16 (undoes one Montgomery factor); input |c| < 2^15,
 * output |c| < q. */
JCA__HIDDEN void jca__mlkem_invntt(jca__mlkem_poly *p);
/* Every coefficient to [0, q). Input any int16_t. */
JCA__HIDDEN void jca__mlkem_poly_reduce(jca__mlkem_poly *p);
/* Times 2^16 mod q (into the Montgomery domain), output |c| < q. */
JCA__HIDDEN void jca__mlkem_poly_tomont(jca__mlkem_poly *p);
JCA__HIDDEN void jca__mlkem_poly_add(jca__mlkem_poly *r, const jca__mlkem_poly *a);
JCA__HIDDEN void jca__mlkem_poly_sub(jca__mlkem_poly *r, const jca__mlkem_poly *a, const jca__mlkem_poly *b);
/* The cache of b for jca__mlkem_basemul_acc; |b| < q. */
JCA__HIDDEN void jca__mlkem_mulcache_compute(jca__mlkem_mulcache *mc, const jca__mlkem_poly *b);
/* r = sum over l < k of a[l] * b[l] in the NTT domain, times 2^-16,
 * |r| < q; bc[l] is b[l]'s cache. Inputs |c| < q. One reduction per
 * coefficient (lazy). */
JCA__HIDDEN void jca__mlkem_basemul_acc(jca__mlkem_poly *r, const jca__mlkem_poly *a, const jca__mlkem_poly *b,
                                        const jca__mlkem_mulcache *bc, unsigned k);

/* ---- mlkem_codec.c ------------------------------------------------------ */
/* ByteEncode12 of coefficients in [0, q): 384 bytes. */
JCA__HIDDEN void jca__mlkem_encode12(uint8_t out[384], const jca__mlkem_poly *p);
/* ByteDecode12 without the reduction: coefficients 0..4095. */
JCA__HIDDEN void jca__mlkem_decode12(jca__mlkem_poly *p, const uint8_t in[384]);
/* 0 when all 256 coefficients encoded in in[384] are below q, else -1
 * (public data: the check may stop early). */
JCA__HIDDEN int jca__mlkem_check12(const uint8_t in[384]);
/* ByteEncode_d(Compress_d(p)) for d in {1, 4, 5, 10, 11}: 32 d bytes;
 * coefficients in [0, q). No division: multiply and shift. */
JCA__HIDDEN void jca__mlkem_compress(uint8_t *out, const jca__mlkem_poly *p, unsigned d);
/* Decompress_d(ByteDecode_d(in)), d in {1, 4, 5, 10, 11}. */
JCA__HIDDEN void jca__mlkem_decompress(jca__mlkem_poly *p, const uint8_t *in, unsigned d);

/* ---- mlkem_sample.c ----------------------------------------------------- */
/* SampleNTT(rho || x || y) (Algorithm 7) for n <= 4 polynomials p[j] with
 * (x, y) = xy[j]: coefficients in [0, q). Four SHAKE128 states at once
 * when the backend has permute_x4. */
JCA__HIDDEN void jca__mlkem_sample_ntt_x4(const jca__keccak_backend *kb, jca__mlkem_poly *const p[4], const uint8_t rho[32],
                                          const uint8_t xy[4][2], unsigned n);
/* SamplePolyCBD_eta(PRF_eta(sigma, nonce[j])) into p[j], j < n <= 4
 * (Algorithm 8 and section 4.1), eta 2 or 3. */
JCA__HIDDEN void jca__mlkem_sample_cbd_x4(const jca__keccak_backend *kb, jca__mlkem_poly *const p[4], const uint8_t sigma[32],
                                          const uint8_t nonce[4], unsigned n, unsigned eta);
/* One-shot hashes over the concatenation of two inputs: H (SHA3-256, 32
 * bytes), G (SHA3-512, 64 bytes), J (SHAKE256, 32 bytes). */
JCA__HIDDEN void jca__mlkem_hash_h(const jca__keccak_backend *kb, uint8_t out[32], const uint8_t *a, size_t alen);
JCA__HIDDEN void jca__mlkem_hash_g(const jca__keccak_backend *kb, uint8_t out[64], const uint8_t *a, size_t alen, const uint8_t *b, size_t blen);
JCA__HIDDEN void jca__mlkem_hash_j(const jca__keccak_backend *kb, uint8_t out[32], const uint8_t *a, size_t alen, const uint8_t *b, size_t blen);

#endif
