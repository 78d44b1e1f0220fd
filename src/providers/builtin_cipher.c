/* Cipher implementations of the built-in provider. */
#include "builtin.h"

#define AES_KEY_SIZES ((1ull << 16) | (1ull << 24) | (1ull << 32))

const jca_cipher_impl jca__aes_generic = {
	"aes-generic", JCA_PRIO_GENERIC, NULL, sizeof(jca__aes_ct_ctx), 16, AES_KEY_SIZES,
	jca__aes_ct_set_key,
	jca__aes_ct_ecb_encrypt, jca__aes_ct_ecb_decrypt,
	jca__aes_ct_cbc_encrypt, jca__aes_ct_cbc_decrypt
};
