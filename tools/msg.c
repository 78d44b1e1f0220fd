/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca: messages on stderr, and the escaping that keeps control bytes from
 * input, files, plugins and the library away from the terminal.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

void msg(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("jca: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

const char *esc_text(const char *s, int keep_backslash)
{
	static char bufs[4][4096];
	static unsigned next;
	char *b = bufs[next++ % 4], *o = b;
	const unsigned char *c = (const unsigned char *)(s ? s : "");

	/* room for one escape (4) and for "..." and the NUL (4) */
	for (; *c && o < b + sizeof bufs[0] - 8; c++) {
		if (*c == '\\' && !keep_backslash) {
			*o++ = '\\';
			*o++ = '\\';
		} else if (*c >= 0x20 && *c < 0x7f) {
			*o++ = (char)*c;
		} else {
			o += snprintf(o, 5, "\\x%02x", *c);
		}
	}
	strcpy(o, *c ? "..." : "");
	return b;
}

int has_control(const char *s)
{
	const unsigned char *c;

	for (c = (const unsigned char *)s; *c; c++)
		if (*c < 0x20 || *c == 0x7f)
			return 1;
	return 0;
}

const char *last_error(void)
{
	return esc_text(jca_last_error_message(), 1);
}

static int harmless(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       strchr("._/+,:@%^=-", c) != NULL || c >= 0x80;
}

const char *quote_name(const char *name)
{
	static char bufs[4][4100];      /* an esc() result and two quotes */
	static unsigned next;
	char *b = bufs[next++ % 4];
	const char *c;
	size_t n = 0;

	for (c = name; *c && harmless((unsigned char)*c); c++)
		;
	if (!*c && *name)
		return name;
	if (has_control(name)) {
		snprintf(b, sizeof bufs[0], "'%s'", esc(name));
		return b;
	}
	/* Single quotes; a quote inside becomes '\'' as in the shell. */
	b[n++] = '\'';
	for (c = name; *c && n < sizeof bufs[0] - 6; c++) {
		if (*c == '\'') {
			memcpy(b + n, "'\\''", 4);
			n += 4;
		} else {
			b[n++] = *c;
		}
	}
	b[n++] = '\'';
	b[n] = 0;
	return b;
}

const char *input_label(const char *name)
{
	return strcmp(name, "-") ? name : "standard input";
}

void file_error(const char *name, int errnum)
{
	msg("%s: %s", quote_name(input_label(name)), strerror(errnum));
}

void try_help(const char *cmd)
{
	fprintf(stderr, "Try 'jca %s%s--help' for more information.\n", cmd ? cmd : "", cmd ? " " : "");
}
