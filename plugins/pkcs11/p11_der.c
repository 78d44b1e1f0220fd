/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_der.c - SubjectPublicKeyInfo and ECDSA signatures in DER (see
 * p11_der.h). The reader is a cursor over a bounded input: a tag, a
 * definite length in its shortest form (at most two length bytes: 64 KiB),
 * a body inside what is left; no recursion, nothing read past the end.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "p11_der.h"

/* ---- curves ---- */

static const uint8_t oid_p256[] = { 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 };
static const uint8_t oid_p384[] = { 0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x22 };
static const uint8_t oid_p521[] = { 0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x23 };
const uint8_t p11_oid_ed25519[5] = { 0x06, 0x03, 0x2b, 0x65, 0x70 };
static const uint8_t oid_ec_public_key[] = { 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };
static const uint8_t oid_rsa[] = { 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01 };

static const p11_curve curves[] = {
	{ "secp256r1", { "P-256", "prime256v1", "NIST P-256" }, oid_p256, sizeof oid_p256, 32, 256 },
	{ "secp384r1", { "P-384", "NIST P-384", NULL }, oid_p384, sizeof oid_p384, 48, 384 },
	{ "secp521r1", { "P-521", "NIST P-521", NULL }, oid_p521, sizeof oid_p521, 66, 521 },
};
#define NCURVES (sizeof curves / sizeof curves[0])

const p11_curve *p11_curve_by_name(const char *name)
{
	size_t i, j;

	for (i = 0; name && i < NCURVES; i++) {
		if (!strcasecmp(name, curves[i].name))
			return &curves[i];
		for (j = 0; j < 3 && curves[i].aliases[j]; j++)
			if (!strcasecmp(name, curves[i].aliases[j]))
				return &curves[i];
	}
	return NULL;
}

const p11_curve *p11_curve_by_oid(const uint8_t *der, size_t len)
{
	size_t i;

	for (i = 0; i < NCURVES; i++)
		if (len == curves[i].oid_len && !memcmp(der, curves[i].oid, len))
			return &curves[i];
	return NULL;
}

const p11_curve *p11_curve_by_point(size_t len)
{
	size_t i;

	for (i = 0; i < NCURVES; i++)
		if (len == 2 * curves[i].field + 1)
			return &curves[i];
	return NULL;
}

/* ---- reading ---- */

typedef struct cur {
	const uint8_t *p;
	size_t n;
} cur;

/* One TLV of this tag: its body; c moves past it. */
static int rd(cur *c, uint8_t tag, cur *body)
{
	size_t len, h;

	if (c->n < 2 || c->p[0] != tag)
		return -1;
	if (c->p[1] < 0x80) {
		len = c->p[1];
		h = 2;
	} else if (c->p[1] == 0x81) {
		if (c->n < 3 || c->p[2] < 0x80)
			return -1;             /* not the shortest form */
		len = c->p[2];
		h = 3;
	} else if (c->p[1] == 0x82) {
		if (c->n < 4)
			return -1;
		len = (size_t)c->p[2] << 8 | c->p[3];
		if (len < 0x100)
			return -1;
		h = 4;
	} else {
		return -1;
	}
	if (c->n - h < len)
		return -1;
	body->p = c->p + h;
	body->n = len;
	c->p += h + len;
	c->n -= h + len;
	return 0;
}

/* The same TLV whole (tag and length included). */
static int rd_whole(cur *c, uint8_t tag, cur *whole)
{
	const uint8_t *start = c->p;
	cur body;

	if (rd(c, tag, &body))
		return -1;
	whole->p = start;
	whole->n = (size_t)(c->p - start);
	return 0;
}

/* A positive INTEGER in its shortest form: its magnitude, no leading zero. */
static int rd_uint(cur *c, cur *v)
{
	if (rd(c, 0x02, v) || !v->n || (v->p[0] & 0x80))
		return -1;
	if (v->p[0] == 0) {
		if (v->n == 1 || !(v->p[1] & 0x80))
			return -1;
		v->p++;
		v->n--;
	}
	return 0;
}

static size_t bits_of(const uint8_t *p, size_t n)
{
	size_t b = n * 8;
	uint8_t top = n ? p[0] : 0;

	if (!n)
		return 0;
	while (!(top & 0x80)) {
		top = (uint8_t)(top << 1);
		b--;
	}
	return b;
}

