/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The backend matrix of the built-in provider: one table per algorithm
 * family. builtin_md.c and builtin_cipher.c expand the tables into the
 * implementations (typed const vtables) and each service's list of them;
 * builtin.c expands the variant rows into the services (names, attributes,
 * known answers). Nothing here is on the lookup path: the registry binds
 * the best available implementation of each service once, when the
 * provider loads.
 *
 * A family is its variant rows (one service each) times its backend rows
 * (one implementation of every variant each, named "<variant>-<backend>").
 * A backend row is (backend, priority, availability predicate or NULL for
 * always, block function or mode sets). Rows stand in the order
 * `jca list --backends` shows them. A row for an instruction set is
 * wrapped in JCA__X86, JCA__ARM or JCA__RV, so that a build without that
 * ISA's backends leaves it out.
 *
 * Adding a backend: one row here (and its predicate below if it needs a
 * new combination of CPU features), plus its algorithm file under
 * src/algs/<isa>/ with its declaration in src/algs/algs.h, and its line in
 * Makefile.am.
 */
#ifndef JCA_BUILTIN_FAMILIES_H
#define JCA_BUILTIN_FAMILIES_H

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "../algs/algs.h"
#include "../algs/cpu.h"
#include "../algs/gcm.h"
#include "../algs/chacha.h"

#if defined(JCA_HAVE_X86_BACKENDS)
#define JCA__X86(...) __VA_ARGS__
#else
#define JCA__X86(...)
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
#define JCA__ARM(...) __VA_ARGS__
#else
#define JCA__ARM(...)
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
#define JCA__RV(...) __VA_ARGS__
#else
#define JCA__RV(...)
#endif

/* ---- Availability: the CPU features each backend needs (JCA_CPU can
 * take them away, so every tier stays selectable) ---- */
static inline int jca__cpu_has(uint32_t f) { return (jca__cpu_features() & f) == f; }
#if defined(JCA_HAVE_X86_BACKENDS)
static inline int have_shani(void) { return jca__cpu_has(JCA__CPU_SHANI | JCA__CPU_SSE41); }
static inline int have_avx2(void) { return jca__cpu_has(JCA__CPU_AVX2 | JCA__CPU_BMI2); }
static inline int have_avx512(void) { return jca__cpu_has(JCA__CPU_AVX512); }
static inline int have_avx512_bmi2(void) { return jca__cpu_has(JCA__CPU_AVX512 | JCA__CPU_BMI2); }
static inline int have_avx512ifma(void) { return jca__cpu_has(JCA__CPU_AVX512 | JCA__CPU_AVX512IFMA); }
/* Every x86 CPU with AES-NI has PCLMULQDQ, and every one with VAES has
 * VPCLMULQDQ: the GCM code of each tier needs both, so they come as a pair
 * (JCA_CPU=-pclmul also drops AES-NI). */
static inline int have_aesni(void) { return jca__cpu_has(JCA__CPU_AESNI | JCA__CPU_SSE41 | JCA__CPU_PCLMUL); }
static inline int have_vaes(void) { return jca__cpu_has(JCA__CPU_VAES | JCA__CPU_PCLMUL); }
static inline int have_vaes512(void) { return jca__cpu_has(JCA__CPU_VAES512 | JCA__CPU_VPCLMUL); }
/* Vector permutes for CPUs without AES-NI (GHASH stays portable). */
static inline int have_ssse3(void) { return jca__cpu_has(JCA__CPU_SSSE3); }
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
static inline int have_arm_sha1(void) { return jca__cpu_has(JCA__CPU_ARM_SHA1); }
static inline int have_arm_sha2(void) { return jca__cpu_has(JCA__CPU_ARM_SHA2); }
static inline int have_arm_sha512(void) { return jca__cpu_has(JCA__CPU_ARM_SHA512); }
static inline int have_arm_sha3(void) { return jca__cpu_has(JCA__CPU_ARM_SHA3); }
/* AES and PMULL come together (FEAT_PMULL is part of FEAT_AES in
 * practice); the GCM code needs both (JCA_CPU=-pmull also drops AES). */
