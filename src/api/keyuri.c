/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Keys named by where they are (jca/keystore.h): PKCS#11 URIs (RFC 7512)
 * through the KeyStore engine, and key files.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "key_int.h"
#include "keystore_int.h"
#include "../util/error.h"
#include "../util/ascii.h"

#define URI_MAX 4096
#define ATTRS_MAX 24
#define FILE_MAX (1u << 20)
#define SCHEME "pkcs11:"

typedef struct uri {
	char buf[URI_MAX + 1];
	const char *store[2 * ATTRS_MAX + 1];   /* name, value, ..., NULL */
	size_t nstore;
	jca__key_query q;
	int has_type;
	const char *seen[ATTRS_MAX];             /* names met, for duplicates */
	const char *value[ATTRS_MAX];            /* and their values */
	size_t vlen[ATTRS_MAX];
	size_t nseen;
} uri;

/* Attributes that name the store: handed to jca_keystore_impl.open. */
static const char *const store_path[] = {
	"token", "manufacturer", "serial", "model", "library-manufacturer", "library-description",
	"library-version", "slot-description", "slot-manufacturer", "slot-id", NULL
};
static const char *const store_query[] = { "module-name", "module-path", "pin-source", NULL };

static int listed(const char *const *list, const char *name)
{
	for (; *list; list++)
		if (strcmp(*list, name) == 0)
			return 1;
	return 0;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Percent-decodes s in place; *len its decoded length. -1: a bad escape. */
static int unescape(char *s, size_t *len)
{
	char *w = s, *start = s;
	int hi, lo;

	for (; *s; s++) {
		if (*s != '%') {
			*w++ = *s;
			continue;
		}
		if ((hi = hexval((unsigned char)s[1])) < 0 || (lo = hexval((unsigned char)s[2])) < 0)
			return -1;
		*w++ = (char)(hi << 4 | lo);
		s += 2;
	}
	*w = 0;
	*len = (size_t)(w - start);
	return 0;
}

static int bad(const char *text, const char *why, const char *what)
{
	return jca__error(JCA_EINVAL, "%.200s: %s%s%.60s%s", text, why, what ? "\"" : "", what ? what : "",
	                  what ? "\"" : "");
}

/* Whether an attribute of the pkcs11: URI text, path or query, is named
 * pin-value, in any case or percent-escaped ("pin%2dvalue"): then the URI
 * carries a PIN and is never repeated in a message. */
static int carries_pin(const char *text)
{
	static const char pin[] = "pin-value";
	const char *p = text + strlen(SCHEME);

	while (*p) {
		size_t k = 0;
		int same = 1;

		/* the attribute's name, decoded as it goes, against pin[] */
		for (; *p && *p != '=' && !strchr(";?&", *p); k++) {
			int c = (unsigned char)*p, hi, lo;

			if (c == '%' && (hi = hexval((unsigned char)p[1])) >= 0 &&
			    (lo = hexval((unsigned char)p[2])) >= 0) {
				c = hi << 4 | lo;
				p += 3;
			} else {
				p++;
			}
			if (k >= sizeof pin - 1 || jca__fold((char)c) != pin[k])
				same = 0;
		}
		if (same && k == sizeof pin - 1)
			return 1;
		p += strcspn(p, ";?&");     /* its value */
		if (*p)
			p++;
	}
	return 0;
}

static int kind_of(const char *v, unsigned *kind)
{
	if (strcmp(v, "private") == 0)
		*kind = JCA_KEY_PRIVATE;
	else if (strcmp(v, "public") == 0)
		*kind = JCA_KEY_PUBLIC;
	else if (strcmp(v, "secret-key") == 0)
		*kind = JCA_KEY_SECRET;
	else
		return -1;
	return 0;
}

/* One attribute "name=value" of the path (query 0) or the query. */
static int attribute(uri *u, const char *text, char *a, int query)
{
	char *eq = strchr(a, '=');
	size_t i, vlen = 0, nlen;
	char *v;

	if (!eq || eq == a)
		return bad(text, "an attribute is not name=value: ", a);
	*eq = 0;
	v = eq + 1;
	nlen = (size_t)(eq - a);
	for (i = 0; i < nlen; i++)
		if (!((a[i] >= 'a' && a[i] <= 'z') || (a[i] >= 'A' && a[i] <= 'Z') || (a[i] >= '0' && a[i] <= '9') ||
		      a[i] == '-'))
			return bad(text, "an attribute name has a character outside letters, digits and '-': ", a);
	for (i = 0; i < u->nseen; i++)
		if (strcmp(u->seen[i], a) == 0)
			return bad(text, "attribute given twice: ", a);
	if (u->nseen == ATTRS_MAX)
		return bad(text, "too many attributes", NULL);
	if (unescape(v, &vlen) != 0)
		return bad(text, "a bad %-escape in attribute ", a);
	u->seen[u->nseen] = a;
	u->value[u->nseen] = v;
	u->vlen[u->nseen++] = vlen;
	if (strcmp(a, "id") != 0 && memchr(v, 0, vlen))
		return bad(text, "a NUL byte in attribute ", a);
	if (strncmp(a, "x-", 2) == 0)
		return 0;                           /* a vendor's: not ours */
	if (listed(query ? store_query : store_path, a)) {
		u->store[u->nstore++] = a;
		u->store[u->nstore++] = v;
		return 0;
	}
	if (!query && strcmp(a, "object") == 0) {
		u->q.alias = v;
	} else if (!query && strcmp(a, "id") == 0) {
		u->q.id = (const uint8_t *)v;
		u->q.id_len = vlen;
	} else if (!query && strcmp(a, "type") == 0) {
		if (strcmp(v, "cert") == 0 || strcmp(v, "data") == 0)
			return bad(text, "names no key: type=", v);
		if (kind_of(v, &u->q.kind) != 0)
			return bad(text, "type is public, private, secret-key, cert or data, not ", v);
		u->has_type = 1;
	} else {
		return bad(text, query ? "unknown query attribute " : "unknown path attribute ", a);
	}
	return 0;
}

static int parse(const char *text, uri *u)
{
	char *p, *query, *next;
	size_t n = strlen(text);
	int rc;

	memset(u, 0, sizeof *u);
	if (n > URI_MAX)
		return jca__error(JCA_EINVAL, "a URI of %zu bytes (at most %u)", n, URI_MAX);
	/* first, so that no message about the URI repeats the PIN */
	if (carries_pin(text))
		return jca__error(JCA_EINVAL, "a pkcs11: URI may not carry a PIN (pin-value; the URI is not repeated "
		                  "here): the provider reads the PIN from the file or environment variable its "
		                  "configuration names (jca.provider.NAME.pin.file or .pin.env)");
	memcpy(u->buf, text, n + 1);
	u->q.text = text;
	p = u->buf + strlen(SCHEME);
	if ((query = strchr(p, '?')) != NULL)
		*query++ = 0;
	for (; p && *p; p = next) {
		if ((next = strchr(p, ';')) != NULL)
			*next++ = 0;
		if ((rc = attribute(u, text, p, 0)) != 0)
			return rc;
	}
	for (p = query; p && *p; p = next) {
		if ((next = strchr(p, '&')) != NULL)
			*next++ = 0;
		if ((rc = attribute(u, text, p, 1)) != 0)
			return rc;
	}
	u->store[u->nstore] = NULL;
	return 0;
}

static int is_uri(const char *s)
{
	return jca__name_eqn(s, SCHEME, strlen(SCHEME));
}

int keystore_open_uri(const char *text, keystore_ctx **ks)
{
	uri *u;
	int rc;

	if (ks)
		*ks = NULL;
	if (!text || !ks)
		return jca__error(JCA_EINVAL, "keystore_open_uri: NULL %s", text ? "output" : "URI");
	if (!is_uri(text))
		return jca__error(JCA_EINVAL, "keystore_open_uri: not a pkcs11: URI (the text is not repeated: it "
		                  "may hold a secret)");
	if (!(u = malloc(sizeof *u)))
		return jca__error(JCA_ENOMEM, "out of memory reading a URI");
	if ((rc = parse(text, u)) == 0)
		rc = jca__keystore_open("PKCS11", u->nstore ? u->store : NULL, text, ks);
	free(u);
	return rc;
}

static int load_uri(const char *text, unsigned kind, jca_key **key)
{
	keystore_ctx *ks = NULL;
	size_t i = 0;
	uri *u;
	int rc;

	if (!(u = malloc(sizeof *u)))
		return jca__error(JCA_ENOMEM, "out of memory reading a URI");
	if ((rc = parse(text, u)) == 0) {
		if (!u->has_type)
			u->q.kind = kind;
		/* without attributes: the first provider's store, as keystore_get_instance */
		rc = jca__keystore_open("PKCS11", u->nstore ? u->store : NULL, text, &ks);
	}
	if (rc == 0 && (rc = jca__keystore_find(ks, &u->q, &i)) == 0)
		rc = keystore_get_key_at(ks, i, key);
	keystore_free(ks);
	free(u);
	return rc;
}

static int load_file(const char *path, jca_key **key)
{
	struct stat st;
	uint8_t *buf = NULL;
	size_t got = 0;
	ssize_t r;
	int fd, rc;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return jca__error(JCA_IO, "%.200s: %s", path, strerror(errno));
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > FILE_MAX) {
		rc = jca__error(JCA_IO, "%.200s: %s", path, !S_ISREG(st.st_mode) ? "not a regular file"
		                : "larger than a key file can be (1 MiB)");
		close(fd);
		return rc;
	}
	if (!(buf = malloc((size_t)st.st_size + 1))) {
		close(fd);
		return jca__error(JCA_ENOMEM, "out of memory reading %.200s", path);
	}
	while (got < (size_t)st.st_size && ((r = read(fd, buf + got, (size_t)st.st_size - got)) > 0 ||
	                                    (r < 0 && errno == EINTR)))
		got += r > 0 ? (size_t)r : 0;
	close(fd);
	rc = got == (size_t)st.st_size ? jca_key_decode(buf, got, key)
	     : jca__error(JCA_IO, "%.200s: a short read", path);
	jca__wipe(buf, (size_t)st.st_size + 1);
	free(buf);
	return rc;
}

