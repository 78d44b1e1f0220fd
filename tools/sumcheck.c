/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca dgst -c and jca mac -c: verifying sums files in the formats of
 * sha256sum and BSD (--tag), with coreutils' messages and exit codes.
 * Without -a the algorithm of each line comes from its BSD tag, as with
 * cksum -c, so files written by sha512sum --tag, b2sum --tag or
 * cksum -a X, algorithms mixed, are checked in one run.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sums.h"


static int is_hex(char c)
{
	return isxdigit((unsigned char)c) != 0;
}

/* Undoes coreutils' escaping in place: \\ \n \r. -1 on any other escape. */
static int unescape(char *s, size_t len)
{
	size_t i, j = 0;

	for (i = 0; i < len; i++) {
		if (s[i] != '\\') {
			s[j++] = s[i];
			continue;
		}
		if (++i == len)
			return -1;
		if (s[i] == '\\')
			s[j++] = '\\';
		else if (s[i] == 'n')
			s[j++] = '\n';
		else if (s[i] == 'r')
			s[j++] = '\r';
		else
			return -1;
	}
	s[j] = 0;
	return 0;
}

/* Whether hex (NUL-terminated) has the length this check expects. */
static int hex_ok(const struct hasher *h, const char *hex, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!is_hex(hex[i]))
			return 0;
	if (h->fixed_len)
		return len == 2 * h->out_len;
	return len > 0 && len % 2 == 0 && len / 2 <= MAX_XOF_LENGTH;
}

struct sum_line {
	char *hex;
	size_t hex_len;
	char *name;
};

/* "TAG (NAME) = HEX", from just after the '('. */
static int parse_bsd(const struct hasher *h, char *s, size_t len, int escaped, struct sum_line *l)
{
	size_t close = len, i;

	while (close > 0 && s[close - 1] != ')')
		close--;
	if (close == 0)
		return -1;
	close--;
	s[close] = 0;
	if (escaped && unescape(s, close) != 0)
		return -1;
	l->name = s;
	i = close + 1;
	while (i < len && s[i] == ' ')
		i++;
	if (i >= len || s[i] != '=')
		return -1;
	i++;
	while (i < len && s[i] == ' ')
		i++;
	l->hex = s + i;
	l->hex_len = len - i;
	return hex_ok(h, l->hex, l->hex_len) ? 0 : -1;
}

/* The hasher for a BSD tag ("SHA256", "BLAKE2b", "SHA3-256"), made on
 * first use and cached; NULL when no provider offers it (said once per
 * tag, on stderr). */
static struct hasher *hasher_for_tag(struct sum_src *src, const char *tag, const char *sums_label)
{
	size_t i;

	for (i = 0; i < src->ncache; i++)
		if (!strcmp(src->asked[i], tag))
			return &src->cache[i];
	for (i = 0; i < src->nunknown; i++)
		if (!strcmp(src->unknown[i], tag))
			return NULL;
	if (src->ncache < SUM_CACHE &&
	    hasher_open(&src->cache[src->ncache], src->cmd, tag, src->provider, src->key, src->key_len) == 0) {
		snprintf(src->asked[src->ncache], sizeof src->asked[0], "%s", tag);
		return &src->cache[src->ncache++];
	}
	msg("%s: lines tagged %s skipped: %s", sums_label, quote_name(tag),
	    src->ncache < SUM_CACHE ? last_error() : "too many algorithms in one file");
	if (src->nunknown < SUM_CACHE)
		snprintf(src->unknown[src->nunknown++], sizeof src->unknown[0], "%s", tag);
	return NULL;
}

/* One line of a sums file, newline removed, NUL-terminated; edited in
 * place. *sep is the separator style seen so far in this file: -1
 * unknown, 0 "HEX  NAME" (or "HEX *NAME"), 1 "HEX NAME" - the two are not
 * mixed, as in coreutils. *hp gets the line's hasher. Returns 0 if the
 * line is properly formatted. */
static int parse_line(struct sum_src *src, const char *sums_label, char *s, size_t len, int *sep,
                      struct sum_line *l, struct hasher **hp)
{
	const struct hasher *h = src->fixed;
	size_t i = 0, tl, hex_len, j;
	int escaped = 0;

	while (i < len && isspace((unsigned char)s[i]))
		i++;
	if (s[i] == '\\') {
		escaped = 1;
		i++;
	}
	if (!h) {
		/* no -a: only BSD lines, the algorithm from the tag */
		char tag[96];
		struct hasher *th;

		for (tl = 0; i + tl < len && s[i + tl] != ' ' && s[i + tl] != '('; tl++)
			;
		if (tl == 0 || i + tl >= len || tl >= sizeof tag)
			return -1;
		memcpy(tag, s + i, tl);
		tag[tl] = 0;
		i += tl;
		if (s[i] == ' ')
			i++;
		if (s[i] != '(')
			return -1;
		th = hasher_for_tag(src, tag, sums_label);
		if (!th)
			return -1;
		*hp = th;
		return parse_bsd(th, s + i + 1, len - i - 1, escaped, l);
	}
	*hp = src->fixed;
	tl = strlen(h->tag);
	if (tl && len - i >= tl && !strncmp(s + i, h->tag, tl)) {
		i += tl;
		if (s[i] == ' ')
			i++;
		if (s[i] != '(')
			return -1;
		return parse_bsd(h, s + i + 1, len - i - 1, escaped, l);
	}
	if (h->fixed_len) {
		hex_len = 2 * h->out_len;
		if (len - i < hex_len + 2)
			return -1;
	} else {
		for (hex_len = 0; i + hex_len < len && is_hex(s[i + hex_len]); hex_len++)
			;
		if (len - i < hex_len + 2)
			return -1;
	}
	if (!isspace((unsigned char)s[i + hex_len]))
		return -1;
	s[i + hex_len] = 0;
	l->hex = s + i;
	l->hex_len = hex_len;
	if (!hex_ok(h, l->hex, hex_len))
		return -1;
	j = i + hex_len + 1;
	if (len - j == 1 || (s[j] != ' ' && s[j] != '*')) {
		if (*sep == 0)
			return -1;
		*sep = 1;
	} else if (*sep != 1) {
		*sep = 0;
		j++;
	}
	l->name = s + j;
	if (escaped && unescape(s + j, len - j) != 0)
		return -1;
	return 0;
}

