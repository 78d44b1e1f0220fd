/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca: the option parser shared by the commands (short, long, abbreviated
 * and single-dash long options).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "cli.h"

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
