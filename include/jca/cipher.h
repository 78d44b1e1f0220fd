/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Cipher engine (javax.crypto.Cipher), block ciphers in ECB, CBC, CTR, GCM
 * and CCM mode, AEADs and stream ciphers of their own (ChaCha20-Poly1305,
 * ChaCha20).
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
 *            it for data; CTR, GCM and CCM (NoPadding only), see below
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
 * initial IV after cipher_do_final and cipher_reset: never encrypt twice
 * with one key and counter block (CTR has no guard against it).
 *
 * GCM (SP 800-38D), the contract of the JDK's Cipher:
 *  - IV of any length from 1 byte to 2^61 - 1 bytes, the same on every
 *    provider: the engine works out J0 (the pre-counter block) itself, and
 *    a provider whose GCM is an AEAD table (the OpenSSL bridge, PKCS#11
 *    tokens) gets the caller's IV when it is 12 or 16 bytes long, else the
 *    16-byte IV with the same J0 (so the same ciphertext and tag). 12 bytes
 *    is recommended and is what cipher_init draws when encrypting with
 *    iv == NULL.
 *  - Tag of 16 bytes with cipher_init; cipher_init_aead takes 12 to 16
 *    bytes, and 4 or 8 only when asked for by that call (SP 800-38D
 *    Appendix C bounds what such short tags may protect).
 *  - Additional authenticated data through cipher_update_aad, all of it
 *    before the first cipher_update / cipher_do_final.
 *  - Encryption: cipher_update returns ciphertext as it goes and
 *    cipher_do_final appends the tag. The object is then finished:
 *    cipher_update, cipher_update_aad and cipher_do_final return
 *    JCA_NOTINIT, and cipher_reset JCA_IVREUSE, until cipher_init with a
 *    new IV.
 *  - IV-reuse guard: cipher_init and cipher_init_aead refuse to encrypt
 *    (JCA_IVREUSE, nothing changed) under the key and J0 of
 *      (a) the last message this object encrypted - the last one that
 *          released ciphertext or a tag (a cipher_update with data, or
 *          cipher_do_final), however many initialisations came since, and
 *      (b) its last initialisation for encryption, used or not.
 *    J0 is compared, not the IV bytes, on every provider: a 16-byte IV
 *    with the J0 of a 12-byte one is the same IV. The guard remembers
 *    nothing older, nothing of other objects and nothing past cipher_free:
 *    like the JDK, which checks only the previous IV, it catches an
 *    object's IV used again by mistake, not IV reuse in general. The
 *    defence is an IV that never repeats under a key: let cipher_init draw
 *    a random 12-byte IV (iv == NULL), and change the key well before 2^32
 *    messages (SP 800-38D 8.3), or use a counter the application keeps
 *    unique.
 *  - cipher_reset of an encryption that has released nothing yet (only
 *    AAD given, or empty updates) drops the AAD and returns to the
 *    initialised state (0). Once ciphertext or the tag has left, the
 *    keystream under this J0 is known: other plaintext under it would
 *    reuse it, so cipher_reset drops and wipes what is held, leaves the
 *    object finished (as after cipher_do_final) and returns JCA_IVREUSE;
 *    the guard refuses the key and IV to cipher_init.
 *  - Decryption: nothing is released before the tag has been checked.
 *    cipher_update collects the ciphertext (it writes 0 bytes; the object
 *    holds the whole message in memory), cipher_do_final checks the tag in
 *    constant time and only then writes the plaintext. A wrong tag
 *    (JCA_BADTAG) writes nothing; the object returns to its initialised
 *    state (same key and IV, no AAD) either way, as cipher_reset does at
 *    any point of a decryption.
 *  - At most 2^36 - 32 bytes of data per key and IV (JCA_LIMIT): the 32-bit
 *    block counter never wraps.
 *
 * CCM (NIST SP 800-38C, RFC 3610; "AES/CCM/NoPadding", the RFC 5084 OIDs
 * 2.16.840.1.101.3.4.1.7, .27, .47 name AES_128/192/256/CCM/NoPadding):
 *  - A nonce of 7 to 13 bytes (it bounds the message: 15 - nonce bytes
 *    of length, 2^16 - 1 bytes for 13, 2^24 - 1 for 12; JCA_LIMIT beyond).
 *    Encrypting with iv == NULL draws a random 12-byte nonce (iv_len 0,
 *    or 7 to 13 for that length).
 *  - A tag of 4, 6, 8, 10, 12, 14 or 16 bytes: 16 with cipher_init, any of
 *    them with cipher_init_aead (JCA_EINVAL otherwise).
 *  - CCM puts the message length in its first block, so the object holds
 *    the whole message in either direction: cipher_update_aad and
 *    cipher_update only collect (cipher_update writes 0 bytes), and
 *    cipher_do_final writes everything: ciphertext || tag when encrypting;
 *    when decrypting, the plaintext only after the tag checked in constant
 *    time (JCA_BADTAG, the error GCM gives, and nothing written if not).
 *    cipher_output_size(c, n) at cipher_do_final counts what is held.
 *  - As GCM: AAD before any data; an encryption is finished after
 *    cipher_do_final (JCA_NOTINIT until cipher_init with a new nonce);
 *    cipher_init refuses to encrypt again under the key and nonce of the
 *    object's last initialisation for encryption or last message
 *    encrypted (JCA_IVREUSE); cipher_reset after cipher_do_final of an
 *    encryption is JCA_IVREUSE, before it drops what is held (0).
 *  Providers: builtin (a mode over every AES backend's block functions)
 *  and the OpenSSL bridge (EVP's AES-*-CCM, at most INT_MAX bytes of data
 *  per message); the contract is the engine's, the same on both.
 *
 * Errors leave the object as it was and write nothing to the output,
 * except JCA_IMPL (a provider's implementation failed: what it wrote is
 * wiped and the object needs cipher_init) and cipher_reset, which drops
 * buffered data whatever it returns.
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

/* Sets direction, key and IV and forgets any earlier state (the GCM
 * IV-reuse guard excepted, see above).
 * CBC: iv_len must be the block size; CTR: 16; GCM: at least 1; CCM: 7 to
 * 13; ECB takes
 * no IV (JCA_IVLEN if given). When encrypting, iv may be NULL with iv_len
 * 0 or the length drawn (CBC: the block size, CTR: 16, GCM: 12, CCM: 12
 * or 7 to 13 as asked; any other
 * iv_len is JCA_IVLEN): a random IV of that length is drawn from jca_random
 * (the default SecureRandom, jca/random.h), or from the kernel (getrandom)
 * if that cannot run, and cipher_iv() returns it. Decrypting needs an IV
 * (JCA_NOIV).
 * Errors: JCA_EINVAL (opmode not JCA_ENCRYPT or JCA_DECRYPT), JCA_KEYLEN, JCA_IVLEN, JCA_NOIV,
 * JCA_RANDOM; GCM, CCM: JCA_IVREUSE, JCA_IMPL (an AEAD-table provider could not
 * work out the hash key an IV other than 12 bytes needs). */
JCA_API int cipher_init(cipher_ctx *c, cipher_opmode opmode, const void *key, size_t key_len,
                        const void *iv, size_t iv_len);

/* GCM, CCM and the AEADs: as cipher_init with a tag length in bytes (see
 * above; bytes, as every length in libjca). Errors: those of cipher_init,
 * JCA_EINVAL (not an AEAD, bad tag length), JCA_IVREUSE. */
JCA_API int cipher_init_aead(cipher_ctx *c, cipher_opmode opmode, const void *key, size_t key_len,
                             const void *iv, size_t iv_len, size_t tag_len);

/* GCM, CCM and the AEADs: additional authenticated data, any number of
 * calls after init and before any data. Errors: JCA_EINVAL (other modes, or data already
 * given), JCA_NOTINIT, JCA_LIMIT. */
JCA_API int cipher_update_aad(cipher_ctx *c, const void *aad, size_t len);

/* Processes in_len bytes, writing whole blocks to out and holding any
 * partial block (and, when decrypting with padding, the last full block)
 * for later. *out_len gets the bytes written. out == in works; other
 * overlaps are refused (JCA_OVERLAP). JCA_BUFSIZE if out_size is less than
 * needed (nothing is consumed then); JCA_NOTINIT before cipher_init.
 * CTR and GCM encryption write in_len bytes; GCM decryption and CCM in
 * either direction write none. */
JCA_API int cipher_update(cipher_ctx *c, const void *in, size_t in_len,
                          void *out, size_t out_size, size_t *out_len);

/* Processes in_len more bytes and finishes: pads (encrypt) or checks and
 * strips the padding (decrypt), then returns the object to its initialised
 * state (same key and IV) for reuse - except after a GCM encryption, which
 * leaves the object finished until cipher_init with a new IV (see above).
 * out_size must be at least cipher_output_size(c, in_len). Errors:
 * JCA_NOTBLOCK (NoPadding input, or any ciphertext, not a whole number of
 * blocks), JCA_BADPAD (one error for every padding fault, checked in
 * constant time, no plaintext released), JCA_BUFSIZE, JCA_NOTINIT,
 * JCA_OVERLAP. GCM and CCM: encryption appends the tag; decryption checks it
 * (JCA_BADTAG: input shorter than the tag, or a tag that does not match -
 * nothing written), JCA_LIMIT. */
JCA_API int cipher_do_final(cipher_ctx *c, const void *in, size_t in_len,
                            void *out, size_t out_size, size_t *out_len);

/* Drops and wipes buffered input (held blocks, GCM's AAD and held
 * ciphertext) and returns to the state right after cipher_init: same key
 * and IV, CBC's chaining value and CTR's counter back at the IV. Returns 0,
 * JCA_EINVAL for a NULL object, JCA_NOTINIT before cipher_init, or
 * JCA_IVREUSE for a GCM or CCM encryption that has released
 * ciphertext or its tag: that one is left finished instead (see above);
 * CCM holds the whole message, which this drops. */
JCA_API int cipher_reset(cipher_ctx *c);
/* Always NULL: JCA_UNSUPPORTED (JCA_EINVAL for NULL). Two copies of a
 * cipher's state would encrypt under one key stream; make a new instance
 * and initialise it instead (the JDK's Cipher is not Cloneable either). */
JCA_API cipher_ctx *cipher_clone(const cipher_ctx *c);

/* Output space that cipher_update or cipher_do_final needs for in_len
 * more bytes of input (exact for encryption, an upper bound when
 * decrypting with padding), in every mode; SIZE_MAX when that does not fit
 * in a size_t (it saturates, never wraps). 0 for a NULL object. */
JCA_API size_t cipher_output_size(const cipher_ctx *c, size_t in_len);
/* Block length in bytes. */
JCA_API size_t cipher_block_length(const cipher_ctx *c);
/* The IV in use (NULL for ECB or while the object is not initialised) and
 * its length (before init: the length cipher_init would draw). The
 * pointer is into the object: it stays valid, and the bytes unchanged,
 * through cipher_update, cipher_do_final and cipher_reset, until the next
 * cipher_init or cipher_init_aead (successful or not) or cipher_free. It
 * may be given back to cipher_init. */
JCA_API const void *cipher_iv(const cipher_ctx *c);
JCA_API size_t cipher_iv_length(const cipher_ctx *c);
/* The tag length in bytes of an authenticated transformation (GCM, CCM,
 * ChaCha20-Poly1305): the one set by the last initialisation, before it
 * the default (16); 0 for any other transformation or NULL. */
JCA_API size_t cipher_tag_length(const cipher_ctx *c);
/* Canonical transformation, e.g. "AES/CBC/PKCS5Padding" or
 * "ChaCha20-Poly1305" (an AEAD of its own is named without a mode). */
JCA_API const char *cipher_algorithm(const cipher_ctx *c);
JCA_API const char *cipher_provider(const cipher_ctx *c);
JCA_API const char *cipher_implementation(const cipher_ctx *c);
/* Wipes key schedule and buffered data, then frees; NULL is ignored. */
JCA_API void cipher_free(cipher_ctx *c);

#ifdef __cplusplus
}
#endif
#endif
