/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer target: PKCS#11 URIs (RFC 7512) as jca_key_load,
 * keystore_open_uri and jca_uri_attribute read them (src/api/keyuri.c).
 *
 * The input, after "pkcs11:", is the URI (a NUL-terminated copy in an
 * exactly-sized heap block, so AddressSanitizer sees any read past it).
 * No provider offers a KeyStore here, so a URI that parses ends at
 * "no store" (JCA_NOALG). Checked properties:
 *  - the three calls agree: a URI jca_uri_attribute refuses (JCA_EINVAL)
 *    is refused by jca_key_load and keystore_open_uri, and one it takes
 *    gets JCA_NOALG from both, never a crash or another code;
 *  - an attribute's value is never longer than the URI, and a text value
 *    fits the buffer with its NUL; a too-small buffer gives JCA_BUFSIZE
 *    with the length the next call is satisfied with;
 *  - errors leave a message without control bytes;
 *  - a PIN is never repeated: the input behind "pkcs11:pin-value=PIN;"
 *    is refused by jca_key_load and keystore_open_uri, and the message
 *    does not hold the PIN (issue 33).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"

static void check_error(int rc)
{
	const char *msg = jca_last_error_message(), *c;

	if (rc >= 0 || jca_last_error() != rc || !msg || !*msg)
		abort();
	for (c = msg; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			abort();
}

#define PIN "Zq7x-not-a-real-pin"

/* pkcs11:pin-value=PIN;<data>: refused, the PIN in no message */
static void check_pin_hidden(const uint8_t *data, size_t size)
{
	static const char head[] = "pkcs11:pin-value=" PIN ";";
	size_t len = sizeof head - 1 + size;
	char *uri = malloc(len + 1);
	keystore_ctx *ks = NULL;
	jca_key *key = NULL;
	int rc;

	if (!uri)
		abort();
	memcpy(uri, head, sizeof head - 1);
	memcpy(uri + sizeof head - 1, data, size);
	uri[len] = 0;
	rc = jca_key_load(uri, &key);
	if (rc >= 0 || key || strstr(jca_last_error_message(), PIN))
		abort();
	rc = keystore_open_uri(uri, &ks);
	if (rc >= 0 || ks || strstr(jca_last_error_message(), PIN))
		abort();
	free(uri);
}

static const char *const names[] = { "object", "id", "token", "type", "module-path", "pin-value", "x-a" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char out[8192];
	size_t n, m, i, len = 7 + size;
	char *uri = malloc(len + 1);
	keystore_ctx *ks = NULL;
	jca_key *key = NULL;
	int rc, parsed = -1;

	if (!uri)
		abort();
	memcpy(uri, "pkcs11:", 7);
	memcpy(uri + 7, data, size);
	uri[len] = 0;
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		rc = jca_uri_attribute(uri, names[i], out, sizeof out, &n);
		if (rc == 0) {
			if (n > strlen(uri) || (strcmp(names[i], "id") != 0 && (n >= sizeof out || strlen(out) != n)))
				abort();
			if (n > 0) {
				if (jca_uri_attribute(uri, names[i], out, n - 1, &m) != JCA_BUFSIZE || m != n)
					abort();
				check_error(JCA_BUFSIZE);
			}
		} else if (rc != JCA_NOTFOUND && rc != JCA_EINVAL && rc != JCA_BUFSIZE) {
			abort();
		} else {
			check_error(rc);
		}
		if (parsed < 0)
			parsed = rc != JCA_EINVAL;
		else if (parsed != (rc != JCA_EINVAL))
			abort();                      /* one URI, one answer */
		if (!strcmp(names[i], "pin-value") && rc == 0)
			abort();                      /* refused, in the path or the query */
	}
	rc = jca_key_load(uri, &key);
	if (key || (parsed == 0 && rc != JCA_EINVAL) || (parsed == 1 && rc != JCA_NOALG))
		abort();
	check_error(rc);
	rc = keystore_open_uri(uri, &ks);
	if (ks || (parsed == 0 && rc != JCA_EINVAL) || (parsed == 1 && rc != JCA_NOALG))
		abort();
	check_error(rc);
	free(uri);
	check_pin_hidden(data, size);
	return 0;
}
