/* SPDX-License-Identifier: Apache-2.0 */
/*
 * KeyStore: keys a provider keeps for good (a PKCS#11 token's objects),
 * by alias, as the JDK's KeyStore.getInstance("PKCS11"); and keys named by
 * URI (RFC 7512) wherever a key file is taken.
 *
 *   jca_key *k;
 *   jca_key_load("pkcs11:token=my-token;object=signing-key;type=private", &k);
 *   signature_ctx *s = signature_get_instance("SHA256withECDSA");
 *   signature_init_sign(s, k);          // runs on the token: k is a handle
 *
 *   keystore_ctx *ks;
 *   keystore_open_uri("pkcs11:token=my-token", &ks);
 *   for (i = 0; keystore_entry(ks, i, &e) == 0; i++) printf("%s\n", e.alias);
 *   keystore_set_key_pair(ks, "new-key", priv, pub);   // priv, pub: keypairgen of keystore_provider(ks)
 *
 * A store is a provider's (a "PKCS11" KeyStore is one configured token:
 * see plugins/pkcs11). Its entries are objects: a private, public or
 * secret key with an alias (PKCS#11's CKA_LABEL) and an id (CKA_ID); a
 * key pair is two entries with the same alias. A key got from a store
 * belongs to the store's provider and is a handle: operations on it run
 * in the provider (provider selection by key, signature.h), and a private
 * key that is not extractable never leaves it (jca_key_encode:
 * JCA_UNSUPPORTED; another provider's Signature: JCA_BADKEY naming both).
 *
 * URIs (RFC 7512). "pkcs11:" followed by path attributes separated by
 * ';', percent-encoding allowed ("%20"), then an optional query after
 * '?'. Attributes that name the store (token, manufacturer, serial,
 * model, slot-id, slot-description, slot-manufacturer,
 * library-manufacturer, library-description, library-version) choose
 * among the providers offering the KeyStore type (the scheme in capitals:
 * "PKCS11"), in preference order: the first whose store matches them all.
 * The object attributes (object: the alias; id: the CKA_ID, usually
 * percent-encoded bytes; type: public, private, secret-key, cert, data)
 * choose the entry: exactly one must match (none: JCA_NOTFOUND; several:
 * JCA_AMBIGUOUS, naming them). A PIN is never taken from a URI: a
 * pin-value attribute (in the path or the query, in any case, escaped or
 * not) is refused (JCA_EINVAL) before anything else is looked at, and the
 * message does not repeat the URI; the provider reads its PIN from where
 * its configuration says (a file, an environment variable). module-name and
 * module-path choose a store as the token attributes do (they must agree
 * with the provider's configured module); pin-source is accepted and not
 * used to read a PIN. Other query attributes are refused, as is an
 * unknown path attribute (vendor attributes, x-..., are ignored).
 *
 * The engine contract (common.h) applies to keystore_ctx: get_instance /
 * _from / lookup / new, free and the three names. Errors: JCA_EINVAL (a
 * NULL, a malformed URI, an entry index past the last: JCA_END from
 * keystore_entry), JCA_NOALG (no provider offers the KeyStore type),
 * JCA_NOTFOUND (no store matches the URI, no entry has the alias),
 * JCA_AMBIGUOUS, JCA_EXISTS (keystore_set_key_pair: the alias is taken),
 * JCA_BADKEY (a key the store cannot take), JCA_IMPL (the provider
 * failed, its reason in the message: a token's CKR_ name).
 */
#ifndef JCA_KEYSTORE_H
#define JCA_KEYSTORE_H

#include "common.h"
#include "key.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One entry of a store. The strings and the id belong to the store and
 * live until its next change (keystore_set_key_pair, keystore_delete,
 * keystore_reload) or keystore_free. The same struct is what a provider
 * fills in (jca_keystore_impl.entry, <jca/provider_asym.h>). */
