/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca: values from the command line - hex, counts, seconds - and keys
 * (-K HEX, --key-file), wiped when freed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int parse_hex(const char *hex, uint8_t **out, size_t *len)
{
	size_t n = strlen(hex), i;
	uint8_t *b;

	if (n % 2)
		return -1;
	for (i = 0; i < n; i++)
		if (hexval(hex[i]) < 0)
			return -1;
	b = malloc(n / 2 + 1);
	if (!b)
		return -1;
	for (i = 0; i < n / 2; i++)
		b[i] = (uint8_t)(hexval(hex[2 * i]) << 4 | hexval(hex[2 * i + 1]));
	*out = b;
	*len = n / 2;
	return 0;
}

int parse_hex_arg(const char *cmd, const char *opt, const char *what, const char *hex, uint8_t **out,
                  size_t *len)
{
	size_t i = strspn(hex, "0123456789abcdefABCDEF");
	char bad[2] = { hex[i], 0 };

	if (hex[i]) {
		fprintf(stderr, "jca %s: %s: the %s is not hexadecimal ('%s' at position %zu)\n", cmd, opt, what,
		        esc(bad), i + 1);
		return -1;
	}
	if (i % 2) {
		fprintf(stderr, "jca %s: %s: the %s has an odd number of hex digits (%zu)\n", cmd, opt, what, i);
		return -1;
	}
	if (parse_hex(hex, out, len) != 0) {
		msg("out of memory");
		return -1;
	}
	return 0;
}

void to_hex(const uint8_t *in, size_t len, char *out)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < len; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 15];
	}
	out[2 * len] = 0;
}

/* A decimal number with an optional suffix: binary multiples (k, m, g, in
 * either case: 2^10, 2^20, 2^30) or decimal ones (k or K 1000, M 10^6). */
static int parse_scaled(const char *s, uint64_t *out, int decimal)
{
	char *end;
	unsigned long long v;
	uint64_t mult = 1;

	if (!*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s)
		return -1;
	switch (*end) {
	case 0: break;
	case 'k': case 'K': mult = decimal ? 1000 : 1u << 10; end++; break;
	case 'M': mult = decimal ? 1000000 : 1u << 20; end++; break;
	case 'm': if (decimal) return -1; mult = 1u << 20; end++; break;
	case 'g': case 'G': if (decimal) return -1; mult = 1u << 30; end++; break;
	default: return -1;
	}
	if (*end || v > UINT64_MAX / mult)
		return -1;
	*out = (uint64_t)v * mult;
	return 0;
}

int parse_count(const char *s, uint64_t *out)
{
	return parse_scaled(s, out, 0);
}

int parse_decimal_count(const char *s, uint64_t *out)
{
	return parse_scaled(s, out, 1);
}

int parse_seconds(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v > 0) || v > 86400)
		return -1;
	*out = v;
	return 0;
}

void free_secret(void *p, size_t len)
{
	if (p) {
		explicit_bzero(p, len);
		free(p);
	}
}

#define MAX_KEY_FILE (64 * 1024)

/* Reads a whole key file (raw bytes). 0, or -1 after printing why. */
static int read_key_file(const char *cmd, const char *path, uint8_t **key, size_t *len)
{
	uint8_t *buf = malloc(MAX_KEY_FILE + 1);
	int fd = buf ? open_input(path, NULL) : -1;
	ssize_t n;

	if (!buf) {
		msg("out of memory");
		return -1;
	}
	if (fd < 0) {
		file_error(path, errno);
		free(buf);
		return -1;
	}
	n = read_full(fd, buf, MAX_KEY_FILE + 1);
	if (n < 0)
		file_error(path, errno);
	else if (n > MAX_KEY_FILE)
		msg("%s: key file larger than %d bytes", quote_name(path), MAX_KEY_FILE);
	close_input(fd);
	if (n < 0 || n > MAX_KEY_FILE) {
		free_secret(buf, MAX_KEY_FILE + 1);
		return -1;
	}
	(void)cmd;
	*key = buf;
	*len = (size_t)n;
	return 0;
}

int load_key(const char *cmd, const char *hex, const char *file, uint8_t **key, size_t *len)
{
	if (hex && file) {
		fprintf(stderr, "jca %s: give the key once: -K HEX or --key-file FILE, not both\n", cmd);
		return -1;
	}
	if (!hex && !file) {
		fprintf(stderr, "jca %s: no key given (-K HEX or --key-file FILE)\n", cmd);
		try_help(cmd);
		return -1;
	}
	if (file)
		return read_key_file(cmd, file, key, len);
	return parse_hex_arg(cmd, "-K", "key", hex, key, len);
}
