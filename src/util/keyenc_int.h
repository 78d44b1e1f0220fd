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

#endif
