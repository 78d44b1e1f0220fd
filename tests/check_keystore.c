/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The KeyStore engine and keys named by URI (jca/keystore.h), against two
 * stores added here ("alpha" and "beta": providers whose KeyStore
 * "PKCS11" keeps non-extractable keys in memory, with a KeyFactory,
 * KeyPairGenerator and Signature over them): RFC 7512 parsing (escapes,
 * duplicates, unknown attributes, pin-value refused), the store a URI's
 * token attributes choose, entries by alias, id and type (missing and
 * ambiguous ones refused), storing and deleting pairs, keys that stay in
 * their provider (selection by key, encode refused), and key files. The
 * same API over a real token: tests/check_pkcs11_keys.c (SoftHSM2).
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jca.h"
#include "testutil.h"

/* ---- the test stores ---- */
typedef struct skey {
	uint8_t seed[32], pub[32];
	int priv;
} skey;

typedef struct sentry {
	unsigned kind;
	char alias[256];
	uint8_t id[4];
	skey key;
} sentry;

typedef struct store {
	const char *token;
	sentry e[8];
	size_t n;
	int opens;
} store;

static store st_alpha = { .token = "alpha" }, st_beta = { .token = "beta" };

static void s_pub(skey *k)
{
	size_t n;

	ck_assert_int_eq(md_oneshot("SHA-256", k->seed, 32, k->pub, 32, &n), 0);
}

static void s_info(const skey *k, jca_key_info *info)
{
	info->kind = k->priv ? JCA_KEY_PRIVATE : JCA_KEY_PUBLIC;
	info->extractable = 0;
	info->bits = 255;
}

static int s_decode(void *key, unsigned enc, unsigned kind, const uint8_t *in, size_t len, jca_key_info *info)
{
	skey *k = key;

	(void)kind;
	if (enc != JCA_ENC_X509 || len != 44)
		return JCA_REFUSED;
	memcpy(k->pub, in + 12, 32);
	s_info(k, info);
	return 0;
}

static int s_encode(const void *key, unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	const skey *k = key;

	(void)cap;
	if (enc != JCA_ENC_X509 || k->priv)
		return JCA_REFUSED;
	*len = 44;
	if (out) {
		memcpy(out, "\x30\x2a\x30\x05\x06\x03\x2b\x65\x70\x03\x21\x00", 12);
		memcpy(out + 12, k->pub, 32);
	}
	return 0;
}

static int s_public(void *pub, const void *priv, jca_key_info *info)
{
	skey *q = pub;

	memcpy(q->pub, ((const skey *)priv)->pub, 32);
	s_info(q, info);
	return 0;
}

static int s_kpg_init(void *ctx, const char *spec)
{
	(void)ctx;
	return spec ? JCA_REFUSED : 0;
}

static int s_generate(void *ctx, void *priv, jca_key_info *pi, void *pub, jca_key_info *qi)
{
	skey *k = priv;

	(void)ctx;
	ck_assert_int_eq(jca_random(k->seed, 32), 0);
	k->priv = 1;
	s_pub(k);
	s_info(k, pi);
	return s_public(pub, priv, qi);
}

typedef struct ssig {
	const skey *key;
} ssig;

static int s_init(void *ctx, unsigned purpose, const void *key, size_t *max)
{
	(void)purpose;
	((ssig *)ctx)->key = key;
	*max = 32;
	return 0;
}

/* a keyed hash stands in for a signature: what is tested is where it runs */
static void s_mac(const ssig *s, const uint8_t *msg, size_t len, uint8_t out[32])
{
	md_ctx *md = md_get_instance("SHA-256");
	size_t n;

	ck_assert(md != NULL);
	md_update(md, s->key->pub, 32);
	md_update(md, msg, len);
	ck_assert_int_eq(md_digest(md, out, 32, &n), 0);
	md_free(md);
}

static int s_sign(void *ctx, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
	s_mac(ctx, msg, len, sig);
	*sig_len = 32;
	return 0;
}

