/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca: the progress bar drawn on stderr for long inputs, when stderr is a
 * terminal, and streaming an input through a callback with it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

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
