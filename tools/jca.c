/*
 * jca - the libjca command-line tool.
 *
 *   jca list                     providers and their services
 *   jca dgst -a ALG [FILE...]    digests, in sha256sum's format
 *
 * Exit codes: 0 success, 1 verification failed, 2 usage or other error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jca.h"

#define EXIT_VERIFY 1
#define EXIT_ERROR 2

static const char *prog = "jca";

static void usage_main(FILE *f)
{
	fprintf(f,
	        "usage: jca COMMAND [OPTIONS]\n"
	        "\n"
	        "commands:\n"
	        "  list                      providers in preference order and their services\n"
	        "  dgst -a ALG [FILE...]     message digests, in the format of sha256sum\n"
	        "\n"
	        "Run 'jca COMMAND --help' for the options of one command.\n");
}

/* ---- list ---- */

static void usage_list(FILE *f)
{
	fprintf(f,
	        "usage: jca list [--verbose]\n"
	        "\n"
	        "Prints the providers in preference order with their version and\n"
	        "description, then each provider's services by type, with aliases\n"
	        "(OIDs included) and the implementation in use.\n"
	        "  -v, --verbose   also print every service attribute\n");
}

static int cmd_list(int argc, char **argv)
{
	const jca_provider *p;
	int verbose = 0, i;
	size_t pi, si, ai;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage_list(stdout);
			return 0;
		} else if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose")) {
			verbose = 1;
		} else {
			fprintf(stderr, "%s list: unknown option '%s'\n", prog, argv[i]);
			usage_list(stderr);
			return EXIT_ERROR;
		}
	}
	for (pi = 0; (p = jca_provider_at(pi)); pi++) {
		static const jca_service_type types[] = { JCA_MESSAGE_DIGEST, JCA_CIPHER, JCA_MAC };
		size_t t;

		jca_provider_state_t st = jca_provider_state(p);

		if (st == JCA_PROVIDER_LOADED)
			printf("%zu. %s %s - %s\n   source: %s; loaded\n", pi + 1, jca_provider_name(p),
			       jca_provider_version(p), jca_provider_description(p), jca_provider_source(p));
		else if (st == JCA_PROVIDER_NOT_LOADED)
			printf("%zu. %s\n   source: %s; not yet loaded (loads on first lookup that reaches it)\n",
			       pi + 1, jca_provider_name(p), jca_provider_source(p));
		else
			printf("%zu. %s\n   source: %s; failed: %s\n", pi + 1, jca_provider_name(p),
			       jca_provider_source(p), jca_provider_state_reason(p));
		for (t = 0; t < sizeof types / sizeof types[0]; t++) {
			const jca_service *s;
			int header = 0;

			for (si = 0; (s = jca_provider_service_at(p, si)); si++) {
				const char *a;

				if (jca_service_type_of(s) != types[t])
					continue;
				if (!header++)
					printf("   %s:\n", jca_service_type_name(types[t]));
				printf("     %-14s", jca_service_algorithm(s));
				for (ai = 0; (a = jca_service_alias_at(s, ai)); ai++)
					printf("%s%s", ai ? ", " : " aliases: ", a);
				printf("  [%s]\n", jca_service_attribute(s, "Implementation"));
				if (verbose) {
					const char *k, *v;

					for (ai = 0; jca_service_attribute_at(s, ai, &k, &v) == 0; ai++)
						printf("       %s = %s\n", k, v);
				}
			}
		}
	}
	return 0;
}

/* ---- dgst ---- */

static void usage_dgst(FILE *f)
{
	fprintf(f,
	        "usage: jca dgst -a ALG [FILE...]\n"
	        "\n"
	        "Prints the digest of each FILE (standard input when FILE is '-' or\n"
	        "absent) as sha256sum does: '<hex>  <name>'. Files are streamed in\n"
	        "constant memory.\n"
	        "  -a, --algorithm ALG   any MessageDigest name, alias or OID (see 'jca list')\n"
	        "  -P, --provider NAME   use this provider only\n");
}

/* Writes name the way coreutils does: a name with '\\' or a newline is
 * escaped and the line starts with a backslash. */