static inline int have_arm_aes(void) { return jca__cpu_has(JCA__CPU_ARM_AES | JCA__CPU_ARM_PMULL); }
/* Vector permutes (AdvSIMD tbl) without the crypto extensions. */
static inline int have_asimd(void) { return jca__cpu_has(JCA__CPU_ARM_ASIMD); }
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
static inline int have_zknh(void) { return jca__cpu_has(JCA__CPU_RV_ZKNH | JCA__CPU_RV_ZBB); }
static inline int have_zbb(void) { return jca__cpu_has(JCA__CPU_RV_ZBB); }
#endif

/* ---- Digests: MD5, SHA-1, SHA-2, SHA-3, SHAKE ----
 * Variant rows: (family, variant, names in <jca/names.h>, digest bytes,
 * block bytes, kind; their known answers are the host's, src/api/md_kat.c).
 * The family names
 * the algorithm layer's context and functions (jca__<family>_ctx,
 * _update, _final; jca__<variant>_init binds a backend) and its backend
 * table, JCA__BACKENDS_<family>. Kind HASH: fixed output, HMAC over it;
 * XOF: any output length (JCA_MD_XOF), no HMAC. */
#define JCA__MD_VARIANTS(V) \
	V(md5,    md5,        MD5,        16,  64, HASH) \
	V(sha1,   sha1,       SHA1,       20,  64, HASH) \
	V(sha256, sha224,     SHA224,     28,  64, HASH) \
	V(sha256, sha256,     SHA256,     32,  64, HASH) \
	V(sha512, sha384,     SHA384,     48, 128, HASH) \
	V(sha512, sha512,     SHA512,     64, 128, HASH) \
	V(sha512, sha512_224, SHA512_224, 28, 128, HASH) \
	V(sha512, sha512_256, SHA512_256, 32, 128, HASH) \
	V(keccak, sha3_224,   SHA3_224,   28, 144, HASH) \
	V(keccak, sha3_256,   SHA3_256,   32, 136, HASH) \
	V(keccak, sha3_384,   SHA3_384,   48, 104, HASH) \
	V(keccak, sha3_512,   SHA3_512,   64,  72, HASH) \
	V(keccak, shake128,   SHAKE128,   32, 168, XOF) \
	V(keccak, shake256,   SHAKE256,   64, 136, XOF)

/* Backend rows: B(V, backend, priority, available, block function); V
 * stands for the variant. */
#define JCA__BACKENDS_md5(B, V) \
	B(V, generic, JCA_PRIO_GENERIC, NULL, jca__md5_blocks_generic)

#define JCA__BACKENDS_sha1(B, V) \
	B(V, generic, JCA_PRIO_GENERIC, NULL, jca__sha1_blocks_generic) \
	JCA__X86(B(V, shani, JCA_PRIO_CRYPTO, have_shani, jca__sha1_blocks_shani)) \
	JCA__ARM(B(V, armv8, JCA_PRIO_CRYPTO, have_arm_sha1, jca__sha1_blocks_armv8)) \
	JCA__RV(B(V, zbb, JCA_PRIO_SIMD, have_zbb, jca__sha1_blocks_zbb))

#define JCA__BACKENDS_sha256(B, V) \
	B(V, generic, JCA_PRIO_GENERIC, NULL, jca__sha256_blocks_generic) \
	JCA__X86(B(V, shani, JCA_PRIO_CRYPTO, have_shani, jca__sha256_blocks_shani)) \
	JCA__ARM(B(V, armv8, JCA_PRIO_CRYPTO, have_arm_sha2, jca__sha256_blocks_armv8)) \
	JCA__RV(B(V, zknh, JCA_PRIO_CRYPTO, have_zknh, jca__sha256_blocks_zknh))

