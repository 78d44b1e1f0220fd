/* SPDX-License-Identifier: Apache-2.0 */
/* Cipher implementations of the built-in provider. */
#include "builtin.h"
#include "../algs/gcm.h"

#define AES_KEY_SIZES ((1ull << 16) | (1ull << 24) | (1ull << 32))

/* Portable, constant time (bitsliced). */
const jca_cipher_impl jca__aes_generic = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__aes_ct_ctx)),
	 .block_size = 16, .key_sizes = AES_KEY_SIZES,
	.set_key = jca__aes_ct_set_key,
	.ecb_encrypt = jca__aes_ct_ecb_encrypt, .ecb_decrypt = jca__aes_ct_ecb_decrypt,
	.cbc_encrypt = jca__aes_ct_cbc_encrypt, .cbc_decrypt = jca__aes_ct_cbc_decrypt,
	.ctr32 = jca__aes_ct_ctr32, .gcm_key_size = sizeof(jca__ghash_ct_key),
	.gcm_init = jca__aes_ct_gcm_init, .ghash = jca__ghash_ct
};

#if defined(JCA_HAVE_X86_BACKENDS)
/* Every x86 CPU with AES-NI has PCLMULQDQ, and every one with VAES has
 * VPCLMULQDQ: the GCM code of each tier needs both, so they come as a pair
 * (JCA_CPU=-pclmul also drops AES-NI). */
#define AESNI_SET (JCA__CPU_AESNI | JCA__CPU_SSE41 | JCA__CPU_PCLMUL)
static int have_aesni(void) { return (jca__cpu_features() & AESNI_SET) == AESNI_SET; }
static int have_vaes(void) { return (jca__cpu_features() & (JCA__CPU_VAES | JCA__CPU_PCLMUL)) == (JCA__CPU_VAES | JCA__CPU_PCLMUL); }
static int have_vaes512(void) { return (jca__cpu_features() & (JCA__CPU_VAES512 | JCA__CPU_VPCLMUL)) == (JCA__CPU_VAES512 | JCA__CPU_VPCLMUL); }

#define GCM_AESNI .ctr32 = jca__aesni_ctr32, .gcm_key_size = JCA__GCM_AESNI_KEY_SIZE, \
	.gcm_init = jca__aesni_gcm_init, .ghash = jca__ghash_pclmul, .gcm_encrypt = jca__aesni_gcm_encrypt
#define GCM_VAES512 .ctr32 = jca__vaes512_ctr32, .gcm_key_size = JCA__GCM_VAES512_KEY_SIZE, \
	.gcm_init = jca__vaes512_gcm_init, .ghash = jca__ghash_vpclmul512, .gcm_encrypt = jca__vaes512_gcm_encrypt

/* AES-NI: key expansion, ECB, CBC encryption (serial) and CBC decryption
 * (interleaved). */
const jca_cipher_impl jca__aes_aesni = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-aesni", JCA_PRIO_CRYPTO, have_aesni, sizeof(jca__aesni_ctx)),
	 .block_size = 16, .key_sizes = AES_KEY_SIZES,
	.set_key = jca__aesni_set_key,
	.ecb_encrypt = jca__aesni_ecb_encrypt, .ecb_decrypt = jca__aesni_ecb_decrypt,
	.cbc_encrypt = jca__aesni_cbc_encrypt, .cbc_decrypt = jca__aesni_cbc_decrypt,
	GCM_AESNI
};
/* VAES widens the parallel path, CBC decryption; the rest is AES-NI. */
const jca_cipher_impl jca__aes_vaes256 = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-vaes256", JCA_PRIO_CRYPTO_WIDE, have_vaes, sizeof(jca__aesni_ctx)),
	 .block_size = 16, .key_sizes = AES_KEY_SIZES,
	.set_key = jca__aesni_set_key,
	.ecb_encrypt = jca__aesni_ecb_encrypt, .ecb_decrypt = jca__aesni_ecb_decrypt,
	.cbc_encrypt = jca__aesni_cbc_encrypt, .cbc_decrypt = jca__vaes256_cbc_decrypt,
	GCM_AESNI
};
const jca_cipher_impl jca__aes_vaes512 = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-vaes512", JCA_PRIO_CRYPTO_WIDE + 5, have_vaes512, sizeof(jca__aesni_ctx)),
	 .block_size = 16, .key_sizes = AES_KEY_SIZES,
	.set_key = jca__aesni_set_key,
	.ecb_encrypt = jca__aesni_ecb_encrypt, .ecb_decrypt = jca__aesni_ecb_decrypt,
	.cbc_encrypt = jca__aesni_cbc_encrypt, .cbc_decrypt = jca__vaes512_cbc_decrypt,
	GCM_VAES512
};

