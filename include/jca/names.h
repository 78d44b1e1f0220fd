/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libjca standard names: the JCA standard name of each algorithm, its
 * aliases, its OIDs and the OID of HMAC over it. Written once here and
 * used by every provider (the built-in one, the OpenSSL bridge, outside
 * plugins), so that an application can move between providers without
 * renaming anything.
 *
 * For algorithm X:
 *   JCA_NAME_X      the standard name ("SHA-256")
 *   JCA_ALIASES_X   the aliases, comma-separated string literals
 *   JCA_OID_X       the OID (digests)
 *   JCA_NAMES_X     JCA_ALIASES_X then JCA_OID_X: the aliases array of a
 *                   service is { JCA_NAMES_X, NULL }
 *   JCA_HMAC_OID_X  the OID of HMAC over the digest: the "HmacOID"
 *                   attribute of the digest's service
 * Sources: the JDK's Standard Algorithm Names, NIST CSOR, RFC 8018, RFC 4231,
 * RFC 7693.
 */
#ifndef JCA_NAMES_H
#define JCA_NAMES_H

/* Attribute keys the registry understands. */
#define JCA_ATTR_HMAC_OID "HmacOID"
#define JCA_ATTR_MODES "SupportedModes"
#define JCA_ATTR_PADDINGS "SupportedPaddings"

/* ---- MessageDigest ---- */
#define JCA_NAME_MD5 "MD5"
#define JCA_ALIASES_MD5 "MD-5"
#define JCA_OID_MD5 "1.2.840.113549.2.5"
#define JCA_HMAC_OID_MD5 "1.3.6.1.5.5.8.1.1"

#define JCA_NAME_SHA1 "SHA-1"
#define JCA_ALIASES_SHA1 "SHA", "SHA1", "SHA-1-160"
#define JCA_OID_SHA1 "1.3.14.3.2.26"
#define JCA_HMAC_OID_SHA1 "1.2.840.113549.2.7"

#define JCA_NAME_SHA224 "SHA-224"
#define JCA_ALIASES_SHA224 "SHA224", "SHA2-224"
#define JCA_OID_SHA224 "2.16.840.1.101.3.4.2.4"
#define JCA_HMAC_OID_SHA224 "1.2.840.113549.2.8"

#define JCA_NAME_SHA256 "SHA-256"
#define JCA_ALIASES_SHA256 "SHA256", "SHA2-256"
#define JCA_OID_SHA256 "2.16.840.1.101.3.4.2.1"
#define JCA_HMAC_OID_SHA256 "1.2.840.113549.2.9"

#define JCA_NAME_SHA384 "SHA-384"
#define JCA_ALIASES_SHA384 "SHA384", "SHA2-384"
#define JCA_OID_SHA384 "2.16.840.1.101.3.4.2.2"
#define JCA_HMAC_OID_SHA384 "1.2.840.113549.2.10"

#define JCA_NAME_SHA512 "SHA-512"
#define JCA_ALIASES_SHA512 "SHA512", "SHA2-512"
#define JCA_OID_SHA512 "2.16.840.1.101.3.4.2.3"
#define JCA_HMAC_OID_SHA512 "1.2.840.113549.2.11"

#define JCA_NAME_SHA512_224 "SHA-512/224"
#define JCA_ALIASES_SHA512_224 "SHA512/224", "SHA2-512/224", "SHA-512-224", "SHA512-224"
#define JCA_OID_SHA512_224 "2.16.840.1.101.3.4.2.5"
#define JCA_HMAC_OID_SHA512_224 "1.2.840.113549.2.12"

#define JCA_NAME_SHA512_256 "SHA-512/256"
#define JCA_ALIASES_SHA512_256 "SHA512/256", "SHA2-512/256", "SHA-512-256", "SHA512-256"
#define JCA_OID_SHA512_256 "2.16.840.1.101.3.4.2.6"
#define JCA_HMAC_OID_SHA512_256 "1.2.840.113549.2.13"

