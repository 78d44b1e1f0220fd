/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca - the libjca command-line tool.
 *
 *   jca list [--backends] [--verbose] [--json] [--load]
 *   jca dgst -a ALG [-b|-t|--tag] [-z] [FILE...];  jca dgst [-a ALG] -c [SUMSFILE...]
 *   jca mac [-a ALG] (-K HEX | --key-file F) [--tag] [-c] [FILE...]
 *   jca enc|dec -t TRANSFORMATION (-K HEX | --key-file F) [--iv HEX] [-in F] [-out F]
 *   jca speed [ALG...] [--bytes N] [--seconds S] [--threads T]
 *   jca rand [-a ALG] [-m MECHANISM] [--hex] N
 *   jca kdf -a PBKDF2WithHmacSHA256|HKDF-SHA256 ...
 *   jca genpkey -a Ed25519|X25519|EC|RSA [-p PARAM] [-out F]
 *   jca pkey [-in F] [-pubout] [-outform PEM|DER] [-out F]
 *   jca sign -a ALG -key F [-out SIG] [FILE];  jca verify -a ALG -key F -sig SIG [FILE]
 *   jca agree -a X25519|ECDH -key MINE -peer THEIRS [-out F]
 *   jca encap -key PUB -enc ENC [-out SECRET];  jca decap -key KEY [-in ENC] [-out SECRET]
 *
 * Exit codes: 0 success, 1 verification failed, 2 usage or other error.
 * The commands live in list.c, dgst.c, enc.c, speed.c, rand.c, kdf.c, pkey.c
 * sign.c and kem.c; helpers in util.c and keyfile.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static void usage_main(FILE *f)
{
	fprintf(f,
	        "usage: jca COMMAND [OPTIONS] [ARGS]\n"
	        "       jca --help | --version\n"
	        "\n"
	        "The command-line tool of libjca, the Java Cryptography Architecture's\n"
	        "model in C.\n"
	        "\n"
	        "commands:\n"
	        "  list [--load]              providers in preference order, their load state,\n"
	        "                             algorithms with aliases, OIDs and backends\n"
	        "  dgst -a ALG [FILE...]      message digests in sha256sum's format; -c checks\n"
	        "                             (without -a: each line's algorithm from its tag)\n"
	        "  mac -a ALG -K HEX [FILE...]  HMAC tags in the same format\n"
	        "  enc -t TRANSFORMATION -K HEX [-in F] [-out F]   encrypt (random IV written first)\n"
	        "  dec -t TRANSFORMATION -K HEX [-in F] [-out F]   decrypt\n"
	        "  enc|dec --stream -K HEX [-in F] [-out F]   any size in constant memory (Tink's format)\n"
	        "  speed [ALG...]             throughput and get-instance cost\n"
	        "  rand [--hex] N             N random bytes (default SecureRandom, or -a DRBG)\n"
	        "  kdf -a ALG ...             PBKDF2 or HKDF: derived bytes in hex\n"
	        "  genpkey -a ALG [-p PARAM]  a new private key (Ed25519, X25519, EC, RSA, ML-KEM-768,\n"
	        "                             X-Wing...), PKCS#8\n"
	        "  pkey -in F [-pubout]       a key read and written back, or its public key\n"
	        "  sign -a ALG -key F [FILE]  a signature (Ed25519, SHA256withECDSA, SHA256withRSA)\n"
	        "  verify -a ALG -key F -sig S [FILE]   'Verified OK' or 'Verification failure'\n"
	        "  agree -a X25519|ECDH -key F -peer P   the raw shared secret\n"
	        "  encap -key PUB -enc E [-out S]  a KEM secret and its encapsulation (ML-KEM, X-Wing)\n"
	        "  decap -key KEY [-in E] [-out S]  the secret of an encapsulation\n"
	        "  keystore list|delete [URI] a token's keys (a key file F may also be a\n"
	        "                             pkcs11: URI: pkcs11:token=T;object=L)\n"
	        "\n"
	        "Run 'jca COMMAND --help' for the options of one command; 'man jca' for more.\n"
	        "Exit codes: 0 success, 1 verification failed, 2 usage or other error.\n");
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int, char **);
	} commands[] = {
		{ "list", cmd_list }, { "dgst", cmd_dgst }, { "mac", cmd_mac },
		{ "enc", cmd_enc },   { "dec", cmd_enc },   { "speed", cmd_speed },
		{ "rand", cmd_rand }, { "kdf", cmd_kdf },
		{ "genpkey", cmd_genpkey }, { "pkey", cmd_pkey },
		{ "sign", cmd_sign }, { "verify", cmd_sign }, { "agree", cmd_agree },
		{ "keystore", cmd_keystore },
		{ "encap", cmd_encap }, { "decap", cmd_decap },
	};
	size_t i;
	int rc;

	if (argc < 2) {
		usage_main(stderr);
		return EXIT_ERROR;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		usage_main(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		printf("jca %s (libjca %s)\n", JCA_VERSION_STRING, jca_version());
		return 0;
	}
	for (i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		if (strcmp(argv[1], commands[i].name))
			continue;
		rc = commands[i].run(argc - 1, argv + 1);
		if (fflush(stdout) != 0 || ferror(stdout)) {
			msg("write error: %s", strerror(errno));
			rc = EXIT_ERROR;
		}
		return rc;
	}
	msg("unknown command '%s'", esc(argv[1]));
	try_help(NULL);
	return EXIT_ERROR;
}