static void print_sum(const char *hex, const char *name)
{
	const char *c;
	int escape = strchr(name, '\\') || strchr(name, '\n');

	if (escape)
		putchar('\\');
	fputs(hex, stdout);
	fputs("  ", stdout);
	for (c = name; *c; c++) {
		if (escape && *c == '\\')
			fputs("\\\\", stdout);
		else if (escape && *c == '\n')
			fputs("\\n", stdout);
		else
			putchar(*c);
	}
	putchar('\n');
}

/* Digests one file; returns 0 or EXIT_ERROR after printing why. */
static int digest_file(md_ctx *md, const char *name, char *hex)
{
	static unsigned char buf[1 << 16];
	unsigned char out[64];
	int fd = strcmp(name, "-") ? open(name, O_RDONLY) : 0;
	struct stat st;
	ssize_t n;
	int len;

	if (fd < 0) {
		fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(errno));
		return EXIT_ERROR;
	}
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		fprintf(stderr, "%s: %s: Is a directory\n", prog, name);
		if (fd)
			close(fd);
		return EXIT_ERROR;
	}
	md_reset(md);
	while ((n = read(fd, buf, sizeof buf)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(errno));
			if (fd)
				close(fd);
			return EXIT_ERROR;
		}
		md_update(md, buf, (size_t)n);
	}
	if (fd)
		close(fd);
	len = md_digest(md, out, md_length(md));
	for (n = 0; n < len; n++)
		sprintf(hex + 2 * n, "%02x", out[n]);
	return 0;
}

static int cmd_dgst(int argc, char **argv)
{
	const char *alg = NULL, *provider = NULL;
	char hex[129];
	md_ctx *md;
	int i, rc = 0, nfiles = 0, opts_done = 0;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (opts_done || a[0] != '-' || !strcmp(a, "-")) {
			nfiles++;
			continue;
		}
		if (!strcmp(a, "--")) {
			opts_done = 1;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage_dgst(stdout);
			return 0;
		} else if ((!strcmp(a, "-a") || !strcmp(a, "--algorithm")) && i + 1 < argc) {
			alg = argv[++i];
		} else if (!strncmp(a, "--algorithm=", 12)) {
			alg = a + 12;
		} else if ((!strcmp(a, "-P") || !strcmp(a, "--provider")) && i + 1 < argc) {
			provider = argv[++i];
		} else {
			fprintf(stderr, "%s dgst: unknown or incomplete option '%s'\n", prog, a);
			usage_dgst(stderr);
			return EXIT_ERROR;
		}
	}
	if (!alg) {
		fprintf(stderr, "%s dgst: no algorithm given (-a ALG)\n", prog);
		usage_dgst(stderr);
		return EXIT_ERROR;
	}
	md = provider ? md_get_instance_from(alg, provider) : md_get_instance(alg);
	if (!md) {
		fprintf(stderr, "%s dgst: %s\n", prog, jca_last_error_message());
		return EXIT_ERROR;
	}
	if (!nfiles) {
		if (digest_file(md, "-", hex) == 0)
			print_sum(hex, "-");
		else
			rc = EXIT_ERROR;
	}
	opts_done = 0;
	for (i = 1; nfiles && i < argc; i++) {
		const char *a = argv[i];

		if (!opts_done && a[0] == '-' && strcmp(a, "-")) {
			if (!strcmp(a, "--"))
				opts_done = 1;
			else if (!strcmp(a, "-a") || !strcmp(a, "--algorithm") || !strcmp(a, "-P") ||
			         !strcmp(a, "--provider"))
				i++;
			continue;
		}
		if (digest_file(md, a, hex) == 0)
			print_sum(hex, a);
		else
			rc = EXIT_ERROR;
	}
	md_free(md);
	if (fflush(stdout) != 0) {
		fprintf(stderr, "%s: write error: %s\n", prog, strerror(errno));
		rc = EXIT_ERROR;
	}
	return rc;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage_main(stderr);
		return EXIT_ERROR;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		usage_main(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("jca %s\n", jca_version());
		return 0;
	}
	if (!strcmp(argv[1], "list"))
		return cmd_list(argc - 1, argv + 1);
	if (!strcmp(argv[1], "dgst"))
		return cmd_dgst(argc - 1, argv + 1);
	fprintf(stderr, "%s: unknown command '%s'\n", prog, argv[1]);
	usage_main(stderr);
	return EXIT_ERROR;
}
