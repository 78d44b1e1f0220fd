/* SPDX-License-Identifier: Apache-2.0 */
/*
 * KDF engine: password-based key derivation (PBKDF2, RFC 8018 section 5.2,
 * the JCA's SecretKeyFactory "PBKDF2WithHmacSHA256") and HKDF (RFC 5869,
 * the JDK's KDF "HKDF-SHA256").
 *
 *   kdf_ctx *k = kdf_get_instance("PBKDF2WithHmacSHA256");
 *   kdf_params p = { .secret = pw, .secret_len = pw_len,
 *                    .salt = salt, .salt_len = 16, .iterations = 600000 };
 *   kdf_init(k, &p);
 *   kdf_derive(k, key, 32);
 *   kdf_free(k);
 *
 * Names (case-insensitive): a KDF service by its own name ("SCRYPT" from
 * the OpenSSL bridge, "Argon2id" from the example plugin), or a template
 * over a Mac:
 *  - "PBKDF2With<Mac>" for any Mac in the registry: PBKDF2WithHmacSHA1,
 *    PBKDF2WithHmacSHA224, PBKDF2WithHmacSHA256, PBKDF2WithHmacSHA384,
 *    PBKDF2WithHmacSHA512, PBKDF2WithHmacSHA3-256, and Macs over plugins'
 *    digests (PBKDF2WithHmacBLAKE2b-512 with the example plugin).
 *  - "HKDF-<digest>" for HMAC over any digest: HKDF-SHA256, HKDF-SHA384,
 *    HKDF-SHA512 (the JDK's names), HKDF-SHA1, HKDF-SHA3-256, ...; and
 *    "HKDFWith<Mac>" (HKDFWithHmacSHA256).
 * The PRF is the Mac the registry hands out for that name; its keyed
 * inner and outer states are computed once per kdf_init, so every PBKDF2
 * iteration costs the two compressions of its data only.
 *
 * Which KDFs and templates exist is up to the providers (jca/provider.h,
 * jca_kdf_impl): the built-in provider offers the templates PBKDF2 and
 * HKDF.
 *
 * Errors are JCA_EINVAL with a message naming the parameter and its limit
 * (JCA_OUTLEN for a bad output length), JCA_IMPL when the Mac's
 * implementation fails (a plugin's digest), JCA_ENOMEM. Nothing is written
 * to the output on any error: kdf_derive derives into a buffer of its own
 * (wiped afterwards) and copies it out only on success.
 */
#ifndef JCA_KDF_H
#define JCA_KDF_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct kdf_ctx kdf_ctx;
typedef struct kdf_handle kdf_handle;

/* What kdf_derive computes. */
enum kdf_mode {
	KDF_DEFAULT = 0,               /* PBKDF2 for PBKDF2 names, extract-then-expand for HKDF */
	KDF_PBKDF2 = 1,
	KDF_HKDF_EXTRACT = 2,          /* PRK = HMAC(salt, IKM); output exactly HashLen bytes */
	KDF_HKDF_EXPAND = 3,           /* OKM = T(1) || T(2) ... from a PRK */
	KDF_HKDF_EXTRACT_EXPAND = 4    /* extract, then expand */
};

/* Zero-initialise and set what the mode uses:
 *  secret: the password (PBKDF2; any length, may be empty), the input
 *    keying material (HKDF extract, extract-then-expand; any length) or the
 *    PRK (HKDF expand; at least HashLen bytes).
 *  salt: PBKDF2: 1 to 2^30 bytes (required, as in the JDK; SP 800-132 asks
 *    for at least 16 random bytes). HKDF: optional, any length; empty
 *    means HashLen zero bytes (RFC 5869 2.2).
 *  info: HKDF expand: optional context, at most 2^30 bytes.
 *  iterations: PBKDF2: 1 to 2^32 - 1 (SP 800-132 recommends at least
 *    1,000; OWASP 2023: 600,000 for HMAC-SHA256).
 *  key: Argon2's secret key K (a pepper), optional, at most 2^30 bytes.
 *  cost: scrypt's N (a power of 2, at least 2; required); Argon2's memory
 *    m in KiB (at least 8 * parallelism; required).
 *  block_size: scrypt's r (at least 1; r * p below 2^30; required).
 *  parallelism: scrypt's p (at least 1; required); Argon2's lanes (1 to
 *    2^24 - 1; required).
 * scrypt (RFC 7914): secret is the password, salt any length (may be
 * empty). Argon2id (RFC 9106): secret is the password P, salt S (8 to
 * 2^30 bytes; 16 recommended), key K, info the associated data X,
 * iterations the passes t (1 to 2^32 - 1).
 * Output lengths (kdf_derive): PBKDF2 1 to 2^32 - 1 blocks' worth (and
 * at most 2^30 bytes); HKDF expand 1 to 255 * HashLen; HKDF extract exactly
 * HashLen; scrypt 1 to 2^30 bytes; Argon2id 4 to 2^30 bytes.
 * A member an algorithm does not use must be 0 (NULL): a KDF refuses a
 * parameter it does not take, naming it. Members are only ever appended:
 * zero-initialise the whole struct. */
