/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The provider interface's asymmetric tables (ABI 3.2) and KeyStore (3.3): included by
 * <jca/provider.h> after jca_impl; not to be included alone.
 */
#ifndef JCA_PROVIDER_ASYM_H
#define JCA_PROVIDER_ASYM_H

#ifndef JCA_PROVIDER_H
#error "include <jca/provider.h>, not <jca/provider_asym.h>"
#endif

/* ---- Keys and the asymmetric types (ABI 3.2) ----
 *
 * Keys. A key (jca_key, <jca/key.h>) belongs to the provider whose
 * KeyFactory filled it in, by decoding it or through a KeyPairGenerator
 * of the same provider. The host owns the jca_key and, inside it, one
 * context of the KeyFactory's bound implementation (base.ctx_size bytes:
 * the key material, or a handle to it: an EVP_PKEY, a token's object).
 * The lifecycle of <jca/provider.h> applies: attach before the key is
 * filled in, cleanup when the last holder frees it (then the host wipes
 * it); keys are never copied (base.copy is unused), they are counted.
 * Every implementation of a KeyFactory service, and the KeyPairGenerator,
 * Signature and KeyAgreement implementations of the same provider that
 * take its keys, agree on that context's layout.
 *
 * The other three types name in key_algorithm the KeyFactory service
 * whose keys they take ("EC", "RSA", "Ed25519"), looked up in their own
 * provider when needed (a missing one fails that call with JCA_IMPL,
 * naming it). A key
 * of another provider reaches them converted by the engine, never by the
 * provider: exported by its owner (X.509 or PKCS#8, so a private key must
 * be extractable) and decoded by this provider's KeyFactory.
 *
 * Returns of every function below: 0; JCA_REFUSED (a positive 1) when the
 * input is refused for what it is (a malformed or unsupported encoding, a
 * point not on its curve, a key size or parameter the implementation does
 * not take, a signature that does not verify, an all-zero shared secret),
 * after host->set_error said why: the engine reports JCA_BADKEY
 * (JCA_BADSIG from verify, JCA_EINVAL from a parameter) with that reason;
 * anything else (-1): a failure, JCA_IMPL. These types take no
 * known-answer test through jca_kat (their algorithms' answers need keys).
 * The host runs its own on a Signature or KeyAgreement of a standard name
 * when the provider loads, with keys decoded by the provider's KeyFactory
 * named in key_algorithm (a public key, X.509; for an agreement also a
 * private key, PKCS#8, skipped when refused): the vector's signature must
 * verify and the same with one bit flipped must not; the agreement must
 * give the vector's secret.
 */
#define JCA_REFUSED 1

/* Encodings between the host and a KeyFactory (DER only; the host reads
 * and writes PEM):
 *   JCA_ENC_X509   SubjectPublicKeyInfo (RFC 5280): public keys;
 *   JCA_ENC_PKCS8  PrivateKeyInfo / OneAsymmetricKey (RFC 5208, 5958):
 *                  private keys;
 *   JCA_ENC_RAW    the algorithm's own bytes: the 32-byte keys of Ed25519
 *                  and X25519, an EC public point 04||X||Y. */
#define JCA_ENC_X509 1u
#define JCA_ENC_PKCS8 2u
#define JCA_ENC_RAW 3u

/* What an implementation says of a key it filled in. */
typedef struct jca_key_info {
	uint32_t struct_size;      /* sizeof(jca_key_info) as the host was built */
	unsigned kind;             /* JCA_KEY_PUBLIC, JCA_KEY_PRIVATE (<jca/key.h>) */
	unsigned extractable;      /* private keys: nonzero if encode gives its PKCS#8 */
	size_t bits;               /* RSA: modulus bits; EC: field bits; Ed25519, X25519: 255 */
	/* Named parameters ("secp256r1"), or NULL: a string that lives as
	 * long as the provider. */
	const char *params;
	/* New members go here. */
} jca_key_info;

