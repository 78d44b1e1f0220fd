/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Mac engine (javax.crypto.Mac): HMAC over any MessageDigest in the
 * registry, including digests that plugin providers add, and the Macs
 * providers declare (keyed BLAKE2b "BLAKE2b-512-MAC", "AESCMAC", a
 * token's own HmacSHA256).
 *
 *   mac_ctx *m = mac_get_instance("HmacSHA256");
 *   mac_init(m, key, key_len);
 *   mac_update(m, data, len);
 *   uint8_t tag[32];
 *   size_t n;
 *   mac_do_final(m, tag, sizeof tag, &n);   // write the tag, back to the keyed state
 *   mac_free(m);
 *
 * To check a tag, mac_verify compares in constant time. The engine
 * contract (instances, output buffers, errors, reset, clone) is in
 * jca/common.h; this header says where mac_ differs.
 *
 * Names: "Hmac" + the digest's name without the dash of "SHA-" (HmacSHA256,
 * HmacSHA512/224, HmacSHA3-256, HmacMD5), and for the digest's name and
 * every alias "HMAC-<name>" and "HMAC(<name>)"; the HMAC OIDs. A declared
 * Mac has its provider's names.
 */
#ifndef JCA_MAC_H
#define JCA_MAC_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mac_ctx mac_ctx;
typedef struct mac_handle mac_handle;

JCA_API mac_ctx *mac_get_instance(const char *name);
JCA_API mac_ctx *mac_get_instance_from(const char *name, const char *provider);

/* Pre-resolved handle, as md_lookup: look the name up once (NULL with the
 * last error set, as mac_get_instance), then create many unkeyed instances
 * with mac_new (NULL and JCA_EINVAL for a NULL handle, JCA_ENOMEM). Valid
 * until jca_shutdown(), whatever happens to the provider list; not freed
 * by the caller. */
JCA_API const mac_handle *mac_lookup(const char *name);
JCA_API mac_ctx *mac_new(const mac_handle *h);
/* Keys the Mac. HMAC: any length, including 0 and longer than the block
 * (then hashed first, RFC 2104); the keyed inner and outer states are
 * computed once here. A declared Mac may bound the length (keyed BLAKE2b:
 * 1 to 64 bytes; AESCMAC: 16, 24 or 32): JCA_KEYLEN otherwise. */
JCA_API int mac_init(mac_ctx *m, const void *key, size_t key_len);
/* JCA_NOTINIT before mac_init. */
JCA_API int mac_update(mac_ctx *m, const void *data, size_t len);
/* Finishes the message: writes the mac_length() byte tag (out_size is the
 * room: less is JCA_BUFSIZE), sets *out_len, and returns to the keyed
 * state for the next message. JCA_NOTINIT before mac_init. */
JCA_API int mac_do_final(mac_ctx *m, void *out, size_t out_size, size_t *out_len);
/* The same, writing exactly the first len bytes of the tag (a truncated
 * tag, as HMAC-SHA-256-128 or HMAC-SHA1-96): len from 4 to mac_length(),
 * else JCA_OUTLEN. RFC 2104 advises at least half the tag and 80 bits. */
JCA_API int mac_do_final_truncated(mac_ctx *m, void *out, size_t len);
/* Finishes the message and compares its tag with tag_len bytes at tag in
 * constant time (tag_len from 4 to mac_length(): a truncated tag checks
 * its first bytes): 0 when they match, JCA_BADTAG when not, then back to
 * the keyed state either way. */
JCA_API int mac_verify(mac_ctx *m, const void *tag, size_t tag_len);
/* One-shot tag of len bytes at data under key, without an instance to
 * keep (as HMAC() in OpenSSL, crypto_auth in libsodium); the state is
 * wiped before return. Output as mac_do_final. */
JCA_API int mac_oneshot(const char *name, const void *key, size_t key_len, const void *data, size_t len,
                        void *out, size_t out_size, size_t *out_len);
/* The same with a handle from mac_lookup. */
JCA_API int mac_handle_oneshot(const mac_handle *h, const void *key, size_t key_len, const void *data,
                               size_t len, void *out, size_t out_size, size_t *out_len);
/* Drops the input so far and returns to the keyed state (also after an
 * implementation failed). A declared Mac without a reset function of its
 * own is reset by finishing a tag into a scratch buffer, which is wiped.
 * Returns 0, JCA_EINVAL (NULL), JCA_NOTINIT (before mac_init), JCA_IMPL. */
JCA_API int mac_reset(mac_ctx *m);
/* An independent copy in the same state, or NULL (JCA_ENOMEM;
 * JCA_UNSUPPORTED when the implementation holds state it cannot copy, e.g.
 * a keyed Mac on a token; JCA_IMPL when its copy failed). */
JCA_API mac_ctx *mac_clone(const mac_ctx *m);
/* Tag length in bytes (HMAC: the digest's output length). */
JCA_API size_t mac_length(const mac_ctx *m);
/* Block length in bytes of the digest under the HMAC (a declared Mac's
 * block_size, 0 if it has none). */
JCA_API size_t mac_block_length(const mac_ctx *m);
/* Canonical name, e.g. "HmacSHA256". */
JCA_API const char *mac_algorithm(const mac_ctx *m);
/* Name of the provider that served the instance, e.g. "builtin". */
JCA_API const char *mac_provider(const mac_ctx *m);
/* Name of the implementation in use, e.g. "hmac(sha256-shani)". */
JCA_API const char *mac_implementation(const mac_ctx *m);
/* Wipes keys and pads, then frees; NULL is ignored. */
JCA_API void mac_free(mac_ctx *m);

#ifdef __cplusplus
}
#endif
#endif
