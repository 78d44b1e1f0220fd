/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Cipher engine (javax.crypto.Cipher), block ciphers in ECB, CBC, CTR and
 * GCM mode.
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
 *            it for data; CTR and GCM (NoPadding only), see below
 *   PADDING  NoPadding, PKCS5Padding (PKCS7Padding is the same padding)
 * "AES" alone means the JCA default, AES/ECB/PKCS5Padding. The AES-CBC OIDs
 * (2.16.840.1.101.3.4.1.2, .22, .42) name AES_128/192/256/CBC/NoPadding
 * and the AES-ECB OIDs (.1, .21, .41) AES_xxx/ECB/NoPadding, as in the JDK.
 *
 * The AES-GCM OIDs (.6, .26, .46) name AES_128/192/256/GCM/NoPadding.
 *
 * CTR (SP 800-38A): the IV is the 16-byte initial counter block; the whole
 * block counts up as one big-endian number (as in the JDK). Any length of
 * data, no padding, no holding back. Like CBC, the object returns to its
 * initial IV after cipher_do_final: never encrypt twice with one key and
 * counter block.
 *
 * GCM (SP 800-38D), the contract of the JDK's Cipher:
 *  - IV of any length of at least one byte; 12 bytes is recommended and is
 *    what cipher_init draws when encrypting with iv == NULL.
 *  - Tag of 16 bytes with cipher_init; cipher_init_aead takes 12 to 16
 *    bytes, and 4 or 8 only when asked for by that call (SP 800-38D
 *    Appendix C bounds what such short tags may protect).
 *  - Additional authenticated data through cipher_update_aad, all of it
 *    before the first cipher_update / cipher_do_final.
 *  - Encryption: cipher_update returns ciphertext as it goes and
 *    cipher_do_final appends the tag. The object then refuses further use
 *    until cipher_init with a new IV, and cipher_init refuses to encrypt
 *    again under the key and IV (the same J0) of its last encryption
 *    (JCA_IVREUSE).
 *  - Decryption: nothing is released before the tag has been checked.
 *    cipher_update collects the ciphertext (it writes 0 bytes; the object
 *    holds the whole message in memory), cipher_do_final checks the tag in
 *    constant time and only then writes the plaintext. A wrong tag
 *    (JCA_BADTAG) writes nothing; the object returns to its initialised
 *    state (same key and IV, no AAD) either way.
 *  - At most 2^36 - 32 bytes of data per key and IV (JCA_LIMIT): the 32-bit
 *    block counter never wraps.
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

/* GCM: as cipher_init with a tag length in bytes (see above; bytes, as
 * every length in libjca). Errors: those of cipher_init, JCA_EINVAL (not
 * GCM, bad tag length), JCA_IVREUSE. */
JCA_API int cipher_init_aead(cipher_ctx *c, cipher_opmode opmode, const void *key, size_t key_len,
                             const void *iv, size_t iv_len, size_t tag_len);

/* GCM: additional authenticated data, any number of calls after init and
 * before any data. Errors: JCA_EINVAL (other modes, or data already
 * given), JCA_NOTINIT, JCA_LIMIT. */
JCA_API int cipher_update_aad(cipher_ctx *c, const void *aad, size_t len);

/* Processes in_len bytes, writing whole blocks to out and holding any
 * partial block (and, when decrypting with padding, the last full block)
 * for later. *out_len gets the bytes written. out == in works; other
 * overlaps are refused (JCA_OVERLAP). JCA_BUFSIZE if out_size is less than
 * needed (nothing is consumed then); JCA_NOTINIT before cipher_init.
 * CTR and GCM encryption write in_len bytes; GCM decryption writes none. */
JCA_API int cipher_update(cipher_ctx *c, const void *in, size_t in_len,
                          void *out, size_t out_size, size_t *out_len);

/* Processes in_len more bytes and finishes: pads (encrypt) or checks and
 * strips the padding (decrypt), then returns the object to its initialised
 * state (same key and IV) for reuse. out_size must be at least
 * cipher_output_size(c, in_len). Errors: JCA_NOTBLOCK (NoPadding input, or
 * any ciphertext, not a whole number of blocks), JCA_BADPAD (one error for
 * every padding fault, checked in constant time, no plaintext released),
 * JCA_BUFSIZE, JCA_NOTINIT, JCA_OVERLAP. GCM: encryption appends the tag;
 * decryption checks it (JCA_BADTAG: input shorter than the tag, or a tag
 * that does not match - nothing written), JCA_LIMIT. */
JCA_API int cipher_do_final(cipher_ctx *c, const void *in, size_t in_len,
                            void *out, size_t out_size, size_t *out_len);

/* Drops buffered input and returns to the state right after cipher_init
 * (same key and IV). Returns 0, JCA_EINVAL for a NULL object, JCA_NOTINIT
 * before cipher_init. */
JCA_API int cipher_reset(cipher_ctx *c);
/* Always NULL: JCA_UNSUPPORTED (JCA_EINVAL for NULL). Two copies of a
 * cipher's state would encrypt under one key stream; make a new instance
 * and initialise it instead (the JDK's Cipher is not Cloneable either). */
JCA_API cipher_ctx *cipher_clone(const cipher_ctx *c);

/* Output space that cipher_update or cipher_do_final needs for in_len
 * more bytes of input (exact for encryption, an upper bound when
 * decrypting with padding). */
JCA_API size_t cipher_output_size(const cipher_ctx *c, size_t in_len);
/* Block length in bytes. */
JCA_API size_t cipher_block_length(const cipher_ctx *c);
/* The IV in use (NULL for ECB or before init) and its length (before
 * init: the length cipher_init would draw). */
JCA_API const void *cipher_iv(const cipher_ctx *c);
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
