/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11-bench: signing with a key that stays on a PKCS#11 token, through
 * libjca, against the same token called directly and against OpenSSL's
 * software signing, all in one process. Run by bench/p11-bench.sh, which
 * makes a SoftHSM2 token and a jca.conf naming it provider "softhsm":
 *
 *   p11-bench --module LIB --token LABEL --pin-env VAR [--provider softhsm]
 *             [--label KEY] [--time SECONDS] [--only ROW,ROW...]
 *
 * --time: seconds of timed batches, all rows together (default 3);
 * --only jca-sign,p11-sign: those rows alone (to profile one, with perf).
 *
 * The key pair (EC P-256) is generated on the token by the provider's
 * KeyPairGenerator and stored with keystore_set_key_pair under LABEL, then
 * loaded back by URI. Rows (ns/op, best batch):
 *   jca-sign     signature_init_sign once; per op update(64 bytes) + sign
 *   p11-sign     the same key object: C_DigestInit(CKM_SHA256) + C_Digest
 *                + C_SignInit(CKM_ECDSA) + C_Sign, the plugin's calls
 *   ossl-sign    EVP_DigestSignInit + EVP_DigestSign, a software P-256 key
 *   jca-verify / p11-verify / ossl-verify: the same for verifying
 *   jca-load     jca_key_load(URI) + jca_key_free
 *   p11-find     C_FindObjectsInit(label, class) + C_FindObjects + Final
 * The rows take turns, a batch of each in every round (see measure()).
 * Exit status 0, or 1 with a message when a step fails.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <p11-kit/pkcs11.h>

#include "jca.h"

#ifdef HAVE_OPENSSL
#include <openssl/crypto.h>
#include <openssl/evp.h>
#endif

#define MSG_LEN 64

static void die(const char *what, const char *why)
{
	fprintf(stderr, "p11-bench: %s: %s\n", what, why);
	exit(1);
}