#define JCA__BACKENDS_sha512(B, V) \
	B(V, generic, JCA_PRIO_GENERIC, NULL, jca__sha512_blocks_generic) \
	JCA__X86(B(V, avx512, JCA_PRIO_AVX512, have_avx512_bmi2, jca__sha512_blocks_avx512)) \
	JCA__X86(B(V, avx2, JCA_PRIO_AVX2, have_avx2, jca__sha512_blocks_avx2)) \
	JCA__ARM(B(V, armv8, JCA_PRIO_CRYPTO, have_arm_sha512, jca__sha512_blocks_armv8)) \
	JCA__RV(B(V, zknh, JCA_PRIO_CRYPTO, have_zknh, jca__sha512_blocks_zknh))

/* Keccak: the "block function" is the backend's permute/absorb pair. */
#define JCA__BACKENDS_keccak(B, V) \
	B(V, generic, JCA_PRIO_GENERIC, NULL, &jca__keccak_generic) \
	JCA__X86(B(V, avx512, JCA_PRIO_AVX512, have_avx512, &jca__keccak_avx512)) \
	JCA__X86(B(V, avx2, JCA_PRIO_AVX2, have_avx2, &jca__keccak_avx2)) \
	JCA__ARM(B(V, armv8, JCA_PRIO_CRYPTO, have_arm_sha3, &jca__keccak_armv8)) \
	JCA__RV(B(V, zbb, JCA_PRIO_SIMD, have_zbb, &jca__keccak_zbb))

/* ---- AES: one service (modes and paddings are attributes) ----
 * Backend rows: B(backend, priority, available, context, ECB/CBC set,
 * CTR/GCM set). A set is a list of jca_cipher_impl fields, defined here. */
#define JCA__BACKENDS_aes(B) \
	B(generic, JCA_PRIO_GENERIC, NULL, jca__aes_ct_ctx, AES_CT_BLOCK_MODES, AES_CT_GCM) \
	JCA__X86(B(aesni, JCA_PRIO_CRYPTO, have_aesni, jca__aesni_ctx, AESNI_BLOCK_MODES(jca__aesni_cbc_decrypt), AESNI_GCM)) \
	JCA__X86(B(vaes256, JCA_PRIO_CRYPTO_WIDE, have_vaes, jca__aesni_ctx, AESNI_BLOCK_MODES(jca__vaes256_cbc_decrypt), AESNI_GCM)) \
	JCA__X86(B(vaes512, JCA_PRIO_CRYPTO_WIDE + 5, have_vaes512, jca__aesni_ctx, AESNI_BLOCK_MODES(jca__vaes512_cbc_decrypt), VAES512_GCM)) \
	JCA__X86(B(ssse3, JCA_PRIO_SIMD, have_ssse3, jca__aes_vperm_ctx, VPERM_BLOCK_MODES, VPERM_GCM)) \
	JCA__ARM(B(armv8, JCA_PRIO_CRYPTO, have_arm_aes, jca__aes_armv8_ctx, ARMV8_BLOCK_MODES, ARMV8_GCM)) \
	JCA__ARM(B(neon, JCA_PRIO_SIMD, have_asimd, jca__aes_vperm_ctx, VPERM_BLOCK_MODES, VPERM_GCM))

/* Portable, constant time (bitsliced AES, GHASH by integer multiplies). */
#define AES_CT_BLOCK_MODES .set_key = jca__aes_ct_set_key, \
	.ecb_encrypt = jca__aes_ct_ecb_encrypt, .ecb_decrypt = jca__aes_ct_ecb_decrypt, \
	.cbc_encrypt = jca__aes_ct_cbc_encrypt, .cbc_decrypt = jca__aes_ct_cbc_decrypt
#define AES_CT_GCM .ctr32 = jca__aes_ct_ctr32, .gcm_key_size = sizeof(jca__ghash_ct_key), \
	.gcm_init = jca__aes_ct_gcm_init, .ghash = jca__ghash_ct
/* Vector-permute AES (SSSE3 pshufb or AdvSIMD tbl), constant time, with
 * the portable GHASH: CPUs without AES instructions have no carry-less
 * multiply either. */
