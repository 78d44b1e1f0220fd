/* SPDX-License-Identifier: Apache-2.0 */
/* Strict DER reader and writer. See der.h. */
#include <string.h>

#include "jca/common.h"
#include "error.h"
#include "der.h"

static const char *tag_name(unsigned tag)
{
	switch (tag) {
	case JCA__DER_BOOLEAN: return "BOOLEAN";
	case JCA__DER_INTEGER: return "INTEGER";
	case JCA__DER_BIT_STRING: return "BIT STRING";
	case JCA__DER_OCTET_STRING: return "OCTET STRING";
	case JCA__DER_NULL: return "NULL";
	case JCA__DER_OID: return "OBJECT IDENTIFIER";
	case JCA__DER_SEQUENCE: return "SEQUENCE";
	case JCA__DER_CTX(0): return "[0]";
	case JCA__DER_CTX(1): return "[1]";
	case JCA__DER_CTX(2): return "[2]";
	case JCA__DER_CTX(3): return "[3]";
	case JCA__DER_CTX_PRIM(0): return "[0] IMPLICIT";
	case JCA__DER_CTX_PRIM(1): return "[1] IMPLICIT";
	}
	return "element";
}

static int bad(const jca__der *d, size_t at, const char *what, unsigned tag, const char *why)
{
	return jca__error(JCA_EINVAL, "DER: %s%s%s at offset %zu %s", what ? what : tag_name(tag),
			  what ? " " : "", what ? tag_name(tag) : "", d->off + at, why);
}

void jca__der_init(jca__der *d, const uint8_t *p, size_t len)
{
	d->p = p;
	d->len = len;
	d->off = 0;
}

int jca__der_peek(const jca__der *d, unsigned tag)
{
	return d->len > 0 && d->p[0] == tag;
}

int jca__der_end(const jca__der *d, const char *what)
{
	if (d->len == 0)
		return 0;
	return jca__error(JCA_EINVAL, "DER: %zu trailing byte%s at offset %zu after %s", d->len,
			  d->len == 1 ? "" : "s", d->off, what);
}

int jca__der_read_elem(jca__der *d, unsigned tag, jca__der *body, jca__der *elem, const char *what)
{
	size_t hdr = 2, n, i, blen;

	if (d->len < 2) {
		if (d->len == 0)
			return bad(d, 0, what, tag, "missing (end of input)");
		return bad(d, 0, what, tag, "truncated in its header");
	}
	if ((d->p[0] & 0x1f) == 0x1f)
		return bad(d, 0, what, tag, "has a high tag number (not used here)");
	if (d->p[0] != tag)
		return jca__error(JCA_EINVAL, "DER: expected %s%s%s at offset %zu, found tag 0x%02x",
				  what ? what : "", what ? " " : "", tag_name(tag), d->off, d->p[0]);
	blen = d->p[1];
	if (blen == 0x80)
		return bad(d, 0, what, tag, "has an indefinite length (BER, not DER)");
	if (blen > 0x80) {
		n = blen & 0x7f;
		if (n > 4)
			return bad(d, 0, what, tag, "has a length of more than 4 bytes");
		if (d->len < 2 + n)
			return bad(d, 0, what, tag, "truncated in its length");
		if (d->p[2] == 0)
			return bad(d, 0, what, tag, "has a length not minimal (leading zero byte)");
		blen = 0;
		for (i = 0; i < n; i++)
			blen = (blen << 8) | d->p[2 + i];
		if (blen < 0x80)
			return bad(d, 0, what, tag, "has a length not minimal (fits the short form)");
		hdr += n;
	}
	if (blen > d->len - hdr)
		return bad(d, 0, what, tag, "runs past the end of its input (truncated)");
	body->p = d->p + hdr;
	body->len = blen;
	body->off = d->off + hdr;
	if (elem) {
		elem->p = d->p;
		elem->len = hdr + blen;
		elem->off = d->off;
	}
	d->p += hdr + blen;
	d->len -= hdr + blen;
	d->off += hdr + blen;
	return 0;
}

