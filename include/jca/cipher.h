/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Cipher engine (javax.crypto.Cipher), block ciphers in ECB and CBC mode.
 *
 *   cipher_ctx *c = cipher_get_instance("AES/CBC/PKCS5Padding");
 *   cipher_init(c, JCA_ENCRYPT, key, 16, iv, 16);
 *   size_t n, m;
 *   cipher_update(c, in, in_len, out, out_size, &n);
 *   cipher_do_final(c, NULL, 0, out + n, out_size - n, &m);
 *   cipher_free(c);
 *
 * Transformations (case-insensitive): "ALG/MODE/PADDING" or "ALG" alone.
 *   ALG      AES, or AES_128 / AES_192 / AES_256, which refuse other key sizes
 *   MODE     CBC, or ECB - ECB encrypts equal blocks to equal ciphertext and
 *            leaks patterns: it is offered because the JCA has it, do not use
 *            it for data
 *   PADDING  NoPadding, PKCS5Padding (PKCS7Padding is the same padding)
 * "AES" alone means the JCA default, AES/ECB/PKCS5Padding. The AES-CBC OIDs
 * (2.16.840.1.101.3.4.1.2, .22, .42) name AES_128/192/256/CBC/NoPadding
 * and the AES-ECB OIDs (.1, .21, .41) AES_xxx/ECB/NoPadding, as in the JDK.
 *
 * Errors leave the object as it was and write nothing to the output.
 */
#ifndef JCA_CIPHER_H
#define JCA_CIPHER_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Direction of a Cipher (javax.crypto.Cipher ENCRYPT_MODE, DECRYPT_MODE). */
typedef enum cipher_opmode {
	JCA_ENCRYPT = 1,
	JCA_DECRYPT = 2
} cipher_opmode;

typedef struct cipher_ctx cipher_ctx;
typedef struct cipher_handle cipher_handle;

/* A new, uninitialised instance, or NULL with the last error set. The
 * first provider in preference order that supports the whole combination
 * (algorithm, mode, padding) serves it. */
JCA_API cipher_ctx *cipher_get_instance(const char *transformation);
JCA_API cipher_ctx *cipher_get_instance_from(const char *transformation, const char *provider);

/* Pre-resolved handle, as md_lookup: look the transformation up once
 * (NULL with the last error set, as cipher_get_instance), then create many
 * uninitialised instances with cipher_new (NULL and JCA_EINVAL for a NULL
 * handle, JCA_ENOMEM). Valid until jca_shutdown(), whatever happens to the
 * provider list; not freed by the caller. */
JCA_API const cipher_handle *cipher_lookup(const char *transformation);
JCA_API cipher_ctx *cipher_new(const cipher_handle *h);

/* Sets direction, key and IV and forgets any earlier state.
 * CBC: iv_len must be the block size. When encrypting, iv may be NULL: a
 * random IV is drawn from the OS (getrandom) and cipher_iv() returns it.
 * Decrypting needs an IV (JCA_NOIV). ECB takes no IV (JCA_IVLEN if given).
 * Errors: JCA_EINVAL (opmode not JCA_ENCRYPT or JCA_DECRYPT), JCA_KEYLEN, JCA_IVLEN, JCA_NOIV,
 * JCA_RANDOM. */
JCA_API int cipher_init(cipher_ctx *c, cipher_opmode opmode, const void *key, size_t key_len,
                        const void *iv, size_t iv_len);

/* Processes in_len bytes, writing whole blocks to out and holding any
 * partial block (and, when decrypting with padding, the last full block)
 * for later. *out_len gets the bytes written. out == in works; other
 * overlaps are refused (JCA_OVERLAP). JCA_BUFSIZE if out_size is less than
 * needed (nothing is consumed then); JCA_NOTINIT before cipher_init. */
JCA_API int cipher_update(cipher_ctx *c, const void *in, size_t in_len,
                          void *out, size_t out_size, size_t *out_len);

/* Processes in_len more bytes and finishes: pads (encrypt) or checks and
 * strips the padding (decrypt), then returns the object to its initialised
 * state (same key and IV) for reuse. out_size must be at least
 * cipher_output_size(c, in_len). Errors: JCA_NOTBLOCK (NoPadding input, or
 * any ciphertext, not a whole number of blocks), JCA_BADPAD (one error for
 * every padding fault, checked in constant time, no plaintext released),
 * JCA_BUFSIZE, JCA_NOTINIT, JCA_OVERLAP. */
JCA_API int cipher_do_final(cipher_ctx *c, const void *in, size_t in_len,
                            void *out, size_t out_size, size_t *out_len);

/* Drops buffered input and returns to the state right after cipher_init
 * (same key and IV; nothing to drop before cipher_init). Returns 0, or
 * JCA_EINVAL for a NULL object. */
JCA_API int cipher_reset(cipher_ctx *c);

/* Output space that cipher_update or cipher_do_final needs for in_len
 * more bytes of input (exact for encryption, an upper bound when
 * decrypting with padding). */
JCA_API size_t cipher_output_size(const cipher_ctx *c, size_t in_len);
/* Block length in bytes. */
JCA_API size_t cipher_block_length(const cipher_ctx *c);
/* The IV in use (NULL for ECB or before init) and its length. */
JCA_API const uint8_t *cipher_iv(const cipher_ctx *c);
JCA_API size_t cipher_iv_length(const cipher_ctx *c);
/* Canonical transformation, e.g. "AES/CBC/PKCS5Padding". */
JCA_API const char *cipher_algorithm(const cipher_ctx *c);
JCA_API const char *cipher_provider(const cipher_ctx *c);
JCA_API const char *cipher_implementation(const cipher_ctx *c);
/* Wipes key schedule and buffered data, then frees; NULL is ignored. */
JCA_API void cipher_free(cipher_ctx *c);

#ifdef __cplusplus
}
#endif
#endif