/* Vector permutes (SSSE3), constant time: for CPUs without AES-NI. */
static int have_ssse3(void) { return (jca__cpu_features() & JCA__CPU_SSSE3) != 0; }
const jca_cipher_impl jca__aes_ssse3 = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-ssse3", JCA_PRIO_SIMD, have_ssse3, sizeof(jca__aes_vperm_ctx)),
	 .block_size = 16, .key_sizes = AES_KEY_SIZES,
	.set_key = jca__aes_vperm_set_key,
	.ecb_encrypt = jca__aes_vperm_ecb_encrypt, .ecb_decrypt = jca__aes_vperm_ecb_decrypt,
	.cbc_encrypt = jca__aes_vperm_cbc_encrypt, .cbc_decrypt = jca__aes_vperm_cbc_decrypt,
	.ctr32 = jca__aes_vperm_ctr32, .gcm_key_size = sizeof(jca__ghash_ct_key),
	.gcm_init = jca__aes_vperm_gcm_init, .ghash = jca__ghash_ct
};
#endif

#if defined(JCA_HAVE_ARM_BACKENDS)
/* AES and PMULL come together (FEAT_PMULL is part of FEAT_AES in practice);
 * the GCM code needs both (JCA_CPU=-pmull also drops this backend). */
static int have_arm_aes(void) { return (jca__cpu_features() & (JCA__CPU_ARM_AES | JCA__CPU_ARM_PMULL)) == (JCA__CPU_ARM_AES | JCA__CPU_ARM_PMULL); }

const jca_cipher_impl jca__aes_armv8 = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-armv8", JCA_PRIO_CRYPTO, have_arm_aes, sizeof(jca__aes_armv8_ctx)),
	 .block_size = 16, .key_sizes = AES_KEY_SIZES,
	.set_key = jca__aes_armv8_set_key,
	.ecb_encrypt = jca__aes_armv8_ecb_encrypt, .ecb_decrypt = jca__aes_armv8_ecb_decrypt,
	.cbc_encrypt = jca__aes_armv8_cbc_encrypt, .cbc_decrypt = jca__aes_armv8_cbc_decrypt,
	.ctr32 = jca__aes_armv8_ctr32, .gcm_key_size = JCA__GCM_ARMV8_KEY_SIZE,
	.gcm_init = jca__aes_armv8_gcm_init, .ghash = jca__ghash_pmull, .gcm_encrypt = jca__aes_armv8_gcm_encrypt
};

/* Vector permutes (AdvSIMD tbl), constant time: without the crypto extensions. */
static int have_asimd(void) { return (jca__cpu_features() & JCA__CPU_ARM_ASIMD) != 0; }
const jca_cipher_impl jca__aes_neon = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-neon", JCA_PRIO_SIMD, have_asimd, sizeof(jca__aes_vperm_ctx)),
	 .block_size = 16, .key_sizes = AES_KEY_SIZES,
	.set_key = jca__aes_vperm_set_key,
	.ecb_encrypt = jca__aes_vperm_ecb_encrypt, .ecb_decrypt = jca__aes_vperm_ecb_decrypt,
	.cbc_encrypt = jca__aes_vperm_cbc_encrypt, .cbc_decrypt = jca__aes_vperm_cbc_decrypt,
	.ctr32 = jca__aes_vperm_ctr32, .gcm_key_size = sizeof(jca__ghash_ct_key),
	.gcm_init = jca__aes_vperm_gcm_init, .ghash = jca__ghash_ct
};
#endif