#define VPERM_BLOCK_MODES .set_key = jca__aes_vperm_set_key, \
	.ecb_encrypt = jca__aes_vperm_ecb_encrypt, .ecb_decrypt = jca__aes_vperm_ecb_decrypt, \
	.cbc_encrypt = jca__aes_vperm_cbc_encrypt, .cbc_decrypt = jca__aes_vperm_cbc_decrypt
#define VPERM_GCM .ctr32 = jca__aes_vperm_ctr32, .gcm_key_size = sizeof(jca__ghash_ct_key), \
	.gcm_init = jca__aes_vperm_gcm_init, .ghash = jca__ghash_ct
/* AES-NI key expansion, ECB and CBC encryption (serial); CBC decryption,
 * the parallel path, is AES-NI's (interleaved) or VAES's (wider). */
#define AESNI_BLOCK_MODES(cbc_dec) .set_key = jca__aesni_set_key, \
	.ecb_encrypt = jca__aesni_ecb_encrypt, .ecb_decrypt = jca__aesni_ecb_decrypt, \
	.cbc_encrypt = jca__aesni_cbc_encrypt, .cbc_decrypt = cbc_dec
#define AESNI_GCM .ctr32 = jca__aesni_ctr32, .gcm_key_size = JCA__GCM_AESNI_KEY_SIZE, \
	.gcm_init = jca__aesni_gcm_init, .ghash = jca__ghash_pclmul, .gcm_encrypt = jca__aesni_gcm_encrypt
#define VAES512_GCM .ctr32 = jca__vaes512_ctr32, .gcm_key_size = JCA__GCM_VAES512_KEY_SIZE, \
	.gcm_init = jca__vaes512_gcm_init, .ghash = jca__ghash_vpclmul512, .gcm_encrypt = jca__vaes512_gcm_encrypt
#define ARMV8_BLOCK_MODES .set_key = jca__aes_armv8_set_key, \
	.ecb_encrypt = jca__aes_armv8_ecb_encrypt, .ecb_decrypt = jca__aes_armv8_ecb_decrypt, \
	.cbc_encrypt = jca__aes_armv8_cbc_encrypt, .cbc_decrypt = jca__aes_armv8_cbc_decrypt
#define ARMV8_GCM .ctr32 = jca__aes_armv8_ctr32, .gcm_key_size = JCA__GCM_ARMV8_KEY_SIZE, \
	.gcm_init = jca__aes_armv8_gcm_init, .ghash = jca__ghash_pmull, .gcm_encrypt = jca__aes_armv8_gcm_encrypt

/* ---- ChaCha20 and Poly1305 (the AEADs of builtin_chacha.c) ----
 * Backend rows: B(backend, priority, available, ChaCha20 block function,
 * Poly1305 block function). */
#define JCA__BACKENDS_chacha20(B) \
	B(generic, JCA_PRIO_GENERIC, NULL, jca__chacha20_blocks_generic, jca__poly1305_blocks_generic) \
	JCA__X86(B(avx512ifma, JCA_PRIO_AVX512 + 5, have_avx512ifma, jca__chacha20_blocks_avx512, \
	           jca__poly1305_blocks_ifma)) \
	JCA__X86(B(avx512, JCA_PRIO_AVX512, have_avx512, jca__chacha20_blocks_avx512, jca__poly1305_blocks_avx512)) \
	JCA__X86(B(avx2, JCA_PRIO_AVX2, have_avx2, jca__chacha20_blocks_avx2, jca__poly1305_blocks_avx2)) \
	JCA__ARM(B(neon, JCA_PRIO_SIMD, have_asimd, jca__chacha20_blocks_neon, jca__poly1305_blocks_generic))

/* Expansion helpers: JCA__APPLY(m, JCA__UNPACK (a, b), c) is m(a, b, c). */
#define JCA__UNPACK(...) __VA_ARGS__
#define JCA__APPLY(m, ...) m(__VA_ARGS__)

#endif