/* KeyFactory.
 *   decode(key, enc, kind, in, len, info): fills a fresh key context. The
 *     host hands over only what it has read strictly itself: one whole
 *     SubjectPublicKeyInfo (JCA_ENC_X509, kind JCA_KEY_PUBLIC) or PKCS#8
 *     (JCA_ENC_PKCS8, kind JCA_KEY_PRIVATE) naming this service's
 *     algorithm, at most 64 KiB, or raw bytes (JCA_ENC_RAW) of the kind
 *     asked for. The implementation checks the content (the point on its
 *     curve, the RSA key's sizes and consistency) and refuses what it
 *     does not take (JCA_REFUSED).
 *   encode(key, enc, out, cap, len): out NULL: *len = the size needed;
 *     else writes it (cap is at least that size; the host always asks
 *     first). JCA_REFUSED when the key has no such encoding (a private
 *     key not extractable, a RAW form the algorithm lacks).
 *   public_key(pub, priv, info): fills a fresh key context with the
 *     public half of the private key priv. */
typedef struct jca_keyfactory_impl {
	jca_impl base;             /* ctx_size: one key */
	int (*decode)(void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len, jca_key_info *info);
	int (*encode)(const void *key, unsigned enc, uint8_t *out, size_t cap, size_t *len);
	int (*public_key)(void *pub, const void *priv, jca_key_info *info);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_keyfactory_impl;

/* KeyPairGenerator.
 *   init(ctx, spec): the parameters as keypairgen_init has them (a curve
 *     name, RSA bits in decimal), or NULL for the default; JCA_REFUSED for
 *     a spec it does not take. Called before the first generate when the
 *     caller did not call keypairgen_init (with NULL).
 *   generate(ctx, priv, priv_info, pub, pub_info): fills two fresh key
 *     contexts of key_algorithm's implementation with a new pair, from the
 *     provider's random source (the built-in provider: jca_random()). */
typedef struct jca_keypairgen_impl {
	jca_impl base;             /* ctx_size: the parameters */
	const char *key_algorithm; /* the KeyFactory service whose keys it makes */
	int (*init)(void *ctx, const char *spec);
	int (*generate)(void *ctx, void *priv, jca_key_info *priv_info, void *pub, jca_key_info *pub_info);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_keypairgen_impl;

/* Signature.
 *   init(ctx, purpose, key, sig_max): JCA_SIGN with a private key or
 *     JCA_VERIFY with a public key (the host checks the kind and the
 *     algorithm); *sig_max gets the longest signature. The key context
 *     stays valid until the next init or cleanup (the host holds it), so
 *     ctx may keep a pointer to it. Parameters set before stay.
 *   set_param(ctx, name, value): optional (NULL: the algorithm has none);
 *     may come before or after init; JCA_REFUSED for what it does not
 *     take.
 *   update(ctx, in, len): the message, in pieces. NULL for an algorithm
 *     that needs the whole message at once (Ed25519): the engine keeps it
 *     and passes it to sign or verify.
 *   sign(ctx, msg, msg_len, sig, sig_len): *sig_len is sig_max on entry,
 *     the signature's length on return. msg is the whole message when
 *     update is NULL, else NULL and 0.
 *   verify(ctx, msg, msg_len, sig, sig_len): 0 valid; JCA_REFUSED for any
 *     signature that does not verify (sig_len is the caller's, any value).
 *   sign and verify return ctx to its state after init. */
#define JCA_SIGN 1u
#define JCA_VERIFY 2u
typedef struct jca_signature_impl {
	jca_impl base;             /* ctx_size: one operation's state */
	const char *key_algorithm; /* the KeyFactory service whose keys it takes */
	int (*init)(void *ctx, unsigned purpose, const void *key, size_t *sig_max);
	int (*set_param)(void *ctx, const char *name, const char *value);
	int (*update)(void *ctx, const uint8_t *in, size_t len);
	int (*sign)(void *ctx, const uint8_t *msg, size_t msg_len, uint8_t *sig, size_t *sig_len);
	int (*verify)(void *ctx, const uint8_t *msg, size_t msg_len, const uint8_t *sig, size_t sig_len);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_signature_impl;

/* KeyAgreement (two parties).
 *   init(ctx, priv, secret_len): a private key; *secret_len gets the
 *     secret's length (1 to 1024). The key stays valid as for Signature.
 *   phase(ctx, peer): the peer's public key (same algorithm; the
 *     implementation checks the parameters match: JCA_REFUSED). The host
 *     holds it until secret returns, or the next phase, init or cleanup.
 *   secret(ctx, out): writes secret_len bytes; JCA_REFUSED for a secret
 *     the algorithm refuses (X25519's all-zero one). */
typedef struct jca_keyagreement_impl {
	jca_impl base;
	const char *key_algorithm;
	int (*init)(void *ctx, const void *priv, size_t *secret_len);
	int (*phase)(void *ctx, const void *peer);
	int (*secret)(void *ctx, uint8_t *out);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_keyagreement_impl;

/* ---- KeyStore (ABI 3.3) ----
 *
 * The keys a provider keeps for good, by alias: a PKCS#11 token's objects
 * (the JDK's KeyStore.getInstance("PKCS11")). base.ctx_size: one open
 * store, a context the host's keystore_ctx holds from open to cleanup
 * (attach and cleanup apply; cleanup frees what entry lists keep). The
 * service's name is the store type ("PKCS11"); a URI scheme names it in
 * capitals ("pkcs11:" -> "PKCS11", <jca/keystore.h>).
 *   open(ctx, attrs): opens the store. attrs NULL: the one the provider
 *     is configured with. Else a NULL-terminated list of name, value
 *     pairs (percent-decoded, NUL-terminated) of a URI's attributes that
 *     name a store (RFC 7512: token, manufacturer, serial, model,
 *     slot-id, ...; query attributes module-name, module-path and
 *     pin-source too): JCA_REFUSED, with no message, when the provider's
 *     store is not the one they name (the host then asks the next
 *     provider offering the type).
 *   count(ctx, n): reads the list of entries (again: the host calls it
 *     after open, store and remove and on keystore_reload) and gives their
 *     number.
 *   entry(ctx, i, e): fills entry i (i < n) as <jca/keystore.h> says; the
 *     strings and id it points e to live until the next count or cleanup.
 *     e->struct_size is the host's: fill only what it covers.
 *   load(ctx, i, key, info): fills a fresh key context of this provider's
 *     KeyFactory service e.key_algorithm (the host allocated and attached
 *     it) with entry i, and says what it is in info: for a private key
 *     that cannot leave the store, a handle, extractable 0.
 *   store(ctx, alias, key_algorithm, priv, pub): makes the pair (two key
 *     contexts of this provider's KeyFactory key_algorithm, made by its
 *     KeyPairGenerator or loaded: the host checks that both are the
 *     provider's, pub is the public half of priv) entries of the store
 *     under alias (the host checked no entry has it). JCA_REFUSED when
 *     the store cannot keep such keys.
 *   remove(ctx, i): deletes entry i. */
typedef struct jca_keystore_impl {
	jca_impl base;             /* ctx_size: one open store */
	int (*open)(void *ctx, const char *const *attrs);
	int (*count)(void *ctx, size_t *n);
	int (*entry)(void *ctx, size_t i, jca_keystore_entry *e);
	int (*load)(void *ctx, size_t i, void *key, jca_key_info *info);
	int (*store)(void *ctx, const char *alias, const char *key_algorithm, const void *priv, const void *pub);
	int (*remove)(void *ctx, size_t i);
	/* New fields go here, with a JCA_ABI_MINOR bump. */
} jca_keystore_impl;

#endif