static void jca_die(const char *what)
{
	die(what, jca_last_error_message());
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- measuring: one op is fn(arg); a failure ends the program ---- */

typedef void (*op_fn)(void *arg);

typedef struct row {
	const char *name, *what;
	op_fn fn;
	void *arg;
	double best, mean;          /* ns/op */
	uint64_t batches, n, sum, min;
	int done;
} row;

static double opt_time = 3.0;   /* seconds of timed batches, all rows together */

static uint64_t batch(op_fn fn, void *arg, uint64_t n)
{
	uint64_t t0 = now_ns();

	for (uint64_t i = 0; i < n; i++)
		fn(arg);
	return now_ns() - t0;
}

/* Ops per batch so that one takes about 10 ms; then 100 ms of warm-up. */
static void calibrate(row *r)
{
	const uint64_t target = 10000000u;
	uint64_t n = 1, t, end;

	while ((t = batch(r->fn, r->arg, n)) < target / 4)
		n *= t < target / 100 ? 10 : 2;
	r->n = (uint64_t)((double)n * (double)target / (double)(t ? t : 1)) + 1;
	end = now_ns() + 100000000u;
	while (now_ns() < end)
		batch(r->fn, r->arg, r->n / 4 + 1);
	r->min = UINT64_MAX;
}

/*
 * As jca-bench --best, the score is the best batch: on a machine shared
 * with other work, the one nothing preempted. The rows take turns, one
 * batch each, for opt_time seconds, so that a slow spell of the machine
 * falls on all of them alike; the mean over all batches is shown beside.
 */
static void measure(row *rows, int nrows)
{
	uint64_t end, t, rounds = 0;

	for (int i = 0; i < nrows; i++)
		if (rows[i].fn)
			calibrate(&rows[i]);
	end = now_ns() + (uint64_t)(opt_time * 1e9);
	do {
		for (int i = 0; i < nrows; i++) {
			row *r = &rows[i];

			if (!r->fn)
				continue;
			t = batch(r->fn, r->arg, r->n);
			if (t < r->min)
				r->min = t;
			r->sum += t;
			r->batches++;
		}
		rounds++;
	} while (now_ns() < end || rounds < 5);
	for (int i = 0; i < nrows; i++) {
		row *r = &rows[i];

		if (!r->fn)
			continue;
		r->best = (double)r->min / (double)r->n;
		r->mean = (double)r->sum / (double)r->batches / (double)r->n;
		r->done = 1;
	}
}

static uint8_t msg[MSG_LEN];

/* ---- libjca ---- */

typedef struct jca_state {
	signature_ctx *sign, *verify;
	uint8_t sig[80];
	size_t sig_len;
	const char *uri;            /* the private key's */
} jca_state;

static void op_jca_sign(void *arg)
{
	jca_state *j = arg;
	uint8_t sig[80];
	size_t n;

	if (signature_update(j->sign, msg, sizeof msg) != 0 || signature_sign(j->sign, sig, sizeof sig, &n) != 0)
		jca_die("signature_sign on the token");
}

static void op_jca_verify(void *arg)
{
	jca_state *j = arg;

	if (signature_update(j->verify, msg, sizeof msg) != 0 || signature_verify(j->verify, j->sig, j->sig_len) != 0)
		jca_die("signature_verify on the token");
}

static void op_jca_load(void *arg)
{
	jca_state *j = arg;
	jca_key *k;

	if (jca_key_load(j->uri, &k) != 0)
		jca_die(j->uri);
	jca_key_free(k);
}

/* The pair made on the token by the provider's KeyPairGenerator and kept
 * in its KeyStore under label; the keys loaded back by URI. */
static void jca_setup(jca_state *j, const char *prov, const char *token, const char *label, char *uri,
                      size_t uri_size)
{
	keypairgen_ctx *g = keypairgen_get_instance_from("EC", prov);
	keystore_ctx *ks = keystore_get_instance_from("PKCS11", prov);
	jca_key *priv, *pub;
	char puri[512];

	if (!g || !ks)
		jca_die("the provider's KeyPairGenerator EC and KeyStore PKCS11");
	if (keypairgen_init(g, "secp256r1") != 0 || keypairgen_generate(g, &priv, &pub) != 0)
		jca_die("keypairgen on the token");
	if (keystore_set_key_pair(ks, label, priv, pub) != 0)
		jca_die("keystore_set_key_pair");
	jca_key_free(priv);
	jca_key_free(pub);
	keystore_free(ks);
	keypairgen_free(g);

	snprintf(uri, uri_size, "pkcs11:token=%s;object=%s;type=private", token, label);
	snprintf(puri, sizeof puri, "pkcs11:token=%s;object=%s;type=public", token, label);
	j->uri = uri;
	if (jca_key_load(uri, &priv) != 0)
		jca_die(uri);
	if (jca_key_load(puri, &pub) != 0)
		jca_die(puri);
	if (strcmp(jca_key_provider(priv), prov) || jca_key_is_extractable(priv))
		die(uri, "not a key of the token's provider that stays on it");
	j->sign = signature_get_instance("SHA256withECDSA");
	j->verify = signature_get_instance("SHA256withECDSA");
	if (!j->sign || !j->verify)
		jca_die("SHA256withECDSA");
	if (signature_init_sign(j->sign, priv) != 0 || signature_init_verify(j->verify, pub) != 0)
		jca_die("signature_init_sign / _verify");
	if (strcmp(signature_provider(j->sign), prov) || strcmp(signature_provider(j->verify), prov))
		die("SHA256withECDSA", "the Signature did not go to the token's provider");
	if (signature_update(j->sign, msg, sizeof msg) != 0 ||
	    signature_sign(j->sign, j->sig, sizeof j->sig, &j->sig_len) != 0)
		jca_die("signature_sign");
	jca_key_free(priv);         /* the Signatures hold them */
	jca_key_free(pub);
}

/* ---- raw PKCS#11 on the same module, token and objects ---- */

typedef struct p11_state {
	CK_FUNCTION_LIST_PTR f;
	CK_SESSION_HANDLE s;
	CK_OBJECT_HANDLE priv, pub;
	CK_BYTE sig[64];
	CK_ULONG sig_len;
	const char *label;
	int initialised;            /* C_Initialize was ours: C_Finalize at the end */
	char info[160];
} p11_state;

static void rv_die(const char *call, CK_RV rv)
{
	char why[48];

	snprintf(why, sizeof why, "CK_RV 0x%lx", (unsigned long)rv);
	die(call, why);
}

#define CALL(p, fn, ...) do { CK_RV rv_ = (p)->f->fn(__VA_ARGS__); if (rv_ != CKR_OK) rv_die(#fn, rv_); } while (0)

static void op_p11_sign(void *arg)
{
	p11_state *p = arg;
	CK_MECHANISM md = { CKM_SHA256, NULL, 0 }, ec = { CKM_ECDSA, NULL, 0 };
	CK_BYTE h[32], sig[64];
	CK_ULONG hn = sizeof h, n = sizeof sig;

	CALL(p, C_DigestInit, p->s, &md);
	CALL(p, C_Digest, p->s, msg, sizeof msg, h, &hn);
	CALL(p, C_SignInit, p->s, &ec, p->priv);
	CALL(p, C_Sign, p->s, h, hn, sig, &n);
}

static void op_p11_verify(void *arg)
{
	p11_state *p = arg;
	CK_MECHANISM md = { CKM_SHA256, NULL, 0 }, ec = { CKM_ECDSA, NULL, 0 };
	CK_BYTE h[32];
	CK_ULONG hn = sizeof h;

	CALL(p, C_DigestInit, p->s, &md);
	CALL(p, C_Digest, p->s, msg, sizeof msg, h, &hn);
	CALL(p, C_VerifyInit, p->s, &ec, p->pub);
	CALL(p, C_Verify, p->s, h, hn, p->sig, p->sig_len);
}

/* The one object with the label and class; 0 when there is none or more. */
static CK_OBJECT_HANDLE find(p11_state *p, CK_OBJECT_CLASS cls)
{
	CK_ATTRIBUTE t[] = {
		{ CKA_CLASS, &cls, sizeof cls },
		{ CKA_LABEL, (void *)p->label, strlen(p->label) },
	};
	CK_OBJECT_HANDLE h[2];
	CK_ULONG n = 0;

	CALL(p, C_FindObjectsInit, p->s, t, 2);
	CALL(p, C_FindObjects, p->s, h, 2, &n);
	CALL(p, C_FindObjectsFinal, p->s);
	return n == 1 ? h[0] : CK_INVALID_HANDLE;
}

static void op_p11_find(void *arg)
{
	p11_state *p = arg;

	if (find(p, CKO_PRIVATE_KEY) == CK_INVALID_HANDLE)
		die("C_FindObjects", "the key is gone");
}

/* A space-padded PKCS#11 text field, trimmed into out. */
static void field(char *out, size_t size, const CK_UTF8CHAR *in, size_t len)
{
	while (len && in[len - 1] == ' ')
		len--;
	if (len >= size)
		len = size - 1;
	memcpy(out, in, len);
	out[len] = 0;
}

static void p11_setup(p11_state *p, const char *module, const char *token, const char *pin, const char *label)
{
	CK_C_GetFunctionList get;
	CK_C_INITIALIZE_ARGS args = { .flags = CKF_OS_LOCKING_OK };
	CK_SLOT_ID slots[64];
	CK_ULONG ns = 64;
	CK_INFO info;
	CK_MECHANISM md = { CKM_SHA256, NULL, 0 }, ec = { CKM_ECDSA, NULL, 0 };
	CK_BYTE h[32];
	CK_ULONG hn = sizeof h;
	CK_RV rv;
	char man[40], desc[40], lab[40];
	void *lib = dlopen(module, RTLD_NOW | RTLD_LOCAL);

	if (!lib)
		die(module, dlerror());
	get = (CK_C_GetFunctionList)(uintptr_t)dlsym(lib, "C_GetFunctionList");
	if (!get || get(&p->f) != CKR_OK)
		die(module, "no C_GetFunctionList");
	/* the plugin initialised the module already: shared as it is */
	rv = p->f->C_Initialize(&args);
	if (rv != CKR_OK && rv != CKR_CRYPTOKI_ALREADY_INITIALIZED)
		rv_die("C_Initialize", rv);
	p->initialised = rv == CKR_OK;
	CALL(p, C_GetInfo, &info);
	field(man, sizeof man, info.manufacturerID, sizeof info.manufacturerID);
	field(desc, sizeof desc, info.libraryDescription, sizeof info.libraryDescription);
	snprintf(p->info, sizeof p->info, "%s %u.%u (%s)%s", desc, info.libraryVersion.major,
	         info.libraryVersion.minor, man, p->initialised ? "" : ", C_Initialize: already initialised");
	CALL(p, C_GetSlotList, CK_TRUE, slots, &ns);
	for (CK_ULONG i = 0; i < ns; i++) {
		CK_TOKEN_INFO ti;

		if (p->f->C_GetTokenInfo(slots[i], &ti) != CKR_OK)
			continue;
		field(lab, sizeof lab, ti.label, sizeof ti.label);
		if (strcmp(lab, token))
			continue;
		CALL(p, C_OpenSession, slots[i], CKF_SERIAL_SESSION, NULL, NULL, &p->s);
		/* login is per application: the plugin's counts for this session */
		rv = p->f->C_Login(p->s, CKU_USER, (CK_UTF8CHAR_PTR)pin, strlen(pin));
		if (rv != CKR_OK && rv != CKR_USER_ALREADY_LOGGED_IN)
			rv_die("C_Login", rv);
		p->label = label;
		p->priv = find(p, CKO_PRIVATE_KEY);
		p->pub = find(p, CKO_PUBLIC_KEY);
		if (p->priv == CK_INVALID_HANDLE || p->pub == CK_INVALID_HANDLE)
			die(label, "not one private and one public key with this label on the token");
		/* a signature of its own for the verify row, r || s */
		p->sig_len = sizeof p->sig;
		CALL(p, C_DigestInit, p->s, &md);
		CALL(p, C_Digest, p->s, msg, sizeof msg, h, &hn);
		CALL(p, C_SignInit, p->s, &ec, p->priv);
		CALL(p, C_Sign, p->s, h, hn, p->sig, &p->sig_len);
		return;
	}
	die(token, "no token with this label");
}

static void p11_done(p11_state *p)
{
	p->f->C_CloseSession(p->s);
	if (p->initialised)
		p->f->C_Finalize(NULL);
}

/* ---- OpenSSL, software ---- */

#ifdef HAVE_OPENSSL
typedef struct ossl_state {
	EVP_PKEY *key;
	EVP_MD_CTX *md;
	unsigned char sig[80];
	size_t sig_len;
} ossl_state;

static void op_ossl_sign(void *arg)
{
	ossl_state *o = arg;
	unsigned char sig[80];
	size_t n = sizeof sig;

	if (EVP_DigestSignInit(o->md, NULL, EVP_sha256(), NULL, o->key) != 1 ||
	    EVP_DigestSign(o->md, sig, &n, msg, sizeof msg) != 1)
		die("EVP_DigestSign", "failed");
}

static void op_ossl_verify(void *arg)
{
	ossl_state *o = arg;

	if (EVP_DigestVerifyInit(o->md, NULL, EVP_sha256(), NULL, o->key) != 1 ||
	    EVP_DigestVerify(o->md, o->sig, o->sig_len, msg, sizeof msg) != 1)
		die("EVP_DigestVerify", "failed");
}

static void ossl_setup(ossl_state *o)
{
	o->key = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	o->md = EVP_MD_CTX_new();
	if (!o->key || !o->md)
		die("EVP_PKEY_Q_keygen EC P-256", "failed");
	o->sig_len = sizeof o->sig;
	if (EVP_DigestSignInit(o->md, NULL, EVP_sha256(), NULL, o->key) != 1 ||
	    EVP_DigestSign(o->md, o->sig, &o->sig_len, msg, sizeof msg) != 1)
		die("EVP_DigestSign", "failed");
}

static void ossl_done(ossl_state *o)
{
	EVP_MD_CTX_free(o->md);
	EVP_PKEY_free(o->key);
}
#endif

/* ---- the report ---- */

static void cpu_model(char *out, size_t size)
{
	char line[512];
	FILE *f = fopen("/proc/cpuinfo", "r");

	snprintf(out, size, "unknown");
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		char *c = strchr(line, ':');

		if (!strncmp(line, "model name", 10) && c) {
			c += 1 + (c[1] == ' ');
			c[strcspn(c, "\n")] = 0;
			snprintf(out, size, "%s", c);
			break;
		}
	}
	fclose(f);
}

