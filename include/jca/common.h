/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libjca: common definitions - export macro, status codes, last error.
 *
 * Conventions (every header of libjca follows them):
 *  - A call that can fail returns an int status: 0 (JCA_OK) or a negative
 *    JCA_E* code from the table below; or it returns a pointer, NULL on
 *    failure. Either way the calling thread's last error (code and a message
 *    naming what failed) is set; jca_last_error() and
 *    jca_last_error_message() read it. A successful call leaves it alone.
 *  - Names of algorithms and providers are case-insensitive (ASCII only).
 *  - Every object is used by one thread at a time; different objects may be
 *    used from different threads freely. The registry itself is thread-safe.
 */
#ifndef JCA_COMMON_H
#define JCA_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(JCA_BUILDING_LIBRARY) && defined(__GNUC__)
#define JCA_API __attribute__((visibility("default")))
#else
#define JCA_API
#endif

/* Library version. */
#define JCA_VERSION_MAJOR 0
#define JCA_VERSION_MINOR 1
#define JCA_VERSION_PATCH 0
#define JCA_VERSION_STRING "0.1.0"

/* X(name, value, message) - the one table of status codes. */
#define JCA_ERRNO_MAP(X) \
	X(OK,               0, "success") \
	X(EINVAL,          -1, "invalid argument") \
	X(ENOMEM,          -2, "out of memory") \
	X(NOALG,           -3, "no such algorithm") \
	X(NOPROVIDER,      -4, "no such provider") \
	X(DISABLED,        -5, "algorithm disabled by policy") \
	X(KEYLEN,          -6, "invalid key length") \
	X(IVLEN,           -7, "invalid IV length") \
	X(NOIV,            -8, "IV required") \
	X(NOTINIT,         -9, "object not initialised") \
	X(BADPAD,         -10, "bad padding") \
	X(NOTBLOCK,       -11, "input is not a whole number of blocks") \
	X(BUFSIZE,        -12, "output buffer too small") \
	X(OVERLAP,        -13, "overlapping buffers") \
	X(OUTLEN,         -14, "invalid output length") \
	X(RANDOM,         -15, "random number generator failed") \
	X(PLUGIN,         -16, "plugin could not be loaded") \
	X(ABI,            -17, "plugin ABI mismatch") \
	X(BADDESC,        -18, "invalid provider descriptor") \
	X(SELFTEST,       -19, "known-answer self-test failed") \
	X(EXISTS,         -20, "already exists") \
	X(CONFIG,         -21, "configuration error") \
	X(IO,             -22, "input/output error") \
	X(BUSY,           -23, "resource busy") \
	X(SHUTDOWN,       -24, "library shut down") \
	X(INTERNAL,       -25, "internal error") \
	X(IMPL,           -26, "provider implementation failed") \
	X(BADTAG,         -27, "authentication tag mismatch") \
	X(LIMIT,          -28, "data limit for this key and IV reached") \
	X(IVREUSE,        -29, "key and IV already used for encryption") \
	X(UNSUPPORTED,    -30, "operation not supported by this object") \
	X(TRUNCATED,      -31, "input truncated") \
	X(BADKEY,         -32, "invalid or unusable key") \
	X(BADSIG,         -33, "signature does not verify") \
	X(NOTFOUND,       -34, "no such key or entry") \
	X(AMBIGUOUS,      -35, "names more than one key or entry") \
	X(END,              1, "no more items")

enum jca_status {
#define JCA__ERR_ENUM(name, value, msg) JCA_##name = (value),
	JCA_ERRNO_MAP(JCA__ERR_ENUM)
#undef JCA__ERR_ENUM
};

/* Message for a status code ("bad padding"); never NULL. */
JCA_API const char *jca_strerror(int status);
/* Symbolic name of a status code ("JCA_BADPAD"); never NULL. */
JCA_API const char *jca_error_name(int status);

/* The calling thread's last error code (JCA_OK if none yet). */
JCA_API int jca_last_error(void);
/* The calling thread's last error message, naming what failed, e.g.
 * 'no provider offers MessageDigest "SHA-265"; did you mean "SHA-256"?'
 * (a name that resolves to nothing gets the nearest names of its type, if
 * any is close, and the providers that failed to load). Never NULL; valid
 * until the thread's next failing libjca call. */
JCA_API const char *jca_last_error_message(void);