#define JCA_NAME_SHA3_224 "SHA3-224"
#define JCA_ALIASES_SHA3_224 "SHA3_224"
#define JCA_OID_SHA3_224 "2.16.840.1.101.3.4.2.7"
#define JCA_HMAC_OID_SHA3_224 "2.16.840.1.101.3.4.2.13"

#define JCA_NAME_SHA3_256 "SHA3-256"
#define JCA_ALIASES_SHA3_256 "SHA3_256"
#define JCA_OID_SHA3_256 "2.16.840.1.101.3.4.2.8"
#define JCA_HMAC_OID_SHA3_256 "2.16.840.1.101.3.4.2.14"

#define JCA_NAME_SHA3_384 "SHA3-384"
#define JCA_ALIASES_SHA3_384 "SHA3_384"
#define JCA_OID_SHA3_384 "2.16.840.1.101.3.4.2.9"
#define JCA_HMAC_OID_SHA3_384 "2.16.840.1.101.3.4.2.15"

#define JCA_NAME_SHA3_512 "SHA3-512"
#define JCA_ALIASES_SHA3_512 "SHA3_512"
#define JCA_OID_SHA3_512 "2.16.840.1.101.3.4.2.10"
#define JCA_HMAC_OID_SHA3_512 "2.16.840.1.101.3.4.2.16"

#define JCA_NAME_SHAKE128 "SHAKE128"
#define JCA_ALIASES_SHAKE128 "SHAKE-128"
#define JCA_OID_SHAKE128 "2.16.840.1.101.3.4.2.11"

#define JCA_NAME_SHAKE256 "SHAKE256"
#define JCA_ALIASES_SHAKE256 "SHAKE-256"
#define JCA_OID_SHAKE256 "2.16.840.1.101.3.4.2.12"

#define JCA_NAME_BLAKE2B_512 "BLAKE2b-512"
#define JCA_ALIASES_BLAKE2B_512 "BLAKE2B-512", "BLAKE2b"
#define JCA_OID_BLAKE2B_512 "1.3.6.1.4.1.1722.12.2.1.16"

#define JCA_NAME_BLAKE2S_256 "BLAKE2s-256"
#define JCA_ALIASES_BLAKE2S_256 "BLAKE2S-256", "BLAKE2s"
#define JCA_OID_BLAKE2S_256 "1.3.6.1.4.1.1722.12.2.2.8"

#define JCA_NAMES_MD5 JCA_ALIASES_MD5, JCA_OID_MD5
#define JCA_NAMES_SHA1 JCA_ALIASES_SHA1, JCA_OID_SHA1
#define JCA_NAMES_SHA224 JCA_ALIASES_SHA224, JCA_OID_SHA224
#define JCA_NAMES_SHA256 JCA_ALIASES_SHA256, JCA_OID_SHA256
#define JCA_NAMES_SHA384 JCA_ALIASES_SHA384, JCA_OID_SHA384
#define JCA_NAMES_SHA512 JCA_ALIASES_SHA512, JCA_OID_SHA512
#define JCA_NAMES_SHA512_224 JCA_ALIASES_SHA512_224, JCA_OID_SHA512_224
#define JCA_NAMES_SHA512_256 JCA_ALIASES_SHA512_256, JCA_OID_SHA512_256
#define JCA_NAMES_SHA3_224 JCA_ALIASES_SHA3_224, JCA_OID_SHA3_224
#define JCA_NAMES_SHA3_256 JCA_ALIASES_SHA3_256, JCA_OID_SHA3_256
#define JCA_NAMES_SHA3_384 JCA_ALIASES_SHA3_384, JCA_OID_SHA3_384
#define JCA_NAMES_SHA3_512 JCA_ALIASES_SHA3_512, JCA_OID_SHA3_512
#define JCA_NAMES_SHAKE128 JCA_ALIASES_SHAKE128, JCA_OID_SHAKE128
#define JCA_NAMES_SHAKE256 JCA_ALIASES_SHAKE256, JCA_OID_SHAKE256
#define JCA_NAMES_BLAKE2B_512 JCA_ALIASES_BLAKE2B_512, JCA_OID_BLAKE2B_512
#define JCA_NAMES_BLAKE2S_256 JCA_ALIASES_BLAKE2S_256, JCA_OID_BLAKE2S_256

