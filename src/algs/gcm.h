/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Internal interface of the CTR and GCM code (SP 800-38A, SP 800-38D).
 *
 * Every AES backend offers, beside its key schedule (see algs.h):
 *
 *   ctr32(ctx, ctr, out, in, nblocks)
 *       out = in XOR E(ctr), E(ctr + 1), ... for nblocks whole blocks. The
 *       counter is the last 4 bytes of ctr, big-endian, and wraps modulo
 *       2^32 (GCM's inc32); the first 12 bytes never change. ctr is
 *       advanced by nblocks. The CTR mode engine splits calls at the 2^32
 *       boundary and carries into the upper bytes itself.
 *   gcm_init(ctx, gkey)
 *       H = E(0^128) and whatever the backend precomputes from it (powers
 *       of H), written to gkey (gcm_key_size bytes, 16-byte aligned).
 *   ghash(gkey, xi, in, nblocks)
 *       xi = (...((xi ^ in[0]) * H ^ in[1]) * H ...) * H over nblocks
 *       whole blocks, in GCM's bit order (xi as bytes, SP 800-38D 6.4).
 *   gcm_encrypt(ctx, gkey, ctr, xi, out, in, nblocks)   (optional)
 *       ctr32 then ghash of the ciphertext, fused into one pass.
 *
 * Each returns 0 (the built-in backends cannot fail; the int is the
 * provider ABI's, for bridges to other libraries). in == out is allowed
 * everywhere; other overlaps are not.
 */
#ifndef JCA_GCM_H
#define JCA_GCM_H

#include "algs.h"

typedef int jca__ctr32_fn(const void *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);
typedef int jca__gcm_init_fn(const void *ctx, void *gkey);
typedef int jca__ghash_fn(const void *gkey, uint8_t xi[16], const uint8_t *in, size_t nblocks);
typedef int jca__gcm_crypt_fn(const void *ctx, const void *gkey, uint8_t ctr[16], uint8_t xi[16],
                               uint8_t *out, const uint8_t *in, size_t nblocks);

/* Portable, constant time: GHASH by carry-less multiplication done with
 * integer multiplies (ghash_ct.c), AES from aes_ct.c (gcm_ct.c). */
typedef struct jca__ghash_ct_key {
	uint64_t h[6];                 /* layout private to ghash_ct.c */
} jca__ghash_ct_key;
JCA__HIDDEN void jca__ghash_ct_set_h(jca__ghash_ct_key *k, const uint8_t h[16]);
JCA__HIDDEN jca__ghash_fn jca__ghash_ct;
JCA__HIDDEN jca__ctr32_fn jca__aes_ct_ctr32;
JCA__HIDDEN jca__gcm_init_fn jca__aes_ct_gcm_init;

#if defined(__x86_64__)
/* AES-NI + PCLMULQDQ (x86/gcm_aesni.c); context jca__aesni_ctx. */
#define JCA__GCM_AESNI_KEY_SIZE (16 * 16)
JCA__HIDDEN jca__ctr32_fn jca__aesni_ctr32;
JCA__HIDDEN jca__gcm_init_fn jca__aesni_gcm_init;
JCA__HIDDEN jca__ghash_fn jca__ghash_pclmul;
JCA__HIDDEN jca__gcm_crypt_fn jca__aesni_gcm_encrypt;
/* VAES + VPCLMULQDQ on ZMM (x86/gcm_vaes512.c); same context. */
#define JCA__GCM_VAES512_KEY_SIZE (32 * 16)
JCA__HIDDEN jca__ctr32_fn jca__vaes512_ctr32;
JCA__HIDDEN jca__gcm_init_fn jca__vaes512_gcm_init;
JCA__HIDDEN jca__ghash_fn jca__ghash_vpclmul512;
JCA__HIDDEN jca__gcm_crypt_fn jca__vaes512_gcm_encrypt;
#endif

#if defined(__x86_64__) || defined(__aarch64__)
/* Vector-permute AES (aes_vperm_impl.h) with the portable GHASH. */
JCA__HIDDEN jca__ctr32_fn jca__aes_vperm_ctr32;
JCA__HIDDEN jca__gcm_init_fn jca__aes_vperm_gcm_init;
#endif

#if defined(__aarch64__)
/* AES + PMULL (arm/gcm_pmull.c); context jca__aes_armv8_ctx. */
#define JCA__GCM_ARMV8_KEY_SIZE (8 * 16)
JCA__HIDDEN jca__ctr32_fn jca__aes_armv8_ctr32;
JCA__HIDDEN jca__gcm_init_fn jca__aes_armv8_gcm_init;
JCA__HIDDEN jca__ghash_fn jca__ghash_pmull;
JCA__HIDDEN jca__gcm_crypt_fn jca__aes_armv8_gcm_encrypt;
#endif

#endif /* JCA_GCM_H */
