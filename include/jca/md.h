/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MessageDigest engine (java.security.MessageDigest).
 *
 *   md_ctx *md = md_get_instance("SHA-256");
 *   md_update(md, data, len);
 *   uint8_t out[32];
 *   size_t n;
 *   md_digest(md, out, sizeof out, &n);   // finish, write, reset for reuse
 *
 * The engine contract (getting instances, output buffers, errors, reset,
 * clone) is in jca/common.h; this header says where md_ differs.
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
 * look up once, create many times. NULL with the last error set, as
 * md_get_instance. Valid until jca_shutdown(), whatever happens to the
 * provider list; never freed by the caller. md_new: NULL and JCA_EINVAL
 * for a NULL handle, JCA_ENOMEM, JCA_IMPL. */
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
/* Finish: write the digest (md_length(md) bytes) to out, set *out_len to
 * that, and start a new message (JCA digest()). out_size is the room in
 * out: less than md_length(md) is JCA_BUFSIZE and nothing changes. For
 * SHAKE128/SHAKE256 this writes their default length; md_digest_xof
 * writes any other. Returns 0 or a negative status. */
JCA_API int md_digest(md_ctx *md, void *out, size_t out_size, size_t *out_len);
/* Extendable output (SHAKE128, SHAKE256): finish, write exactly len bytes
 * (any length, 0 included), start a new message. JCA_UNSUPPORTED for a
 * digest of fixed length. */
JCA_API int md_digest_xof(md_ctx *md, void *out, size_t len);
/* One-shot digest of len bytes at data into out, without an instance (as
 * EVP_Q_digest, gcry_md_hash_buffer, MessageDigest.digest(byte[])): the
 * digest state lives on the stack and is wiped before return. Output as
 * md_digest. Returns 0 or a negative status (also those of
 * md_get_instance). */
JCA_API int md_oneshot(const char *name, const void *data, size_t len, void *out, size_t out_size,
                       size_t *out_len);
/* The same with a handle from md_lookup (no name lookup per call). */
JCA_API int md_handle_oneshot(const md_handle *h, const void *data, size_t len, void *out,
                              size_t out_size, size_t *out_len);
/* Back to the initial state, dropping any input; clears a failure.
 * Returns 0, JCA_EINVAL for a NULL object, or JCA_IMPL (init failed: the
 * object stays failed). */
JCA_API int md_reset(md_ctx *md);
/* An independent copy with the same state, or NULL (JCA_ENOMEM; JCA_IMPL
 * for a failed object, or when the provider cannot copy its state, e.g.
 * a token without C_GetOperationState). */
JCA_API md_ctx *md_clone(const md_ctx *md);
/* Wipe and free; NULL is ignored. */
JCA_API void md_free(md_ctx *md);

/* Output length in bytes (for SHAKE: the default, 32 for SHAKE128 and 64
 * for SHAKE256, as in the JDK). */
JCA_API size_t md_length(const md_ctx *md);
/* Nonzero for an extendable-output function (SHAKE128, SHAKE256): then
 * md_digest_xof writes any length asked for. */
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