static int spki_rsa(cur *bits, p11_spki *out, const char **why)
{
	cur seq, n, e;

	if (rd(bits, 0x30, &seq) || bits->n || rd_uint(&seq, &n) || rd_uint(&seq, &e) || seq.n) {
		*why = "RSA: the public key is not a SEQUENCE of two positive INTEGERs in DER";
		return -1;
	}
	out->bits = bits_of(n.p, n.n);
	if (out->bits < 1024 || out->bits > 16384 || !(n.p[n.n - 1] & 1)) {
		*why = "RSA: the modulus is not an odd number of 1024 to 16384 bits";
		return -1;
	}
	if (!(e.p[e.n - 1] & 1) || (e.n == 1 && e.p[0] < 3) || e.n >= n.n) {
		*why = "RSA: the public exponent is not odd, above 1 and below the modulus";
		return -1;
	}
	out->type = P11K_RSA;
	out->n = n.p;
	out->n_len = n.n;
	out->e = e.p;
	out->e_len = e.n;
	return 0;
}

int p11_spki_read(const uint8_t *in, size_t len, p11_spki *out, const char **why)
{
	cur all = { in, len }, spki, alg, oid, bits;

	memset(out, 0, sizeof *out);
	*why = "SubjectPublicKeyInfo: not a SEQUENCE { AlgorithmIdentifier, BIT STRING } in DER";
	if (rd(&all, 0x30, &spki) || all.n || rd(&spki, 0x30, &alg) || rd(&spki, 0x03, &bits) || spki.n ||
	    rd_whole(&alg, 0x06, &oid))
		return -1;
	if (!bits.n || bits.p[0] != 0) {
		*why = "SubjectPublicKeyInfo: the key's BIT STRING has unused bits";
		return -1;
	}
	bits.p++;
	bits.n--;
	if (oid.n == sizeof oid_rsa && !memcmp(oid.p, oid_rsa, oid.n)) {
		if (alg.n != 2 || alg.p[0] != 0x05 || alg.p[1] != 0) {
			*why = "RSA: the AlgorithmIdentifier's parameters are not NULL";
			return -1;
		}
		return spki_rsa(&bits, out, why);
	}
	if (oid.n == sizeof p11_oid_ed25519 && !memcmp(oid.p, p11_oid_ed25519, oid.n)) {
		if (alg.n || bits.n != 32) {
			*why = "Ed25519: parameters present, or a key that is not 32 bytes (RFC 8410)";
			return -1;
		}
		out->type = P11K_ED25519;
		out->point = bits.p;
		out->point_len = 32;
		out->bits = 255;
		return 0;
	}
	if (oid.n == sizeof oid_ec_public_key && !memcmp(oid.p, oid_ec_public_key, oid.n)) {
		cur curve;

		if (rd_whole(&alg, 0x06, &curve) || alg.n || !(out->curve = p11_curve_by_oid(curve.p, curve.n))) {
			*why = "EC: the curve is not a named curve among secp256r1, secp384r1, secp521r1";
			return -1;
		}
		if (bits.n != 2 * out->curve->field + 1 || bits.p[0] != 0x04) {
			*why = "EC: the public point is not uncompressed (04 || X || Y) of the curve's size";
			return -1;
		}
		out->type = P11K_EC;
		out->point = bits.p;
		out->point_len = bits.n;
		out->bits = out->curve->bits;
		return 0;
	}
	*why = "SubjectPublicKeyInfo: the algorithm is not EC, RSA or Ed25519";
	return -1;
}

const uint8_t *p11_der_octets(const uint8_t *in, size_t len, size_t *out_len)
{
	cur c = { in, len }, body;

	if (rd(&c, 0x04, &body) || c.n)
		return NULL;
	*out_len = body.n;
	return body.p;
}

/* ---- writing ---- */

static size_t hdr_len(size_t len)
{
	return len < 0x80 ? 2 : len < 0x100 ? 3 : len < 0x10000 ? 4 : 5;
}

static uint8_t *put_hdr(uint8_t *p, uint8_t tag, size_t len)
{
	*p++ = tag;
	if (len < 0x80) {
		*p++ = (uint8_t)len;
	} else if (len < 0x100) {
		*p++ = 0x81;
		*p++ = (uint8_t)len;
	} else if (len < 0x10000) {
		*p++ = 0x82;
		*p++ = (uint8_t)(len >> 8);
		*p++ = (uint8_t)len;
	} else {
		*p++ = 0x83;
		*p++ = (uint8_t)(len >> 16);
		*p++ = (uint8_t)(len >> 8);
		*p++ = (uint8_t)len;
	}
	return p;
}

/* An unsigned big-endian number as an INTEGER's content: the magnitude
 * without leading zeros (*v, *n) and whether a 0 byte goes first. */
