/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca sign, jca verify (Signature) and jca agree (KeyAgreement). The
 * message is streamed through signature_update in IO_CHUNK pieces; the
 * signature bytes are those 'openssl dgst -sign' writes (DER for ECDSA,
 * the 64 raw bytes of Ed25519 as 'openssl pkeyutl -sign -rawin').
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "outfile.h"

static void usage_sign(FILE *f, const char *cmd)
{
	int v = !strcmp(cmd, "verify");

	fprintf(f,
	        v ? "usage: jca verify -a ALG -key FILE|URI -sig SIGFILE [-P NAME]\n"
	            "                  [-sigopt NAME:VALUE]... [FILE]\n"
	          : "usage: jca sign -a ALG -key FILE|URI [-P NAME] [-sigopt NAME:VALUE]...\n"
	            "                [-out SIGFILE] [-outmode OCTAL] [FILE]\n");
	fprintf(f,
	        "\n"
	        "%s\n"
	        "\n"
	        "  -a, -algorithm ALG      the Signature: Ed25519, SHA256withECDSA (also\n"
	        "                          SHA384, SHA512...), SHA256withECDSAinP1363Format,\n"
	        "                          SHA256withRSA, SHA256withRSA/PSS, ML-DSA-65 (also\n"
	        "                          44, 87)... ('jca list')\n"
	        "  -k, -key, -inkey FILE   %s\n"
	        "%s"
	        "  -P, -provider NAME      this provider's Signature only (converting the\n"
	        "                          key when it belongs to another)\n"
	        "      -sigopt NAME:VALUE  a parameter of the Signature (up to 8): ML-DSA's\n"
	        "                          context:HEX (0 to 255 bytes) and deterministic:true;\n"
	        "                          RSASSA-PSS's digest, mgf1, saltLength\n"
	        "  -h, --help              this help\n"
	        "\n"
	        "A key on a token is named by its URI (RFC 7512), wherever a FILE is:\n"
	        "'pkcs11:token=T;object=LABEL' (type=private or public when the label\n"
	        "names a pair; without it the command takes the kind it needs); the\n"
	        "operation then runs on the token.\n"
	        "\n"
	        "The signature bytes are those of 'openssl dgst -sign' (ECDSA: DER; RSA:\n"
	        "the modulus long) and, for Ed25519 and ML-DSA, of 'openssl pkeyutl -sign\n"
	        "-rawin' (64 bytes; ML-DSA: FIPS 204's, pure ML-DSA, hedged unless\n"
	        "deterministic:true).\n"
	        "\n",
	        v ? "Verifies the signature in SIGFILE over FILE (default: standard input;\n"
	            "'-' too), read in pieces."
	          : "Signs FILE (default: standard input; '-' too), read in pieces.",
	        v ? "the public key, or a private key (its public half is used)"
	          : "the private key (PEM or DER: PKCS#8, EC or RSA\n"
	            "                          PRIVATE KEY)",
	        v ? "  -s, -sig, -signature FILE  the signature\n"
	          : "  -o, -out, --out FILE    where the signature goes (default: standard output;\n"
	            "                          never another user's file)\n"
	            "      -outmode, --outmode OCTAL  its mode (0 to 777; default: the mode of\n"
	            "                          the file replaced, or 0666 less the umask)\n");
	fputs(v ? "Prints 'Verified OK' or 'Verification failure', as openssl does.\n"
	          "Exit codes: 0 the signature verifies, 1 it does not, 2 any error (a bad\n"
	          "key file, an unknown algorithm, an unreadable file).\n"
	        : "Exit codes: 0 success, 2 any error.\n", f);
}