/* ---- Cipher ----
 * AES is one service; modes and paddings are attributes. Its OIDs name
 * full transformations, as in the JDK (NIST CSOR), and are written
 * "OID=TRANSFORMATION" in the aliases. */
#define JCA_NAME_AES "AES"
#define JCA_ALIASES_AES "Rijndael"
#define JCA_OIDS_AES_BLOCK \
	"2.16.840.1.101.3.4.1.1=AES_128/ECB/NoPadding", "2.16.840.1.101.3.4.1.2=AES_128/CBC/NoPadding", \
	"2.16.840.1.101.3.4.1.21=AES_192/ECB/NoPadding", "2.16.840.1.101.3.4.1.22=AES_192/CBC/NoPadding", \
	"2.16.840.1.101.3.4.1.41=AES_256/ECB/NoPadding", "2.16.840.1.101.3.4.1.42=AES_256/CBC/NoPadding"
#define JCA_OIDS_AES_GCM \
	"2.16.840.1.101.3.4.1.6=AES_128/GCM/NoPadding", "2.16.840.1.101.3.4.1.26=AES_192/GCM/NoPadding", \
	"2.16.840.1.101.3.4.1.46=AES_256/GCM/NoPadding"
/* RFC 5084's id-aes128-CCM, id-aes192-CCM, id-aes256-CCM */
#define JCA_OIDS_AES_CCM \
	"2.16.840.1.101.3.4.1.7=AES_128/CCM/NoPadding", "2.16.840.1.101.3.4.1.27=AES_192/CCM/NoPadding", \
	"2.16.840.1.101.3.4.1.47=AES_256/CCM/NoPadding"
#define JCA_OIDS_AES JCA_OIDS_AES_BLOCK, JCA_OIDS_AES_GCM, JCA_OIDS_AES_CCM
/* AES with every mode, GCM included (a block table with GCM's building
 * blocks, as the built-in provider's). */
#define JCA_NAMES_AES JCA_ALIASES_AES, JCA_OIDS_AES
/* AES whose GCM is a service of its own: the block table's names, and the
 * AEAD table's (jca_aead_impl) service AES/GCM/NoPadding. */
#define JCA_NAMES_AES_BLOCK JCA_ALIASES_AES, JCA_OIDS_AES_BLOCK
#define JCA_NAME_AES_GCM "AES/GCM/NoPadding"
#define JCA_NAMES_AES_GCM JCA_ALIASES_AES, JCA_OIDS_AES_GCM
/* AES-CCM as a service of its own (an AEAD table, JCA_AEAD_RANGE: ABI 3.4) */
#define JCA_NAME_AES_CCM "AES/CCM/NoPadding"
#define JCA_NAMES_AES_CCM JCA_ALIASES_AES, JCA_OIDS_AES_CCM
#define JCA_AES_MODES "ECB|CBC|CTR|GCM|CCM"
#define JCA_AES_PADDINGS "NOPADDING|PKCS5PADDING"
/* AEADs of their own (jca_aead_impl with JCA_AEAD_NONCE rules), named
 * without a mode as in the JDK; the OID is RFC 8103's
 * id-alg-AEADChaCha20Poly1305. */
#define JCA_NAME_CHACHA20_POLY1305 "ChaCha20-Poly1305"
#define JCA_NAMES_CHACHA20_POLY1305 "1.2.840.113549.1.9.16.3.18=ChaCha20-Poly1305"
#define JCA_NAME_XCHACHA20_POLY1305 "XChaCha20-Poly1305"
/* The JDK's ChaCha20 stream cipher (no tag: a JCA_AEAD_NONCE table with
 * tag_len 0). */
#define JCA_NAME_CHACHA20 "ChaCha20"

