/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca: helpers shared by the commands - messages, option parsing, value
 * parsing, keys, file input, the progress bar and JSON strings.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* ---- messages ---- */

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
	static char bufs[4][1024];
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

/* ---- options ---- */

void opt_init(struct opt_parser *p, int argc, char **argv, const char *cmd)
{
	memset(p, 0, sizeof *p);
	p->argc = argc;
	p->argv = argv;
	p->i = 1;
	p->cmd = cmd;
}

static int opt_fail(struct opt_parser *p, const char *fmt, const char *what)
{
	fflush(stdout);
	fprintf(stderr, "jca %s: ", p->cmd);
	fprintf(stderr, fmt, esc(what));
	fputc('\n', stderr);
	try_help(p->cmd);
	return OPT_BAD;
}

/* The value of an option that takes one: inline, or the next argument. */
static int opt_value(struct opt_parser *p, const struct opt *o, const char *inl, const char *shown,
                     const char **arg)
{
	if (inl) {
		*arg = inl;
		return o->id;
	}
	if (p->i >= p->argc)
		return opt_fail(p, "option '%s' needs a value", shown);
	*arg = p->argv[p->i++];
	return o->id;
}

static int opt_short(struct opt_parser *p, const struct opt *opts, const char **arg)
{
	char c = *p->cluster++;
	const struct opt *o;
	char shown[3] = { '-', c, 0 };

	for (o = opts; o->id; o++)
		if (o->short_name && o->short_name == c)
			break;
	if (!o->id) {
		p->cluster = NULL;
		return opt_fail(p, "unknown option '%s'", shown);
	}
	if (o->has_arg) {
		const char *inl = *p->cluster ? p->cluster : NULL;

		p->cluster = NULL;
		return opt_value(p, o, inl, shown, arg);
	}
	if (!*p->cluster)
		p->cluster = NULL;
	return o->id;
}

int opt_next(struct opt_parser *p, const struct opt *opts, const char **arg)
{
	const struct opt *o;
	const char *a;

	if (p->cluster)
		return opt_short(p, opts, arg);
	if (p->i >= p->argc)
		return OPT_DONE;
	a = p->argv[p->i++];
	if (p->operands_only || a[0] != '-' || !a[1]) {
		*arg = a;
		return OPT_OPERAND;
	}
	if (!strcmp(a, "--")) {
		p->operands_only = 1;
		return opt_next(p, opts, arg);
	}
	if (a[1] == '-') {
		const char *name = a + 2, *eq = strchr(name, '=');
		size_t n = eq ? (size_t)(eq - name) : strlen(name);

		for (o = opts; o->id; o++)
			if (o->long_name && strlen(o->long_name) == n && !strncmp(o->long_name, name, n))
				break;
		if (!o->id && n) {
			/* as GNU getopt_long: an unambiguous prefix names the option */
			const struct opt *q, *hit = NULL;
			int ambiguous = 0;

			for (q = opts; q->id; q++)
				if (q->long_name && !strncmp(q->long_name, name, n)) {
					if (hit && hit->id != q->id)
						ambiguous = 1;
					if (!hit)
						hit = q;
				}
			if (ambiguous) {
				fflush(stdout);
				fprintf(stderr, "jca %s: option '%.*s' is ambiguous; possibilities:", p->cmd,
				        (int)(n + 2), a);
				for (q = opts; q->id; q++)
					if (q->long_name && !strncmp(q->long_name, name, n))
						fprintf(stderr, " '--%s'", q->long_name);
				fputc('\n', stderr);
				try_help(p->cmd);
				return OPT_BAD;
			}
			if (hit)
				o = hit;
		}
		if (!o->id)
			return opt_fail(p, "unknown option '%s'", a);
		if (!o->has_arg) {
			if (eq)
				return opt_fail(p, "option '%s' takes no value", a);
			return o->id;
		}
		return opt_value(p, o, eq ? eq + 1 : NULL, a, arg);
	}
	/* "-in FILE" style, for the options that allow it */
	for (o = opts; o->id; o++)
		if (o->single_dash && o->long_name && !strcmp(o->long_name, a + 1))
			return o->has_arg ? opt_value(p, o, NULL, a, arg) : o->id;
	p->cluster = a + 1;
	return opt_short(p, opts, arg);
}

