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
 * Names (case-insensitive):
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
 * Output lengths (kdf_derive): PBKDF2 1 to 2^32 - 1 blocks' worth (and
 * at most 2^30 bytes); HKDF expand 1 to 255 * HashLen; HKDF extract exactly
 * HashLen. */
typedef struct kdf_params {
	enum kdf_mode mode;
	const void *secret;
	size_t secret_len;
	const void *salt;
	size_t salt_len;
	const void *info;
	size_t info_len;
	uint64_t iterations;
} kdf_params;

/* An instance, or NULL with the last error set (JCA_NOALG, JCA_DISABLED:
 * the KDF or the Mac it needs; JCA_EINVAL; JCA_ENOMEM). */
JCA_API kdf_ctx *kdf_get_instance(const char *name);
/* The KDF template (service "PBKDF2" or "HKDF") from the named provider;
 * the Mac under it still comes from the first provider that offers it. */
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
/* The KDF's name as asked for, canonical: "PBKDF2WithHmacSHA256". */
JCA_API const char *kdf_algorithm(const kdf_ctx *k);
/* HashLen of the PRF in bytes. */
JCA_API size_t kdf_prf_length(const kdf_ctx *k);
/* Wipes the keyed states and every copy of secret data, then frees; NULL
 * is ignored. */
JCA_API void kdf_free(kdf_ctx *k);

#ifdef __cplusplus
}
#endif
#endif
