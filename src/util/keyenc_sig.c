/* SPDX-License-Identifier: Apache-2.0 */
/* ECDSA signatures, DER SEQUENCE { r, s } <-> P1363 r || s. See keyenc.h. */
#include <string.h>

#include "jca/common.h"
#include "error.h"
#include "der.h"
#include "keyenc.h"

static int field_ok(size_t field_bytes)
{
	return field_bytes > 0 && field_bytes <= 66;
}

/* One of r, s: positive, at most field_bytes, left-padded into out. */
static int read_half(jca__der *d, size_t fb, uint8_t *out, const char *what)
{
	const uint8_t *m;
	size_t n, off = d->off;
	int r = jca__der_read_uint(d, &m, &n, what);

	if (r)
		return r;
	if (n == 1 && m[0] == 0)
		return jca__error(JCA_EINVAL, "DER: ECDSA %s at offset %zu is zero", what, off);
	if (n > fb)
		return jca__error(JCA_EINVAL, "DER: ECDSA %s at offset %zu has %zu bytes, more than the field's %zu",
				  what, off, n, fb);
	memset(out, 0, fb - n);
	memcpy(out + fb - n, m, n);
	return 0;
}

int jca__ecdsa_sig_to_p1363(const uint8_t *der, size_t len, size_t field_bytes, uint8_t *out)
{
	jca__der d, s;
	int r;

	if (!der || !out || !field_ok(field_bytes) || len > JCA__DER_MAX)
		return jca__error(JCA_EINVAL, "ECDSA signature: NULL buffer, bad field size or too long");
	jca__der_init(&d, der, len);
	if ((r = jca__der_read(&d, JCA__DER_SEQUENCE, &s, "ECDSA-Sig-Value")) != 0 ||
	    (r = read_half(&s, field_bytes, out, "r")) != 0 ||
	    (r = read_half(&s, field_bytes, out + field_bytes, "s")) != 0 ||
	    (r = jca__der_end(&s, "ECDSA-Sig-Value")) != 0 || (r = jca__der_end(&d, "ECDSA-Sig-Value")) != 0)
		return r;
	return 0;
}

static int is_zero(const uint8_t *p, size_t n)
{
	uint8_t acc = 0;

	while (n--)
		acc |= *p++;
	return acc == 0;
}

int jca__ecdsa_sig_from_p1363(const uint8_t *rs, size_t field_bytes, uint8_t *out, size_t cap, size_t *len)
{
	jca__derw w;
	size_t m;

	*len = 0;
	if (!rs || !field_ok(field_bytes))
		return jca__error(JCA_EINVAL, "ECDSA signature: NULL input or bad field size");
	if (is_zero(rs, field_bytes) || is_zero(rs + field_bytes, field_bytes))
		return jca__error(JCA_EINVAL, "ECDSA signature: r or s is zero");
	jca__derw_init(&w, out, cap);
	m = jca__derw_open(&w, JCA__DER_SEQUENCE);
	jca__derw_uint(&w, rs, field_bytes);
	jca__derw_uint(&w, rs + field_bytes, field_bytes);
	jca__derw_close(&w, m);
	return jca__derw_finish(&w, len);
}
