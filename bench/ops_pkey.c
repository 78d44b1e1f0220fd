/* SPDX-License-Identifier: Apache-2.0 */
/*
 * jca-bench rows: keys, Signature and KeyAgreement (issue 25), through
 * libjca and OpenSSL 3 EVP on the same key.
 *
 *   KeyPairGenerators.generate   Ed25519, X25519 (built-in), EC P-256
 *   Signatures.sign / verify     Ed25519 (built-in); SHA256withECDSA P-256,
 *                                SHA256withRSA 2048 and 3072 (the OpenSSL
 *                                bridge), a 64-byte message
 *   KeyAgreements.derive         X25519 (built-in), ECDH P-256
 *   GetSignature                 Ed25519: get (or new from a handle) +
 *                                init_sign + free, 1 and 2 threads
 *
 * A line of the tables below becomes rows only when a provider offers its
 * name (the lookup at row-building time): the EC and RSA lines need the
 * OpenSSL bridge configured (JCA_CONF, bench/README.md); otherwise the
 * preamble says which were left out. Every key is made once by libjca's
 * KeyPairGenerator and given to OpenSSL through its encoding (PKCS#8,
 * X.509), so both rows of a pair work on the same key.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#ifdef HAVE_OPENSSL
#include <openssl/evp.h>
#include <openssl/x509.h>
#endif

#define SIG_MAX 512                /* RSA-4096's signature */

/* ---- what is measured: one line per algorithm and key ---- */

/* A key: its KeyPairGenerator name, libjca's and OpenSSL's parameters. */
typedef struct key_alg {
	const char *jca;               /* KeyPairGenerator name */
	const char *spec;              /* keypairgen_init spec; NULL: none */
	const char *ossl;              /* EVP_PKEY_CTX_new_from_name */
	const char *ogroup;            /* OpenSSL's curve name, NULL: none */
} key_alg;

static const key_alg k_ed25519 = { "Ed25519", NULL, "ED25519", NULL };
static const key_alg k_x25519 = { "X25519", NULL, "X25519", NULL };
static const key_alg k_p256 = { "EC", "P-256", "EC", "P-256" };
static const key_alg k_rsa2048 = { "RSA", "2048", "RSA", NULL };
static const key_alg k_rsa3072 = { "RSA", "3072", "RSA", NULL };

typedef struct pk_line {
	const char *alg;               /* Signature or KeyAgreement name */
	const key_alg *key;
	const char *omd;               /* OpenSSL digest of the signature; NULL: none (Ed25519) */
	int det;                       /* deterministic signatures: the libraries' must be equal */
} pk_line;

static const pk_line sig_lines[] = {
	{ "Ed25519", &k_ed25519, NULL, 1 },
	{ "SHA256withECDSA", &k_p256, "SHA256", 0 },
	{ "SHA256withRSA", &k_rsa2048, "SHA256", 1 },
	{ "SHA256withRSA", &k_rsa3072, "SHA256", 1 },
};
static const pk_line ka_lines[] = {
	{ "X25519", &k_x25519, NULL, 0 },
	{ "ECDH", &k_p256, NULL, 0 },
};
static const pk_line kpg_lines[] = {
	{ "Ed25519", &k_ed25519, NULL, 0 },
	{ "X25519", &k_x25519, NULL, 0 },
	{ "EC", &k_p256, NULL, 0 },
};
static const pk_line get_lines[] = {
	{ "Ed25519", &k_ed25519, NULL, 0 },
};
#define NLINES(t) (sizeof(t) / sizeof(t)[0])

/* ---- keys: made once, shared by the rows (setup runs on the main thread) ---- */

typedef struct keypair {
	const key_alg *alg;
	int which;                     /* 0, or 1: a second pair (the peer of a KeyAgreement) */
	jca_key *priv, *pub;
#ifdef HAVE_OPENSSL
	EVP_PKEY *opriv, *opub;        /* the same key in OpenSSL */
#endif
} keypair;