typedef struct jca_keystore_entry {
	uint32_t struct_size;       /* sizeof(jca_keystore_entry) as the host was built */
	unsigned kind;              /* JCA_KEY_PUBLIC, JCA_KEY_PRIVATE, JCA_KEY_SECRET */
	const char *alias;          /* the label, "" when it has none */
	const uint8_t *id;          /* CKA_ID bytes (id_len of them), or NULL */
	size_t id_len;
	/* The KeyFactory name that loads it ("EC", "RSA", "Ed25519"), or NULL
	 * for an entry keystore_get_key cannot return (a secret key). */
	const char *key_algorithm;
	unsigned extractable;       /* a private or secret key that can leave the store */
	size_t bits;                /* as jca_key_bits, 0 when unknown */
	const char *params;         /* as jca_key_params ("secp256r1"), or NULL */
	/* New members go here. */
} jca_keystore_entry;

typedef struct keystore_ctx keystore_ctx;
typedef struct keystore_handle keystore_handle;

/* The store of the first provider offering the KeyStore type ("PKCS11"),
 * or of the one named: the store it is configured with. */
JCA_API keystore_ctx *keystore_get_instance(const char *type);
JCA_API keystore_ctx *keystore_get_instance_from(const char *type, const char *provider);
JCA_API const keystore_handle *keystore_lookup(const char *type);
JCA_API keystore_ctx *keystore_new(const keystore_handle *h);
/* The store a URI names (its object attributes, if any, are not used). */
JCA_API int keystore_open_uri(const char *uri, keystore_ctx **ks);
/* Reads the entries again (another process may have changed them). */
JCA_API int keystore_reload(keystore_ctx *ks);
/* The number of entries. */
JCA_API size_t keystore_size(const keystore_ctx *ks);
/* Entry i: 0, JCA_END past the last, JCA_EINVAL. e->struct_size must be
 * set (it may be smaller than the host's: the fields it covers are
 * filled). */
JCA_API int keystore_entry(const keystore_ctx *ks, size_t i, jca_keystore_entry *e);
/* The key of the one entry with this alias and kind (JCA_KEY_PRIVATE,
 * JCA_KEY_PUBLIC; 0: either, when only one exists). */
JCA_API int keystore_get_key(keystore_ctx *ks, const char *alias, unsigned kind, jca_key **key);
/* The key of entry i. */
JCA_API int keystore_get_key_at(keystore_ctx *ks, size_t i, jca_key **key);
/* Makes a key pair an entry (two) under alias: keys of the store's
 * provider (keypairgen_get_instance_from(alg, keystore_provider(ks))),
 * pub may be NULL (then the private key's public half). JCA_EXISTS when
 * an entry has the alias already. */
JCA_API int keystore_set_key_pair(keystore_ctx *ks, const char *alias, jca_key *priv, jca_key *pub);
/* Deletes every entry with the alias (a pair's two): JCA_NOTFOUND when
 * none has it. */
JCA_API int keystore_delete(keystore_ctx *ks, const char *alias);
JCA_API void keystore_free(keystore_ctx *ks);
JCA_API const char *keystore_type(const keystore_ctx *ks);
JCA_API const char *keystore_provider(const keystore_ctx *ks);
JCA_API const char *keystore_implementation(const keystore_ctx *ks);

/* A key from where it is: a URI ("pkcs11:token=T;object=L;type=private":
 * the one object it names, as above) or the path of a file holding a PEM
 * or DER key (jca_key_decode; at most 1 MiB). A location starting with
 * "pkcs11:" (in any case) is a URI: a file of that name is "./pkcs11:...". */
JCA_API int jca_key_load(const char *location, jca_key **key);
/* The same, for a caller that needs a kind of key (JCA_KEY_PRIVATE to
 * sign, JCA_KEY_PUBLIC to verify; 0: any): a URI without type= then
 * means that kind, so that "pkcs11:token=T;object=L" names one object of
 * a pair. A file's content decides its kind. */
JCA_API int jca_key_load_kind(const char *location, unsigned kind, jca_key **key);

/* The value of attribute name of a "pkcs11:" URI, percent-decoded (an id
 * is bytes; the others are text, NUL-terminated in out when it has room):
 * 0 with its length in *out_len, JCA_NOTFOUND when the URI does not have
 * it, JCA_BUFSIZE (the length needed in *out_len), JCA_EINVAL for a URI
 * that jca_key_load would refuse. For tools that store under the URI's
 * object= (`jca genpkey -out pkcs11:...`). */
JCA_API int jca_uri_attribute(const char *uri, const char *name, char *out, size_t out_size, size_t *out_len);

#ifdef __cplusplus
}
#endif
#endif
