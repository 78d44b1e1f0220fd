/* SPDX-License-Identifier: Apache-2.0 */
/* What the files of the OpenSSL bridge share (openssl_bridge.c: the
 * plugin, its digests, loading; openssl_aes.c: AES; openssl_gcm.c:
 * AES/GCM; openssl_mac.c: CMAC; openssl_pkey.c: keys; openssl_keygen.c:
 * key pairs; openssl_sig.c: Signature; openssl_kex.c: KeyAgreement). Not installed; hidden
 * (the plugin is built with -fvisibility=hidden). */
#ifndef JCA_OPENSSL_BRIDGE_H
#define JCA_OPENSSL_BRIDGE_H

#include <openssl/evp.h>

#include <jca/provider.h>

/* The host's set_error, set once by the entry before any vtable runs. */
extern void (*ossl__set_error)(const char *message);
/* A failed OpenSSL call: clears OpenSSL's error queue, returns -1 (the
 * engine fails the call with JCA_IMPL). */
int ossl__failed(const char *what);
/* The same, with a reason the engine's JCA_IMPL message ends with. */
int ossl__failed_why(const char *why);

/* Why loading failed (empty when it succeeded). */
extern char ossl__load_error[256];
void ossl__fetch_failed(const char *kind, const char *name);

/* AES: fetches the EVP ciphers at load (0, or -1 with ossl__load_error
 * set), frees them; the Cipher service. */
int ossl__aes_load(void);
void ossl__aes_free(void);
extern const jca_service_desc ossl__svc_aes;
/* The EVP cipher for an AES key of key_len bytes (16, 24, 32; else NULL):
 * AES-*-GCM if gcm, else AES-*-ECB. Fetched at load. */
const EVP_CIPHER *ossl__aes_cipher(size_t key_len, int gcm);
/* AES/GCM/NoPadding as an AEAD table (openssl_gcm.c). */
extern const jca_service_desc ossl__svc_aes_gcm;
/* AES-*-CCM, NULL for another key length; AES/CCM/NoPadding as an AEAD
 * table (openssl_ccm.c). */
const EVP_CIPHER *ossl__aes_ccm_cipher(size_t key_len);
extern const jca_service_desc ossl__svc_aes_ccm;
/* ChaCha20-Poly1305 as an AEAD table (openssl_chacha.c). */
extern const jca_service_desc ossl__svc_chacha20_poly1305;

/* SecureRandom "OpenSSL-CTR-DRBG" (openssl_random.c): fetches EVP_RAND
 * CTR-DRBG and TEST-RAND at load (0, or -1 with ossl__load_error set),
 * frees them; the service. */
int ossl__drbg_load(void);
void ossl__drbg_free(void);
extern const jca_service_desc ossl__svc_drbg;
/* CMAC: fetches EVP_MAC "CMAC" at load (0, or -1 with ossl__load_error
 * set), frees it; the Mac service AESCMAC. */
int ossl__mac_load(void);
void ossl__mac_free(void);
extern const jca_service_desc ossl__svc_cmac;
/* scrypt (openssl_kdf.c): fetches EVP_KDF "SCRYPT" at load (0, or -1
 * with ossl__load_error set), frees it; the KDF service. */
int ossl__kdf_load(void);
void ossl__kdf_free(void);
extern const jca_service_desc ossl__svc_scrypt;

/* ---- Keys, Signature, KeyAgreement (ABI 3.2) ----
 * The key context of every KeyFactory service of the bridge
 * (openssl_pkey.c), which its KeyPairGenerator (openssl_keygen.c) fills in and its Signature and KeyAgreement services
 * read (provider_asym.h: they agree on its layout). Zeroed by the host
 * (cleanup is set); cleanup frees pkey. */
typedef struct ossl__key {
	EVP_PKEY *pkey;            /* NULL until decode, public_key or generate filled it */
	unsigned kind;             /* JCA_KEY_PUBLIC or JCA_KEY_PRIVATE */
} ossl__key;

/* What a key says of itself (kind, extractable, bits, the curve), into
 * info when its struct_size covers a jca_key_info. */
void ossl__key_info(const EVP_PKEY *pkey, unsigned kind, jca_key_info *info);
/* A public-only copy of pkey (through its SubjectPublicKeyInfo), or NULL. */
EVP_PKEY *ossl__public_copy(const EVP_PKEY *pkey);
/* host->set_error(why), OpenSSL's error queue cleared: JCA_REFUSED. */
int ossl__refused(const char *why);
/* Nonzero when OpenSSL's error queue holds an out-of-memory error (a
 * failure, not a refusal); clears the queue either way. */
int ossl__out_of_memory(void);
/* The field size in bytes of an EC key's curve (32, 48, 66; 0 if the
 * key is not on one of the three curves the bridge takes). */
size_t ossl__ec_field_bytes(const EVP_PKEY *pkey);
/* Fetches the key managers, signatures and exchanges the services use (0,
 * or -1 with ossl__load_error set). */
int ossl__pkey_load(void);

extern const jca_service_desc ossl__svc_kf_ec, ossl__svc_kf_rsa, ossl__svc_kf_rsa_pss, ossl__svc_kf_ed25519,
	ossl__svc_kf_x25519;
/* openssl_keygen.c */
extern const jca_service_desc ossl__svc_kpg_ec, ossl__svc_kpg_rsa, ossl__svc_kpg_rsa_pss, ossl__svc_kpg_ed25519,
	ossl__svc_kpg_x25519;
/* openssl_sig.c */
extern const jca_service_desc ossl__svc_sha224_ecdsa, ossl__svc_sha256_ecdsa, ossl__svc_sha384_ecdsa,
	ossl__svc_sha512_ecdsa, ossl__svc_sha3_256_ecdsa, ossl__svc_sha3_384_ecdsa, ossl__svc_sha3_512_ecdsa,
	ossl__svc_sha224_ecdsa_p1363, ossl__svc_sha256_ecdsa_p1363, ossl__svc_sha384_ecdsa_p1363,
	ossl__svc_sha512_ecdsa_p1363, ossl__svc_sha224_rsa, ossl__svc_sha256_rsa, ossl__svc_sha384_rsa,
	ossl__svc_sha512_rsa, ossl__svc_sha256_rsa_pss, ossl__svc_sha384_rsa_pss, ossl__svc_sha512_rsa_pss,
	ossl__svc_rsassa_pss, ossl__svc_sig_ed25519;
/* openssl_kex.c */
extern const jca_service_desc ossl__svc_ka_ecdh, ossl__svc_ka_x25519;

#endif