typedef struct kdf_params {
	enum kdf_mode mode;
	const void *secret;
	size_t secret_len;
	const void *salt;
	size_t salt_len;
	const void *info;
	size_t info_len;
	uint64_t iterations;
	/* libjca 0.x with plugin ABI 3: parameters of scrypt and Argon2 */
	const void *key;
	size_t key_len;
	uint64_t cost;
	uint32_t block_size;
	uint32_t parallelism;
} kdf_params;

/* An instance, or NULL with the last error set (JCA_NOALG, JCA_DISABLED:
 * the KDF or the Mac it needs; JCA_EINVAL; JCA_ENOMEM). */
JCA_API kdf_ctx *kdf_get_instance(const char *name);
/* The KDF (or the template: service "PBKDF2" or "HKDF") from the named
 * provider; the Mac under a template still comes from the first provider
 * that offers it. */
JCA_API kdf_ctx *kdf_get_instance_from(const char *name, const char *provider);
/* Resolve once, create many (valid until jca_shutdown()). */
JCA_API const kdf_handle *kdf_lookup(const char *name);
JCA_API kdf_ctx *kdf_new(const kdf_handle *h);

/* Checks the parameters against the mode and keeps what kdf_derive needs
 * (the keyed Mac, copies of salt and info; for HKDF extract-then-expand
 * the PRK). A PBKDF2 name takes only KDF_DEFAULT/KDF_PBKDF2, an HKDF name
 * only the HKDF modes. On error the instance is left uninitialised. */
JCA_API int kdf_init(kdf_ctx *k, const kdf_params *params);
/* Derives out_len bytes into out (JCA_NOTINIT before kdf_init). May be
 * called again with the same parameters. After JCA_IMPL the instance is
 * uninitialised (the Mac lost its key): kdf_init again. */
JCA_API int kdf_derive(kdf_ctx *k, void *out, size_t out_len);
/* Rule 4 of jca/common.h: 0 once initialised (a KDF holds no input
 * between calls), JCA_NOTINIT before kdf_init, JCA_EINVAL for NULL. */
JCA_API int kdf_reset(kdf_ctx *k);
/* An independent copy with the same parameters (its own copies of them
 * and its own keyed Mac), or NULL (JCA_EINVAL, JCA_ENOMEM, JCA_IMPL). */
JCA_API kdf_ctx *kdf_clone(const kdf_ctx *k);
/* The provider of the KDF or template ("builtin", "openssl"); the Mac
 * under a template may come from another (mac_provider of the Mac named
 * in kdf_implementation). */
JCA_API const char *kdf_provider(const kdf_ctx *k);
/* The implementation: a template's over the Mac's, e.g.
 * "pbkdf2(hmac(sha256-shani))"; another KDF's own ("scrypt-openssl"). */
JCA_API const char *kdf_implementation(const kdf_ctx *k);
/* The KDF's name as asked for, canonical: "PBKDF2WithHmacSHA256",
 * "HKDF-SHA256", "SCRYPT". */
JCA_API const char *kdf_algorithm(const kdf_ctx *k);
/* HashLen of a template's PRF in bytes; 0 for a KDF that is not a
 * template over a Mac (SCRYPT, Argon2id). */
JCA_API size_t kdf_prf_length(const kdf_ctx *k);
/* Wipes the keyed states and every copy of secret data, then frees; NULL
 * is ignored. */
JCA_API void kdf_free(kdf_ctx *k);

#ifdef __cplusplus
}
#endif
#endif