static keypair pairs[16];
static int npairs;

#ifdef HAVE_OPENSSL
/* The key's encoding (PKCS#8 or X.509 DER) read by OpenSSL. */
static EVP_PKEY *to_ossl(jca_key *k, int priv)
{
	uint8_t der[4096];
	const unsigned char *q = der;
	size_t n;
	EVP_PKEY *pk;

	if (jca_key_encode(k, JCA_FORMAT_DER, der, sizeof der, &n) != 0)
		die_jca("jca_key_encode(DER)");
	pk = priv ? d2i_AutoPrivateKey(NULL, &q, (long)n) : d2i_PUBKEY(NULL, &q, (long)n);
	if (!pk)
		die_ossl(priv ? "d2i_AutoPrivateKey (libjca's PKCS#8)" : "d2i_PUBKEY (libjca's X.509)");
	return pk;
}
#endif

static const keypair *pair_of(const key_alg *alg, int which)
{
	keypairgen_ctx *g;
	keypair *k;

	for (int i = 0; i < npairs; i++)
		if (pairs[i].alg == alg && pairs[i].which == which)
			return &pairs[i];
	if (npairs == (int)NLINES(pairs)) {
		fprintf(stderr, "jca-bench: too many keys\n");
		exit(1);
	}
	k = &pairs[npairs];
	k->alg = alg;
	k->which = which;
	g = keypairgen_get_instance(alg->jca);
	if (!g || (alg->spec && keypairgen_init(g, alg->spec) != 0) || keypairgen_generate(g, &k->priv, &k->pub) != 0)
		die_jca("keypairgen_get_instance/init/generate");
	keypairgen_free(g);
#ifdef HAVE_OPENSSL
	k->opriv = to_ossl(k->priv, 1);
	k->opub = to_ossl(k->pub, 0);
#endif
	npairs++;
	return k;
}

/* ---- a row's state: s->obj[0] ---- */

typedef struct pk_row {
	const pk_line *line;
	const keypair *k, *peer;
	void *jca;                     /* signature_ctx, keyagreement_ctx or keypairgen_ctx */
	const signature_handle *h;
#ifdef HAVE_OPENSSL
	EVP_MD_CTX *md;
	EVP_PKEY_CTX *pctx;
#endif
	size_t sig_len;
	uint8_t sig[SIG_MAX];          /* verify rows: the signature made at setup */
	uint8_t out[SIG_MAX];
} pk_row;

#define PK(s) ((pk_row *)(s)->obj[0])

static pk_row *row_new(state *s)
{
	pk_row *r = calloc(1, sizeof *r);

	if (!r)
		exit(1);
	r->line = s->p->ops;
	s->obj[0] = r;
	return r;
}


/* Frees the row and its OpenSSL objects; the libjca object is the
 * caller's (its kind knows what it is). */
static void row_free(state *s)
{
	pk_row *r = PK(s);

#ifdef HAVE_OPENSSL
	EVP_MD_CTX_free(r->md);
	EVP_PKEY_CTX_free(r->pctx);
#endif
	free(r);
}

/* ---- libjca ---- */

static void setup_sign(state *s)
{
	pk_row *r = row_new(s);

	r->k = pair_of(r->line->key, 0);
	r->jca = signature_get_instance(r->line->alg);
	if (!r->jca || signature_init_sign(r->jca, r->k->priv) != 0)
		die_jca("signature_get_instance/signature_init_sign");
}

static void setup_verify(state *s)
{
	pk_row *r = row_new(s);

	r->k = pair_of(r->line->key, 0);
	if (signature_sign_oneshot(r->line->alg, r->k->priv, s->in, s->p->len, r->sig, sizeof r->sig, &r->sig_len) != 0)
		die_jca("signature_sign_oneshot");
	r->jca = signature_get_instance(r->line->alg);
	if (!r->jca || signature_init_verify(r->jca, r->k->pub) != 0)
		die_jca("signature_get_instance/signature_init_verify");
}

