/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca rand: N random bytes from the default SecureRandom (jca_random), or
 * from a named SecureRandom of any provider (builtin's DRBG and
 * NativePRNG, a plugin's) with a DRBG mechanism, raw or in hex.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "outfile.h"

static void usage_rand(FILE *f)
{
	fprintf(f,
	        "usage: jca rand [-a ALG] [-m MECHANISM] [--hex] [-o FILE [-outmode OCTAL]] N\n"
	        "\n"
	        "Writes N random bytes (N may end in k, M or G: binary multiples) to\n"
	        "standard output or FILE: raw, or with --hex as lower-case hex and a\n"
	        "newline. By default they come from libjca's default SecureRandom\n"
	        "(jca_random: a per-thread CTR_DRBG over AES-256 seeded from the kernel).\n"
	        "\n"
	        "  -a, --algorithm ALG     a SecureRandom instead: DRBG, NativePRNG or a\n"
	        "                          plugin's (OpenSSL-CTR-DRBG, PKCS11-RNG; see\n"
	        "                          'jca list')\n"
	        "  -m, --mechanism M       DRBG mechanism, as the JDK's securerandom.drbg.config:\n"
	        "                          Hash_DRBG,SHA-512 | HMAC_DRBG,SHA-256 |\n"
	        "                          CTR_DRBG,AES-128,no_df | ...,pr_and_reseed\n"
	        "                          (implies -a DRBG; with a deterministic -a ALG\n"
	        "                          such as OpenSSL-CTR-DRBG, its own mechanism)\n"
	        "  -x, --hex               hex output\n"
	        "  -o, -out, --out FILE    output file, mode 0600, written as 'jca enc -out'\n"
	        "                          (never another user's file; see 'jca enc --help')\n"
	        "      -outmode, --outmode OCTAL  the output file's mode instead (0 to 777)\n"
	        "  -P, --provider NAME     use this provider only (with -a)\n"
	        "  -h, --help              this help\n"
	        "\n"
	        "Exit codes: 0 success, 2 any error.\n");
}

enum { O_ALG = 1, O_MECH, O_HEX, O_OUT, O_OUTMODE, O_PROVIDER, O_HELP };

static const struct opt rand_opts[] = {
	{ O_ALG, 'a', "algorithm", 1, 0 },
	{ O_MECH, 'm', "mechanism", 1, 0 },
	{ O_HEX, 'x', "hex", 0, 0 },
	{ O_OUT, 'o', "out", 1, 1 },
	{ O_OUTMODE, 0, "outmode", 1, 1 },
	{ O_PROVIDER, 'P', "provider", 1, 0 },
	{ O_HELP, 'h', "help", 0, 0 },
	{ 0, 0, NULL, 0, 0 }
};

#define CHUNK 65536

int cmd_rand(int argc, char **argv)
{
	const char *alg = NULL, *mech = NULL, *out = NULL, *provider = NULL, *count = NULL, *arg;
	struct opt_parser p;
	random_ctx *r = NULL;
	uint64_t n = 0;
	uint8_t buf[CHUNK];
	char hex[2 * CHUNK + 1];
	struct out_file of = { .fd = -1 };
	int id, hexout = 0, fd = 1, mode = -1, rc = EXIT_ERROR;

	opt_init(&p, argc, argv, "rand");
	while ((id = opt_next(&p, rand_opts, &arg)) != OPT_DONE) {
		switch (id) {
		case OPT_OPERAND:
			if (count) {
				fprintf(stderr, "jca rand: one byte count only\n");
				try_help("rand");
				return EXIT_ERROR;
			}
			count = arg;
			break;
		case O_ALG: alg = arg; break;
		case O_MECH: mech = arg; break;
		case O_HEX: hexout = 1; break;
		case O_OUT: out = arg; break;
		case O_OUTMODE:
			if (parse_out_mode("rand", arg, &mode) != 0)
				return EXIT_ERROR;
			break;
		case O_PROVIDER: provider = arg; break;
		case O_HELP: usage_rand(stdout); return 0;
		default: return EXIT_ERROR;
		}
	}
	if (!count || parse_count(count, &n) != 0) {
		fprintf(stderr, "jca rand: %s\n", count ? "N must be a byte count (e.g. 32, 4k, 1M)"
		                                        : "no byte count given");
		try_help("rand");
		return EXIT_ERROR;
	}
	if (mech && !alg)
		alg = "DRBG";
	if (provider && !alg) {
		fprintf(stderr, "jca rand: -P needs -a ALG\n");
		return EXIT_ERROR;
	}
	if (alg) {
		r = provider ? random_get_instance_from(alg, provider) : random_get_instance(alg);
		if (!r) {
			msg("%s", last_error());
			return EXIT_ERROR;
		}
		if (mech) {
			random_params rp;

			memset(&rp, 0, sizeof rp);
			rp.mechanism = mech;
			if (random_init(r, &rp) != 0) {
				msg("%s", last_error());
				random_free(r);
				return EXIT_ERROR;
			}
		}
	}
	/* random bytes are a key as often as not: mode 0600 */
	if (out && strcmp(out, "-")) {
		if (out_open("rand", out, out_mode(mode, 1), &of) != 0) {
			random_free(r);
			return EXIT_ERROR;
		}
		fd = of.fd;
	}
	while (n) {
		size_t k = n < CHUNK ? (size_t)n : CHUNK;
		int st = r ? random_next_bytes(r, buf, k) : jca_random(buf, k);

		if (st != 0) {
			msg("%s", last_error());
			goto done;
		}
		if (hexout) {
			to_hex(buf, k, hex);
			if (write_full(fd, hex, 2 * k) != 0)
				goto write_err;
		} else if (write_full(fd, buf, k) != 0) {
			goto write_err;
		}
		n -= k;
	}
	if (hexout && write_full(fd, "\n", 1) != 0)
		goto write_err;
	rc = 0;
	goto done;
write_err:
	file_error(out && strcmp(out, "-") ? out : "standard output", errno);
done:
	explicit_bzero(buf, sizeof buf);
	explicit_bzero(hex, sizeof hex);
	if (fd != 1) {
		if (rc != 0)
			out_abort(&of);         /* no file left */
		else if (out_commit(&of) != 0)
			rc = EXIT_ERROR;
	}
	random_free(r);
	return rc;
}