static int hex_equal(const char *a, const char *b, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
			return 0;
	return 1;
}

/* Verifies one sums file. Returns 0 if all is well, EXIT_VERIFY if a check
 * failed, EXIT_ERROR if the sums file cannot be read. */
static int check_sums_file(struct sum_src *src, const char *sums, const struct check_opts *o)
{
	FILE *f;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	unsigned long lineno = 0, improper = 0, proper = 0, mismatched = 0, unreadable = 0, matched = 0;
	int is_stdin = !strcmp(sums, "-"), sep = -1, ok;
	const char *label = quote_name(input_label(sums));
	char sums_label[1024];

	snprintf(sums_label, sizeof sums_label, "%s", label);
	if (is_stdin) {
		f = stdin;
	} else {
		int fd = open_input(sums, NULL);

		f = fd < 0 ? NULL : fdopen(fd, "r");
		if (!f) {
			file_error(sums, errno);
			return EXIT_ERROR;
		}
	}
	while ((len = getline(&line, &cap, f)) > 0) {
		struct sum_line l;
		struct hasher *h = NULL;
		uint8_t *out;
		char *hex;
		size_t n;
		int r;

		lineno++;
		if (line[0] == '#')
			continue;
		if (line[len - 1] == '\n')
			line[--len] = 0;
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = 0;
		if (len == 0)
			continue;
		if (strlen(line) != (size_t)len || parse_line(src, sums_label, line, (size_t)len, &sep, &l, &h) != 0 ||
		    (is_stdin && !strcmp(l.name, "-"))) {
			improper++;
			if (o->warn)
				msg("%s: %lu: improperly formatted %s%schecksum line", sums_label, lineno,
				    src->fixed ? src->fixed->tag : "", src->fixed ? " " : "");
			continue;
		}
		proper++;
		n = l.hex_len / 2;
		out = malloc(n + 1);
		hex = malloc(2 * n + 1);
		if (!out || !hex) {
			free(out);
			free(hex);
			msg("out of memory");
			unreadable++;
			continue;
		}
		r = hash_input(h, l.name, out, n);
		if (r == -1) {
			int e = errno;

			if (!(o->ignore_missing && e == ENOENT)) {
				file_error(l.name, e);
				unreadable++;
				if (!o->status)
					print_result(l.name, "FAILED open or read");
			}
		} else if (r == -2) {
			unreadable++;
			if (!o->status)
				print_result(l.name, "FAILED open or read");
		} else {
			to_hex(out, n, hex);
			if (hex_equal(hex, l.hex, l.hex_len)) {
				matched++;
				if (!o->status && !o->quiet)
					print_result(l.name, "OK");
			} else {
				mismatched++;
				if (!o->status)
					print_result(l.name, "FAILED");
			}
		}
		free_secret(out, n + 1);
		free(hex);
	}
	if (ferror(f)) {
		file_error(sums, errno);
		free(line);
		if (!is_stdin)
			fclose(f);
		return EXIT_ERROR;
	}
	free(line);
	if (!is_stdin)
		fclose(f);
	if (!proper) {
		msg("%s: no properly formatted checksum lines found", sums_label);
		return EXIT_VERIFY;
	}
	if (!o->status) {
		if (improper)
			msg("WARNING: %lu line%s improperly formatted", improper, improper == 1 ? " is" : "s are");
		if (unreadable)
			msg("WARNING: %lu listed file%s could not be read", unreadable, unreadable == 1 ? "" : "s");
		if (mismatched)
			msg("WARNING: %lu computed checksum%s did NOT match", mismatched,
			    mismatched == 1 ? "" : "s");
		if (o->ignore_missing && !matched)
			msg("%s: no file was verified", sums_label);
	}
	ok = !mismatched && !unreadable && !(o->strict && improper) && !(o->ignore_missing && !matched);
	return ok ? 0 : EXIT_VERIFY;
}

int check_sums(struct sum_src *src, char **files, size_t nfiles, const struct check_opts *o)
{
	int rc = 0;
	size_t i;

	for (i = 0; i < nfiles; i++) {
		int r = check_sums_file(src, files[i], o);

		if (r > rc)
			rc = r;
	}
	return rc;
}

void sum_src_free(struct sum_src *src)
{
	size_t i;

	for (i = 0; i < src->ncache; i++)
		hasher_close(&src->cache[i]);
	src->ncache = 0;
}
