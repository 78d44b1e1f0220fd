/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Key encodings: SubjectPublicKeyInfo (RFC 5280), PKCS#8 / OneAsymmetricKey
 * (RFC 5208, RFC 5958), the traditional "EC PRIVATE KEY" (RFC 5915) and
 * "RSA PRIVATE KEY" (RFC 8017) bodies, and ECDSA signatures (DER <-> IEEE
 * P1363). Structure, OIDs and sizes only: no arithmetic (a point is not
 * checked to be on its curve, a scalar not checked against the order, an
 * RSA key not checked for consistency; whoever uses the key does that).
 * Not installed; knows nothing of the registry.
 *
 * Accepted, and written back byte for byte by the writers:
 *  - Ed25519 (1.3.101.112), X25519 (1.3.101.110), RFC 8410: no parameters,
 *    32-byte keys; PKCS#8 v1, or v2 with the public key in [1];
 *  - EC (id-ecPublicKey with a namedCurve: prime256v1, secp384r1,
 *    secp521r1; RFC 5480): uncompressed points 04||X||Y only (compressed
 *    and other forms are refused); ECPrivateKey version 1 with the scalar
 *    exactly the field size, [0] naming the same curve (optional), [1] the
 *    public point (optional);
 *  - RSA (rsaEncryption with NULL parameters): RSAPublicKey { n, e } and
 *    two-prime RSAPrivateKey version 0, every INTEGER positive, n of 512 to
 *    16384 bits, e odd, at least 3 and no longer than n;
 *  - RSA-PSS (id-RSASSA-PSS, RFC 4055): as RSA, parameters absent or a
 *    RSASSA-PSS-params SEQUENCE ([0] hash, [1] mask generation, [2] salt
 *    length, [3] trailer field 1; each optional, in order).
 *  - ML-KEM-512/768/1024 (2.16.840.1.101.3.4.4.1/2/3; FIPS 203 and
 *    draft-ietf-lamps-kyber-certificates): no parameters, the encapsulation
 *    key (384k+32 bytes) in the BIT STRING, the private key as the
 *    CHOICE { seed [0] (64 bytes), expandedKey, both SEQUENCE { seed,
 *    expandedKey } } (keyenc_mlkem.c); the modulus and consistency checks
 *    are the provider's;
 *  - X-Wing (1.3.6.1.4.1.62253.25722, draft-connolly-cfrg-xwing-kem): no
 *    parameters, the 1216-byte public key in the BIT STRING, the 32-byte
 *    seed as the privateKey OCTET STRING's contents (no inner wrapping);
 *  - ML-DSA-44/65/87 (2.16.840.1.101.3.4.3.17/18/19, RFC 9881): no
 *    parameters, the public key of its size; PKCS#8 v1, or v2 with the
 *    public key in [1]; priv is the private-key CHOICE (whole element),
 *    read and written by keyenc_mldsa.h.
 * Refused: PKCS#8 attributes, a PKCS#8 [1] public key for EC and RSA (the
 * ECPrivateKey holds it), multi-prime RSA, explicit EC parameters, inputs
 * larger than JCA__DER_MAX. Errors are JCA_EINVAL with a message naming
 * what is wrong and where (a JCA_BADENCODING would say it better), and
 * JCA_BUFSIZE from the writers.
 */
#ifndef JCA_UTIL_KEYENC_H
#define JCA_UTIL_KEYENC_H

#include <stddef.h>
#include <stdint.h>

#include "mem.h"             /* JCA__HIDDEN */

enum jca__key_alg {
	JCA__KEYALG_ED25519 = 1,
	JCA__KEYALG_X25519,
	JCA__KEYALG_EC,
	JCA__KEYALG_RSA,
	JCA__KEYALG_RSA_PSS,
	JCA__KEYALG_ML_KEM_512,
	JCA__KEYALG_ML_KEM_768,
	JCA__KEYALG_ML_KEM_1024,
	JCA__KEYALG_XWING,
	/* RFC 9881 (keyenc_mldsa.h) */
	JCA__KEYALG_ML_DSA_44,
	JCA__KEYALG_ML_DSA_65,
	JCA__KEYALG_ML_DSA_87
};

enum jca__curve { JCA__CURVE_NONE, JCA__CURVE_P256, JCA__CURVE_P384, JCA__CURVE_P521 };

/*
 * A parsed key: every pointer points into the buffer that was parsed (or,
 * to write, into the caller's data). Clear it ({0}) before filling it in.
 */