static int s_verify(void *ctx, const uint8_t *msg, size_t len, const uint8_t *sig, size_t sig_len)
{
	uint8_t want[32];

	s_mac(ctx, msg, len, want);
	return sig_len == 32 && memcmp(want, sig, 32) == 0 ? 0 : JCA_REFUSED;
}

/* The KeyStore: its context is the provider's store. */
typedef struct sks {
	store *st;
} sks;

static int ks_attach(void *provctx, void *ctx)
{
	((sks *)ctx)->st = provctx;
	return 0;
}

static int ks_open(void *ctx, const char *const *attrs)
{
	store *st = ((sks *)ctx)->st;

	st->opens++;
	for (; attrs && attrs[0]; attrs += 2) {
		ck_assert_ptr_nonnull(attrs[1]);
		if (strcmp(attrs[0], "token") != 0 || strcmp(attrs[1], st->token) != 0)
			return JCA_REFUSED;
	}
	return 0;
}

static int ks_count(void *ctx, size_t *n)
{
	*n = ((sks *)ctx)->st->n;
	return 0;
}

static int ks_entry(void *ctx, size_t i, jca_keystore_entry *e)
{
	const sentry *x = &((sks *)ctx)->st->e[i];

	ck_assert_uint_ge(e->struct_size, sizeof *e);
	e->kind = x->kind;
	e->alias = x->alias;
	e->id = x->id;
	e->id_len = sizeof x->id;
	e->key_algorithm = x->kind == JCA_KEY_SECRET ? NULL : "Ed25519";
	e->bits = 255;
	return 0;
}

static int ks_load(void *ctx, size_t i, void *key, jca_key_info *info)
{
	const sentry *x = &((sks *)ctx)->st->e[i];

	memcpy(key, &x->key, sizeof x->key);
	s_info(key, info);
	return 0;
}

static void put(store *st, unsigned kind, const char *alias, const skey *k, uint32_t id)
{
	sentry *x = &st->e[st->n++];

	ck_assert_uint_le(st->n, 8);
	memset(x, 0, sizeof *x);
	x->kind = kind;
	snprintf(x->alias, sizeof x->alias, "%s", alias);
	memcpy(x->id, &id, 4);
	if (k)
		x->key = *k;
}

static int ks_store(void *ctx, const char *alias, const char *alg, const void *priv, const void *pub)
{
	store *st = ((sks *)ctx)->st;

	ck_assert_str_eq(alg, "Ed25519");
	if (st->n + 2 > 8)
		return JCA_REFUSED;
	put(st, JCA_KEY_PRIVATE, alias, priv, (uint32_t)st->n);
	put(st, JCA_KEY_PUBLIC, alias, pub, (uint32_t)st->n - 1);
	return 0;
}

static int ks_remove(void *ctx, size_t i)
{
	store *st = ((sks *)ctx)->st;

	ck_assert_uint_lt(i, st->n);
	memmove(&st->e[i], &st->e[i + 1], (st->n - i - 1) * sizeof st->e[0]);
	st->n--;
	return 0;
}

static const jca_keyfactory_impl s_kf = {
	.base = JCA_IMPL_BASE(jca_keyfactory_impl, "store-key", JCA_PRIO_GENERIC, NULL, sizeof(skey)),
	.decode = s_decode, .encode = s_encode, .public_key = s_public,
};
static const jca_keypairgen_impl s_kpg = {
	.base = JCA_IMPL_BASE(jca_keypairgen_impl, "store-kpg", JCA_PRIO_GENERIC, NULL, 1),
	.key_algorithm = "Ed25519", .init = s_kpg_init, .generate = s_generate,
};
static const jca_signature_impl s_sig = {
	.base = JCA_IMPL_BASE(jca_signature_impl, "store-sig", JCA_PRIO_GENERIC, NULL, sizeof(ssig)),
	.key_algorithm = "Ed25519", .init = s_init, .sign = s_sign, .verify = s_verify,
};
static const jca_keystore_impl s_ks = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_keystore_impl, "store-ks", JCA_PRIO_GENERIC, NULL, sizeof(sks),
	                                ks_attach, NULL, NULL),
	.open = ks_open, .count = ks_count, .entry = ks_entry, .load = ks_load, .store = ks_store,
	.remove = ks_remove,
};
static const jca_impl *const s_kf_impls[] = { &s_kf.base, NULL };
static const jca_impl *const s_kpg_impls[] = { &s_kpg.base, NULL };
static const jca_impl *const s_sig_impls[] = { &s_sig.base, NULL };
static const jca_impl *const s_ks_impls[] = { &s_ks.base, NULL };
static const char *const ks_names[] = { "PKCS#11", NULL };
static const jca_service_desc s_svc_kf = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEY_FACTORY,
                                           .algorithm = "Ed25519", .impls = s_kf_impls };