static void teardown_sig(state *s)
{
	signature_free(PK(s)->jca);
	row_free(s);
}

static void run_sign(state *s, uint64_t n)
{
	pk_row *r = PK(s);
	size_t len;

	for (uint64_t i = 0; i < n; i++)
		if (signature_update(r->jca, s->in, s->p->len) != 0 ||
		    signature_sign(r->jca, r->out, sizeof r->out, &len) != 0)
			die_jca("signature_update/signature_sign");
}

static void run_verify(state *s, uint64_t n)
{
	pk_row *r = PK(s);

	for (uint64_t i = 0; i < n; i++)
		if (signature_update(r->jca, s->in, s->p->len) != 0 || signature_verify(r->jca, r->sig, r->sig_len) != 0)
			die_jca("signature_update/signature_verify");
}

/* GetSignature: the key and, for the handle row, the handle. */
static void setup_get(state *s)
{
	pk_row *r = row_new(s);

	r->k = pair_of(r->line->key, 0);
	r->h = signature_lookup(r->line->alg);
	if (!r->h)
		die_jca("signature_lookup");
}

static void teardown_get(state *s)
{
	row_free(s);
}

static void run_get_init(state *s, uint64_t n)
{
	pk_row *r = PK(s);

	for (uint64_t i = 0; i < n; i++) {
		signature_ctx *sg = signature_get_instance(r->line->alg);

		if (!sg || signature_init_sign(sg, r->k->priv) != 0)
			die_jca("signature_get_instance/signature_init_sign");
		signature_free(sg);
	}
}

static void run_new_init(state *s, uint64_t n)
{
	pk_row *r = PK(s);

	for (uint64_t i = 0; i < n; i++) {
		signature_ctx *sg = signature_new(r->h);

		if (!sg || signature_init_sign(sg, r->k->priv) != 0)
			die_jca("signature_new/signature_init_sign");
		signature_free(sg);
	}
}

static void setup_derive(state *s)
{
	pk_row *r = row_new(s);

	r->k = pair_of(r->line->key, 0);
	r->peer = pair_of(r->line->key, 1);
	r->jca = keyagreement_get_instance(r->line->alg);
	if (!r->jca || keyagreement_init(r->jca, r->k->priv) != 0)
		die_jca("keyagreement_get_instance/keyagreement_init");
}

static void teardown_derive(state *s)
{
	keyagreement_free(PK(s)->jca);
	row_free(s);
}

static void run_derive(state *s, uint64_t n)
{
	pk_row *r = PK(s);
	size_t len;

	for (uint64_t i = 0; i < n; i++)
		if (keyagreement_do_phase(r->jca, r->peer->pub) != 0 ||
		    keyagreement_generate_secret(r->jca, r->out, sizeof r->out, &len) != 0)
			die_jca("keyagreement_do_phase/keyagreement_generate_secret");
}

static void setup_keygen(state *s)
{
	pk_row *r = row_new(s);
	const key_alg *a = r->line->key;

	r->jca = keypairgen_get_instance(a->jca);
	if (!r->jca || (a->spec && keypairgen_init(r->jca, a->spec) != 0))
		die_jca("keypairgen_get_instance/keypairgen_init");
}

static void teardown_keygen(state *s)
{
	keypairgen_free(PK(s)->jca);
	row_free(s);
}

static void run_keygen(state *s, uint64_t n)
{
	pk_row *r = PK(s);

	for (uint64_t i = 0; i < n; i++) {
		jca_key *priv, *pub;

		if (keypairgen_generate(r->jca, &priv, &pub) != 0)
			die_jca("keypairgen_generate");
		jca_key_free(priv);
		jca_key_free(pub);
	}
}

/* ---- OpenSSL 3 EVP ---- */