/* ---- values ---- */

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

/* ---- files ---- */

int open_input(const char *name, uint64_t *size)
{
	struct stat st;
	int fd = strcmp(name, "-") ? open(name, O_RDONLY | O_CLOEXEC) : STDIN_FILENO;

	if (size)
		*size = 0;
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			close_input(fd);
			errno = EISDIR;
			return -1;
		}
		if (size && S_ISREG(st.st_mode))
			*size = (uint64_t)st.st_size;
	}
	return fd;
}

void close_input(int fd)
{
	if (fd != STDIN_FILENO)
		close(fd);
}

ssize_t read_full(int fd, void *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		ssize_t n = read(fd, (char *)buf + got, len - got);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

int write_full(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- progress bar ---- */

void progress_begin(struct progress *p, const char *name, uint64_t total)
{
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "%s", has_control(name) ? esc(name) : input_label(name));
	p->total = total;
	p->enabled = isatty(STDERR_FILENO);
	if (p->enabled)
		p->start = p->last = now_seconds();
}

static void human(char *out, size_t n, double v)
{
	static const char *units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	unsigned u = 0;

	while (v >= 1024 && u < 4) {
		v /= 1024;
		u++;
	}
	snprintf(out, n, u ? "%.1f %s" : "%.0f %s", v, units[u]);
}

static int term_width(void)
{
	struct winsize ws;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
		return ws.ws_col;
	return 80;
}

static void progress_draw(struct progress *p, double now)
{
	char line[512], done[32], rate[32], total[32];
	double secs = now - p->start;
	int width = term_width() - 1, n;

	if (width > (int)sizeof line - 1)
		width = (int)sizeof line - 1;
	human(done, sizeof done, (double)p->done);
	human(rate, sizeof rate, secs > 0 ? (double)p->done / secs : 0);
	if (p->total) {
		int pct = (int)(100.0 * (double)p->done / (double)p->total), bar = 20, fill, i;
		char bars[32];

		if (pct > 100)
			pct = 100;
		fill = pct * bar / 100;
		for (i = 0; i < bar; i++)
			bars[i] = i < fill ? '#' : '.';
		bars[bar] = 0;
		human(total, sizeof total, (double)p->total);
		n = snprintf(line, sizeof line, " %3d%% [%s] %s / %s, %s/s", pct, bars, done, total, rate);
	} else {
		n = snprintf(line, sizeof line, " %s, %s/s", done, rate);
	}
	/* Name first, shortened so the line fits. */
	{
		int room = width - n - 2;
		int len = (int)strlen(p->name);

		if (room < 4)
			fprintf(stderr, "\r%.*s\033[K", width, line);
		else if (len <= room)
			fprintf(stderr, "\r%s:%s\033[K", p->name, line);
		else
			fprintf(stderr, "\r...%s:%s\033[K", p->name + len - (room - 3), line);
	}
	p->shown = 1;
	p->last = now;
}

void progress_add(struct progress *p, size_t n)
{
	double now;

	p->done += n;
	if (!p->enabled)
		return;
	now = now_seconds();
	if (!p->shown) {
		if (p->total < PROGRESS_MIN_SIZE && now - p->start < 1.0)
			return;
	} else if (now - p->last < 0.2) {
		return;
	}
	progress_draw(p, now);
}

void progress_end(struct progress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);
	p->shown = 0;
}

int stream_input(int fd, const char *name, uint64_t size, chunk_fn *fn, void *ctx)
{
	static uint8_t buf[IO_CHUNK];
	struct progress pr;
	int rc = 0;

	progress_begin(&pr, name, size);
	for (;;) {
		ssize_t n = read(fd, buf, sizeof buf);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			rc = -1;
			break;
		}
		if (n == 0)
			break;
		rc = fn(ctx, buf, (size_t)n);
		if (rc)
			break;
		progress_add(&pr, (size_t)n);
	}
	{
		int saved = errno;

		progress_end(&pr);
		errno = saved;
	}
	return rc;
}

/* ---- JSON ---- */

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