static const jca_service_desc s_svc_kpg = { .struct_size = sizeof(jca_service_desc),
                                            .type = JCA_KEY_PAIR_GENERATOR, .algorithm = "Ed25519",
                                            .impls = s_kpg_impls };
static const jca_service_desc s_svc_sig = { .struct_size = sizeof(jca_service_desc), .type = JCA_SIGNATURE,
                                            .algorithm = "Ed25519", .impls = s_sig_impls };
static const jca_service_desc s_svc_ks = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEY_STORE,
                                           .algorithm = "PKCS11", .aliases = ks_names, .impls = s_ks_impls };
static const jca_service_desc *const s_services[] = { &s_svc_kf, &s_svc_kpg, &s_svc_sig, &s_svc_ks, NULL };
static const jca_provider_desc p_alpha = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "alpha", "1",
                                           "test store alpha", s_services, NULL };
static const jca_provider_desc p_beta = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "beta", "1",
                                          "test store beta", s_services, NULL };

static void add_stores(void)
{
	st_alpha.n = st_beta.n = 0;
	ck_assert_msg(jca_provider_add(&p_alpha, &st_alpha) == 0, "%s", jca_last_error_message());
	ck_assert_msg(jca_provider_add(&p_beta, &st_beta) == 0, "%s", jca_last_error_message());
}

static void remove_stores(void)
{
	ck_assert_int_eq(jca_provider_remove("alpha"), 0);
	ck_assert_int_eq(jca_provider_remove("beta"), 0);
}

/* a pair generated by provider p, stored in ks under alias */
static void store_pair(keystore_ctx *ks, const char *alias)
{
	keypairgen_ctx *g = keypairgen_get_instance_from("Ed25519", keystore_provider(ks));
	jca_key *priv, *pub;

	ck_assert(g != NULL);
	ck_assert_int_eq(keypairgen_generate(g, &priv, &pub), 0);
	ck_assert_msg(keystore_set_key_pair(ks, alias, priv, pub) == 0, "%s", jca_last_error_message());
	jca_key_free(priv);
	jca_key_free(pub);
	keypairgen_free(g);
}

static void expect(int rc, int want, const char *needle)
{
	ck_assert_msg(rc == want, "got %s, want %s: %s", jca_error_name(rc), jca_error_name(want),
	              jca_last_error_message());
	if (needle)
		ck_assert_msg(strstr(jca_last_error_message(), needle) != NULL, "\"%s\" not in: %s", needle,
		              jca_last_error_message());
}

START_TEST(test_no_store)
{
	keystore_ctx *ks = (keystore_ctx *)1;
	jca_key *k = (jca_key *)1;

	expect(keystore_open_uri("pkcs11:token=alpha", &ks), JCA_NOALG, "KeyStore");
	ck_assert_ptr_null(ks);
	expect(jca_key_load("pkcs11:object=x", &k), JCA_NOALG, NULL);
	ck_assert_ptr_null(k);
	ck_assert_ptr_null(keystore_get_instance("PKCS11"));
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	expect(keystore_open_uri(NULL, &ks), JCA_EINVAL, NULL);
	expect(keystore_open_uri("file:x", &ks), JCA_EINVAL, "pkcs11");
	expect(jca_key_load(NULL, &k), JCA_EINVAL, NULL);
	expect(jca_key_load_kind("x", 9, &k), JCA_EINVAL, "kind");
	keystore_free(NULL);
	ck_assert_uint_eq(keystore_size(NULL), 0);
	ck_assert_ptr_null(keystore_provider(NULL));
}
END_TEST

