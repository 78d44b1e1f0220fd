/* Cipher implementations of the built-in provider. */
#include "builtin.h"

#define AES_KEY_SIZES ((1ull << 16) | (1ull << 24) | (1ull << 32))

/* Portable, constant time (bitsliced). */
const jca_cipher_impl jca__aes_generic = {
	.name = "aes-generic", .priority = JCA_PRIO_GENERIC,
	.ctx_size = sizeof(jca__aes_ct_ctx), .block_size = 16, .key_sizes = AES_KEY_SIZES,
	.set_key = jca__aes_ct_set_key,
	.ecb_encrypt = jca__aes_ct_ecb_encrypt, .ecb_decrypt = jca__aes_ct_ecb_decrypt,
	.cbc_encrypt = jca__aes_ct_cbc_encrypt, .cbc_decrypt = jca__aes_ct_cbc_decrypt
};
