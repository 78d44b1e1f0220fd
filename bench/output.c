/* SPDX-License-Identifier: Apache-2.0 */
/* jca-bench: output. The preamble, the tables, the cross-check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#ifdef HAVE_OPENSSL
#include <openssl/crypto.h>
#endif

static int impl_col;

/* One " name=impl" item of the preamble, wrapped at 100 columns. */
static void impl_item(const char *name, const char *impl)
{
	char item[96];

	snprintf(item, sizeof item, " %s=%s", name, impl);
	if (impl_col + (int)strlen(item) > 100) {
		printf("\n#  ");
		impl_col = 3;
	}
	impl_col += printf("%s", item);
}

/* The score in the row's unit from a time per op in ns. */
static double score_of(const bench *b, double ns)
{
	return b->k->data ? (double)b->p.len / ns * 1000.0 : ns;   /* MB/s = 10^6 B/s */
}

void print_header_row(void)
{
	printf("%-32s %-6s %-36s %3s %3s %12s   %10s %12s %12s  %-5s %4s %9s %8s %8s %6s\n",
	       "Benchmark", "Lib", "Params", "Thr", "Cnt", "Score", "Error", "Min", "Max", "Units",
	       "CPU%", "Allocs/op", "Bytes/op", "jca/peer", "2T/1T");
}

void print_row(const bench *b, int ti)
{
	const result *r = &b->r[ti];
	double med = score_of(b, r->med);
	/* In MB/s the slowest loop (max ns) is the minimum score. */
	double lo = score_of(b, b->k->data ? r->max : r->min);
	double hi = score_of(b, b->k->data ? r->min : r->max);
	char name[64], allocs[16] = "", bytes[16] = "", ratio[16] = "", scale[16] = "";

	snprintf(name, sizeof name, "%s.%s", b->k->group, b->k->name);
	if (ti == 0 && b->counted) {
		snprintf(allocs, sizeof allocs, "%.2f", b->allocs);
		snprintf(bytes, sizeof bytes, "%.0f", b->abytes);
	}
	if (b->vs >= 0 && rows[b->vs].r[ti].done)
		snprintf(ratio, sizeof ratio, "%.3f", rows[b->vs].r[ti].med / r->med);
	if (ti == 1 && b->r[0].done)
		snprintf(scale, sizeof scale, "x%.2f", 2.0 * b->r[0].med / r->med);
	printf("%-32s %-6s %-36s %3d %3d %12.3f ± %10.3f %12.3f %12.3f  %-5s %4.0f %9s %8s %8s %6s\n",
	       name, lib_name(b->k->lib), b->params, ti + 1, r->cnt, med,
	       (hi - lo) / 2, lo, hi, b->k->data ? "MB/s" : "ns/op", 100 * r->cpu, allocs, bytes,
	       ratio, scale);
}

/* Is word one of the space-separated words of list? */
static int has_word(const char *list, const char *word)
{
	size_t wl = strlen(word);

	for (const char *h = list; (h = strstr(h, word)); h += wl)
		if ((h == list || h[-1] == ' ') && (h[wl] == ' ' || !h[wl]))
			return 1;
	return 0;
}

/* CPU model name, and which of the flags that matter here the CPU has. */
static const char *cpu_model(char *buf, size_t size, char *flags, size_t fsize)
{
	static const char *const want[] = {
		"sse2", "ssse3", "sse4_1", "avx", "avx2", "bmi2", "adx", "avx512f", "avx512bw",
		"avx512vl", "aes", "pclmulqdq", "vaes", "vpclmulqdq", "sha_ni", "gfni",
	};
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[8192];
	size_t used = 0;
	int got_flags = 0;

	snprintf(buf, size, "unknown");
	flags[0] = 0;
	if (!f)
		return buf;
	while (fgets(line, sizeof line, f)) {
		char *v = strchr(line, ':');

		if (!v)
			continue;
		v += v[1] == ' ' ? 2 : 1;
		v[strcspn(v, "\n")] = 0;
		if (!strncmp(line, "model name", 10) && !strcmp(buf, "unknown"))
			snprintf(buf, size, "%s", v);
		if (!strncmp(line, "flags", 5) && !got_flags) {
			got_flags = 1;
			for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
				if (has_word(v, want[i]) && used + strlen(want[i]) + 2 < fsize)
					used += (size_t)snprintf(flags + used, fsize - used, "%s%s",
					                         used ? " " : "", want[i]);
		}
	}
	fclose(f);
	return buf;
}