START_TEST(test_uri_syntax)
{
	static const struct {
		const char *uri, *needle;
	} bad[] = {
		{ "pkcs11:token=alpha?pin-value=1234", "PIN" },
		{ "pkcs11:token=alpha;pin-value=1234", "unknown path attribute" },
		{ "pkcs11:token=alpha;token=beta", "twice" },
		{ "pkcs11:token=al%7", "escape" },
		{ "pkcs11:token=al%zzha", "escape" },
		{ "pkcs11:object=a%00b", "NUL" },
		{ "pkcs11:token", "name=value" },
		{ "pkcs11:=x", "name=value" },
		{ "pkcs11:token=alpha;;object=x", "name=value" },
		{ "pkcs11:to ken=alpha", "character" },
		{ "pkcs11:type=cert", "no key" },
		{ "pkcs11:type=secret", "type is" },
		{ "pkcs11:colour=blue", "unknown path attribute" },
		{ "pkcs11:token=alpha?foo=bar", "unknown query attribute" },
	};
	keystore_ctx *ks;
	jca_key *k;
	char *big;
	size_t i;

	add_stores();
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		expect(jca_key_load(bad[i].uri, &k), JCA_EINVAL, bad[i].needle);
		ck_assert_ptr_null(k);
	}
	big = malloc(5000);
	memcpy(big, "pkcs11:object=", 14);
	memset(big + 14, 'a', 4985);
	big[4999] = 0;
	expect(jca_key_load(big, &k), JCA_EINVAL, "bytes");
	free(big);
	/* a pin-value is refused before any store is opened */
	st_alpha.opens = 0;
	expect(keystore_open_uri("pkcs11:token=alpha?pin-value=1", &ks), JCA_EINVAL, "PIN");
	ck_assert_int_eq(st_alpha.opens, 0);
	/* vendor attributes are ignored; the scheme is case-insensitive; escapes decode */
	ck_assert_msg(keystore_open_uri("PKCS11:x-colour=blue;token=%62eta?x-y=z", &ks) == 0, "%s",
	              jca_last_error_message());
	ck_assert_str_eq(keystore_provider(ks), "beta");
	ck_assert_str_eq(keystore_type(ks), "PKCS11");
	ck_assert_str_eq(keystore_implementation(ks), "store-ks");
	keystore_free(ks);
	remove_stores();
}
END_TEST

START_TEST(test_choose_store)
{
	keystore_ctx *ks;

	add_stores();
	/* no attributes: the first provider's store */
	ck_assert_int_eq(keystore_open_uri("pkcs11:", &ks), 0);
	ck_assert_str_eq(keystore_provider(ks), "alpha");
	keystore_free(ks);
	ck_assert_int_eq(keystore_open_uri("pkcs11:token=beta", &ks), 0);
	ck_assert_str_eq(keystore_provider(ks), "beta");
	keystore_free(ks);
	expect(keystore_open_uri("pkcs11:token=gamma", &ks), JCA_NOTFOUND, "2 providers");
	ck_assert_ptr_null(ks);
	ks = keystore_get_instance("pkcs#11");
	ck_assert_msg(ks != NULL, "%s", jca_last_error_message());
	ck_assert_str_eq(keystore_provider(ks), "alpha");
	keystore_free(ks);
	ks = keystore_get_instance_from("PKCS11", "beta");
	ck_assert(ks != NULL);
	ck_assert_str_eq(keystore_provider(ks), "beta");
	keystore_free(ks);
	ck_assert_ptr_null(keystore_get_instance_from("PKCS11", NULL));
	ck_assert_int_eq(jca_last_error(), JCA_EINVAL);
	ks = keystore_new(keystore_lookup("PKCS11"));
	ck_assert(ks != NULL);
	keystore_free(ks);
	remove_stores();
}
END_TEST