#ifdef HAVE_OPENSSL
static void setup_o_sig(state *s)
{
	pk_row *r = row_new(s);

	r->k = pair_of(r->line->key, 0);
	if (!(r->md = EVP_MD_CTX_new()))
		die_ossl("EVP_MD_CTX_new");
}

static void setup_o_verify(state *s)
{
	pk_row *r;

	setup_o_sig(s);
	r = PK(s);
	r->sig_len = sizeof r->sig;
	if (EVP_DigestSignInit_ex(r->md, NULL, r->line->omd, NULL, NULL, r->k->opriv, NULL) != 1 ||
	    EVP_DigestSign(r->md, r->sig, &r->sig_len, s->in, s->p->len) != 1)
		die_ossl("EVP_DigestSignInit_ex/EVP_DigestSign");
}

static void run_o_sign(state *s, uint64_t n)
{
	pk_row *r = PK(s);

	for (uint64_t i = 0; i < n; i++) {
		size_t len = sizeof r->out;

		if (EVP_DigestSignInit_ex(r->md, NULL, r->line->omd, NULL, NULL, r->k->opriv, NULL) != 1 ||
		    EVP_DigestSign(r->md, r->out, &len, s->in, s->p->len) != 1)
			die_ossl("EVP_DigestSignInit_ex/EVP_DigestSign");
	}
}

static void run_o_verify(state *s, uint64_t n)
{
	pk_row *r = PK(s);

	for (uint64_t i = 0; i < n; i++)
		if (EVP_DigestVerifyInit_ex(r->md, NULL, r->line->omd, NULL, NULL, r->k->opub, NULL) != 1 ||
		    EVP_DigestVerify(r->md, r->sig, r->sig_len, s->in, s->p->len) != 1)
			die_ossl("EVP_DigestVerifyInit_ex/EVP_DigestVerify");
}

static void run_o_new_init(state *s, uint64_t n)
{
	pk_row *r = PK(s);

	for (uint64_t i = 0; i < n; i++) {
		EVP_MD_CTX *md = EVP_MD_CTX_new();

		if (!md || EVP_DigestSignInit(md, NULL, NULL, NULL, r->k->opriv) != 1)
			die_ossl("EVP_MD_CTX_new/EVP_DigestSignInit");
		EVP_MD_CTX_free(md);
	}
}

static void setup_o_derive(state *s)
{
	pk_row *r = row_new(s);

	r->k = pair_of(r->line->key, 0);
	r->peer = pair_of(r->line->key, 1);
	if (!(r->pctx = EVP_PKEY_CTX_new_from_pkey(NULL, r->k->opriv, NULL)) || EVP_PKEY_derive_init(r->pctx) != 1)
		die_ossl("EVP_PKEY_CTX_new_from_pkey/EVP_PKEY_derive_init");
}

static void run_o_derive(state *s, uint64_t n)
{
	pk_row *r = PK(s);

	for (uint64_t i = 0; i < n; i++) {
		size_t len = sizeof r->out;

		if (EVP_PKEY_derive_set_peer(r->pctx, r->peer->opub) != 1 || EVP_PKEY_derive(r->pctx, r->out, &len) != 1)
			die_ossl("EVP_PKEY_derive_set_peer/EVP_PKEY_derive");
	}
}

static void setup_o_keygen(state *s)
{
	pk_row *r = row_new(s);
	const key_alg *a = r->line->key;

	if (!(r->pctx = EVP_PKEY_CTX_new_from_name(NULL, a->ossl, NULL)) || EVP_PKEY_keygen_init(r->pctx) != 1 ||
	    (a->ogroup && EVP_PKEY_CTX_set_group_name(r->pctx, a->ogroup) != 1))
		die_ossl("EVP_PKEY_CTX_new_from_name/EVP_PKEY_keygen_init");
}

static void run_o_keygen(state *s, uint64_t n)
{
	pk_row *r = PK(s);

	for (uint64_t i = 0; i < n; i++) {
		EVP_PKEY *pk = NULL;

		if (EVP_PKEY_keygen(r->pctx, &pk) != 1)
			die_ossl("EVP_PKEY_keygen");
		EVP_PKEY_free(pk);
	}
}
#endif /* HAVE_OPENSSL */