void print_preamble(int argc, char **argv)
{
	char model[256], flags[512], load[128] = "?";
	const char *env;
	FILE *f;

	printf("# jca-bench: libjca %s", JCA_VERSION_STRING);
#ifdef HAVE_OPENSSL
	printf(" vs %s (EVP)\n", OpenSSL_version(OPENSSL_VERSION));
#else
	printf(" (built without OpenSSL: no comparison rows)\n");
#endif
	printf("# command:  ");
	for (int i = 0; i < argc; i++)
		printf("%s%s", i ? " " : "", argv[i]);
	printf("\n");
	env = getenv("JCA_CPU");
	printf("# env:      JCA_CPU=%s", env ? env : "(unset)");
	env = getenv("OPENSSL_ia32cap");
	printf("  OPENSSL_ia32cap=%s\n", env ? env : "(unset)");
	printf("# cpu:      %s, %ld logical CPUs\n", cpu_model(model, sizeof model, flags, sizeof flags),
	       sysconf(_SC_NPROCESSORS_ONLN));
	printf("# cpuflags: %s (of those relevant here)\n", flags);
#if defined(__clang__)
	printf("# compiler: clang %s\n", __VERSION__);
#elif defined(__GNUC__)
	printf("# compiler: gcc %s\n", __VERSION__);
#else
	printf("# compiler: %s\n", __VERSION__);
#endif
	if ((f = fopen("/proc/loadavg", "r"))) {
		if (fgets(load, sizeof load, f))
			load[strcspn(load, "\n")] = 0;
		fclose(f);
	}
	printf("# loadavg:  %s (at start)\n", load);
	if (opt.best)
		printf("# method:   --best: per row, batches of >= %.0f us for %.0f ms after a %.0f ms warm-up;\n"
		       "#           Score = Min = the best batch, Max = the mean batch, Cnt = batches (max 999);\n"
		       "#           the rest as below, CPU%% of the best batch\n",
		       opt.loop_ns / 1e3, opt.best_ns / 1e6, opt.warm_ns / 1e6);
	printf("# method:   per row: calibrate, warm up %.0f ms, then %d timed loops of >= %.0f ms;\n"
	       "#           Score = median of the loops, Min/Max = worst/best loop, Error = (Max - Min) / 2;\n"
	       "#           MB/s = 10^6 bytes of input per second; Thr 2 = two threads at once, Score per\n"
	       "#           thread, 2T/1T = aggregate ops/s of 2 threads / ops/s of 1 thread;\n"
	       "#           jca/peer (on OpenSSL, libgcrypt, Nettle rows) = libjca time per op / the peer's\n"
	       "#           time per op, against the paired libjca row (same Params and Thr): below 1\n"
	       "#           means libjca is faster;\n"
	       "#           CPU%% = median over loops of (CPU time of the row's threads) / (threads x wall\n"
	       "#           time): below ~95 the machine was busy and the row's threads were preempted;\n"
	       "#           Allocs/op, Bytes/op = malloc/calloc/realloc/memalign calls and bytes asked, per op%s\n",
	       opt.warm_ns / 1e6, opt.loops, opt.loop_ns / 1e6,
	       bench_alloc_counted ? "" : " (not counted: not glibc)");
	printf("# libjca implementations in use:\n#  ");
	impl_col = 3;
	for (size_t i = 0; i < bench_nfamilies; i++)
		if (bench_families[i]->impls)
			bench_families[i]->impls(impl_item);
	printf("\n");
	for (size_t i = 0; i < bench_nfamilies; i++)
		if (bench_families[i]->notes)
			bench_families[i]->notes();
}

/* Checks once that the libraries compute the same thing. */
void cross_check(void)
{
	int bad = 0, ok = 0;

	for (size_t i = 0; i < bench_nfamilies; i++)
		bench_families[i]->cross_check(&ok, &bad);
	if (ok + bad)
		printf("# cross-check: %d of %d comparisons give the same output (each algorithm in libjca and "
		       "OpenSSL; the AEADs in every library built in)%s\n", ok, ok + bad, bad ? "  <-- MISMATCH" : "");
}