START_TEST(test_entries)
{
	jca_keystore_entry e = { .struct_size = sizeof e };
	keystore_ctx *ks, *other;
	keypairgen_ctx *g;
	jca_key *k, *priv, *bpriv;
	uint8_t buf[200];
	size_t n;

	add_stores();
	ck_assert_int_eq(keystore_open_uri("pkcs11:token=alpha", &ks), 0);
	ck_assert_uint_eq(keystore_size(ks), 0);
	expect(keystore_entry(ks, 0, &e), JCA_END, NULL);
	store_pair(ks, "signing");
	ck_assert_uint_eq(keystore_size(ks), 2);
	ck_assert_int_eq(keystore_entry(ks, 0, &e), 0);
	ck_assert_str_eq(e.alias, "signing");
	ck_assert_uint_eq(e.kind, JCA_KEY_PRIVATE);
	ck_assert_str_eq(e.key_algorithm, "Ed25519");
	ck_assert_uint_eq(e.id_len, 4);
	ck_assert_int_eq(keystore_entry(ks, 1, &e), 0);
	ck_assert_uint_eq(e.kind, JCA_KEY_PUBLIC);
	/* a caller built with an older, smaller entry gets what it covers */
	{
		struct { uint32_t struct_size; unsigned kind; } small = { sizeof small, 0 };

		ck_assert_int_eq(keystore_entry(ks, 0, (jca_keystore_entry *)&small), 0);
		ck_assert_uint_eq(small.kind, JCA_KEY_PRIVATE);
		small.struct_size = 2;
		expect(keystore_entry(ks, 0, (jca_keystore_entry *)&small), JCA_EINVAL, "struct_size");
	}
	/* the alias is taken */
	g = keypairgen_get_instance_from("Ed25519", "alpha");
	ck_assert_int_eq(keypairgen_generate(g, &priv, NULL), 0);
	expect(keystore_set_key_pair(ks, "signing", priv, NULL), JCA_EXISTS, "signing");
	expect(keystore_set_key_pair(ks, "", priv, NULL), JCA_EINVAL, "alias");
	expect(keystore_set_key_pair(ks, "pub-first", NULL, NULL), JCA_EINVAL, NULL);
	/* pub NULL: its public half */
	ck_assert_int_eq(keystore_set_key_pair(ks, "second", priv, NULL), 0);
	ck_assert_uint_eq(keystore_size(ks), 4);
	/* keys of another provider are not kept */
	bpriv = NULL;
	{
		keypairgen_ctx *b = keypairgen_get_instance_from("Ed25519", "builtin");

		ck_assert_int_eq(keypairgen_generate(b, &bpriv, NULL), 0);
		keypairgen_free(b);
	}
	expect(keystore_set_key_pair(ks, "soft", bpriv, NULL), JCA_BADKEY, "builtin");
	expect(keystore_set_key_pair(ks, "soft", priv, bpriv), JCA_EINVAL, "order");
	ck_assert_int_eq(keystore_open_uri("pkcs11:token=beta", &other), 0);
	expect(keystore_set_key_pair(other, "moved", priv, NULL), JCA_BADKEY, "alpha");
	keystore_free(other);
	/* by alias and kind */
	expect(keystore_get_key(ks, "signing", 0, &k), JCA_AMBIGUOUS, "private key \"signing\", public key");
	ck_assert_int_eq(keystore_get_key(ks, "signing", JCA_KEY_PRIVATE, &k), 0);
	ck_assert_uint_eq(jca_key_kind(k), JCA_KEY_PRIVATE);
	ck_assert_str_eq(jca_key_provider(k), "alpha");
	ck_assert_int_eq(jca_key_is_extractable(k), 0);
	expect(jca_key_encode(k, JCA_FORMAT_DER, buf, sizeof buf, &n), JCA_UNSUPPORTED, NULL);
	jca_key_free(k);
	expect(keystore_get_key(ks, "nothing", 0, &k), JCA_NOTFOUND, "nothing");
	ck_assert_ptr_null(k);
	/* delete: both entries of the pair */
	ck_assert_int_eq(keystore_delete(ks, "signing"), 0);
	ck_assert_uint_eq(keystore_size(ks), 2);
	ck_assert_int_eq(keystore_entry(ks, 0, &e), 0);
	ck_assert_str_eq(e.alias, "second");
	expect(keystore_delete(ks, "signing"), JCA_NOTFOUND, "signing");
	/* a secret key is listed but is not a key object here */
	put(&st_alpha, JCA_KEY_SECRET, "aes", NULL, 77);
	ck_assert_int_eq(keystore_reload(ks), 0);
	ck_assert_uint_eq(keystore_size(ks), 3);
	expect(keystore_get_key(ks, "aes", 0, &k), JCA_UNSUPPORTED, "secret key");
	expect(keystore_get_key_at(ks, 3, &k), JCA_EINVAL, NULL);
	keystore_free(ks);
	jca_key_free(priv);
	jca_key_free(bpriv);
	keypairgen_free(g);
	remove_stores();
}
END_TEST

