/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Streaming AEAD: messages of any size encrypted and decrypted segment by
 * segment in constant memory, each segment authenticated before it is
 * released. The construction is STREAM (Hoang, Reyhanitabar, Rogaway,
 * Vizar, "Online authenticated-encryption and its nonce-reuse
 * misuse-resistance", CRYPTO 2015) in the byte format of Google Tink's
 * AES-GCM-HKDF streaming keys: files interoperate with Tink's
 * StreamingAead (AesGcmHkdfStreaming, first segment offset 0). The same
 * format over ChaCha20-Poly1305 is libjca's own extension (Tink has none).
 * A helper over the Cipher and KDF engines (jca/cipher.h, jca/kdf.h): any
 * provider's AES/GCM/NoPadding serves it.
 *
 *   jca_stream_params p = { .aead = "AES/GCM/NoPadding", .segment_size = 4096 };
 *   jca_stream *s = jca_stream_new(JCA_ENCRYPT, key, 32, &p);
 *   jca_stream_write_header(s, hdr, sizeof hdr, &n);           -> output
 *   for each segment: jca_stream_seal(s, pt, jca_stream_in_length(s) or
 *                       fewer for the last, last, ct, sizeof ct, &n);  -> output
 *   jca_stream_free(s);
 *
 * Decryption: jca_stream_read_header with the first
 * jca_stream_header_length(s) bytes, then jca_stream_open segment by
 * segment, then jca_stream_finish (was the last segment seen?).
 *
 * The format, byte by byte (Tink: java_src/.../subtle/AesGcmHkdfStreaming.java,
 * StreamingAeadEncryptingStream.java, StreamingAeadDecryptingStream.java in
 * github.com/tink-crypto/tink, and
 * developers.google.com/tink/streaming-aead/aes_gcm_hkdf_streaming):
 *
 *   file     = header || segment_0 || segment_1 || ... || segment_n-1
 *   header   = H (1 byte: the header's length, 1 + K + 7: 24 or 40)
 *              || salt (K bytes, random) || nonce prefix (7 bytes, random)
 *   K        = the derived key size: AES-GCM 16 or 32, ChaCha20-Poly1305 32
 *   key_f    = HKDF-SHA256(IKM = the key, salt, info = the associated data,
 *              L = K): one key per file (RFC 5869)
 *   segment_i = AEAD(key_f, nonce_i, plaintext_i, no AAD) = ciphertext || tag
 *              (16 bytes)
 *   nonce_i  = nonce prefix || i (4 bytes, big-endian) || last (1 byte: 1
 *              for the last segment, else 0): 12 bytes
 *   S        = the ciphertext segment size, tags included. Every segment
 *              but the last is exactly S bytes long, segment_0 S - H bytes
 *              (so that header and first segment fill S); the last is 16
 *              to that many bytes. The plaintext of a full segment is S - 16
 *              bytes (S - H - 16 for segment_0).
 *   An encrypter seals a full segment as the last one when the message
 *   ends on its boundary (as Tink: it never appends an empty segment after
 *   a full one); the empty message is the header and one 16-byte segment.
 *   A decrypter accepts an empty last segment after a full one (Tink's
 *   Java decrypter does).
 *
 * Not in the file, shared out of band (Tink keeps them in the key's
 * parameters, and so do we: the caller passes them, the same to both
 * sides): the key, the AEAD, K, the segment size S, the HKDF hash and the
 * associated data. Nothing in the file names the AEAD or S; H names K only
 * as a check.
 *
 * What decryption refuses, releasing nothing of the segment in question:
 *  - a changed byte anywhere, a wrong key, AEAD, K, hash or associated
 *    data: JCA_BADTAG (the salt and AAD go into the key, the prefix, the
 *    segment's number and the last flag into its nonce; a header length
 *    byte other than H is JCA_BADTAG too);
 *  - segments reordered, dropped, repeated or spliced in from another file
 *    under the same key (another salt gives another key): JCA_BADTAG;
 *  - truncation: a file that stops inside the header (JCA_TRUNCATED, from
 *    jca_stream_read_header), before the segment marked last
 *    (jca_stream_finish: JCA_TRUNCATED), or at a segment boundary so that
 *    the caller hands a segment sealed as not last as the last one
 *    (jca_stream_open: JCA_TRUNCATED, seen when the segment authenticates
 *    under the flag 0), or a last segment shorter than the tag
 *    (JCA_TRUNCATED);
 *  - anything after the last segment: jca_stream_open after it returns
 *    JCA_EINVAL; the caller must also treat bytes after the segment it
 *    passed with last = 1 as an error (jca dec --stream does);
 *  - more than 2^32 segments (the counter is 4 bytes): JCA_LIMIT, also
 *    when encrypting.
 *
 * Segment sizes: 4096 (Tink's 4 KB templates) to 1 MiB (its 1 MB ones) are
 * usual; libjca takes S from H + 17 (Tink's lower bound: one byte of
 * plaintext in segment_0) to 64 MiB (Tink allows 2^31 - 1; libjca bounds
 * the memory a segment takes). Key: at least 16 bytes and at least K (as
 * Tink). Associated data: at most 2^30 bytes (HKDF's info in libjca).
 *
 * Errors follow jca/common.h: an int status, the last error set; on any
 * error *out_len is 0 and out holds no plaintext (jca_stream_open's check
 * of the other last flag, for a full segment that fails, decrypts into out
 * and wipes it: in place, the ciphertext is gone then).
 */
#ifndef JCA_STREAM_H
#define JCA_STREAM_H

#include "common.h"
#include "cipher.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct jca_stream jca_stream;

#define JCA_STREAM_TAG_LENGTH 16
#define JCA_STREAM_PREFIX_LENGTH 7
#define JCA_STREAM_MAX_SEGMENT (64u << 20)

/* Zero-initialise, then set what differs from the defaults. Members are
 * only ever appended. */
typedef struct jca_stream_params {
	/* The AEAD, a Cipher transformation with 12-byte nonces and 16-byte
	 * tags: "AES/GCM/NoPadding" (NULL means it) or "ChaCha20-Poly1305"
	 * when a provider offers it. */
	const char *aead;
	/* The HKDF: "HKDF-SHA256" (NULL means it; Tink's keys also name
	 * HKDF-SHA1 and HKDF-SHA512). */
	const char *hkdf;
	/* K, the derived key size: 0 means the key's length (AES-GCM: 16 or
	 * 32; ChaCha20-Poly1305: 32). */
	size_t derived_key_size;
	/* S, the ciphertext segment size with its tag: 0 means 4096. */
	size_t segment_size;
	/* Associated data: authenticated, not encrypted, not in the file. */
	const void *aad;
	size_t aad_len;
	/* Tests only (known answers): a fixed salt (K bytes) and nonce prefix
	 * (7 bytes) for encryption, and the number of the first segment
	 * sealed (0 normally; another makes no valid file). A salt and prefix
	 * used twice under one key repeat nonces: never set them otherwise.
	 * NULL: drawn from jca_random. */
	const void *salt;
	const void *nonce_prefix;
	uint64_t first_segment;
} jca_stream_params;

/* A new stream for one message, or NULL with the last error set. Derives
 * the file key at once when encrypting (after jca_stream_read_header when
 * decrypting). Errors: JCA_EINVAL (a NULL key or params, opmode, a segment
 * size out of bounds, a key shorter than 16 bytes or than K, a K the AEAD
 * does not take, an AEAD that is not one of those above), JCA_NOALG and
 * the other errors of cipher_get_instance and kdf_get_instance,
 * JCA_RANDOM, JCA_ENOMEM. */
JCA_API jca_stream *jca_stream_new(cipher_opmode opmode, const void *key, size_t key_len,
                                   const jca_stream_params *params);

/* H, the header's length: 1 + K + 7 (0 for NULL). */
JCA_API size_t jca_stream_header_length(const jca_stream *s);
/* S, the ciphertext segment size (0 for NULL). */
JCA_API size_t jca_stream_segment_size(const jca_stream *s);

/* Encryption: writes the header (H bytes), the file's first bytes; any
 * number of times. JCA_BUFSIZE, JCA_EINVAL (a decrypting stream). */
JCA_API int jca_stream_write_header(jca_stream *s, void *out, size_t out_size, size_t *out_len);
/* Decryption: takes the header, exactly the file's first H bytes (fewer,
 * the file ended: JCA_TRUNCATED), checks its length byte (JCA_BADTAG) and
 * derives the file key. Once, before jca_stream_open (JCA_EINVAL). */
JCA_API int jca_stream_read_header(jca_stream *s, const void *in, size_t in_len);

/* How many bytes the next segment takes as input: plaintext for
 * jca_stream_seal (S - H - 16 for the first segment, S - 16 after),
 * ciphertext for jca_stream_open (S - H, then S). A segment that is not
 * the last must be exactly this long; the last one may be shorter (at
 * least 16 bytes of ciphertext). 0 once the last segment is done. */
JCA_API size_t jca_stream_in_length(const jca_stream *s);

/* Encrypts the next segment: in_len bytes of plaintext (exactly
 * jca_stream_in_length(s) unless last; the last may be empty) into
 * in_len + 16 bytes of out. last = 1 for the message's final segment;
 * nothing more can be sealed after it. Errors: JCA_EINVAL (wrong length,
 * a decrypting stream, after the last segment), JCA_BUFSIZE, JCA_LIMIT
 * (the 2^32nd segment), JCA_OVERLAP (in and out overlap but differ: in
 * place works), and the Cipher's errors. */
JCA_API int jca_stream_seal(jca_stream *s, const void *in, size_t in_len, int last, void *out, size_t out_size,
                            size_t *out_len);

/* Decrypts and authenticates the next segment: in_len bytes of ciphertext
 * (exactly jca_stream_in_length(s) unless last) into in_len - 16 bytes of
 * out, released only when the tag checks. last = 1 when the input ends
 * after this segment (the caller reads one byte ahead to know). Errors:
 * JCA_BADTAG (wrong key or data, see above; the stream stays where it was
 * and may be freed), JCA_TRUNCATED (see above), JCA_EINVAL (wrong length,
 * read_header not done, after the last segment), JCA_BUFSIZE, JCA_LIMIT,
 * JCA_OVERLAP, the Cipher's errors. */
JCA_API int jca_stream_open(jca_stream *s, const void *in, size_t in_len, int last, void *out, size_t out_size,
                            size_t *out_len);

/* After the input ended: 0 when the last segment has been sealed or
 * opened, else JCA_TRUNCATED (decryption: the file stops before its last
 * segment; the plaintext released so far is a prefix, not the message)
 * or JCA_EINVAL (encryption: the last segment was never sealed). */
JCA_API int jca_stream_finish(const jca_stream *s);

/* Wipes the file key, the key copies and the Cipher, then frees; NULL is
 * ignored. */
JCA_API void jca_stream_free(jca_stream *s);

#ifdef __cplusplus
}
#endif
#endif