/* ---- the kinds of rows ---- */

static const kind K_keygen = { "KeyPairGenerators", "generate", LIB_JCA, 0, 0,
	"keypairgen_generate(g, &priv, &pub) + jca_key_free of both, g got (and initialised with the curve) once",
	setup_keygen, run_keygen, teardown_keygen };
static const kind K_sign = { "Signatures", "sign", LIB_JCA, 0, 0,
	"signature_update(len bytes) + signature_sign on one instance, signature_init_sign(key) once before",
	setup_sign, run_sign, teardown_sig };
static const kind K_verify = { "Signatures", "verify", LIB_JCA, 0, 0,
	"signature_update(len bytes) + signature_verify(a signature made at setup), signature_init_verify once",
	setup_verify, run_verify, teardown_sig };
static const kind K_derive = { "KeyAgreements", "derive", LIB_JCA, 0, 0,
	"keyagreement_do_phase(peer's public key) + keyagreement_generate_secret, keyagreement_init(key) once",
	setup_derive, run_derive, teardown_derive };
static const kind K_get_init = { "GetSignature", "getInstanceInit", LIB_JCA, 1, 0,
	"signature_get_instance(alg) + signature_init_sign(key) + signature_free", setup_get, run_get_init,
	teardown_get };
static const kind K_new_init = { "GetSignature", "newFromHandleInit", LIB_JCA, 1, 0,
	"signature_new(h) + signature_init_sign(key) + signature_free, h = signature_lookup(alg) once",
	setup_get, run_new_init, teardown_get };

#ifdef HAVE_OPENSSL
static const kind O_keygen = { "KeyPairGenerators", "generate", LIB_OSSL, 0, 0,
	"EVP_PKEY_keygen(ctx) + EVP_PKEY_free, ctx = EVP_PKEY_CTX_new_from_name + EVP_PKEY_keygen_init "
	"(+ set_group_name) once", setup_o_keygen, run_o_keygen, row_free };
static const kind O_sign = { "Signatures", "sign", LIB_OSSL, 0, 0,
	"EVP_DigestSignInit_ex(reused EVP_MD_CTX, digest name or NULL, key) + EVP_DigestSign(len bytes)",
	setup_o_sig, run_o_sign, row_free };
static const kind O_verify = { "Signatures", "verify", LIB_OSSL, 0, 0,
	"EVP_DigestVerifyInit_ex(reused EVP_MD_CTX, digest name or NULL, key) + EVP_DigestVerify(len bytes)",
	setup_o_verify, run_o_verify, row_free };
static const kind O_derive = { "KeyAgreements", "derive", LIB_OSSL, 0, 0,
	"EVP_PKEY_derive_set_peer(peer's key) + EVP_PKEY_derive on one ctx (EVP_PKEY_derive_init once)",
	setup_o_derive, run_o_derive, row_free };
static const kind O_new_init = { "GetSignature", "newInit", LIB_OSSL, 1, 0,
	"EVP_MD_CTX_new + EVP_DigestSignInit(ctx, NULL, NULL, NULL, key) + EVP_MD_CTX_free", setup_get,
	run_o_new_init, teardown_get };
#endif

/* ---- the rows ---- */

/* Lines left out (no provider offers the name): "Type name" each. */
static const char *left_out[16];
static int nleft;

static void leave_out(const char *type, const char *alg)
{
	static char buf[16][64];

	for (int i = 0; i < nleft; i++)
		if (!strncmp(left_out[i], type, strlen(type)) && !strcmp(left_out[i] + strlen(type) + 1, alg))
			return;
	if (nleft == (int)NLINES(left_out))
		return;
	snprintf(buf[nleft], sizeof buf[nleft], "%s %s", type, alg);
	left_out[nleft] = buf[nleft];
	nleft++;
}

