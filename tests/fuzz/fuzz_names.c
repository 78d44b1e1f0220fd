/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer target: engine lookups on arbitrary names.
 *
 * The input is split at its first NUL byte into NAME and PROVIDER (both
 * NUL-terminated copies in exactly-sized heap blocks, so AddressSanitizer
 * sees any read past the end). Every engine's get_instance (and _from, and
 * md_lookup) is called on NAME; whatever succeeds is used once and freed.
 * Checked properties:
 *  - a failure returns NULL with a non-zero last error from the JCA_* table
 *    and a message that is a string that fits the library's message buffer
 *    (two PATH_MAX paths and text) with no control byte in it;
 *  - names are ASCII case-insensitive: if NAME resolves, its ASCII upper-
 *    and lower-case forms resolve to the same canonical algorithm.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "../outlen.h"

static char *dup_n(const uint8_t *p, size_t n)
{
	char *s = malloc(n + 1);

	if (!s)
		abort();
	memcpy(s, p, n);
	s[n] = 0;
	return s;
}

static void check_error(void)
{
	int e = jca_last_error();
	const char *msg = jca_last_error_message(), *c;

	if (e >= 0 || e < JCA_INTERNAL || !msg || strlen(msg) >= 2 * 4096 + 1024 ||
	    strcmp(jca_error_name(e), "JCA_UNKNOWN") == 0)
		abort();
	for (c = msg; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			abort();                  /* a name's control bytes reach the message raw */
}

static void fold(char *s, int upper)
{
	for (; *s; s++) {
		if (upper && *s >= 'a' && *s <= 'z')
			*s = (char)(*s - 32);
		else if (!upper && *s >= 'A' && *s <= 'Z')
			*s = (char)(*s + 32);
	}
}

static void try_md(const char *name, const char *prov)
{
	md_ctx *md = prov ? md_get_instance_from(name, prov) : md_get_instance(name);
	uint8_t out[200];

	if (!md) {
		check_error();
		return;
	}
	md_update(md, name, strlen(name));
	if (tu_digest(md, out, sizeof out) <= 0)
		abort();
	if (!md_algorithm(md) || !md_provider(md) || !md_implementation(md))
		abort();
	if (!prov) {
		/* case-insensitivity */
		char *u = strdup(name), *l = strdup(name);
		md_ctx *a, *b;

		fold(u, 1);
		fold(l, 0);
		a = md_get_instance(u);
		b = md_get_instance(l);
		if (!a || !b || strcmp(md_algorithm(a), md_algorithm(md)) || strcmp(md_algorithm(b), md_algorithm(md)))
			abort();
		md_free(a);
		md_free(b);
		free(u);
		free(l);
	}
	md_free(md);
}

static void try_cipher(const char *name, const char *prov)
{
	cipher_ctx *c = prov ? cipher_get_instance_from(name, prov) : cipher_get_instance(name);
	static const uint8_t key[32] = { 1, 2, 3 }, iv[32] = { 4, 5, 6 };
	uint8_t out[96];
	size_t n, k;

	if (!c) {
		check_error();
		return;
	}
	if (!cipher_algorithm(c) || !cipher_provider(c) || !cipher_implementation(c))
		abort();
	for (k = 16; k <= 32; k += 8) {
		if (cipher_init(c, JCA_ENCRYPT, key, k, cipher_iv_length(c) ? iv : NULL, cipher_iv_length(c)) != 0)
			continue;
		if (cipher_do_final(c, key, 32, out, sizeof out, &n) != 0 || n > sizeof out)
			abort();
		break;
	}
	if (!prov) {
		char *u = strdup(name);
		cipher_ctx *a;

		fold(u, 1);
		a = cipher_get_instance(u);
		if (!a || strcmp(cipher_algorithm(a), cipher_algorithm(c)))
			abort();
		cipher_free(a);
		free(u);
	}
	cipher_free(c);
}

static void try_mac(const char *name, const char *prov)
{
	mac_ctx *m = prov ? mac_get_instance_from(name, prov) : mac_get_instance(name);
	uint8_t out[128];

	if (!m) {
		check_error();
		return;
	}
	if (mac_init(m, name, strlen(name)) != 0 || mac_update(m, "x", 1) != 0)
		abort();
	if (tu_mac_final(m, out, sizeof out) != (int)mac_length(m))
		abort();
	if (!prov) {
		char *l = strdup(name);
		mac_ctx *a;

		fold(l, 0);
		a = mac_get_instance(l);
		if (!a || strcmp(mac_algorithm(a), mac_algorithm(m)))
			abort();
		mac_free(a);
		free(l);
	}
	mac_free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, 0, size);
	size_t nlen = nul ? (size_t)(nul - data) : size;
	char *name = dup_n(data, nlen);
	char *prov = nul ? dup_n(nul + 1, size - nlen - 1) : NULL;
	const md_handle *h;

	try_md(name, NULL);
	try_cipher(name, NULL);
	try_mac(name, NULL);
	h = md_lookup(name);
	if (h)
		md_free(md_new(h));
	else
		check_error();
	(void)jca_provider_find(name);
	if (prov) {
		/* the second part names a provider, or is a second name */
		try_md(name, prov);
		try_cipher(name, prov);
		try_mac(name, prov);
		try_md(prov, NULL);
		try_cipher(prov, NULL);
		try_mac(prov, NULL);
		(void)jca_provider_find(prov);
	}
	free(name);
	free(prov);
	return 0;
}