static void usage_agree(FILE *f)
{
	fprintf(f,
	        "usage: jca agree -a X25519|ECDH -key MINE -peer THEIRS [-P NAME] [-out FILE]\n"
	        "                 [-outmode OCTAL]\n"
	        "\n"
	        "Writes the raw shared secret of a key agreement (the bytes of 'openssl\n"
	        "pkeyutl -derive'): X25519 (RFC 7748, 32 bytes) or ECDH (the x-coordinate,\n"
	        "as long as the field).\n"
	        "\n"
	        "  -a, -algorithm ALG      X25519 or ECDH (or a provider's KeyAgreement)\n"
	        "  -k, -key, -inkey FILE   your private key (a file, or a pkcs11: URI)\n"
	        "      -peer, -peerkey FILE  the peer's public key (or a private key: its\n"
	        "                          public half; a file or a pkcs11: URI)\n"
	        "  -P, -provider NAME      this provider's KeyAgreement only\n"
	        "  -o, -out, --out FILE    output file, mode 0600 (default: standard output);\n"
	        "                          never another user's file (refused)\n"
	        "      -outmode, --outmode OCTAL  the output file's mode instead (0 to 777)\n"
	        "  -h, --help              this help\n"
	        "\n"
	        "An all-zero X25519 secret (a small-order peer key) is refused.\n"
	        "Exit codes: 0 success, 2 any error.\n");
}

enum { O_ALG = 1, O_KEY, O_SIG, O_PEER, O_OUT, O_OUTMODE, O_PROVIDER, O_SIGOPT, O_HELP };
#define MAX_SIGOPTS 8

static const struct opt sign_opts[] = {
	{ O_ALG, 'a', "algorithm", 1, 1 },
	{ O_KEY, 'k', "key", 1, 1 },
	{ O_KEY, 0, "inkey", 1, 1 },
	{ O_SIG, 's', "sig", 1, 1 },
	{ O_SIG, 0, "signature", 1, 1 },
	{ O_PEER, 0, "peer", 1, 1 },
	{ O_PEER, 0, "peerkey", 1, 1 },
	{ O_OUT, 'o', "out", 1, 1 },
	{ O_OUTMODE, 0, "outmode", 1, 1 },
	{ O_PROVIDER, 'P', "provider", 1, 1 },
	{ O_SIGOPT, 0, "sigopt", 1, 1 },
	{ O_HELP, 'h', "help", 0, 0 },
	{ 0, 0, NULL, 0, 0 }
};

struct sign_args {
	const char *cmd, *alg, *key, *sig, *peer, *out, *provider, *in;
	int mode;               /* -outmode, or -1 */
	const char *sigopt[MAX_SIGOPTS];
	int nsigopt;
};

/* Parses the options of sign, verify and agree, checks the ones cmd
 * needs. 0, 1 (--help was printed) or -1 after a message. */
static int parse(int argc, char **argv, struct sign_args *a)
{
	int agree = !strcmp(argv[0], "agree"), verify = !strcmp(argv[0], "verify");
	struct opt_parser p;
	const char *arg, *missing = NULL;
	int id;

	memset(a, 0, sizeof *a);
	a->cmd = argv[0];
	a->mode = -1;
	opt_init(&p, argc, argv, a->cmd);
	while ((id = opt_next(&p, sign_opts, &arg)) != OPT_DONE) {
		switch (id) {
		case O_ALG: a->alg = arg; break;
		case O_KEY: a->key = arg; break;
		case O_SIG: a->sig = arg; break;
		case O_PEER: a->peer = arg; break;
		case O_OUT: a->out = arg; break;
		case O_OUTMODE:
			if (parse_out_mode(a->cmd, arg, &a->mode) != 0)
				return -1;
			break;
		case O_PROVIDER: a->provider = arg; break;
		case O_SIGOPT:
			if (agree || a->nsigopt == MAX_SIGOPTS || !strchr(arg, ':')) {
				fprintf(stderr, "jca %s: -sigopt %s\n", a->cmd,
				        agree ? "is not an option of agree" : a->nsigopt == MAX_SIGOPTS ?
				        "given more than 8 times" : "takes NAME:VALUE");
				try_help(a->cmd);
				return -1;
			}
			a->sigopt[a->nsigopt++] = arg;
			break;
		case O_HELP:
			if (agree)
				usage_agree(stdout);
			else
				usage_sign(stdout, a->cmd);
			return 1;
		case OPT_OPERAND:
			if (a->in || agree) {
				fprintf(stderr, "jca %s: unexpected argument '%s'%s\n", a->cmd, esc(arg),
				        agree ? "" : " (one input file)");
				try_help(a->cmd);
				return -1;
			}
			a->in = arg;
			break;
		default: return -1;
		}
	}
	if ((a->sig && !verify) || (a->peer && !agree) || ((a->out || a->mode >= 0) && verify)) {
		fprintf(stderr, "jca %s: %s is not an option of %s\n", a->cmd,
		        a->sig && !verify ? "-sig" : a->peer && !agree ? "-peer" : a->out ? "-out" : "-outmode",
		        a->cmd);
		try_help(a->cmd);
		return -1;
	}
	if (!a->alg)
		missing = agree ? "no algorithm given (-a X25519|ECDH)"
		                : "no algorithm given (-a Ed25519, -a SHA256withECDSA...)";
	else if (!a->key)
		missing = agree ? "no private key given (-key FILE)" : "no key given (-key FILE)";
	else if (verify && !a->sig)
		missing = "no signature given (-sig FILE)";
	else if (agree && !a->peer)
		missing = "no peer key given (-peer FILE)";
	if (missing) {
		fprintf(stderr, "jca %s: %s\n", a->cmd, missing);
		try_help(a->cmd);
		return -1;
	}
	if (!a->in)
		a->in = "-";
	if (!strcmp(a->key, "-") + (a->sig && !strcmp(a->sig, "-")) + (a->peer && !strcmp(a->peer, "-")) +
	    (!agree && !strcmp(a->in, "-")) > 1) {
		fprintf(stderr, "jca %s: standard input ('-') can be one input only\n", a->cmd);
		return -1;
	}
	return 0;
}