static param line_param(const pk_line *l, size_t len)
{
	return (param){ .alg = l->alg, .spec = l->key->spec, .len = len, .ops = l };
}

static void rows_pkey(void)
{
	param p;
	int j;

	for (size_t i = 0; i < NLINES(kpg_lines); i++) {
		if (!keypairgen_lookup(kpg_lines[i].alg)) {
			leave_out("KeyPairGenerator", kpg_lines[i].alg);
			continue;
		}
		p = line_param(&kpg_lines[i], 0);
		j = add_row(&K_keygen, p, -1);
		ADD_OSSL(&O_keygen, p, j);
	}
	for (size_t i = 0; i < NLINES(sig_lines); i++) {
		if (!signature_lookup(sig_lines[i].alg) || !keypairgen_lookup(sig_lines[i].key->jca)) {
			leave_out("Signature", sig_lines[i].alg);
			continue;
		}
		p = line_param(&sig_lines[i], 64);
		j = add_row(&K_sign, p, -1);
		ADD_OSSL(&O_sign, p, j);
		j = add_row(&K_verify, p, -1);
		ADD_OSSL(&O_verify, p, j);
	}
	for (size_t i = 0; i < NLINES(ka_lines); i++) {
		if (!keyagreement_lookup(ka_lines[i].alg) || !keypairgen_lookup(ka_lines[i].key->jca)) {
			leave_out("KeyAgreement", ka_lines[i].alg);
			continue;
		}
		p = line_param(&ka_lines[i], 0);
		j = add_row(&K_derive, p, -1);
		ADD_OSSL(&O_derive, p, j);
	}
	for (size_t i = 0; i < NLINES(get_lines); i++) {
		if (!signature_lookup(get_lines[i].alg)) {
			leave_out("Signature", get_lines[i].alg);
			continue;
		}
		p = line_param(&get_lines[i], 0);
		j = add_row(&K_get_init, p, -1);
		add_row(&K_new_init, p, -1);
		ADD_OSSL(&O_new_init, p, j);
	}
}

/* The implementation bound to each name, and its provider. */
static void impls_pkey(void (*item)(const char *name, const char *impl))
{
	static char buf[NLINES(sig_lines) + NLINES(ka_lines)][96];
	size_t b = 0;

	for (size_t i = 0; i < NLINES(sig_lines); i++) {
		signature_ctx *sg;

		if (i && !strcmp(sig_lines[i].alg, sig_lines[i - 1].alg))
			continue;
		if (!(sg = signature_get_instance(sig_lines[i].alg)))
			continue;
		snprintf(buf[b], sizeof buf[b], "%s(%s)", signature_implementation(sg), signature_provider(sg));
		item(sig_lines[i].alg, buf[b++]);
		signature_free(sg);
	}
	for (size_t i = 0; i < NLINES(ka_lines); i++) {
		keyagreement_ctx *ka = keyagreement_get_instance(ka_lines[i].alg);

		if (!ka)
			continue;
		snprintf(buf[b], sizeof buf[b], "%s(%s)", keyagreement_implementation(ka), keyagreement_provider(ka));
		item(ka_lines[i].alg, buf[b++]);
		keyagreement_free(ka);
	}
}

static void notes_pkey(void)
{
	for (int i = 0; i < nleft; i++)
		printf("# pkey rows left out: no provider offers %s (the OpenSSL bridge: JCA_CONF, see bench/README.md)\n",
		       left_out[i]);
}

#ifdef HAVE_OPENSSL
/* Does a selected row use this line? Keys with parameters (EC, RSA:
 * RSA-3072's generation can take a second) are only made for the lines
 * whose rows run; the others are always checked. */
static int line_checked(const pk_line *l)
{
	if (!l->key->spec)
		return 1;
	for (int i = 0; i < nrows; i++)
		if (rows[i].selected && rows[i].p.ops == l)
			return 1;
	return 0;
}

