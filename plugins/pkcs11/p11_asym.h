/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_asym.h - keys that stay on the token (issue 27): the pkcs11
 * plugin's asymmetric services (ABI 3.2, 3.3) and the key context they
 * share.
 *
 *   KeyFactory        EC (P-256/384/521), RSA, Ed25519    p11_key.c
 *   KeyPairGenerator  EC, RSA (2048/3072/4096), Ed25519   p11_keygen.c
 *   Signature         ECDSA (DER, P1363), RSA PKCS#1 v1.5, RSA/PSS,
 *                     RSASSA-PSS, Ed25519                  p11_sign.c
 *   KeyAgreement      ECDH (CKM_ECDH1_DERIVE)              p11_kex.c
 *   KeyStore          PKCS11: the token's objects          p11_keystore.c
 *
 * each offered only when the token has its mechanisms (p11_has).
 *
 * A key (p11_key) is a handle: the object on the token, what the host
 * asks of it (type, kind, bits, curve) and its public half's
 * SubjectPublicKeyInfo (cached: a private key keeps its public half's, so
 * jca_key_public and the engines' checks need no token call). A private
 * key never leaves the token: encode refuses it, info.extractable is 0.
 * Objects the plugin makes (key pair generation, a decoded public key)
 * are session objects (CKA_TOKEN false) in a session the key holds from
 * the pool; cleanup destroys them and gives the session back. A token
 * object (from the KeyStore) is found again after fork by its class, key
 * type, CKA_ID and label (the child's module is initialised anew and its
 * handles may differ, p11.h): p11_key_handle.
 */
#ifndef JCA_P11_ASYM_H
#define JCA_P11_ASYM_H

#include <jca/plugin.h>

#include "p11.h"
#include "p11_der.h"

struct p11_instance;

/* The key context (base.ctx_size of every KeyFactory implementation). */
typedef struct p11_key {
	const struct p11_instance *in; /* attach */
	int type;                  /* P11K_*: the KeyFactory's (attach) */
	unsigned kind;             /* JCA_KEY_PUBLIC, JCA_KEY_PRIVATE; 0: empty */
	size_t bits;
	const p11_curve *curve;    /* EC */
	CK_OBJECT_HANDLE obj;
	CK_OBJECT_CLASS cls;
	int on_token;              /* CKA_TOKEN true: not ours to destroy */
	p11_hold hold;             /* the session a session object lives in */
	unsigned long gen;         /* the token's fork generation obj belongs to */
	uint8_t *spki;             /* the public half's SubjectPublicKeyInfo (malloc'd) */
	size_t spki_len;
	size_t pt_off, pt_len;     /* EC, Ed25519: the point inside spki */
	uint8_t *id;               /* CKA_ID (malloc'd), or NULL */
	size_t id_len;
	char *label;               /* CKA_LABEL (malloc'd), or NULL */
} p11_key;

/* The key types' names and token types. */
const char *p11_key_algorithm(int type);
CK_KEY_TYPE p11_key_cktype(int type);

/* What info says of the key. */
void p11_key_info(const p11_key *k, jca_key_info *info);
/* Sets the key's public half from its SubjectPublicKeyInfo parts (see
 * p11_spki_write). 0 or a failure, said. */
int p11_key_set_public(p11_key *k, const p11_curve *curve, const uint8_t *a, size_t a_len, const uint8_t *b,
                       size_t b_len);
/* Makes k's public half a session object of its own session (k->hold):
 * k->obj. */
int p11_key_public_object(p11_key *k);
/* Fills k (attached, empty) from object h through session s: a token
 * object, or a session object of k->hold's session, which k destroys at
 * cleanup. 0, JCA_REFUSED (a key of another type, said), or a failure
 * (not said: p11_error_message). */
int p11_key_from_object(p11_key *k, CK_SESSION_HANDLE s, CK_OBJECT_HANDLE h);
/* The handle of k's object valid now in this process, found again by
 * its attributes in a child after fork (a token object) through session
 * s; a session object of the parent: a failure, said. */
int p11_key_handle(const p11_key *k, CK_SESSION_HANDLE s, CK_OBJECT_HANDLE *h);
/* Reads one attribute into a new malloc'd buffer (at most 64 KiB):
 * 0, or the CKR_ failure (not said; p11_error_message has it). */
int p11_attr(const struct p11_instance *in, CK_SESSION_HANDLE s, CK_OBJECT_HANDLE h, CK_ATTRIBUTE_TYPE type,
             uint8_t **val, size_t *len);
/* The token's current fork generation (after the process check). */
unsigned long p11_token_gen(p11_token *t);

/* The services, built into a p11_asym that the instance holds. */
#define P11_ASYM_MAX 32
#define P11_SIG_COUNT 17

typedef struct p11_asym {
	jca_keyfactory_impl kf[3];
	jca_keypairgen_impl kpg[3];
	jca_signature_impl sig[P11_SIG_COUNT];
	jca_keyagreement_impl ka;
	jca_keystore_impl ks;
	int keystore;              /* the host takes KeyStore services (ABI 3.3) */
	const jca_impl *list[P11_ASYM_MAX][2];
	char impl_name[P11_ASYM_MAX][96];
} p11_asym;

/* Appends the asymmetric services the token can offer to out (room for
 * P11_ASYM_MAX); returns how many. The KeyStore when a->keystore. */
size_t p11_asym_services(p11_asym *a, struct p11_instance *in, jca_service_desc *out);

/* Each file's part of it: the implementation tables (p11_key.c: kf for a
 * type; p11_keygen.c; p11_sign.c: signature i of p11_sig_count; p11_kex.c;
 * p11_keystore.c). name: the driver name; they return 0 when the token
 * lacks what the implementation needs. */
int p11_kf_impl(jca_keyfactory_impl *impl, const p11_token *t, int type, const char *name);
int p11_kpg_impl(jca_keypairgen_impl *impl, const p11_token *t, int type, const char *name);
size_t p11_sig_count(void);
/* Signature i's name, aliases and driver prefix. */
const char *p11_sig_name(size_t i, const char *const **aliases, const char **driver);
int p11_sig_impl(jca_signature_impl *impl, const p11_token *t, size_t i, const char *name);
int p11_ka_impl(jca_keyagreement_impl *impl, const p11_token *t, const char *name);
int p11_ks_impl(jca_keystore_impl *impl, const p11_token *t, const char *name);

#endif
