/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Keys, KeyFactory and KeyPairGenerator: the asymmetric half's objects.
 *
 *   jca_key *priv, *pub;
 *   keypairgen_ctx *g = keypairgen_get_instance("Ed25519");
 *   keypairgen_generate(g, &priv, &pub);           // or keypairgen_init(g, "secp256r1") first for EC
 *   jca_key_encode(priv, JCA_FORMAT_PEM, buf, sizeof buf, &n);   // "PRIVATE KEY" (PKCS#8)
 *   jca_key *k;
 *   jca_key_decode(pem, pem_len, &k);              // PEM or DER, public or private, any algorithm
 *
 * A key (jca_key) is opaque and belongs to the provider whose KeyFactory
 * made it: that provider holds its material (or only a handle to it, on a
 * token). It knows its algorithm (the KeyFactory's name: "Ed25519",
 * "X25519", "EC", "RSA", "RSASSA-PSS"), its kind (public, private), its
 * size in bits, its named parameters (the curve: "secp256r1") and whether
 * it is extractable (a private key whose PKCS#8 can be had). A key is
 * counted: the engines that use it (signature_init_sign, ...) hold it, so
 * jca_key_free may be called at any time; the last holder wipes it.
 *
 * Keys move between providers as the JDK's do: a Signature or
 * KeyAgreement of provider B given a key of provider A converts it
 * through its encoding (X.509 or PKCS#8) when the key is extractable, and
 * refuses it otherwise (JCA_BADKEY, naming both providers). See
 * signature.h for how a provider is chosen by key.
 *
 * Encodings (jca_key_encode, jca_key_decode, keyfactory_decode):
 *  - JCA_FORMAT_DER: SubjectPublicKeyInfo (X.509, RFC 5280) for a public
 *    key, PKCS#8 (RFC 5208; OneAsymmetricKey, RFC 5958) for a private key;
 *  - JCA_FORMAT_PEM: the same DER in PEM (RFC 7468), labels "PUBLIC KEY"
 *    and "PRIVATE KEY"; decoding also takes "EC PRIVATE KEY" (RFC 5915)
 *    and "RSA PRIVATE KEY" (RFC 8017), as openssl writes them, and their
 *    DER bodies alone (`openssl pkey -outform DER` of an EC or RSA key);
 *  - JCA_FORMAT_RAW: the algorithm's own bytes: the 32-byte keys of
 *    Ed25519 and X25519 (RFC 8032, RFC 7748), an EC public point 04||X||Y;
 *    ML-DSA's pk and private seed (or expanded key, when the key was read
 *    or generated in that form) of FIPS 204;
 *    ML-KEM (FIPS 203): the encapsulation key, and the 64-byte seed d||z or
 *    the expanded decapsulation key (written back in the form read; a
 *    generated key as its seed); X-Wing: the 1216-byte public key and the
 *    32-byte seed. ML-KEM's PKCS#8 is any of the three forms of
 *    draft-ietf-lamps-kyber-certificates (seed, expandedKey, both), written
 *    back in the form read; an encapsulation key failing FIPS 203's modulus
 *    check, an expanded key whose hash check fails, or a seed and expanded
 *    key that disagree are refused (JCA_BADKEY).
 * Decoding is strict (DER as X.690 requires, lengths bounded, no
 * recursion on the input, trailing bytes refused) and the key's content
 * is checked (a point on its curve, RSA's sizes): a refusal is
 * JCA_BADKEY with a message saying what and where.
 *
 * Errors: JCA_EINVAL (NULL, a wrong kind of key for the call), JCA_BADKEY
 * (a malformed or unusable key), JCA_NOALG (no provider offers a
 * KeyFactory for the key's algorithm), JCA_BUFSIZE (jca_key_encode: the
 * size needed in *out_len), JCA_UNSUPPORTED (a private key that is not
 * extractable, a RAW form the algorithm does not have), JCA_IMPL.
 */
#ifndef JCA_KEY_H
#define JCA_KEY_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Kinds of key (jca_key_kind). */
#define JCA_KEY_PUBLIC 1u
#define JCA_KEY_PRIVATE 2u
#define JCA_KEY_SECRET 3u

typedef enum jca_key_format {
	JCA_FORMAT_DER = 1,
	JCA_FORMAT_PEM = 2,
	JCA_FORMAT_RAW = 3
} jca_key_format;

typedef struct jca_key jca_key;

/* Decodes one key, PEM or DER, public or private, of any algorithm a
 * provider's KeyFactory offers (the first in preference order), into a
 * new key (*key; free it with jca_key_free). */
JCA_API int jca_key_decode(const void *in, size_t len, jca_key **key);
/* The same with the KeyFactory of one provider. */
JCA_API int jca_key_decode_from(const void *in, size_t len, const char *provider, jca_key **key);
/* Writes the key in the format (see above). The output length is the
 * key's (engine contract rule 8): JCA_BUFSIZE with the size in *out_len
 * when out_size is too small (out may then be NULL). A PEM text is
 * written without a terminating NUL, with a final newline. */
JCA_API int jca_key_encode(const jca_key *key, jca_key_format format, void *out, size_t out_size,
                           size_t *out_len);
/* The public key of a private key (a new key of the same provider), or of
 * a public key (the key itself, counted once more). */
JCA_API int jca_key_public(jca_key *key, jca_key **pub);
/* Holds the key once more (returns it): each hold needs a jca_key_free. */
JCA_API jca_key *jca_key_ref(jca_key *key);
/* Drops a hold; the last wipes the key and frees it. NULL is ignored. */
JCA_API void jca_key_free(jca_key *key);

/* JCA_KEY_PUBLIC, JCA_KEY_PRIVATE or JCA_KEY_SECRET; 0 for NULL. */
JCA_API unsigned jca_key_kind(const jca_key *key);
/* The key's algorithm, its KeyFactory's standard name ("EC"). */
JCA_API const char *jca_key_algorithm(const jca_key *key);
/* The provider that holds the key. */
JCA_API const char *jca_key_provider(const jca_key *key);
/* Size in bits: RSA's modulus, EC's field, 255 for Ed25519 and X25519. */
JCA_API size_t jca_key_bits(const jca_key *key);
/* Named parameters (the curve, "secp256r1"), or NULL. */
JCA_API const char *jca_key_params(const jca_key *key);
/* 1 when jca_key_encode can write the key (always for a public key),
 * else 0. */
JCA_API int jca_key_is_extractable(const jca_key *key);

/* ---- KeyFactory: keys from their encodings ----
 * Names: "Ed25519" ("EdDSA"), "X25519" ("XDH"), "EC", "RSA",
 * "RSASSA-PSS", "ML-DSA-44", "ML-DSA-65", "ML-DSA-87", with their OIDs. The engine contract (common.h) applies:
 * get_instance, lookup/new, free and the three names; it has no state
 * to init, reset or clone. */
typedef struct keyfactory_ctx keyfactory_ctx;
typedef struct keyfactory_handle keyfactory_handle;

JCA_API keyfactory_ctx *keyfactory_get_instance(const char *algorithm);
JCA_API keyfactory_ctx *keyfactory_get_instance_from(const char *algorithm, const char *provider);
JCA_API const keyfactory_handle *keyfactory_lookup(const char *algorithm);
JCA_API keyfactory_ctx *keyfactory_new(const keyfactory_handle *h);
/* A PEM or DER key of this KeyFactory's algorithm (another algorithm is
 * JCA_BADKEY, naming both). */
JCA_API int keyfactory_decode(keyfactory_ctx *kf, const void *in, size_t len, jca_key **key);
/* A raw key (JCA_FORMAT_RAW above) of the kind given, 1 to 8192 bytes
 * (ML-DSA: pk; the 32-byte seed or the expanded private key). */
JCA_API int keyfactory_decode_raw(keyfactory_ctx *kf, unsigned kind, const void *in, size_t len,
                                  jca_key **key);
/* A key of this algorithm held by another provider, as a key of this
 * KeyFactory's provider (the JDK's translateKey): through its encoding,
 * so a private key must be extractable. A key of this provider is
 * returned held once more. */
JCA_API int keyfactory_translate(keyfactory_ctx *kf, jca_key *key, jca_key **out);
JCA_API void keyfactory_free(keyfactory_ctx *kf);
JCA_API const char *keyfactory_algorithm(const keyfactory_ctx *kf);
JCA_API const char *keyfactory_provider(const keyfactory_ctx *kf);
JCA_API const char *keyfactory_implementation(const keyfactory_ctx *kf);

/* ---- KeyPairGenerator ----
 * Names as KeyFactory's. keypairgen_init(g, spec) chooses the
 * parameters: a curve for EC ("secp256r1", "secp384r1", "secp521r1"; also
 * "P-256", "prime256v1", ...), the modulus bits for RSA and RSASSA-PSS
 * ("2048", "3072", "4096"); NULL for the default (EC secp256r1, RSA
 * 3072; Ed25519 and X25519 take none). A generator that was not
 * initialised uses the default, as the JDK's does. Each
 * keypairgen_generate makes a new pair from the provider's random source;
 * pub may be NULL (the public key is then jca_key_public(priv)). */
typedef struct keypairgen_ctx keypairgen_ctx;
typedef struct keypairgen_handle keypairgen_handle;

JCA_API keypairgen_ctx *keypairgen_get_instance(const char *algorithm);
JCA_API keypairgen_ctx *keypairgen_get_instance_from(const char *algorithm, const char *provider);
JCA_API const keypairgen_handle *keypairgen_lookup(const char *algorithm);
JCA_API keypairgen_ctx *keypairgen_new(const keypairgen_handle *h);
JCA_API int keypairgen_init(keypairgen_ctx *g, const char *spec);
JCA_API int keypairgen_generate(keypairgen_ctx *g, jca_key **priv, jca_key **pub);
JCA_API void keypairgen_free(keypairgen_ctx *g);
JCA_API const char *keypairgen_algorithm(const keypairgen_ctx *g);
JCA_API const char *keypairgen_provider(const keypairgen_ctx *g);
JCA_API const char *keypairgen_implementation(const keypairgen_ctx *g);

#ifdef __cplusplus
}
#endif
#endif
