/* SPDX-License-Identifier: Apache-2.0 */
/* PEM armor and constant-time base64. See pem.h. */
#include <string.h>

#include "jca/common.h"
#include "error.h"
#include "der.h"
#include "pem.h"

/* 1 when lo <= c <= hi, computed without a branch or a table (c is a
 * character of a private key's text). */
static unsigned in_range(int c, int lo, int hi)
{
	return ((unsigned)(lo - 1 - c) & (unsigned)(c - hi - 1)) >> 31;
}

/* The value of a base64 character, or -1; constant time. */
static int b64_value(int c)
{
	int v = -1;

	v += (int)(0u - in_range(c, 'A', 'Z')) & (c - 'A' + 1);
	v += (int)(0u - in_range(c, 'a', 'z')) & (c - 'a' + 27);
	v += (int)(0u - in_range(c, '0', '9')) & (c - '0' + 53);
	v += (int)(0u - in_range(c, '+', '+')) & 63;
	v += (int)(0u - in_range(c, '/', '/')) & 64;
	return v;
}

/* The base64 character of 0 <= v < 64; constant time. */
static char b64_char(unsigned v)
{
	unsigned c = v + 'A';

	c += (0u - ((25u - v) >> 31)) & 6;      /* v >= 26: 'a'.. */
	c -= (0u - ((51u - v) >> 31)) & 75;     /* v >= 52: '0'.. */
	c -= (0u - ((61u - v) >> 31)) & 15;     /* 62: '+' */
	c += (0u - ((62u - v) >> 31)) & 3;      /* 63: '/' */
	return (char)c;
}

static int label_char(int c)
{
	return c >= 0x21 && c <= 0x7e && c != '-';
}

int jca__pem_label_is(const char *label, size_t len, const char *want)
{
	return strlen(want) == len && memcmp(label, want, len) == 0;
}

/* Checks a label (RFC 7468: label characters, single '-' or ' ' between them). */
static int label_ok(const char *l, size_t n)
{
	size_t i;

	if (n == 0 || n > JCA__PEM_MAX_LABEL)
		return 0;
	for (i = 0; i < n; i++) {
		if (label_char((unsigned char)l[i]))
			continue;
		if ((l[i] != '-' && l[i] != ' ') || i == 0 || i + 1 == n || !label_char((unsigned char)l[i + 1]))
			return 0;
	}
	return 1;
}

struct scan {
	const char *t;
	size_t len, pos;
	unsigned line;
};

static int at(const struct scan *s, const char *lit)
{
	size_t n = strlen(lit);

	return s->len - s->pos >= n && memcmp(s->t + s->pos, lit, n) == 0;
}

static void skip_space(struct scan *s)
{
	while (s->pos < s->len) {
		char c = s->t[s->pos];

		if (c == '\n')
			s->line++;
		else if (c != ' ' && c != '\t' && c != '\r')
			return;
		s->pos++;
	}
}

/* Trailing spaces or tabs, then LF or CRLF. */
static int eol(struct scan *s, const char *after)
{
	while (s->pos < s->len && (s->t[s->pos] == ' ' || s->t[s->pos] == '\t'))
		s->pos++;
	if (at(s, "\r\n"))
		s->pos++;
	if (at(s, "\n")) {
		s->pos++;
		s->line++;
		return 0;
	}
	if (s->pos == s->len)
		return jca__error(JCA_EINVAL, "PEM: line %u: end of text after %s", s->line, after);
	return jca__error(JCA_EINVAL, "PEM: line %u: character 0x%02x after %s", s->line,
			  (unsigned char)s->t[s->pos], after);
}

/* "-----BEGIN label-----" or "-----END label-----". */
static int marker(struct scan *s, const char *kind, const char **label, size_t *llen)
{
	size_t start;

	if (!at(s, "-----") || (s->pos += 5, !at(s, kind)) || (s->pos += strlen(kind), !at(s, " ")))
		return jca__error(JCA_EINVAL, "PEM: line %u: expected \"-----%s \"", s->line, kind);
	start = ++s->pos;
	while (s->pos < s->len && s->pos - start <= JCA__PEM_MAX_LABEL && !at(s, "-----"))
		s->pos++;
	if (!at(s, "-----") || !label_ok(s->t + start, s->pos - start))
		return jca__error(JCA_EINVAL, "PEM: line %u: bad %s label (RFC 7468 characters, at most %d, "
				  "then \"-----\")", s->line, kind, JCA__PEM_MAX_LABEL);
	*label = s->t + start;
	*llen = s->pos - start;
	s->pos += 5;
	return 0;
}

struct sink {
	uint8_t *der;
	size_t cap, n;
	int over;
};

static void put(struct sink *k, uint32_t b)
{
	if (k->der && k->n < k->cap)
		k->der[k->n] = (uint8_t)b;
	else if (k->der)
		k->over = 1;
	k->n++;
}