typedef struct jca__key_parts {
	int alg;                /* enum jca__key_alg */
	int curve;              /* enum jca__curve (EC), else JCA__CURVE_NONE */
	int is_private;
	/* Ed25519/X25519: the 32-byte private key; EC: the scalar, big-endian,
	 * exactly the field size (32, 48, 66 bytes); RSA and RSA-PSS: the whole
	 * RSAPrivateKey DER; ML-DSA: the private-key CHOICE's DER. NULL for a
	 * public key. */
	const uint8_t *priv;
	size_t priv_len;
	/* Ed25519/X25519: 32 bytes; EC: 04||X||Y; RSA: the RSAPublicKey DER.
	 * For a private key, the public key when the encoding holds one (EC's
	 * [1], OneAsymmetricKey v2's [1]), else NULL. */
	const uint8_t *pub;
	size_t pub_len;
	size_t bits;            /* RSA: modulus bits; EC: field bits; Ed/X25519: 255 */
	/* RSA-PSS: the RSASSA-PSS-params SEQUENCE (whole element), else NULL */
	const uint8_t *params;
	size_t params_len;
	/* PKCS#8 EC: the ECPrivateKey names its curve again in [0] (OpenSSL
	 * writes it; others leave it out). Set by the parsers, obeyed by
	 * jca__pkcs8_write, so that what was read is written back as it was. */
	int ec_inner_curve;
	/* ML-KEM private keys (keyenc_mlkem.c): priv is the 64-byte seed
	 * d||z, or NULL; expanded the decapsulation key dk (768k+96 bytes), or
	 * NULL; at least one of them is set. Read from and written as the
	 * CHOICE of draft-ietf-lamps-kyber-certificates: seed [0] (priv
	 * alone), expandedKey (expanded alone) or both. */
	const uint8_t *expanded;
	size_t expanded_len;
} jca__key_parts;

/* Field size in bytes of a curve (32, 48, 66), 0 if none. */
JCA__HIDDEN size_t jca__curve_bytes(int curve);

/* Parse one whole DER structure (nothing may follow it) into *out. */
JCA__HIDDEN int jca__spki_parse(const uint8_t *der, size_t len, jca__key_parts *out);
JCA__HIDDEN int jca__pkcs8_parse(const uint8_t *der, size_t len, jca__key_parts *out);
/* "EC PRIVATE KEY": an ECPrivateKey, which must name its curve in [0]. */
JCA__HIDDEN int jca__ec_privkey_parse(const uint8_t *der, size_t len, jca__key_parts *out);
/* "RSA PRIVATE KEY": an RSAPrivateKey (taken as rsaEncryption). */
JCA__HIDDEN int jca__rsa_privkey_parse(const uint8_t *der, size_t len, jca__key_parts *out);
/* By PEM label: "PUBLIC KEY", "PRIVATE KEY", "EC PRIVATE KEY",
 * "RSA PRIVATE KEY"; any other label is refused. */
JCA__HIDDEN int jca__key_parse_labelled(const char *label, size_t label_len, const uint8_t *der, size_t len,
					jca__key_parts *out);

/* Write k as SubjectPublicKeyInfo (its pub) or PKCS#8 (its priv, and pub
 * where the format holds it: EC's [1]; for Ed25519/X25519 a pub makes it a
 * v2 OneAsymmetricKey, leave it NULL for v1). The parts are checked as the
 * parsers check them. out NULL: *len = the size needed; too small: JCA_BUFSIZE, *len the
 * size needed. */
JCA__HIDDEN int jca__spki_write(const jca__key_parts *k, uint8_t *out, size_t cap, size_t *len);
JCA__HIDDEN int jca__pkcs8_write(const jca__key_parts *k, uint8_t *out, size_t cap, size_t *len);

/* ECDSA signatures. DER: SEQUENCE { r INTEGER, s INTEGER }, strict DER,
 * 0 < r, s < 2^(8 field_bytes); P1363: r || s, each field_bytes long. */
JCA__HIDDEN int jca__ecdsa_sig_to_p1363(const uint8_t *der, size_t len, size_t field_bytes, uint8_t *out);
/* out NULL: *len = the size needed; at most 2 field_bytes + 9. */
JCA__HIDDEN int jca__ecdsa_sig_from_p1363(const uint8_t *rs, size_t field_bytes, uint8_t *out, size_t cap,
					  size_t *len);

#endif
