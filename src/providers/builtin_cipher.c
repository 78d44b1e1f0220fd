/* SPDX-License-Identifier: Apache-2.0 */
/* Cipher implementations of the built-in provider. */
#include "builtin.h"

#define AES_KEY_SIZES ((1ull << 16) | (1ull << 24) | (1ull << 32))

/* Portable, constant time (bitsliced). */
const jca_cipher_impl jca__aes_generic = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__aes_ct_ctx)),
	 .block_size = 16, .key_sizes = AES_KEY_SIZES,
	.set_key = jca__aes_ct_set_key,
	.ecb_encrypt = jca__aes_ct_ecb_encrypt, .ecb_decrypt = jca__aes_ct_ecb_decrypt,
	.cbc_encrypt = jca__aes_ct_cbc_encrypt, .cbc_decrypt = jca__aes_ct_cbc_decrypt
};

#if defined(JCA_HAVE_X86_BACKENDS)
static int have_aesni(void) { return (jca__cpu_features() & (JCA__CPU_AESNI | JCA__CPU_SSE41)) == (JCA__CPU_AESNI | JCA__CPU_SSE41); }
static int have_vaes(void) { return (jca__cpu_features() & JCA__CPU_VAES) != 0; }
static int have_vaes512(void) { return (jca__cpu_features() & JCA__CPU_VAES512) != 0; }

/* AES-NI: key expansion, ECB, CBC encryption (serial) and CBC decryption
 * (interleaved). */
const jca_cipher_impl jca__aes_aesni = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-aesni", JCA_PRIO_CRYPTO, have_aesni, sizeof(jca__aesni_ctx)),
	 .block_size = 16, .key_sizes = AES_KEY_SIZES,
	.set_key = jca__aesni_set_key,
	.ecb_encrypt = jca__aesni_ecb_encrypt, .ecb_decrypt = jca__aesni_ecb_decrypt,
	.cbc_encrypt = jca__aesni_cbc_encrypt, .cbc_decrypt = jca__aesni_cbc_decrypt
};
/* VAES widens the parallel path, CBC decryption; the rest is AES-NI. */
const jca_cipher_impl jca__aes_vaes256 = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-vaes256", JCA_PRIO_CRYPTO_WIDE, have_vaes, sizeof(jca__aesni_ctx)),
	 .block_size = 16, .key_sizes = AES_KEY_SIZES,
	.set_key = jca__aesni_set_key,
	.ecb_encrypt = jca__aesni_ecb_encrypt, .ecb_decrypt = jca__aesni_ecb_decrypt,
	.cbc_encrypt = jca__aesni_cbc_encrypt, .cbc_decrypt = jca__vaes256_cbc_decrypt
};
const jca_cipher_impl jca__aes_vaes512 = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-vaes512", JCA_PRIO_CRYPTO_WIDE + 5, have_vaes512, sizeof(jca__aesni_ctx)),
	 .block_size = 16, .key_sizes = AES_KEY_SIZES,
	.set_key = jca__aesni_set_key,
	.ecb_encrypt = jca__aesni_ecb_encrypt, .ecb_decrypt = jca__aesni_ecb_decrypt,
	.cbc_encrypt = jca__aesni_cbc_encrypt, .cbc_decrypt = jca__vaes512_cbc_decrypt
};
#endif

#if defined(JCA_HAVE_ARM_BACKENDS)
static int have_arm_aes(void) { return (jca__cpu_features() & JCA__CPU_ARM_AES) != 0; }

const jca_cipher_impl jca__aes_armv8 = {
	.base = JCA_IMPL_BASE(jca_cipher_impl, "aes-armv8", JCA_PRIO_CRYPTO, have_arm_aes, sizeof(jca__aes_armv8_ctx)),
	 .block_size = 16, .key_sizes = AES_KEY_SIZES,
	.set_key = jca__aes_armv8_set_key,
	.ecb_encrypt = jca__aes_armv8_ecb_encrypt, .ecb_decrypt = jca__aes_armv8_ecb_decrypt,
	.cbc_encrypt = jca__aes_armv8_cbc_encrypt, .cbc_decrypt = jca__aes_armv8_cbc_decrypt
};
#endif
