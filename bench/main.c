/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench: JMH-style micro-benchmarks of libjca, side by side with the
 * same operations through OpenSSL 3 EVP when built with HAVE_OPENSSL.
 *
 *   jca-bench [--quick] [--best] [--list] [FILTER...]
 *
 * FILTER selects rows whose "Group.name lib params" text contains it
 * (case-sensitive substring); several FILTERs select the union, and one
 * FILTER may join terms with '+' to require all of them, e.g.
 * 'MessageDigests.digest+len=16384'. See bench/README.md.
 *
 * Method, per row: calibrate the batch size so a batch takes >= the loop
 * time, warm up, then time several batches ("loops"). Score is the median
 * of the loops, Min and Max the worst and best loop, Error (Max - Min) / 2.
 * The 2-thread variant runs the same batch in two threads at once, started
 * together by a barrier; its time per op is the wall time of the slower
 * thread divided by the ops of one thread.
 *
 * The files: see bench.h.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#ifdef HAVE_OPENSSL
#include <openssl/err.h>
#endif

struct bench_opt opt;

void die_jca(const char *what)
{
	fprintf(stderr, "jca-bench: %s failed: %s (%s)\n", what,
	        jca_last_error_message(), jca_error_name(jca_last_error()));
	exit(1);
}

void die_ossl(const char *what)
{
	fprintf(stderr, "jca-bench: OpenSSL %s failed\n", what);
#ifdef HAVE_OPENSSL
	ERR_print_errors_fp(stderr);
#endif
	exit(1);
}

void *xalloc(size_t n)
{
	void *p = aligned_alloc(64, (n + 63) & ~(size_t)63);

	if (!p) {
		fprintf(stderr, "jca-bench: out of memory (%zu bytes)\n", n);
		exit(1);
	}
	return p;
}

static void usage(void)
{
	fprintf(stderr, "usage: jca-bench [--quick] [--best] [--list] [FILTER...]\n"
	                "  --best: Score = the best of many short batches (for a busy machine)\n"
	                "  FILTER: substring of \"Group.name lib params\"; several = any of them;\n"
	                "          'a+b' = rows containing both a and b\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *group = NULL;
	int any = 0;

	opt.filters = calloc((size_t)argc, sizeof *opt.filters);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			opt.quick = 1;
		else if (!strcmp(argv[i], "--best"))
			opt.best = 1;
		else if (!strcmp(argv[i], "--list"))
			opt.list = 1;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help") || argv[i][0] == '-')
			usage();
		else
			opt.filters[opt.nfilters++] = argv[i];
	}
	opt.loops = opt.quick ? 3 : 5;
	opt.loop_ns = opt.quick ? 10000000u : 100000000u;
	opt.warm_ns = opt.quick ? 10000000u : 200000000u;
	if (opt.best) {
		/* batches of >= 20 us, the best of those run in 400 ms (40 ms
		 * with --quick) */
		opt.loop_ns = 20000u;
		opt.best_ns = opt.quick ? 40000000u : 400000000u;
		opt.warm_ns = opt.quick ? 10000000u : 100000000u;
	}

	build_rows();
	select_rows();
	if (opt.list) {
		char text[256];

		for (int i = 0; i < nrows; i++) {
			if (!rows[i].selected)
				continue;
			row_text(&rows[i], text, sizeof text);
			printf("%s%s\n", text, rows[i].k->getinst ? " [1 and 2 threads]" : "");
		}
		return 0;
	}

	setvbuf(stdout, NULL, _IOLBF, 0);
	print_preamble(argc, argv);
	cross_check();

	for (int i = 0; i < nrows; i++) {
		bench *b = &rows[i];

		if (!b->selected)
			continue;
		if (!group || strcmp(group, b->k->group)) {
			group = b->k->group;
			printf("\n== %s ==\n", group);
			print_header_row();
		}
		any = 1;
		run_row(b);
		print_row(b, 0);
		if (b->r[1].done)
			print_row(b, 1);
		/* After a group's last selected row: what one op of each row is. */
		int next = i + 1;

		while (next < nrows && !rows[next].selected)
			next++;
		if (next == nrows || strcmp(rows[next].k->group, group)) {
			const kind *seen[16];
			int nseen = 0;

			printf("  where one op is:\n");
			for (int j = 0; j <= i; j++) {
				int dup = 0;

				if (!rows[j].selected || strcmp(rows[j].k->group, group))
					continue;
				for (int s = 0; s < nseen; s++)
					dup |= seen[s] == rows[j].k;
				if (dup || nseen == 16)
					continue;
				seen[nseen++] = rows[j].k;
				printf("    %s.%s [%s]: %s\n", group, rows[j].k->name,
				       lib_name(rows[j].k->lib), rows[j].k->does);
			}
		}
	}
	if (!any) {
		fprintf(stderr, "jca-bench: no row matches the filter\n");
		return 2;
	}
	print_targets();
	return 0;
}