START_TEST(test_load_uri)
{
	static const char msg[] = "a message";
	keystore_ctx *ks;
	signature_ctx *s;
	jca_key *k, *pub;
	uint8_t sig[64];
	size_t n;

	add_stores();
	ck_assert_int_eq(keystore_open_uri("pkcs11:token=alpha", &ks), 0);
	store_pair(ks, "signing key");   /* ids 0 (private) and 1 (public) */
	store_pair(ks, "other");
	keystore_free(ks);
	ck_assert_int_eq(keystore_open_uri("pkcs11:token=beta", &ks), 0);
	store_pair(ks, "signing key");
	keystore_free(ks);

	/* type, object (escaped), token */
	ck_assert_msg(jca_key_load("pkcs11:token=alpha;object=signing%20key;type=private", &k) == 0, "%s",
	              jca_last_error_message());
	ck_assert_str_eq(jca_key_provider(k), "alpha");
	ck_assert_uint_eq(jca_key_kind(k), JCA_KEY_PRIVATE);
	/* the name resolves to builtin; the key takes the Signature to its store */
	s = signature_get_instance("Ed25519");
	ck_assert_int_eq(signature_init_sign(s, k), 0);
	ck_assert_str_eq(signature_provider(s), "alpha");
	ck_assert_int_eq(signature_update(s, msg, sizeof msg), 0);
	ck_assert_int_eq(signature_sign(s, sig, sizeof sig, &n), 0);
	ck_assert_uint_eq(n, 32);
	/* pinned elsewhere: refused, naming both */
	signature_free(s);
	s = signature_get_instance_from("Ed25519", "builtin");
	expect(signature_init_sign(s, k), JCA_BADKEY, "alpha");
	ck_assert_msg(strstr(jca_last_error_message(), "builtin") != NULL, "%s", jca_last_error_message());
	signature_free(s);
	jca_key_free(k);
	/* a pair shares its id: id alone names two entries; the public one verifies */
	expect(jca_key_load("pkcs11:token=alpha;id=%00%00%00%00", &pub), JCA_AMBIGUOUS, NULL);
	ck_assert_msg(jca_key_load("pkcs11:token=alpha;id=%00%00%00%00;type=public", &pub) == 0, "%s",
	              jca_last_error_message());
	ck_assert_uint_eq(jca_key_kind(pub), JCA_KEY_PUBLIC);
	s = signature_get_instance("Ed25519");
	ck_assert_int_eq(signature_init_verify(s, pub), 0);
	ck_assert_str_eq(signature_provider(s), "alpha");
	ck_assert_int_eq(signature_update(s, msg, sizeof msg), 0);
	ck_assert_int_eq(signature_verify(s, sig, n), 0);
	signature_free(s);
	jca_key_free(pub);
	/* the pair without type: ambiguous; with a kind asked for: the one */
	expect(jca_key_load("pkcs11:token=alpha;object=signing%20key", &k), JCA_AMBIGUOUS, "type=");
	ck_assert_int_eq(jca_key_load_kind("pkcs11:token=alpha;object=signing%20key", JCA_KEY_PUBLIC, &k), 0);
	ck_assert_uint_eq(jca_key_kind(k), JCA_KEY_PUBLIC);
	jca_key_free(k);
	/* type= wins over the kind asked for */
	ck_assert_int_eq(jca_key_load_kind("pkcs11:token=alpha;object=other;type=public", JCA_KEY_PRIVATE, &k), 0);
	ck_assert_uint_eq(jca_key_kind(k), JCA_KEY_PUBLIC);
	jca_key_free(k);
	/* every private key of alpha: two */
	expect(jca_key_load("pkcs11:token=alpha;type=private", &k), JCA_AMBIGUOUS, "2 entries");
	/* no token: the first store (alpha); the label is in both stores */
	ck_assert_int_eq(jca_key_load("pkcs11:object=signing%20key;type=private", &k), 0);
	ck_assert_str_eq(jca_key_provider(k), "alpha");
	jca_key_free(k);
	ck_assert_int_eq(jca_key_load("pkcs11:token=beta;object=signing%20key;type=private", &k), 0);
	ck_assert_str_eq(jca_key_provider(k), "beta");
	jca_key_free(k);
	/* missing ones */
	expect(jca_key_load("pkcs11:token=alpha;object=missing", &k), JCA_NOTFOUND, "names no entry");
	expect(jca_key_load("pkcs11:token=alpha;object=other;id=%09", &k), JCA_NOTFOUND, NULL);
	expect(jca_key_load("pkcs11:token=gamma;object=other", &k), JCA_NOTFOUND, "has that store");
	ck_assert_ptr_null(k);
	remove_stores();
}
END_TEST