static void check_result(int good, const char *what, const pk_line *l, int *ok, int *bad)
{
	if (good) {
		(*ok)++;
		return;
	}
	printf("# cross-check: %s %s%s%s DIFFERS or failed\n", what, l->alg, l->key->spec ? " " : "",
	       l->key->spec ? l->key->spec : "");
	(*bad)++;
}

/* A libjca signature verifies in OpenSSL and OpenSSL's in libjca (and the
 * two are equal where the algorithm is deterministic). The ctx is reset
 * between verifying and signing: OpenSSL 3.0's Init on a used ctx keeps
 * the key of its EVP_PKEY_CTX. */
static int sig_interop(const pk_line *l)
{
	static const uint8_t msg[] = "jca-bench cross-check: the same key in both libraries";
	const keypair *k = pair_of(l->key, 0);
	uint8_t a[SIG_MAX], o[SIG_MAX];
	size_t alen, olen = sizeof o;
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	int good;

	good = md && signature_sign_oneshot(l->alg, k->priv, msg, sizeof msg, a, sizeof a, &alen) == 0 &&
	       EVP_DigestVerifyInit_ex(md, NULL, l->omd, NULL, NULL, k->opub, NULL) == 1 &&
	       EVP_DigestVerify(md, a, alen, msg, sizeof msg) == 1 && EVP_MD_CTX_reset(md) == 1 &&
	       EVP_DigestSignInit_ex(md, NULL, l->omd, NULL, NULL, k->opriv, NULL) == 1 &&
	       EVP_DigestSign(md, o, &olen, msg, sizeof msg) == 1 &&
	       signature_verify_oneshot(l->alg, k->pub, msg, sizeof msg, o, olen) == 0 &&
	       (!l->det || (alen == olen && !memcmp(a, o, alen)));
	EVP_MD_CTX_free(md);
	return good;
}

/* The same secret from both libraries, each side's private key with the
 * other's public key. */
static int ka_interop(const pk_line *l)
{
	const keypair *k = pair_of(l->key, 0), *peer = pair_of(l->key, 1);
	keyagreement_ctx *ka = keyagreement_get_instance(l->alg);
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(NULL, peer->opriv, NULL);
	uint8_t a[128], o[128];
	size_t alen, olen = sizeof o;
	int good;

	good = ka && c && keyagreement_init(ka, k->priv) == 0 && keyagreement_do_phase(ka, peer->pub) == 0 &&
	       keyagreement_generate_secret(ka, a, sizeof a, &alen) == 0 && EVP_PKEY_derive_init(c) == 1 &&
	       EVP_PKEY_derive_set_peer(c, k->opub) == 1 && EVP_PKEY_derive(c, o, &olen) == 1 && alen == olen &&
	       !memcmp(a, o, alen);
	keyagreement_free(ka);
	EVP_PKEY_CTX_free(c);
	return good;
}
#endif

static void cross_check_pkey(int *ok, int *bad)
{
#ifdef HAVE_OPENSSL
	for (size_t i = 0; i < NLINES(sig_lines); i++)
		if (signature_lookup(sig_lines[i].alg) && keypairgen_lookup(sig_lines[i].key->jca) &&
		    line_checked(&sig_lines[i]))
			check_result(sig_interop(&sig_lines[i]), "Signature", &sig_lines[i], ok, bad);
	for (size_t i = 0; i < NLINES(ka_lines); i++)
		if (keyagreement_lookup(ka_lines[i].alg) && keypairgen_lookup(ka_lines[i].key->jca) &&
		    line_checked(&ka_lines[i]))
			check_result(ka_interop(&ka_lines[i]), "KeyAgreement", &ka_lines[i], ok, bad);
#else
	(void)ok;
	(void)bad;
#endif
}

const bench_family bench_family_pkey = { "Signature/KeyAgreement", rows_pkey, impls_pkey, cross_check_pkey,
	                                 notes_pkey };
