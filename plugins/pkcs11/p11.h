/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11.h - the PKCS#11 core of the pkcs11 plugin provider, independent of
 * the plugin ABI: module loading, slot/token selection, login, a session
 * pool, mechanism discovery, and digest / HMAC / AES operations over
 * C_Digest*, C_Sign* and C_Encrypt* / C_Decrypt*, with token errors mapped
 * to JCA_* codes.
 *
 * Lifetimes. A module (the PKCS#11 .so) is loaded once per process and
 * C_Initialize()d when the first token that names it opens, however many
 * tokens use it at once; the module counts them, and p11_close of the last
 * one C_Finalize()s it (when the initialisation was ours: a module someone
 * else in the process initialised is shared, never finalised by us). A
 * token opened again later initialises it again. The library itself is
 * never unloaded (plugin code is never unloaded either). Any number of
 * modules and tokens may be open. A token (one configured provider) keeps
 * one "anchor" session open for its lifetime: PKCS#11 logs an application
 * out when its last session closes, so the anchor holds the login made
 * once at open. Operation contexts take a session from the token's pool
 * on first use and give it back on cleanup.
 *
 * Threads. The module is initialised with CKF_OS_LOCKING_OK; a module that
 * answers CKR_CANT_LOCK is initialised without it and every call into it is
 * then serialised by a mutex of ours. Sessions are used by one context, so
 * one thread, at a time (PKCS#11's rule for sessions).
 *
 * Fork. PKCS#11 sessions, objects and login do not survive fork(): the
 * standard asks the child to call C_Initialize again. The first operation
 * in a child notices the new process id, finalises and re-initialises the
 * module, reopens the anchor session and logs in again (reading the PIN
 * again from its file or environment variable: no PIN is kept in memory).
 * Contexts created before the fork keep pointing at the parent's sessions:
 * in the child every call on them fails with JCA_IO and a message saying
 * so, and freeing them touches no session. The parent is unaffected.
 *
 * Errors: functions return 0 or a negative JCA_* code and leave a message
 * (with the CKR_ name) for p11_error_message() on the calling thread.
 */
#ifndef JCA_P11_H
#define JCA_P11_H

#include <stddef.h>
#include <stdint.h>

#include <p11-kit/pkcs11.h>

/* p11-kit's compatibility header maps the standard's field names to its
 * own with lower-case macros (value, count, iv_len...), which would rename
 * ordinary identifiers of ours: undefine them all (the standard CK_ names
 * and fields, pValue, ulValueLen..., stay). */
#undef cryptoki_version
#undef manufacturer_id
#undef library_description
#undef library_version
#undef slot_description
#undef hardware_version
#undef firmware_version
#undef serial_number
#undef max_session_count
#undef session_count
#undef max_rw_session_count
#undef rw_session_count
#undef max_pin_len
#undef min_pin_len
#undef total_public_memory
#undef free_public_memory
#undef total_private_memory
#undef free_private_memory
#undef utc_time
#undef slot_id
#undef device_error
#undef value
#undef value_len
#undef count
#undef parameter
#undef parameter_len
#undef params
#undef min_key_size
#undef max_key_size
#undef create_mutex
#undef destroy_mutex
#undef lock_mutex
#undef unlock_mutex
#undef reserved
#undef hash_alg
#undef s_len
#undef source_data
#undef source_data_len
#undef counter_bits
#undef iv_ptr
#undef iv_len
#undef iv_bits
#undef aad_ptr
#undef aad_len
#undef tag_bits
#undef shared_data_len
#undef shared_data
#undef public_data_len
#undef public_data
#undef string_data
#undef string_data_len
#undef data_params

/* Mechanisms of PKCS#11 v3.0 that older headers (p11-kit 0.24) lack. */
#ifndef CKM_SHA3_256
#define CKM_SHA3_256 0x2b0UL
#define CKM_SHA3_256_HMAC 0x2b1UL
#define CKM_SHA3_224 0x2b5UL
#define CKM_SHA3_224_HMAC 0x2b6UL
#define CKM_SHA3_384 0x2c0UL
#define CKM_SHA3_384_HMAC 0x2c1UL
#define CKM_SHA3_512 0x2d0UL
#define CKM_SHA3_512_HMAC 0x2d1UL
#endif

typedef struct p11_token p11_token;

/* Where to find a token. Exactly the strings of the configuration. */
typedef struct p11_settings {
	const char *name;          /* provider name, for messages */
	const char *library;       /* path of the PKCS#11 module (required) */
	const char *token;         /* token label, or NULL */
	const char *slot;          /* slot id (decimal), or NULL; one of token/slot is required */
	const char *pin_file;      /* file whose first line is the user PIN, or NULL */
	const char *pin_env;       /* environment variable holding the user PIN, or NULL */
	/* Loads the module (required): the host's load_library (ABI 2.5),
	 * which holds it to the plugin trust rules and maps the descriptor it
	 * checked; the handle, or NULL with why written. */
	void *(*load_library)(const char *path, char *why, size_t why_size);
} p11_settings;

/* Loads and initialises the module (once per module), finds the slot,
 * opens the anchor session, logs in with the PIN, reads the mechanism
 * list. 0 or a JCA_* code with the message set; nothing is left open on
 * failure (the module stays loaded and initialised for the next try). */
int p11_open(const p11_settings *s, p11_token **out);
/* Closes the token's sessions (those of this process), drops its
 * reference to the module (the last one finalises it) and frees it: the
 * plugin's teardown. Every context of the token must have been cleaned up
 * before. Any thread, once. */
void p11_close(p11_token *t);

/* Does the token offer mechanism m with all of the CKF_* flags in `need`?
 * min/max key sizes (as the token reports them) when not NULL. */
int p11_has(const p11_token *t, CK_MECHANISM_TYPE m, CK_FLAGS need,
            unsigned long *min_key, unsigned long *max_key);
/* Token description "label (manufacturer model, slot N)". */
const char *p11_describe(const p11_token *t);
/* The module's path, as configured. */
const char *p11_module_path(const p11_token *t);

const char *p11_error_message(void);
/* "CKR_PIN_INCORRECT", or "CKR_0x..." for an unknown value (static or thread-local). */
const char *p11_rv_name(CK_RV rv);

/* ---- operation contexts ----
 * Plain structs, zeroed before first use (all-zero = empty); no interior
 * pointers, so the engine's zeroing and wiping apply. One thread at a time. */

#define P11_BUF 256   /* digest input kept before the token is involved */

/* The session every context holds, from its first use to its cleanup. */
typedef struct p11_hold {
	p11_token *tok;
	CK_SESSION_HANDLE session;
	unsigned long gen;          /* fork generation of the session */
} p11_hold;

typedef struct p11_digest {
	p11_hold hold;
	CK_MECHANISM_TYPE mech;
	int started;                /* C_DigestInit done on the token */
	size_t blen;                /* bytes in buf (not yet sent) */
	unsigned char buf[P11_BUF];
} p11_digest;

/* Starts a digest (ends any operation in progress). */
int p11_digest_init(p11_digest *d, p11_token *t, CK_MECHANISM_TYPE mech);
int p11_digest_update(p11_digest *d, const void *in, size_t len);
/* Writes min(out_len, digest length) bytes; the context is then spent
 * until the next init. */
int p11_digest_final(p11_digest *d, void *out, size_t out_len);
/* dst: zeroed or a live context of the same token. Works while the input
 * fits the buffer (no token state yet), else through C_GetOperationState
 * where the token offers it. */
int p11_digest_copy(p11_digest *dst, const p11_digest *src);
void p11_digest_cleanup(p11_digest *d);

typedef struct p11_hmac {
	p11_hold hold;
	CK_MECHANISM_TYPE mech;
	CK_OBJECT_HANDLE key;       /* session object, destroyed on rekey and cleanup */
	int active;                 /* C_SignInit done */
} p11_hmac;

/* Imports key (any length, 0 included) as a CKK_GENERIC_SECRET session
 * object (not extractable, sensitive) and starts a MAC. */
int p11_hmac_init(p11_hmac *h, p11_token *t, CK_MECHANISM_TYPE mech, const void *key, size_t key_len);
int p11_hmac_update(p11_hmac *h, const void *in, size_t len);
/* Writes the tag (mac_len bytes: out_len at least that), back to the keyed state. */
int p11_hmac_final(p11_hmac *h, void *out, size_t out_len);
/* Drops input so far, keeps the key. */
int p11_hmac_reset(p11_hmac *h);
void p11_hmac_cleanup(p11_hmac *h);

typedef struct p11_aes {
	p11_hold hold;
	CK_OBJECT_HANDLE key;       /* CKK_AES session object */
	struct p11_gcm *gcm;        /* GCM operation state (p11_gcm.c), or NULL */
} p11_aes;

/* Imports an AES key (16, 24 or 32 bytes). */
int p11_aes_set_key(p11_aes *a, p11_token *t, const void *key, size_t key_len);
/* One whole-blocks operation: mech CKM_AES_ECB or CKM_AES_CBC (iv: 16
 * bytes, updated to the chaining value), len a multiple of 16, out == in
 * allowed. */
int p11_aes_crypt(const p11_aes *a, CK_MECHANISM_TYPE mech, int encrypt, uint8_t *iv,
                  uint8_t *out, const uint8_t *in, size_t len);
/* Single-part padded or AEAD operation (CKM_AES_CBC_PAD, CKM_AES_GCM):
 * mech_param as the mechanism wants; *out_len in: room, out: written. */
int p11_aes_oneshot(p11_aes *a, CK_MECHANISM *mech, int encrypt,
                    uint8_t *out, size_t *out_len, const uint8_t *in, size_t len);
void p11_aes_cleanup(p11_aes *a);

/* AES-GCM (CKM_AES_GCM) over the key of a, as jca_aead_impl's init,
 * update, final (jca/provider.h; p11_aead.c): p11_gcm_prepare (after
 * p11_aes_set_key) allocates the operation state, which p11_aes_cleanup
 * frees. iv and aad stay the caller's and must stay valid until
 * p11_gcm_final. Encryption streams (C_EncryptUpdate must return as many
 * bytes as it is given); decryption is one C_Decrypt at p11_gcm_final,
 * which returns JCA_BADTAG when the tag does not verify. */
int p11_gcm_prepare(p11_aes *a);
void p11_gcm_free(p11_aes *a);
int p11_gcm_init(const p11_aes *a, int encrypt, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                 size_t aad_len, size_t tag_len);
int p11_gcm_update(const p11_aes *a, uint8_t *out, const uint8_t *in, size_t len);
int p11_gcm_final(const p11_aes *a, uint8_t *tag, size_t tag_len);

#endif