struct feed {
	signature_ctx *s;
	int status;
};

static int feed(void *ctx, const uint8_t *data, size_t len)
{
	struct feed *f = ctx;

	f->status = signature_update(f->s, data, len);
	return f->status ? 1 : 0;
}

/* Streams a->in into s. 0, or -1 after a message. */
static int feed_input(const struct sign_args *a, signature_ctx *s)
{
	struct feed f = { s, 0 };
	uint64_t size;
	int fd = open_input(a->in, &size), rc;

	if (fd < 0) {
		file_error(a->in, errno);
		return -1;
	}
	rc = stream_input(fd, a->in, size, feed, &f);
	if (rc < 0)
		file_error(a->in, errno);
	else if (rc)
		fprintf(stderr, "jca %s: %s: %s\n", a->cmd, quote_name(input_label(a->in)), last_error());
	close_input(fd);
	return rc ? -1 : 0;
}

/* sign: the signature to a->out. 0 or EXIT_ERROR. */
static int do_sign(const struct sign_args *a, signature_ctx *s)
{
	size_t room = signature_length(s), len = 0;
	uint8_t *sig = malloc(room ? room : 1);
	int rc = EXIT_ERROR;

	if (!sig) {
		msg("out of memory");
		return EXIT_ERROR;
	}
	if (feed_input(a, s) == 0) {
		if (signature_sign(s, sig, room, &len) != 0)
			fprintf(stderr, "jca sign: %s\n", last_error());
		else if (write_output("sign", a->out, sig, len, out_mode(a->mode, 0)) == 0)
			rc = 0;
	}
	free(sig);
	return rc;
}

/* verify: 0 (verifies), EXIT_VERIFY or EXIT_ERROR. */
static int do_verify(const struct sign_args *a, signature_ctx *s)
{
	uint8_t *sig;
	size_t len;
	int rc;

	if (read_small(a->cmd, a->sig, "signature", KEYFILE_MAX, &sig, &len) != 0)
		return EXIT_ERROR;
	if (feed_input(a, s) != 0) {
		free(sig);
		return EXIT_ERROR;
	}
	rc = signature_verify(s, sig, len);
	free(sig);
	if (rc == 0) {
		puts("Verified OK");
		return 0;
	}
	if (rc == JCA_BADSIG) {
		puts("Verification failure");
		return EXIT_VERIFY;
	}
	fprintf(stderr, "jca verify: %s\n", last_error());
	return EXIT_ERROR;
}

/* The -sigopt parameters, in order. 0, or -1 after a message. */
static int set_sigopts(const struct sign_args *a, signature_ctx *s)
{
	char name[65];
	int i;

	for (i = 0; i < a->nsigopt; i++) {
		const char *colon = strchr(a->sigopt[i], ':');
		size_t n = (size_t)(colon - a->sigopt[i]);

		if (n == 0 || n >= sizeof name) {
			fprintf(stderr, "jca %s: -sigopt %s: no parameter name (or longer than 64)\n", a->cmd,
			        esc(a->sigopt[i]));
			return -1;
		}
		memcpy(name, a->sigopt[i], n);
		name[n] = 0;
		if (signature_set_parameter(s, name, colon + 1) != 0) {
			fprintf(stderr, "jca %s: -sigopt %s: %s\n", a->cmd, esc(a->sigopt[i]), last_error());
			return -1;
		}
	}
	return 0;
}