/* ---- Keys (KeyFactory, KeyPairGenerator), ABI 3.2 ----
 * The key algorithms' names are also those of their KeyFactory and
 * KeyPairGenerator services. OIDs: RFC 8410, RFC 5480, RFC 8017, RFC 4055. */
#define JCA_NAME_KEY_ED25519 "Ed25519"
#define JCA_NAMES_KEY_ED25519 "EdDSA", "1.3.101.112"
#define JCA_NAME_KEY_X25519 "X25519"
#define JCA_NAMES_KEY_X25519 "XDH", "1.3.101.110"
#define JCA_NAME_KEY_EC "EC"
#define JCA_NAMES_KEY_EC "EllipticCurve", "1.2.840.10045.2.1"
#define JCA_NAME_KEY_RSA "RSA"
#define JCA_NAMES_KEY_RSA "1.2.840.113549.1.1.1"
#define JCA_NAME_KEY_RSA_PSS "RSASSA-PSS"
#define JCA_NAMES_KEY_RSA_PSS "PSS", "1.2.840.113549.1.1.10"
/* ML-DSA (FIPS 204; OIDs from NIST CSOR, no parameters, RFC 9881 for
 * the keys' X.509 and PKCS#8 forms). */
#define JCA_NAME_KEY_ML_DSA_44 "ML-DSA-44"
#define JCA_NAMES_KEY_ML_DSA_44 "MLDSA44", "2.16.840.1.101.3.4.3.17"
#define JCA_NAME_KEY_ML_DSA_65 "ML-DSA-65"
#define JCA_NAMES_KEY_ML_DSA_65 "MLDSA65", "2.16.840.1.101.3.4.3.18"
#define JCA_NAME_KEY_ML_DSA_87 "ML-DSA-87"
#define JCA_NAMES_KEY_ML_DSA_87 "MLDSA87", "2.16.840.1.101.3.4.3.19"

/* ---- Signature (ABI 3.2) ----
 * OIDs: RFC 8410 (Ed25519), RFC 5758 and NIST CSOR (ECDSA), RFC 8017
 * (PKCS#1 v1.5), RFC 4055 (RSASSA-PSS). The JDK's names; ECDSA's
 * "...inP1363Format" and RSA's ".../PSS" have no OID. */
#define JCA_NAME_SIG_ED25519 "Ed25519"
#define JCA_NAMES_SIG_ED25519 "EdDSA", "1.3.101.112"
#define JCA_NAME_SHA224_ECDSA "SHA224withECDSA"
#define JCA_NAMES_SHA224_ECDSA "1.2.840.10045.4.3.1"
#define JCA_NAME_SHA256_ECDSA "SHA256withECDSA"
#define JCA_NAMES_SHA256_ECDSA "1.2.840.10045.4.3.2"
#define JCA_NAME_SHA384_ECDSA "SHA384withECDSA"
#define JCA_NAMES_SHA384_ECDSA "1.2.840.10045.4.3.3"
#define JCA_NAME_SHA512_ECDSA "SHA512withECDSA"
#define JCA_NAMES_SHA512_ECDSA "1.2.840.10045.4.3.4"
#define JCA_NAME_SHA3_256_ECDSA "SHA3-256withECDSA"
#define JCA_NAMES_SHA3_256_ECDSA "2.16.840.1.101.3.4.3.10"
#define JCA_NAME_SHA3_384_ECDSA "SHA3-384withECDSA"
#define JCA_NAMES_SHA3_384_ECDSA "2.16.840.1.101.3.4.3.11"
#define JCA_NAME_SHA3_512_ECDSA "SHA3-512withECDSA"
#define JCA_NAMES_SHA3_512_ECDSA "2.16.840.1.101.3.4.3.12"
#define JCA_NAME_SHA224_ECDSA_P1363 "SHA224withECDSAinP1363Format"
#define JCA_NAME_SHA256_ECDSA_P1363 "SHA256withECDSAinP1363Format"
#define JCA_NAME_SHA384_ECDSA_P1363 "SHA384withECDSAinP1363Format"
#define JCA_NAME_SHA512_ECDSA_P1363 "SHA512withECDSAinP1363Format"
#define JCA_NAME_SHA224_RSA "SHA224withRSA"
#define JCA_NAMES_SHA224_RSA "1.2.840.113549.1.1.14"
#define JCA_NAME_SHA256_RSA "SHA256withRSA"
#define JCA_NAMES_SHA256_RSA "1.2.840.113549.1.1.11"
#define JCA_NAME_SHA384_RSA "SHA384withRSA"
#define JCA_NAMES_SHA384_RSA "1.2.840.113549.1.1.12"
#define JCA_NAME_SHA512_RSA "SHA512withRSA"
#define JCA_NAMES_SHA512_RSA "1.2.840.113549.1.1.13"
#define JCA_NAME_SHA256_RSA_PSS "SHA256withRSA/PSS"
#define JCA_NAME_SHA384_RSA_PSS "SHA384withRSA/PSS"
#define JCA_NAME_SHA512_RSA_PSS "SHA512withRSA/PSS"
#define JCA_NAME_RSASSA_PSS "RSASSA-PSS"
#define JCA_NAMES_RSASSA_PSS "PSS", "1.2.840.113549.1.1.10"
/* Pure ML-DSA (FIPS 204 Algorithms 2 and 3), the keys' OIDs. Parameters
 * (signature_set_parameter): "context" = the context string in hex (0 to
 * 255 bytes, default empty), "deterministic" = "true" or "false"
 * (default: hedged, rnd from the library's DRBG). */
