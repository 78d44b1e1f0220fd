/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_der.h - the little DER the pkcs11 plugin's keys need, independent
 * of the token: reading a SubjectPublicKeyInfo (RFC 5280) of an EC
 * (RFC 5480: P-256, P-384, P-521), RSA (RFC 8017) or Ed25519 (RFC 8410)
 * key strictly, with a cursor that cannot run past its input; writing
 * one; and ECDSA's two signature forms, r || s (IEEE P1363, what the
 * token's CKM_ECDSA gives) and the DER SEQUENCE of two INTEGERs (RFC
 * 3279, the JDK's "SHA256withECDSA").
 */
#ifndef JCA_P11_DER_H
#define JCA_P11_DER_H

#include <stddef.h>
#include <stdint.h>

/* The key types of the plugin's asymmetric services. */
enum { P11K_EC = 1, P11K_RSA = 2, P11K_ED25519 = 3 };

/* A named curve: its standard name (jca_key_info.params), the DER of its
 * OID (CKA_EC_PARAMS), the field size in bytes and bits. */
typedef struct p11_curve {
	const char *name;
	const char *aliases[3];    /* what keypairgen_init also takes */
	const uint8_t *oid;        /* 06 len ...: the whole TLV */
	size_t oid_len;
	size_t field;
	size_t bits;
} p11_curve;

/* The curve with this name or alias (case-insensitive), or NULL. */
const p11_curve *p11_curve_by_name(const char *name);
/* The curve whose OID TLV is exactly der[0..len), or NULL. */
const p11_curve *p11_curve_by_oid(const uint8_t *der, size_t len);
/* The curve whose uncompressed point (04 || X || Y) is len bytes, or NULL. */
const p11_curve *p11_curve_by_point(size_t len);
/* Ed25519's OID TLV (06 03 2b 65 70), as CKA_EC_PARAMS. */
extern const uint8_t p11_oid_ed25519[5];

/* A public key read from a SubjectPublicKeyInfo: pointers into its input. */
typedef struct p11_spki {
	int type;                  /* P11K_* */
	const p11_curve *curve;    /* EC */
	const uint8_t *point;      /* EC: 04 || X || Y; Ed25519: 32 bytes */
	size_t point_len;
	const uint8_t *n, *e;      /* RSA: the modulus and exponent, no leading zero */
	size_t n_len, e_len;
	size_t bits;               /* RSA: modulus bits; EC: field bits; Ed25519: 255 */
} p11_spki;

/* Reads one whole SubjectPublicKeyInfo (nothing after it): 0, or -1 with
 * *why saying what is wrong (a static string). RSA: modulus 1024 to 16384
 * bits, odd; exponent odd, above 1, shorter than the modulus. */
int p11_spki_read(const uint8_t *in, size_t len, p11_spki *out, const char **why);

/* 1 when a public point from outside is a point of its curve, else 0
 * (p11_ec_check.c): EC (curve: P-256, P-384, P-521): 04 || X || Y with
 * X, Y < p and Y^2 = X^3 - 3X + b; Ed25519 (curve NULL): 32 bytes that
 * decode as RFC 8032 5.1.3 has it. Another type: 0. The shape checks of
 * p11_spki_read are repeated, so raw input can be given as it is. */
int p11_point_ok(int type, const p11_curve *curve, const uint8_t *pt, size_t len);

/* Writes the SubjectPublicKeyInfo of a key into a new malloc'd buffer
 * (*out, *out_len): EC (curve, point 04||X||Y), RSA (n, e: big-endian,
 * leading zeros allowed) or Ed25519 (point: 32 bytes). *pt_off receives
 * the offset of the point (EC, Ed25519) in it. 0, or -1 (out of memory,
 * or a point of the wrong length). */
int p11_spki_write(int type, const p11_curve *curve, const uint8_t *a, size_t a_len, const uint8_t *b,
                   size_t b_len, uint8_t **out, size_t *out_len, size_t *pt_off);

/* The content of a DER OCTET STRING that is exactly in[0..len), or NULL
 * (CKA_EC_POINT is one, on tokens that follow the standard). */
const uint8_t *p11_der_octets(const uint8_t *in, size_t len, size_t *out_len);

/* ECDSA: r || s (each field bytes) to DER (at most p11_ecdsa_der_max(field)
 * bytes): the length. */
size_t p11_ecdsa_der_max(size_t field);
size_t p11_ecdsa_to_der(const uint8_t *rs, size_t field, uint8_t *out);
/* DER to r || s (2 * field bytes), strictly (minimal INTEGERs, positive,
 * no trailing bytes, each fits the field): 0 or -1. */
int p11_ecdsa_from_der(const uint8_t *der, size_t len, size_t field, uint8_t *rs);

#endif