static void ratio(const char *what, const row *a, const row *b)
{
	if (a->done && b->done)
		printf("  %-44s %6.2f  (%s %.0f / %s %.0f ns)\n", what, a->best / b->best, a->name, a->best, b->name,
		       b->best);
}

static void usage(void)
{
	fprintf(stderr, "usage: p11-bench --module LIB --token LABEL --pin-env VAR [--provider NAME] "
	        "[--label KEY] [--time SECONDS] [--only ROW,ROW...]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *module = NULL, *token = NULL, *pin_env = NULL, *prov = "softhsm", *label = "p11-bench-key";
	const char *pin, *only = NULL;
	char uri[512], cpu[256];
	jca_state j = { 0 };
	p11_state p = { 0 };
#ifdef HAVE_OPENSSL
	ossl_state o = { 0 };
#endif
	enum { JS, PS, OS, JV, PV, OV, JL, PF, NROWS };
	row rows[NROWS] = {
		[JS] = { "jca-sign", "libjca SHA256withECDSA, key on the token: update(64 B) + sign" },
		[PS] = { "p11-sign", "PKCS#11: C_DigestInit+C_Digest+C_SignInit(CKM_ECDSA)+C_Sign" },
		[OS] = { "ossl-sign", "OpenSSL EVP_DigestSignInit+EVP_DigestSign, software key" },
		[JV] = { "jca-verify", "libjca SHA256withECDSA, public key on the token: update + verify" },
		[PV] = { "p11-verify", "PKCS#11: C_DigestInit+C_Digest+C_VerifyInit+C_Verify" },
		[OV] = { "ossl-verify", "OpenSSL EVP_DigestVerifyInit+EVP_DigestVerify, software key" },
		[JL] = { "jca-load", "jca_key_load(URI) + jca_key_free" },
		[PF] = { "p11-find", "PKCS#11: C_FindObjectsInit(label, class)+C_FindObjects+Final" },
	};

	for (int i = 1; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!v)
			usage();
		if (!strcmp(argv[i], "--module"))
			module = v;
		else if (!strcmp(argv[i], "--token"))
			token = v;
		else if (!strcmp(argv[i], "--pin-env"))
			pin_env = v;
		else if (!strcmp(argv[i], "--provider"))
			prov = v;
		else if (!strcmp(argv[i], "--label"))
			label = v;
		else if (!strcmp(argv[i], "--time") && (opt_time = atof(v)) > 0)
			;
		else if (!strcmp(argv[i], "--only"))
			only = v;
		else
			usage();
		i++;
	}
	if (!module || !token || !pin_env)
		usage();
	if (!(pin = getenv(pin_env)))
		die(pin_env, "not set (the PIN)");
	for (size_t i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)(i * 131 + 7);

	jca_setup(&j, prov, token, label, uri, sizeof uri);
	p11_setup(&p, module, token, pin, label);
#ifdef HAVE_OPENSSL
	ossl_setup(&o);
#endif

	cpu_model(cpu, sizeof cpu);
	printf("command:  ");
	for (int i = 0; i < argc; i++)
		printf("%s%s", argv[i], i + 1 < argc ? " " : "\n");
	printf("machine:  %s\n", cpu);
	printf("token:    %s, module %s\n", p.info, module);
	printf("libjca:   %s, provider \"%s\", key %s\n", jca_version(), prov, uri);
#ifdef HAVE_OPENSSL
	printf("openssl:  %s\n", OpenSSL_version(OPENSSL_VERSION));
#else
	printf("openssl:  not built in (no libcrypto at configure): no software rows\n");
#endif
	printf("EC P-256, SHA-256 of a %d-byte message; ns/op = the best batch (~10 ms) of each row, the rows\n"
	       "taking turns for %.1f s\n\n", MSG_LEN, opt_time);

	rows[JS].fn = op_jca_sign, rows[JS].arg = &j;
	rows[PS].fn = op_p11_sign, rows[PS].arg = &p;
	rows[JV].fn = op_jca_verify, rows[JV].arg = &j;
	rows[PV].fn = op_p11_verify, rows[PV].arg = &p;
	rows[JL].fn = op_jca_load, rows[JL].arg = &j;
	rows[PF].fn = op_p11_find, rows[PF].arg = &p;
#ifdef HAVE_OPENSSL
	rows[OS].fn = op_ossl_sign, rows[OS].arg = &o;
	rows[OV].fn = op_ossl_verify, rows[OV].arg = &o;
#endif
	for (int i = 0; only && i < NROWS; i++)
		if (!strstr(only, rows[i].name))
			rows[i].fn = NULL;
	measure(rows, NROWS);

	printf("%-12s %12s %12s %9s  %s\n", "row", "ns/op", "mean ns/op", "batches", "what");
	for (int i = 0; i < NROWS; i++)
		if (rows[i].done)
			printf("%-12s %12.0f %12.0f %9llu  %s\n", rows[i].name, rows[i].best, rows[i].mean,
			       (unsigned long long)rows[i].batches, rows[i].what);
	printf("\nratios (best ns/op):\n");
	ratio("libjca / raw PKCS#11, sign (the layer)", &rows[JS], &rows[PS]);
	ratio("libjca / raw PKCS#11, verify (the layer)", &rows[JV], &rows[PV]);
	ratio("libjca / raw PKCS#11, key by URI vs find", &rows[JL], &rows[PF]);
	ratio("token (libjca) / OpenSSL software, sign", &rows[JS], &rows[OS]);
	ratio("token (raw PKCS#11) / OpenSSL software, sign", &rows[PS], &rows[OS]);
	ratio("token (libjca) / OpenSSL software, verify", &rows[JV], &rows[OV]);

	signature_free(j.sign);
	signature_free(j.verify);
	p11_done(&p);
#ifdef HAVE_OPENSSL
	ossl_done(&o);
#endif
	return 0;
}
