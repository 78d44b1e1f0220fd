/* SPDX-License-Identifier: Apache-2.0 */
/* Between keyenc.c (the containers) and keyenc_parts.c (each key's own
 * structure). Not installed. */
#ifndef JCA_UTIL_KEYENC_INT_H
#define JCA_UTIL_KEYENC_INT_H

#include "der.h"
#include "keyenc.h"

/* The curve of a namedCurve OID's contents, JCA__CURVE_NONE if unknown. */
JCA__HIDDEN int jca__curve_by_oid(const uint8_t *oid, size_t n);
/* The OID contents of a curve (NULL if unknown). */
JCA__HIDDEN const uint8_t *jca__curve_oid(int curve, size_t *n);
/* The body of a RSASSA-PSS-params SEQUENCE (RFC 4055). */
JCA__HIDDEN int jca__pss_params(jca__der *body);
/* k->pub for k->alg (and k->curve); off: its offset, for messages. *bits
 * (may be NULL) gets the key size. */
JCA__HIDDEN int jca__check_pub(const jca__key_parts *k, size_t off, size_t *bits);
/* k->priv for k->alg, for writing. */
JCA__HIDDEN int jca__check_priv(const jca__key_parts *k);
/* An ECPrivateKey filling out (alg set; out->curve: the curve it must name,
 * or JCA__CURVE_NONE when it must name one itself), then the end of d. */
JCA__HIDDEN int jca__ec_privkey(jca__der *d, jca__key_parts *out);
/* An RSAPrivateKey filling out->priv and out->bits, then the end of d. */
JCA__HIDDEN int jca__rsa_privkey(jca__der *d, jca__key_parts *out);

/* ML-KEM and X-Wing (keyenc_mlkem.c). k of an ML-KEM algorithm (2, 3, 4),
 * 0 for any other. */
JCA__HIDDEN unsigned jca__mlkem_k(int alg);
/* Is alg ML-KEM or X-Wing? */
JCA__HIDDEN int jca__is_kem_alg(int alg);
/* The public key's size for alg (ML-KEM, X-Wing); *bits (may be NULL)
 * gets 512, 768 or 1024 (X-Wing: 768). */
JCA__HIDDEN int jca__kem_check_pub(const jca__key_parts *k, size_t off, size_t *bits);
/* k->priv and k->expanded for alg, for writing. */
JCA__HIDDEN int jca__kem_check_priv(const jca__key_parts *k);
/* The contents of the PKCS#8 privateKey OCTET STRING (in) into out. */
JCA__HIDDEN int jca__kem_privkey(jca__der *in, jca__key_parts *out);
/* Writes the contents of the privateKey OCTET STRING. */
JCA__HIDDEN void jca__kem_privkey_write(jca__derw *w, const jca__key_parts *k);

#endif