/*
 * The engine contract. Every engine (md_ MessageDigest, mac_ Mac, cipher_
 * Cipher, random_ SecureRandom, kdf_ KDF, keyfactory_, keypairgen_,
 * signature_, keyagreement_ (key.h, signature.h, keyagreement.h), kem_
 * (kem.h)) follows these
 * rules; each engine's header says only where its operation differs.
 *
 *  1. Getting an instance: X_get_instance(name) (the first provider in
 *     preference order), X_get_instance_from(name, provider), or
 *     X_lookup(name) once and X_new(handle) many times. They return NULL
 *     with the last error set: JCA_NOALG, JCA_NOPROVIDER, JCA_DISABLED,
 *     JCA_CONFIG, JCA_EINVAL (a NULL name, provider or handle), JCA_ENOMEM,
 *     JCA_IMPL. A handle is valid until jca_shutdown(), whatever happens to
 *     the provider list; the caller never frees it.
 *  2. X_init(obj, key or parameters) makes the object ready; calling it
 *     again starts over with new ones. An operation before X_init returns
 *     JCA_NOTINIT (a MessageDigest needs no X_init; a SecureRandom
 *     instantiates itself with its defaults on first use).
 *  3. The operation: X_update(obj, in, in_len) any number of times, then a
 *     final call that writes the result and returns the object to its
 *     initialised state (same key and parameters), ready for the next
 *     message (Cipher's AEAD encryption excepted: it needs a new IV).
 *  4. X_reset(obj) drops the input so far (wiped) and returns the object to
 *     its initialised state: 0, or JCA_EINVAL (NULL), JCA_NOTINIT (nothing
 *     to return to), JCA_IMPL (the provider failed). SecureRandom's reset
 *     instantiates the generator again, with the same parameters, from
 *     fresh entropy (never repeating an output); a KDF's keeps its
 *     parameters (it holds no input between calls).
 *  5. X_clone(obj) returns an independent object in the same state, or
 *     NULL: JCA_UNSUPPORTED where a copy would be unsafe (Cipher and
 *     SecureRandom: two copies would repeat a key stream or an output),
 *     JCA_IMPL where the provider could not copy its state (its reason in
 *     the message), JCA_ENOMEM.
 *  6. X_free(obj) wipes every secret and frees; NULL is ignored.
 *  7. X_algorithm, X_provider, X_implementation name what serves the
 *     object (canonical algorithm name, provider name, implementation
 *     name); NULL for a NULL object.
 *  8. Output: where the algorithm decides the length (a digest, a tag,
 *     ciphertext) the call takes (out, out_size, &out_len): out_size is the
 *     room in out; it returns 0 with the count in *out_len, or JCA_BUFSIZE
 *     (nothing written, nothing changed) when the room is too small, and
 *     X_output_size or X_length says how much room is needed. Where the
 *     caller decides the length (random bytes, derived keys, an XOF's
 *     output, a truncated tag) the call takes (out, len) and writes exactly
 *     len bytes. On any error *out_len is 0 and out holds no secret.
 *  9. A NULL pointer with length 0 is an empty buffer, valid wherever an
 *     empty input or output is; a NULL pointer with a nonzero length is
 *     JCA_EINVAL.
 * 10. Every length is in bytes (key, IV, tag, output).
 * 11. Errors say what happened: JCA_EINVAL for the caller's mistake,
 *     JCA_IMPL when the provider's code failed (its reason appended to the
 *     message), JCA_ENOMEM only for memory. An object whose provider failed
 *     in the middle of an operation stays failed (every call returns
 *     JCA_IMPL) until X_reset or X_init succeeds.
 * 12. Iterators: int X_at(container, index, &item) returns 0 for an item,
 *     JCA_END (1, not an error) past the last, or a negative status.
 *
 * Lengths are read with X_length (output), X_block_length,
 * cipher_iv_length and cipher_output_size.
 */

/* Constant-time comparison of len bytes (as CRYPTO_memcmp,
 * MessageDigest.isEqual): 1 when a and b are equal, else 0; the time
 * depends on len only. NULL is allowed when len is 0. */
JCA_API int jca_ct_equal(const void *a, const void *b, size_t len);
/* Overwrites len bytes at p with zeros in a way the compiler cannot drop
 * (as sodium_memzero, OPENSSL_cleanse). NULL is ignored. */
JCA_API void jca_wipe(void *p, size_t len);

/* Library version string ("0.1.0"). */
JCA_API const char *jca_version(void);

#ifdef __cplusplus
}
#endif
#endif
