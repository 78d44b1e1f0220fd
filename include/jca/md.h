/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MessageDigest engine (java.security.MessageDigest).
 *
 *   md_ctx *md = md_get_instance("SHA-256");
 *   md_update(md, data, len);
 *   uint8_t out[32];
 *   md_digest(md, out, sizeof out);   // finish, write, reset for reuse
 *   md_free(md);
 */
#ifndef JCA_MD_H
#define JCA_MD_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct md_ctx md_ctx;
typedef struct md_handle md_handle;

/* A ready instance of the first provider in preference order that offers
 * `name` (standard name, alias or OID, case-insensitive), or NULL with the
 * last error set (JCA_NOALG, JCA_DISABLED, JCA_EINVAL, JCA_ENOMEM). */
JCA_API md_ctx *md_get_instance(const char *name);
/* The same, from the named provider only (JCA_NOPROVIDER if unknown). */
JCA_API md_ctx *md_get_instance_from(const char *name, const char *provider);

/* Pre-resolved handle (like a fetched EVP_MD or a JCA Provider.Service):
 * look up once, create many times. Valid until jca_shutdown(), whatever
 * happens to the provider list. */
JCA_API const md_handle *md_lookup(const char *name);
JCA_API md_ctx *md_new(const md_handle *h);

/* Failure: when an implementation function fails (a plugin's init,
 * update or final returns nonzero) the call returns JCA_IMPL, and the
 * object stays failed until md_reset succeeds: until then md_update,
 * md_digest and md_clone fail with JCA_IMPL ("failed earlier"), whatever
 * the implementation would do now, and write nothing. md_digest wipes the
 * output of the final that failed. */

/* Absorb len bytes (data may be NULL when len is 0). Returns 0,
 * JCA_EINVAL or JCA_IMPL. */
JCA_API int md_update(md_ctx *md, const void *data, size_t len);
/* Finish: write the digest to out and reset md for reuse (JCA digest()).
 * Writes md_length(md) bytes; out_size must be at least that, else
 * JCA_BUFSIZE and nothing changes. For SHAKE128/SHAKE256 (extendable
 * output) exactly out_size bytes are written, any length up to INT32_MAX
 * including 0. Returns the number of bytes written, or a negative status
 * (see "Conventions" in jca/common.h). */
JCA_API int md_digest(md_ctx *md, void *out, size_t out_size);
/* One-shot digest of len bytes at data into out, without an instance (as
 * EVP_Q_digest, gcry_md_hash_buffer, MessageDigest.digest(byte[])): the
 * digest state lives on the stack and is wiped before return. out_size
 * follows md_digest: at least the digest length (JCA_BUFSIZE), or for
 * SHAKE128/SHAKE256 exactly the bytes wanted. Returns the number of bytes
 * written or a negative status (also those of md_get_instance). */
JCA_API int md_digest_oneshot(const char *name, const void *data, size_t len, void *out, size_t out_size);
/* The same with a handle from md_lookup (no name lookup per call). */
JCA_API int md_handle_digest(const md_handle *h, const void *data, size_t len, void *out, size_t out_size);
/* Back to the initial state, dropping any input; clears a failure.
 * Returns 0, JCA_EINVAL for a NULL object, or JCA_IMPL (init failed: the
 * object stays failed). */
JCA_API int md_reset(md_ctx *md);
/* An independent copy with the same state, or NULL (JCA_ENOMEM; JCA_IMPL
 * for a failed object). */
JCA_API md_ctx *md_clone(const md_ctx *md);
/* Wipe and free; NULL is ignored. */
JCA_API void md_free(md_ctx *md);

/* Output length in bytes (for SHAKE: the default, 32 for SHAKE128 and 64
 * for SHAKE256, as in the JDK). */
JCA_API size_t md_length(const md_ctx *md);
/* Nonzero for an extendable-output function (SHAKE128, SHAKE256): then
 * md_digest writes any length asked for. */
JCA_API int md_is_xof(const md_ctx *md);
/* Input block length in bytes. */
JCA_API size_t md_block_length(const md_ctx *md);
/* Canonical (JCA standard) algorithm name, e.g. "SHA-256". */
JCA_API const char *md_algorithm(const md_ctx *md);
/* Name of the provider that served the instance, e.g. "builtin". */
JCA_API const char *md_provider(const md_ctx *md);
/* Name of the implementation in use, e.g. "sha256-shani". */
JCA_API const char *md_implementation(const md_ctx *md);

#ifdef __cplusplus
}
#endif
#endif