int cmd_sign(int argc, char **argv)
{
	struct sign_args a;
	signature_ctx *s;
	jca_key *k;
	int rc = EXIT_ERROR, verify = !strcmp(argv[0], "verify");

	switch (parse(argc, argv, &a)) {
	case 0: break;
	case 1: return 0;
	default: return EXIT_ERROR;
	}
	s = a.provider ? signature_get_instance_from(a.alg, a.provider) : signature_get_instance(a.alg);
	if (!s) {
		instance_error(a.cmd);
		return EXIT_ERROR;
	}
	k = NULL;
	if (set_sigopts(&a, s) != 0)
		goto out;
	k = load_pkey(a.cmd, a.key, "-key", verify ? JCA_KEY_PUBLIC : JCA_KEY_PRIVATE);
	if (!k)
		goto out;
	if (!verify && jca_key_kind(k) != JCA_KEY_PRIVATE) {
		fprintf(stderr, "jca sign: %s: a public key cannot sign: give the private key\n",
		        quote_name(input_label(a.key)));
		goto out;
	}
	if ((verify ? signature_init_verify(s, k) : signature_init_sign(s, k)) != 0) {
		fprintf(stderr, "jca %s: %s: %s\n", a.cmd, quote_name(input_label(a.key)), last_error());
		goto out;
	}
	rc = verify ? do_verify(&a, s) : do_sign(&a, s);
out:
	jca_key_free(k);
	signature_free(s);
	return rc;
}

int cmd_agree(int argc, char **argv)
{
	struct sign_args a;
	keyagreement_ctx *ka;
	jca_key *mine = NULL, *peer = NULL, *peer_pub = NULL;
	uint8_t *secret = NULL;
	size_t room = 0, len = 0;
	int rc = EXIT_ERROR;

	switch (parse(argc, argv, &a)) {
	case 0: break;
	case 1: return 0;
	default: return EXIT_ERROR;
	}
	ka = a.provider ? keyagreement_get_instance_from(a.alg, a.provider) : keyagreement_get_instance(a.alg);
	if (!ka) {
		instance_error("agree");
		return EXIT_ERROR;
	}
	mine = load_pkey("agree", a.key, "-key", JCA_KEY_PRIVATE);
	peer = mine ? load_pkey("agree", a.peer, "-peer", JCA_KEY_PUBLIC) : NULL;
	if (!peer)
		goto out;
	if (jca_key_kind(mine) != JCA_KEY_PRIVATE) {
		fprintf(stderr, "jca agree: %s: a public key: -key takes your private key\n",
		        quote_name(input_label(a.key)));
		goto out;
	}
	if (jca_key_public(peer, &peer_pub) != 0) {
		fprintf(stderr, "jca agree: %s: %s\n", quote_name(input_label(a.peer)), last_error());
		goto out;
	}
	if (keyagreement_init(ka, mine) != 0) {
		fprintf(stderr, "jca agree: %s: %s\n", quote_name(input_label(a.key)), last_error());
		goto out;
	}
	if (keyagreement_do_phase(ka, peer_pub) != 0) {
		fprintf(stderr, "jca agree: %s: %s\n", quote_name(input_label(a.peer)), last_error());
		goto out;
	}
	room = keyagreement_length(ka);
	secret = malloc(room ? room : 1);
	if (!secret)
		msg("out of memory");
	else if (keyagreement_generate_secret(ka, secret, room, &len) != 0)
		fprintf(stderr, "jca agree: %s\n", last_error());
	else if (write_output("agree", a.out, secret, len, out_mode(a.mode, 1)) == 0)
		rc = 0;
out:
	free_secret(secret, room);
	jca_key_free(peer_pub);
	jca_key_free(peer);
	jca_key_free(mine);
	keyagreement_free(ka);
	return rc;
}
