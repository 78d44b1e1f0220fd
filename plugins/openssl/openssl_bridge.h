/* SPDX-License-Identifier: Apache-2.0 */
/* What the files of the OpenSSL bridge share (openssl_bridge.c: the
 * plugin, its digests, loading; openssl_aes.c: AES; openssl_gcm.c:
 * AES/GCM; openssl_mac.c: CMAC). Not installed; hidden
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

#endif