#define JCA_NAME_SIG_ML_DSA_44 "ML-DSA-44"
#define JCA_NAMES_SIG_ML_DSA_44 "MLDSA44", "2.16.840.1.101.3.4.3.17"
#define JCA_NAME_SIG_ML_DSA_65 "ML-DSA-65"
#define JCA_NAMES_SIG_ML_DSA_65 "MLDSA65", "2.16.840.1.101.3.4.3.18"
#define JCA_NAME_SIG_ML_DSA_87 "ML-DSA-87"
#define JCA_NAMES_SIG_ML_DSA_87 "MLDSA87", "2.16.840.1.101.3.4.3.19"

/* ---- KeyAgreement (ABI 3.2) ---- */
#define JCA_NAME_KA_X25519 "X25519"
#define JCA_NAMES_KA_X25519 "XDH", "1.3.101.110"
#define JCA_NAME_KA_ECDH "ECDH"
#define JCA_NAMES_KA_ECDH "1.3.132.1.12"

/* ---- KeyStore (ABI 3.3) ----
 * The type a "pkcs11:" URI names (jca/keystore.h): its scheme. */
#define JCA_NAME_KEYSTORE_PKCS11 "PKCS11"
#define JCA_NAMES_KEYSTORE_PKCS11 "PKCS#11"

/* ---- KEM (ABI 3.4) ----
 * Each name is that of the KEM, KeyFactory and KeyPairGenerator services.
 * OIDs: NIST CSOR (id-alg-ml-kem-*, FIPS 203), draft-connolly-cfrg-xwing-kem
 * (id-XWing). */
#define JCA_NAME_ML_KEM_512 "ML-KEM-512"
#define JCA_NAMES_ML_KEM_512 "MLKEM512", "2.16.840.1.101.3.4.4.1"
#define JCA_NAME_ML_KEM_768 "ML-KEM-768"
#define JCA_NAMES_ML_KEM_768 "MLKEM768", "2.16.840.1.101.3.4.4.2"
#define JCA_NAME_ML_KEM_1024 "ML-KEM-1024"
#define JCA_NAMES_ML_KEM_1024 "MLKEM1024", "2.16.840.1.101.3.4.4.3"
#define JCA_NAME_XWING "X-Wing"
#define JCA_NAMES_XWING "XWing", "1.3.6.1.4.1.62253.25722"

#endif