int jca_key_load_kind(const char *location, unsigned kind, jca_key **key)
{
	if (key)
		*key = NULL;
	if (!location || !key)
		return jca__error(JCA_EINVAL, "jca_key_load: NULL %s", location ? "output" : "location");
	if (kind > JCA_KEY_SECRET)
		return jca__error(JCA_EINVAL, "jca_key_load: kind %u", kind);
	return is_uri(location) ? load_uri(location, kind, key) : load_file(location, key);
}

int jca_uri_attribute(const char *text, const char *name, char *out, size_t out_size, size_t *out_len)
{
	size_t i;
	uri *u;
	int rc;

	if (out_len)
		*out_len = 0;
	if (!text || !name || !out_len || (!out && out_size))
		return jca__error(JCA_EINVAL, "jca_uri_attribute: NULL %s", !text ? "URI" : !name ? "name" : "output");
	if (!is_uri(text))
		return jca__error(JCA_EINVAL, "jca_uri_attribute: not a pkcs11: URI (the text is not repeated: it "
		                  "may hold a secret)");
	if (!(u = malloc(sizeof *u)))
		return jca__error(JCA_ENOMEM, "out of memory reading a URI");
	if ((rc = parse(text, u)) == 0) {
		for (i = 0; i < u->nseen && strcmp(u->seen[i], name) != 0; i++)
			;
		if (i == u->nseen)
			rc = jca__error(JCA_NOTFOUND, "%.200s has no attribute %.60s", text, name);
		for (; i < u->nseen; i++) {
			if (strcmp(u->seen[i], name) != 0)
				continue;
			*out_len = u->vlen[i];
			if (u->vlen[i] > out_size || (u->vlen[i] == out_size && strcmp(name, "id") != 0)) {
				rc = jca__error(JCA_BUFSIZE, "jca_uri_attribute: %s needs %zu bytes", name, u->vlen[i] + 1);
			} else {
				if (u->vlen[i])   /* out may be NULL for an empty value */
					memcpy(out, u->value[i], u->vlen[i]);
				if (u->vlen[i] < out_size)
					out[u->vlen[i]] = 0;
				rc = 0;
			}
			break;
		}
	}
	jca__wipe(u, sizeof *u);
	free(u);
	return rc;
}

int jca_key_load(const char *location, jca_key **key)
{
	return jca_key_load_kind(location, 0, key);
}