int jca__der_read(jca__der *d, unsigned tag, jca__der *body, const char *what)
{
	return jca__der_read_elem(d, tag, body, NULL, what);
}

/* An element with tag whose body is not empty (INTEGER, OID): its body in b. */
static int read_nonempty(jca__der *d, unsigned tag, jca__der *b, const char *what)
{
	int r = jca__der_read(d, tag, b, what);

	if (r)
		return r;
	return b->len ? 0 : bad(b, 0, what, tag, "is empty");
}

int jca__der_read_uint(jca__der *d, const uint8_t **mag, size_t *mag_len, const char *what)
{
	jca__der b;
	int r = read_nonempty(d, JCA__DER_INTEGER, &b, what);

	if (r)
		return r;
	/* the first nine bits all equal: a byte could be dropped */
	if (b.len > 1 && ((b.p[0] == 0 && !(b.p[1] & 0x80)) || (b.p[0] == 0xff && (b.p[1] & 0x80))))
		return bad(&b, 0, what, JCA__DER_INTEGER, "not minimal (superfluous leading byte)");
	if (b.p[0] & 0x80)
		return bad(&b, 0, what, JCA__DER_INTEGER, "is negative");
	if (b.p[0] == 0 && b.len > 1) {
		b.p++;
		b.len--;
	}
	*mag = b.p;
	*mag_len = b.len;
	return 0;
}

int jca__der_read_version(jca__der *d, unsigned want, const char *what)
{
	const uint8_t *m;
	size_t n, off = d->off;
	int r = jca__der_read_uint(d, &m, &n, what);

	if (r)
		return r;
	if (n != 1 || m[0] != want)
		return jca__error(JCA_EINVAL, "DER: %s at offset %zu is not %u", what ? what : "INTEGER", off, want);
	return 0;
}

int jca__der_read_oid(jca__der *d, const uint8_t **oid, size_t *len, const char *what)
{
	jca__der b;
	size_t i;
	int r = read_nonempty(d, JCA__DER_OID, &b, what);

	if (r)
		return r;
	for (i = 0; i < b.len; i++) {
		/* a sub-identifier starts at 0 or after a byte without bit 8 */
		if (b.p[i] == 0x80 && (i == 0 || !(b.p[i - 1] & 0x80)))
			return bad(&b, i, what, JCA__DER_OID, "has a sub-identifier not minimal");
	}
	if (b.p[b.len - 1] & 0x80)
		return bad(&b, 0, what, JCA__DER_OID, "ends inside a sub-identifier");
	*oid = b.p;
	*len = b.len;
	return 0;
}

int jca__der_read_bits(jca__der *d, unsigned tag, const uint8_t **p, size_t *len, const char *what)
{
	jca__der b;
	int r = jca__der_read(d, tag, &b, what);

	if (r)
		return r;
	if (b.len == 0)
		return bad(&b, 0, what, tag, "has no unused-bits octet");
	if (b.p[0] != 0)
		return bad(&b, 0, what, tag, "has unused bits (a key or signature has none)");
	*p = b.p + 1;
	*len = b.len - 1;
	return 0;
}

int jca__der_read_octets(jca__der *d, const uint8_t **p, size_t *len, const char *what)
{
	jca__der b;
	int r = jca__der_read(d, JCA__DER_OCTET_STRING, &b, what);

	if (r)
		return r;
	*p = b.p;
	*len = b.len;
	return 0;
}

int jca__der_read_null(jca__der *d, const char *what)
{
	jca__der b;
	int r = jca__der_read(d, JCA__DER_NULL, &b, what);

	if (r)
		return r;
	if (b.len != 0)
		return bad(&b, 0, what, JCA__DER_NULL, "has contents");
	return 0;
}

int jca__der_read_bool(jca__der *d, int *v, const char *what)
{
	jca__der b;
	int r = jca__der_read(d, JCA__DER_BOOLEAN, &b, what);

	if (r)
		return r;
	if (b.len != 1 || (b.p[0] != 0 && b.p[0] != 0xff))
		return bad(&b, 0, what, JCA__DER_BOOLEAN, "is not one byte 0x00 or 0xff");
	*v = b.p[0] != 0;
	return 0;
}

