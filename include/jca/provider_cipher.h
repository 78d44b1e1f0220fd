/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The provider interface's Cipher tables: block ciphers with their modes, AEADs and stream ciphers (ABI 3.0, ranges and streams 3.4): included by
 * <jca/provider.h> after jca_impl; not to be included alone.
 */
#ifndef JCA_PROVIDER_CIPHER_H
#define JCA_PROVIDER_CIPHER_H

#ifndef JCA_PROVIDER_H
#error "include <jca/provider.h>, not <jca/provider_cipher.h>"
#endif

/* ---- Block cipher implementation with its modes ----
 * A NULL mode function means the mode is not offered. In-place operation
 * (out == in) must work.
 *
 * Shapes: the implementations of a JCA_CIPHER service are told apart by
 * the member `shape` right after `base`, which says which table follows:
 * JCA_CIPHER_BLOCK for this one (a block cipher with ECB/CBC and its
 * counter function, over which the registry also runs CTR, CCM (with
 * cbc_encrypt and ctr32, block_size 16; ABI 3.4) and, with the GHASH
 * building blocks, GCM, as it runs HMAC over a digest), or
 * JCA_CIPHER_AEAD (jca_aead_impl below: an authenticated cipher of its
 * own, such as GCM through a library or a token, or ChaCha20-Poly1305),
 * or JCA_CIPHER_STREAM (jca_stream_impl, ABI 3.4: a keystream, such as
 * ChaCha20 alone). Every implementation of one service has the same
 * shape.
 *
 * Key sizes: key_sizes points to the accepted key lengths in bytes, in
 * increasing order, ended by 0 (at most JCA_CIPHER_MAX_KEY_SIZES lengths,
 * each 1 to JCA_CIPHER_MAX_KEY): { 16, 24, 32, 0 } for AES, { 32, 64, 0 }
 * for AES-XTS. */
