/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca: JSON string literals for jca list --json.
 */
#define _GNU_SOURCE
#include <stdio.h>

#include "cli.h"

/* Length of the valid UTF-8 sequence at s, or 0 if invalid. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n, i;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return n;
}

void json_string(FILE *f, const char *s)
{
	const unsigned char *c = (const unsigned char *)s;

	if (!s) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	while (*c) {
		size_t n;

		switch (*c) {
		case '"': fputs("\\\"", f); c++; continue;
		case '\\': fputs("\\\\", f); c++; continue;
		case '\n': fputs("\\n", f); c++; continue;
		case '\r': fputs("\\r", f); c++; continue;
		case '\t': fputs("\\t", f); c++; continue;
		default: break;
		}
		if (*c < 0x20 || *c == 0x7f) {
			fprintf(f, "\\u%04x", *c);
			c++;
			continue;
		}
		n = utf8_len(c);
		if (!n) {
			fputs("\\ufffd", f);
			c++;
			continue;
		}
		fwrite(c, 1, n, f);
		c += n;
	}
	fputc('"', f);
}