START_TEST(test_load_file)
{
	char path[] = "/tmp/jca-ks-XXXXXX";
	keypairgen_ctx *g = keypairgen_get_instance("Ed25519");
	jca_key *priv, *k;
	uint8_t pem[400], der[200];
	size_t n, m;
	FILE *f;
	int fd;

	ck_assert_int_eq(keypairgen_generate(g, &priv, NULL), 0);
	ck_assert_int_eq(jca_key_encode(priv, JCA_FORMAT_PEM, pem, sizeof pem, &n), 0);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	ck_assert_uint_eq(fwrite(pem, 1, n, f), n);
	fclose(f);
	ck_assert_msg(jca_key_load(path, &k) == 0, "%s", jca_last_error_message());
	ck_assert_uint_eq(jca_key_kind(k), JCA_KEY_PRIVATE);
	ck_assert_int_eq(jca_key_encode(k, JCA_FORMAT_DER, der, sizeof der, &m), 0);
	jca_key_free(k);
	ck_assert_int_eq(jca_key_encode(priv, JCA_FORMAT_DER, pem, sizeof pem, &n), 0);
	ck_assert_mem_eq(pem, der, n);
	/* a file is what it holds, whatever kind is asked for */
	ck_assert_int_eq(jca_key_load_kind(path, JCA_KEY_PUBLIC, &k), 0);
	ck_assert_uint_eq(jca_key_kind(k), JCA_KEY_PRIVATE);
	jca_key_free(k);
	f = fopen(path, "w");
	fputs("not a key\n", f);
	fclose(f);
	expect(jca_key_load(path, &k), JCA_BADKEY, NULL);
	unlink(path);
	expect(jca_key_load(path, &k), JCA_IO, path);
	expect(jca_key_load("/tmp", &k), JCA_IO, "regular");
	ck_assert_ptr_null(k);
	jca_key_free(priv);
	keypairgen_free(g);
}
END_TEST

int main(void)
{
	int failed;
	Suite *s = suite_create("KeyStore");
	TCase *tc = tcase_create("keystore");
	SRunner *sr;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_no_store);
	tcase_add_test(tc, test_uri_syntax);
	tcase_add_test(tc, test_choose_store);
	tcase_add_test(tc, test_entries);
	tcase_add_test(tc, test_load_uri);
	tcase_add_test(tc, test_load_file);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