size_t jca__der_bits(const uint8_t *mag, size_t len)
{
	size_t i = 0, bits;
	unsigned top;

	while (i < len && mag[i] == 0)
		i++;
	if (i == len)
		return 0;
	bits = (len - i - 1) * 8;
	for (top = mag[i]; top; top >>= 1)
		bits++;
	return bits;
}

/* ---- writer ---- */

void jca__derw_init(jca__derw *w, uint8_t *buf, size_t cap)
{
	w->buf = buf;
	w->cap = buf ? cap : 0;
	w->len = 0;
	w->over = 0;
}

/* Room for n more bytes at the end? If not, stop writing, keep counting. */
static int room(jca__derw *w, size_t n)
{
	if (!w->buf || w->over)
		return 0;
	if (n > w->cap - w->len) {
		w->over = 1;
		return 0;
	}
	return 1;
}

void jca__derw_raw(jca__derw *w, const void *p, size_t n)
{
	if (n && room(w, n))
		memcpy(w->buf + w->len, p, n);
	w->len += n;
}

static size_t len_bytes(size_t n)
{
	size_t k = 0;

	if (n < 0x80)
		return 0;
	for (; n; n >>= 8)
		k++;
	return k;
}

static void put_len(uint8_t *at, size_t n)
{
	size_t k = len_bytes(n), i;

	if (k == 0) {
		at[0] = (uint8_t)n;
		return;
	}
	at[0] = (uint8_t)(0x80 | k);
	for (i = 0; i < k; i++)
		at[k - i] = (uint8_t)(n >> (8 * i));
}

static void header(jca__derw *w, unsigned tag, size_t n)
{
	uint8_t h[6];

	h[0] = (uint8_t)tag;
	put_len(h + 1, n);
	jca__derw_raw(w, h, 2 + len_bytes(n));
}

size_t jca__derw_open(jca__derw *w, unsigned tag)
{
	uint8_t h[2] = { (uint8_t)tag, 0 };

	jca__derw_raw(w, h, 2);        /* one length byte for now */
	return w->len;
}

void jca__derw_close(jca__derw *w, size_t mark)
{
	size_t n = w->len - mark, k = len_bytes(n);

	if (k && room(w, k))
		memmove(w->buf + mark + k, w->buf + mark, n);
	w->len += k;
	if (w->buf && !w->over)
		put_len(w->buf + mark - 1, n);
}

void jca__derw_prim(jca__derw *w, unsigned tag, const uint8_t *p, size_t n)
{
	header(w, tag, n);
	jca__derw_raw(w, p, n);
}

void jca__derw_uint(jca__derw *w, const uint8_t *mag, size_t n)
{
	static const uint8_t zero = 0;
	int pad;

	while (n > 1 && mag[0] == 0) {
		mag++;
		n--;
	}
	if (n == 0) {
		mag = &zero;
		n = 1;
	}
	pad = (mag[0] & 0x80) != 0;
	header(w, JCA__DER_INTEGER, n + (size_t)pad);
	if (pad)
		jca__derw_raw(w, &zero, 1);
	jca__derw_raw(w, mag, n);
}

void jca__derw_small(jca__derw *w, unsigned v)
{
	uint8_t b[4] = { (uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };

	jca__derw_uint(w, b, 4);
}

void jca__derw_bits(jca__derw *w, unsigned tag, const uint8_t *p, size_t n)
{
	static const uint8_t unused = 0;

	header(w, tag, n + 1);
	jca__derw_raw(w, &unused, 1);
	jca__derw_raw(w, p, n);
}

int jca__derw_finish(const jca__derw *w, size_t *len)
{
	*len = w->len;
	if (w->over)
		return jca__error(JCA_BUFSIZE, "DER: %zu bytes needed, the buffer holds %zu", w->len, w->cap);
	return 0;
}