#define JCA_CIPHER_MAX_BLOCK 32
#define JCA_CIPHER_MAX_KEY 255       /* longest key length a key_sizes list may hold */
#define JCA_CIPHER_MAX_KEY_SIZES 32  /* most lengths in one key_sizes list */
#define JCA_CIPHER_BLOCK 1u          /* shape: jca_cipher_impl */
#define JCA_CIPHER_AEAD 2u           /* shape: jca_aead_impl */
#define JCA_CIPHER_STREAM 3u         /* shape: jca_stream_impl (ABI 3.4) */
typedef struct jca_cipher_impl {
	jca_impl base;             /* ctx_size: the key schedule; wiped by the engine */
	unsigned shape;            /* JCA_CIPHER_BLOCK */
	size_t block_size;         /* bytes, at most JCA_CIPHER_MAX_BLOCK */
	const size_t *key_sizes;   /* accepted key lengths in bytes, increasing, 0-terminated */
	int (*set_key)(void *ctx, const uint8_t *key, size_t key_len); /* 0 or nonzero */
	int (*ecb_encrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
	int (*ecb_decrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
	/* iv (block_size bytes) is updated to the chaining value for the next call */
	int (*cbc_encrypt)(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
	int (*cbc_decrypt)(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
	/* Optional counter modes, appended (NULL: the mode is not offered).
	 * ctr32: out = in XOR E(ctr), E(ctr+1), ... over nblocks whole blocks,
	 *   the counter being the last 4 bytes of ctr (big-endian), wrapping
	 *   modulo 2^32; ctr is advanced. Offers AES/CTR (the engine carries
	 *   into the upper 96 bits) and is needed by GCM.
	 * GCM (block_size 16) needs ctr32, gcm_key_size, gcm_init and ghash:
	 *   gcm_init(ctx, gkey) derives H = E(0) into gkey (gcm_key_size bytes,
	 *   16-byte aligned, wiped by the engine); ghash(gkey, xi, in, nblocks)
	 *   folds whole blocks into the 16-byte accumulator xi (SP 800-38D,
	 *   6.4); gcm_encrypt, if set, is ctr32 followed by ghash of the
	 *   ciphertext in one pass. Each returns 0, or nonzero if it failed
	 *   (as the functions above). */
	int (*ctr32)(const void *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t nblocks);
	size_t gcm_key_size;
	int (*gcm_init)(const void *ctx, void *gkey);
	int (*ghash)(const void *gkey, uint8_t xi[16], const uint8_t *in, size_t nblocks);
	int (*gcm_encrypt)(const void *ctx, const void *gkey, uint8_t ctr[16], uint8_t xi[16],
	                    uint8_t *out, const uint8_t *in, size_t nblocks);
	/* New fields go here, with a JCA_ABI_MINOR bump (a new AEAD is a
	 * jca_aead_impl, not members here). */
} jca_cipher_impl;

/* ---- AEAD implementation (shape JCA_CIPHER_AEAD, ABI 3.0) ----
 * An authenticated cipher of its own, offered message by message: a new
 * AEAD is one such table. Its service's algorithm names the whole
 * transformation: "AES/GCM/NoPadding" (it then answers to
 * AES_128/GCM/NoPadding, the aliases' and the implementations' names with
 * /GCM/NoPadding, and the OIDs in its aliases), or, since ABI 3.1, a name
 * without a mode such as "ChaCha20-Poly1305" (answering also to
 * "ChaCha20-Poly1305/None/NoPadding", as the JDK's does).
 *
 * Rules (ABI 3.1; `rules` is 0 in a 3.0 table): what the engine enforces
 * around the table, the same for every provider of the algorithm, so that
 * every implementation of one service has the same rules and lengths.
 *  JCA_AEAD_GCM (0): SP 800-38D's: IVs of any length (12-byte random IVs;
 *    the engine works out J0, see block_encrypt), tags of 4, 8 or 12 to 16
 *    bytes, at most 2^36 - 32 bytes of data; the algorithm names GCM.
 *  JCA_AEAD_NONCE: a nonce of exactly nonce_len bytes (1 to 32; random
 *    nonces are that long), given to init as it is; a tag of exactly
 *    tag_len bytes (1 to 16; 0 is refused: a cipher without a tag is a
 *    jca_stream_impl); at most max_data bytes of data per key and nonce (0: no
 *    limit of the algorithm's own). The IV-reuse guard works on the
 *    nonce. ChaCha20-Poly1305: 12, 16, 2^38 - 64; XChaCha20-Poly1305: 24,
 *    16, the same.
 *  JCA_AEAD_RANGE (ABI 3.4): as JCA_AEAD_NONCE with lengths in ranges: a
 *    nonce of nonce_min to nonce_max bytes (1 <= min <= max <= 32;
 *    random nonces are nonce_len bytes, within the range); tags of
 *    tag_min, tag_min + tag_step, ... up to tag_max bytes (1 <= min <=
 *    max <= 16, tag_step 1 or more, (max - min) a multiple of it;
 *    cipher_init's tag is tag_len, one of them; cipher_init_aead takes
 *    any). The service names the algorithm with its mode
 *    ("AES/CCM/NoPadding") or without. AES-CCM (SP 800-38C): nonce 7 to
 *    13 (random 12), tags 4 to 16 step 2 (default 16), JCA_AEAD_WHOLE.
 *  flags (ABI 3.4), for any rules but GCM's:
 *    JCA_AEAD_WHOLE: update is called exactly once per message, with the
 *      whole data (len 0 included), after init and before final, in both
 *      directions (CCM puts the length first): the engine holds an
 *      encryption's data until cipher_do_final as it holds a decryption's.
 *
 * The functions map onto EVP (EVP_CIPHER_CTX with EVP_CTRL_GCM_SET_IVLEN,
 * _GET_TAG, _SET_TAG) and onto PKCS#11 (C_EncryptInit / C_DecryptInit with
 * CK_GCM_PARAMS). Each returns 0, or nonzero if it failed (the call then
 * fails with JCA_IMPL; host->set_error gives the reason), except final's
 * JCA_BADTAG. The context is the writable base.ctx_size bytes the host
 * allocated for the object, wiped by the host after base.cleanup.
 *   set_key(ctx, key, key_len): key_len is in key_sizes. Called again
 *     with another key on the same context.
 *   block_encrypt(ctx, out, in): the underlying 16-byte block cipher's
 *     encryption of one block under the key set_key set; required for
 *     GCM. The engine derives the hash key H = E(0^128) from it, on a
 *     context of its own, when an IV is not 12 bytes long: so every IV
 *     length works whatever the implementation's own limits (it gets IVs
 *     of 12 or 16 bytes only, a 16-byte one with the J0 of the caller's
 *     IV) and IV reuse is refused on J0, as for the built-in GCM.
 *   init(ctx, encrypt, iv, iv_len, aad, aad_len, tag_len): starts one
 *     message; encrypt is 1 or 0; the whole AAD (aad NULL when aad_len is
 *     0); tag_len as above. iv and aad stay valid and unchanged until
 *     final returns (an implementation may keep the pointers, as PKCS#11
 *     does with CK_GCM_PARAMS). A message not finished (the object
 *     initialised again) ends with the next init.
 *   update(ctx, out, in, len): encryption: writes exactly len bytes of
 *     ciphertext to out (called any number of times). Decryption: called
 *     once, with the whole ciphertext, into a buffer of the engine's; the
 *     plaintext may be written to out in this call or in final (out stays
 *     valid until then).
 *   final(ctx, tag, tag_len): encryption: writes the tag. Decryption:
 *     checks the tag; returns 0 if it verifies, JCA_BADTAG if not (the
 *     engine then wipes and discards what update wrote).
 * The engine keeps the JCA contract whatever the implementation does: it
 * holds the AAD until the first data, holds the ciphertext of a
 * decryption until cipher_do_final and decrypts it into a buffer of its
 * own, releasing it only after final verified the tag; it refuses IV
 * reuse and enforces the length limits. in == out is allowed; lengths fit
 * size_t (an implementation splits them for a library that takes int).
 * Known answers: jca_kat with JCA_KAT_AEAD. */
typedef struct jca_aead_impl {
	jca_impl base;             /* ctx_size: the key and message state */
	unsigned shape;            /* JCA_CIPHER_AEAD */
	const size_t *key_sizes;   /* accepted key lengths in bytes, increasing, 0-terminated */
	int (*set_key)(void *ctx, const uint8_t *key, size_t key_len);
	int (*block_encrypt)(void *ctx, uint8_t out[16], const uint8_t in[16]);
	int (*init)(void *ctx, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
	            size_t tag_len);
	int (*update)(void *ctx, uint8_t *out, const uint8_t *in, size_t len);
	int (*final)(void *ctx, uint8_t *tag, size_t tag_len);
	/* ABI 3.1 */
	unsigned rules;            /* JCA_AEAD_GCM (0) or JCA_AEAD_NONCE, see above */
	size_t nonce_len;          /* JCA_AEAD_NONCE: the nonce's length in bytes */
	size_t tag_len;            /* JCA_AEAD_NONCE: the tag's length in bytes */
	uint64_t max_data;         /* JCA_AEAD_NONCE: most bytes of data per nonce, 0: none */
	/* Optional: after init(ctx, 0, ...), decrypts a whole message of len
	 * bytes: checks the tag in constant time first and writes the len bytes
	 * of plaintext to out only if it matches (JCA_BADTAG, out untouched,
	 * if not); out == in allowed. With it the engine decrypts straight
	 * into the caller's buffer instead of its own copy of the message. */
	int (*open)(void *ctx, uint8_t *out, const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len);
	/* ABI 3.4 */
	size_t nonce_min, nonce_max;   /* JCA_AEAD_RANGE: the nonce lengths accepted */
	size_t tag_min, tag_max;       /* JCA_AEAD_RANGE: the tag lengths accepted, */
	size_t tag_step;               /*   tag_min, tag_min + tag_step, ..., tag_max */
	unsigned flags;                /* JCA_AEAD_WHOLE */
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_aead_impl;
#define JCA_AEAD_GCM 0u
#define JCA_AEAD_NONCE 1u
#define JCA_AEAD_RANGE 2u           /* ABI 3.4 */
#define JCA_AEAD_WHOLE 1u           /* jca_aead_impl.flags, ABI 3.4 */

/* ---- Stream cipher implementation (shape JCA_CIPHER_STREAM, ABI 3.4) ----
 * A keystream XORed into the data, started by a nonce: ChaCha20 alone (the
 * JDK's "ChaCha20"), named without a mode. No tag and no AAD; decryption
 * streams as encryption does. The engine keeps the contract around it:
 * the nonce's length (exactly nonce_len bytes, 1 to 32; a random one when
 * encrypting without one), the IV-reuse guard on the nonce (as for
 * JCA_AEAD_NONCE), at most max_data bytes per key and nonce (0: no limit
 * of the algorithm's own), the object back at its nonce after a
 * decryption's cipher_do_final, finished after an encryption's.
 *   set_key(ctx, key, key_len): key_len is in key_sizes; called again with
 *     another key on the same context.
 *   start(ctx, nonce, nonce_len): the keystream from its beginning under
 *     the key set_key set (called again for each message).
 *   crypt(ctx, out, in, len): out = in XOR the next len bytes of the
 *     keystream (any len, 0 included; in == out allowed).
 * Each returns 0, or nonzero if it failed (JCA_IMPL). Known answers: jca_kat
 * with JCA_KAT_AEAD, no tag and no AAD (key, iv, in, out). */
typedef struct jca_stream_impl {
	jca_impl base;             /* ctx_size: the key and the keystream's state */
	unsigned shape;            /* JCA_CIPHER_STREAM */
	const size_t *key_sizes;   /* accepted key lengths in bytes, increasing, 0-terminated */
	int (*set_key)(void *ctx, const uint8_t *key, size_t key_len);
	size_t nonce_len;          /* the nonce's length in bytes, 1 to 32 */
	uint64_t max_data;         /* most bytes of data per key and nonce, 0: none */
	int (*start)(void *ctx, const uint8_t *nonce, size_t nonce_len);
	int (*crypt)(void *ctx, uint8_t *out, const uint8_t *in, size_t len);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_stream_impl;

#endif
