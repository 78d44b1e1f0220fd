/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ML-DSA keys in X.509 and PKCS#8 (RFC 9881, the IETF LAMPS ML-DSA
 * certificates specification). Structure and sizes only: whether a key is
 * consistent (seed and expanded key of the same pair, the public key of
 * the private one) is the provider's check. Not installed.
 *
 *   SubjectPublicKeyInfo: AlgorithmIdentifier { id-ml-dsa-44 / 65 / 87
 *     (2.16.840.1.101.3.4.3.17 / 18 / 19), parameters absent }, the
 *     public key pk as the BIT STRING (1312, 1952, 2592 bytes);
 *   PKCS#8: the same AlgorithmIdentifier, privateKey an OCTET STRING
 *     holding one of
 *       ML-DSA-xx-PrivateKey ::= CHOICE {
 *         seed        [0] IMPLICIT OCTET STRING (SIZE (32)),
 *         expandedKey OCTET STRING (SIZE (2560 / 4032 / 4896)),
 *         both        SEQUENCE { seed OCTET STRING (SIZE (32)),
 *                                expandedKey OCTET STRING } }
 *     and, in a v2 OneAsymmetricKey, the public key in [1].
 */
#ifndef JCA_UTIL_KEYENC_MLDSA_H
#define JCA_UTIL_KEYENC_MLDSA_H

#include <stddef.h>
#include <stdint.h>

#include "der.h"
#include "keyenc.h"

/* The private-key forms of the CHOICE. */
enum jca__mldsa_form { JCA__MLDSA_FORM_SEED = 1, JCA__MLDSA_FORM_EXPANDED, JCA__MLDSA_FORM_BOTH };

/* What a CHOICE holds: pointers into the parsed input. */
typedef struct jca__mldsa_priv {
	int form;                  /* enum jca__mldsa_form */
	const uint8_t *seed;       /* 32 bytes, or NULL (expandedKey) */
	const uint8_t *expanded;   /* jca__mldsa_enc_sk_len bytes, or NULL (seed) */
} jca__mldsa_priv;

/* 44, 65 or 87 for JCA__KEYALG_ML_DSA_44/65/87; 0 for another algorithm. */
JCA__HIDDEN unsigned jca__mldsa_enc_level(int alg);
/* The algorithm of a level (JCA__KEYALG_ML_DSA_*), 0 for another level. */
JCA__HIDDEN int jca__mldsa_enc_alg(unsigned level);
/* FIPS 204's sizes of pk and sk for a level; 0 for another. */
JCA__HIDDEN size_t jca__mldsa_enc_pk_len(unsigned level);
JCA__HIDDEN size_t jca__mldsa_enc_sk_len(unsigned level);

/* Reads the CHOICE (all of d) for level into *out. JCA_EINVAL with a
 * message naming what is wrong. */
JCA__HIDDEN int jca__mldsa_priv_read(jca__der *d, unsigned level, jca__mldsa_priv *out);
/* Writes the CHOICE in->form with in's seed and expanded key (out NULL:
 * *len = the size needed; else as jca__derw_finish). */
JCA__HIDDEN int jca__mldsa_priv_write(unsigned level, const jca__mldsa_priv *in, uint8_t *out, size_t cap,
                                      size_t *len);

#endif