static size_t uint_len(const uint8_t **v, size_t *n)
{
	while (*n > 1 && (*v)[0] == 0) {
		(*v)++;
		(*n)--;
	}
	return *n + ((*v)[0] & 0x80 ? 1 : 0);
}

static uint8_t *put_uint(uint8_t *p, const uint8_t *v, size_t n)
{
	size_t l = uint_len(&v, &n);

	p = put_hdr(p, 0x02, l);
	if (l > n)
		*p++ = 0;
	memcpy(p, v, n);
	return p + n;
}

int p11_spki_write(int type, const p11_curve *curve, const uint8_t *a, size_t a_len, const uint8_t *b,
                   size_t b_len, uint8_t **out, size_t *out_len, size_t *pt_off)
{
	size_t alg_len, key_len, bit_len, total, il_a = 0, il_b = 0;
	const uint8_t *va = a, *vb = b;
	uint8_t *buf, *p;

	*pt_off = 0;
	if (type == P11K_EC) {
		if (!curve || a_len != 2 * curve->field + 1)
			return -1;
		alg_len = sizeof oid_ec_public_key + curve->oid_len;
		key_len = a_len;
	} else if (type == P11K_ED25519) {
		if (a_len != 32)
			return -1;
		alg_len = sizeof p11_oid_ed25519;
		key_len = 32;
	} else {
		size_t na = a_len, nb = b_len;

		if (!a_len || !b_len)
			return -1;
		il_a = uint_len(&va, &na);
		il_b = uint_len(&vb, &nb);
		alg_len = sizeof oid_rsa + 2;
		key_len = hdr_len(il_a) + il_a + hdr_len(il_b) + il_b;
		key_len += hdr_len(key_len);
	}
	bit_len = key_len + 1;
	total = hdr_len(alg_len) + alg_len + hdr_len(bit_len) + bit_len;
	if (!(buf = malloc(hdr_len(total) + total)))
		return -1;
	p = put_hdr(buf, 0x30, total);
	p = put_hdr(p, 0x30, alg_len);
	if (type == P11K_EC) {
		memcpy(p, oid_ec_public_key, sizeof oid_ec_public_key);
		p += sizeof oid_ec_public_key;
		memcpy(p, curve->oid, curve->oid_len);
		p += curve->oid_len;
	} else if (type == P11K_ED25519) {
		memcpy(p, p11_oid_ed25519, sizeof p11_oid_ed25519);
		p += sizeof p11_oid_ed25519;
	} else {
		memcpy(p, oid_rsa, sizeof oid_rsa);
		p += sizeof oid_rsa;
		*p++ = 0x05;
		*p++ = 0x00;
	}
	p = put_hdr(p, 0x03, bit_len);
	*p++ = 0;
	if (type == P11K_RSA) {
		p = put_hdr(p, 0x30, hdr_len(il_a) + il_a + hdr_len(il_b) + il_b);
		p = put_uint(p, a, a_len);
		p = put_uint(p, b, b_len);
	} else {
		*pt_off = (size_t)(p - buf);
		memcpy(p, a, a_len);
		p += a_len;
	}
	*out = buf;
	*out_len = (size_t)(p - buf);
	return 0;
}

/* ---- ECDSA signatures ---- */

size_t p11_ecdsa_der_max(size_t field)
{
	size_t ints = 2 * (hdr_len(field + 1) + field + 1);

	return hdr_len(ints) + ints;
}

size_t p11_ecdsa_to_der(const uint8_t *rs, size_t field, uint8_t *out)
{
	const uint8_t *r = rs, *s = rs + field;
	size_t nr = field, ns = field, lr = uint_len(&r, &nr), ls = uint_len(&s, &ns);
	uint8_t *p = put_hdr(out, 0x30, hdr_len(lr) + lr + hdr_len(ls) + ls);

	p = put_uint(p, r, nr);
	p = put_uint(p, s, ns);
	return (size_t)(p - out);
}

int p11_ecdsa_from_der(const uint8_t *der, size_t len, size_t field, uint8_t *rs)
{
	cur all = { der, len }, seq, r, s;

	if (rd(&all, 0x30, &seq) || all.n || rd_uint(&seq, &r) || rd_uint(&seq, &s) || seq.n)
		return -1;
	if (r.n > field || s.n > field)
		return -1;
	memset(rs, 0, 2 * field);
	memcpy(rs + field - r.n, r.p, r.n);
	memcpy(rs + 2 * field - s.n, s.p, s.n);
	return 0;
}