/* The base64 lines up to "-----END". */
static int body(struct scan *s, struct sink *k)
{
	uint32_t acc = 0, junk = 0;
	unsigned nq = 0, pad = 0, done = 0;
	int r = 0;

	while (!r && !at(s, "-----END ")) {
		size_t n = 0;

		if (s->pos == s->len)
			return jca__error(JCA_EINVAL, "PEM: line %u: no \"-----END\" line", s->line);
		if (done)
			return jca__error(JCA_EINVAL, "PEM: line %u: data after the base64 padding", s->line);
		for (; s->pos < s->len; s->pos++, n++) {
			int c = (unsigned char)s->t[s->pos], v = b64_value(c);

			if (v < 0 && c != '=')
				break;
			if (done || (v >= 0 && pad))
				return jca__error(JCA_EINVAL, "PEM: line %u: base64 after its padding", s->line);
			if (v < 0 && ++pad && nq < 2)
				return jca__error(JCA_EINVAL, "PEM: line %u: misplaced '='", s->line);
			acc = (acc << 6) | (uint32_t)(v & 63);
			if (++nq < 4)
				continue;
			/* a whole quad: 3 bytes, or 2 or 1 before padding whose bits must be zero */
			put(k, acc >> 16);
			if (pad < 2)
				put(k, acc >> 8);
			if (pad < 1)
				put(k, acc);
			junk |= pad == 1 ? (acc >> 6) & 3 : pad == 2 ? (acc >> 12) & 15 : 0;
			done = pad != 0;
			acc = 0;
			nq = 0;
		}
		if (n == 0)
			r = jca__error(JCA_EINVAL, "PEM: line %u: expected base64 or \"-----END\", found 0x%02x",
				       s->line, (unsigned char)s->t[s->pos]);
		else if (n > JCA__PEM_MAX_LINE)
			r = jca__error(JCA_EINVAL, "PEM: line %u: %zu characters, more than %d", s->line, n,
				       JCA__PEM_MAX_LINE);
		else
			r = eol(s, "base64");
	}
	acc = 0;
	if (r)
		return r;
	if (nq != 0)
		return jca__error(JCA_EINVAL, "PEM: base64 length not a multiple of 4 (padding missing)");
	if (junk)
		return jca__error(JCA_EINVAL, "PEM: base64 with nonzero bits after its last byte");
	if (k->n == 0)
		return jca__error(JCA_EINVAL, "PEM: no data between BEGIN and END");
	if (k->n > JCA__DER_MAX)
		return jca__error(JCA_EINVAL, "PEM: more than %d bytes of data", JCA__DER_MAX);
	return 0;
}

int jca__pem_decode(const char *text, size_t len, const char **label_out, size_t *label_len,
		    uint8_t *der, size_t cap, size_t *der_len)
{
	struct scan s = { text, len, 0, 1 };
	struct sink k = { der, der ? cap : 0, 0, 0 };
	const char *label, *end_label;
	size_t llen, end_llen;
	int r;

	*der_len = 0;
	if (!text || len > JCA__PEM_MAX_TEXT)
		return jca__error(JCA_EINVAL, "PEM: %s", text ? "text longer than 128 KiB" : "NULL text");
	skip_space(&s);
	r = marker(&s, "BEGIN", &label, &llen);
	if (!r)
		r = eol(&s, "the BEGIN line");
	if (!r)
		r = body(&s, &k);
	if (!r)
		r = marker(&s, "END", &end_label, &end_llen);
	if (!r && (end_llen != llen || memcmp(label, end_label, llen) != 0))
		r = jca__error(JCA_EINVAL, "PEM: line %u: END label \"%.*s\" does not match BEGIN \"%.*s\"",
			       s.line, (int)end_llen, end_label, (int)llen, label);
	if (!r) {
		skip_space(&s);
		if (s.pos != s.len)
			r = jca__error(JCA_EINVAL, "PEM: line %u: data after the END line", s.line);
	}
	if (!r && k.over)
		r = jca__error(JCA_BUFSIZE, "PEM: %zu bytes of DER, the buffer holds %zu", k.n, cap);
	if (r) {
		if (der)
			jca__wipe(der, k.n < cap ? k.n : cap);
		if (r == JCA_BUFSIZE)
			*der_len = k.n;
		return r;
	}
	*label_out = label;
	*label_len = llen;
	*der_len = k.n;
	return 0;
}

int jca__pem_encode(const char *label, const uint8_t *der, size_t len, char *out, size_t cap, size_t *out_len)
{
	size_t ll, chars, need, i, o = 0;

	*out_len = 0;
	if (!label || !label_ok(label, strlen(label)))
		return jca__error(JCA_EINVAL, "PEM: bad label");
	if (!der || len == 0 || len > JCA__DER_MAX)
		return jca__error(JCA_EINVAL, "PEM: no data or more than %d bytes", JCA__DER_MAX);
	ll = strlen(label);
	chars = (len + 2) / 3 * 4;
	/* "-----BEGIN " label "-----\n", the lines, "-----END " label "-----\n" */
	need = 11 + ll + 6 + chars + (chars + 63) / 64 + 9 + ll + 6;
	*out_len = need;
	if (!out)
		return 0;
	if (cap < need)
		return jca__error(JCA_BUFSIZE, "PEM: %zu bytes needed, the buffer holds %zu", need, cap);
	memcpy(out + o, "-----BEGIN ", 11), o += 11;
	memcpy(out + o, label, ll), o += ll;
	memcpy(out + o, "-----\n", 6), o += 6;
	for (i = 0; i < len; i += 3) {
		uint32_t v = (uint32_t)der[i] << 16;
		size_t q = i / 3 * 4;

		if (i + 1 < len)
			v |= (uint32_t)der[i + 1] << 8;
		if (i + 2 < len)
			v |= der[i + 2];
		out[o++] = b64_char(v >> 18);
		out[o++] = b64_char((v >> 12) & 63);
		out[o++] = i + 1 < len ? b64_char((v >> 6) & 63) : '=';
		out[o++] = i + 2 < len ? b64_char(v & 63) : '=';
		if ((q + 4) % 64 == 0 || q + 4 == chars)
			out[o++] = '\n';
	}
	memcpy(out + o, "-----END ", 9), o += 9;
	memcpy(out + o, label, ll), o += ll;
	memcpy(out + o, "-----\n", 6), o += 6;
	return 0;
}
