/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Keys, Signature and KeyAgreement through the engines with the built-in
 * Ed25519 and X25519: RFC 8032 7.1 and RFC 7748 6.1 vectors (checked
 * against python3-cryptography when they were written in), encodings read
 * and written back byte for byte, every malformed input class the engines
 * refuse, the engine contract (streaming, clone, reset, sizes), and
 * provider selection by key against a second provider ("vault") added
 * here, whose private keys are not extractable.
 */
#define _GNU_SOURCE
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "testutil.h"
#include "vault_keys.h"

static uint8_t *unhex(const char *h, size_t *n)
{
	uint8_t *p = tu_unhex(h, n);

	ck_assert(p != NULL);
	return p;
}

static jca_key *raw_key(const char *alg, unsigned kind, const char *hex)
{
	keyfactory_ctx *kf = keyfactory_get_instance(alg);
	jca_key *k = NULL;
	size_t n;
	uint8_t *b = unhex(hex, &n);

	ck_assert_msg(kf != NULL, "%s", jca_last_error_message());
	ck_assert_msg(keyfactory_decode_raw(kf, kind, b, n, &k) == 0, "%s", jca_last_error_message());
	keyfactory_free(kf);
	free(b);
	return k;
}

static jca_key *text_key(const char *text)
{
	jca_key *k = NULL;

	ck_assert_msg(jca_key_decode(text, strlen(text), &k) == 0, "%s", jca_last_error_message());
	return k;
}

static const struct {
	const char *sk, *pk, *msg, *sig;
} rfc8032[] = {
	{ "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
	  "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
	  "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b" },
	{ "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
	  "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
	  "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00" },
	{ "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
	  "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
	  "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a" },
};

/* RFC 8032 TEST 1's key as python3-cryptography writes it */
static const char ed_priv_pem[] = "-----BEGIN PRIVATE KEY-----\n"
	"MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g\n"
	"-----END PRIVATE KEY-----\n";
static const char ed_pub_pem[] = "-----BEGIN PUBLIC KEY-----\n"
	"MCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\n"
	"-----END PUBLIC KEY-----\n";
/* RFC 7748 6.1 Alice's private key, PKCS#8 */
static const char x_priv_pem[] = "-----BEGIN PRIVATE KEY-----\n"
	"MC4CAQAwBQYDK2VuBCIEIHcHbQpzGKV9PBbBclGyZkXfTC+H68CZKrF3+6UduSwq\n"
	"-----END PRIVATE KEY-----\n";

START_TEST(test_ed25519_rfc8032)
{
	size_t i, n, mlen, slen;

	for (i = 0; i < sizeof rfc8032 / sizeof rfc8032[0]; i++) {
		jca_key *priv = raw_key("Ed25519", JCA_KEY_PRIVATE, rfc8032[i].sk), *pub = NULL;
		uint8_t *msg = unhex(rfc8032[i].msg, &mlen), *want = unhex(rfc8032[i].sig, &slen), sig[64], raw[32];
		char hex[200];

		ck_assert_int_eq(jca_key_public(priv, &pub), 0);
		ck_assert_int_eq(jca_key_encode(pub, JCA_FORMAT_RAW, raw, sizeof raw, &n), 0);
		tu_hex(hex, raw, n);
		ck_assert_str_eq(hex, rfc8032[i].pk);
		ck_assert_int_eq(signature_sign_oneshot("Ed25519", priv, msg, mlen, sig, sizeof sig, &n), 0);
		ck_assert_uint_eq(n, 64);
		ck_assert(memcmp(sig, want, 64) == 0);
		ck_assert_int_eq(signature_verify_oneshot("EdDSA", pub, msg, mlen, sig, 64), 0);
		ck_assert_int_eq(signature_verify_oneshot("1.3.101.112", priv, msg, mlen, sig, 64), 0);
		sig[i * 7] ^= 0x10;
		ck_assert_int_eq(signature_verify_oneshot("Ed25519", pub, msg, mlen, sig, 64), JCA_BADSIG);
		jca_key_free(priv);
		jca_key_free(pub);
		free(msg);
		free(want);
	}
}
END_TEST

/* The signature of TEST 1 with L added to S: the same point equation,
 * refused because S >= L; and every length but 64. */
START_TEST(test_ed25519_refusals)
{
	static const uint8_t L[32] = { 0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
	                               0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10 };
	jca_key *pub = raw_key("Ed25519", JCA_KEY_PUBLIC, rfc8032[0].pk), *k = NULL;
	size_t n, i;
	uint8_t *sig = unhex(rfc8032[0].sig, &n), big[65];
	unsigned c = 0;
	keyfactory_ctx *kf = keyfactory_get_instance("Ed25519");

	ck_assert_int_eq(signature_verify_oneshot("Ed25519", pub, "", 0, sig, 64), 0);
	for (i = 0; i < 32; i++) {
		c += sig[32 + i] + L[i];
		sig[32 + i] = (uint8_t)c;
		c >>= 8;
	}
	ck_assert_int_eq(signature_verify_oneshot("Ed25519", pub, "", 0, sig, 64), JCA_BADSIG);
	memset(big, 0, sizeof big);
	for (i = 0; i <= sizeof big; i++)
		if (i != 64)
			ck_assert_int_eq(signature_verify_oneshot("Ed25519", pub, "", 0, big, i), JCA_BADSIG);
	/* a public key whose y is not below p, and one not on the curve */
	memset(big, 0xff, 32);
	big[31] = 0x7f;
	ck_assert_int_eq(keyfactory_decode_raw(kf, JCA_KEY_PUBLIC, big, 32, &k), JCA_BADKEY);
	ck_assert(k == NULL);
	memset(big, 0, 32);
	big[0] = 2;
	ck_assert_int_eq(keyfactory_decode_raw(kf, JCA_KEY_PUBLIC, big, 32, &k), JCA_BADKEY);
	ck_assert_int_eq(keyfactory_decode_raw(kf, JCA_KEY_PUBLIC, big, 31, &k), JCA_BADKEY);
	keyfactory_free(kf);
	jca_key_free(pub);
	free(sig);
}
END_TEST

START_TEST(test_x25519_rfc7748)
{
	jca_key *a = raw_key("X25519", JCA_KEY_PRIVATE, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
	jca_key *b = raw_key("XDH", JCA_KEY_PRIVATE, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
	jca_key *bp = raw_key("X25519", JCA_KEY_PUBLIC, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
	jca_key *pem = text_key(x_priv_pem), *zero;
	keyagreement_ctx *ka = keyagreement_get_instance("X25519");
	uint8_t s1[32], s2[40];
	size_t n, i;
	char hex[80];
	static const char *small[] = {
		"0000000000000000000000000000000000000000000000000000000000000000",
		"0100000000000000000000000000000000000000000000000000000000000000",
		"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	};

	ck_assert(ka != NULL);
	ck_assert_uint_eq(keyagreement_length(ka), 0);
	ck_assert_int_eq(keyagreement_generate_secret(ka, s1, sizeof s1, &n), JCA_NOTINIT);
	ck_assert_int_eq(keyagreement_init(ka, a), 0);
	ck_assert_uint_eq(keyagreement_length(ka), 32);
	ck_assert_int_eq(keyagreement_generate_secret(ka, s1, sizeof s1, &n), JCA_NOTINIT);   /* no phase */
	ck_assert_int_eq(keyagreement_do_phase(ka, bp), 0);
	ck_assert_int_eq(keyagreement_generate_secret(ka, s1, 31, &n), JCA_BUFSIZE);
	ck_assert_int_eq(keyagreement_generate_secret(ka, s1, sizeof s1, &n), 0);
	tu_hex(hex, s1, n);
	ck_assert_str_eq(hex, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
	/* the other side, with the peer given as its private key (its public half is used) */
	ck_assert_int_eq(keyagreement_init(ka, b), 0);
	ck_assert_int_eq(keyagreement_do_phase(ka, pem), 0);
	ck_assert_int_eq(keyagreement_generate_secret(ka, s2, sizeof s2, &n), 0);
	ck_assert_uint_eq(n, 32);
	ck_assert(memcmp(s1, s2, 32) == 0);
	/* small-order peers give an all-zero secret: refused, nothing left in out */
	for (i = 0; i < sizeof small / sizeof small[0]; i++) {
		zero = raw_key("X25519", JCA_KEY_PUBLIC, small[i]);
		ck_assert_int_eq(keyagreement_do_phase(ka, zero), 0);
		memset(s2, 0xaa, sizeof s2);
		ck_assert_int_eq(keyagreement_generate_secret(ka, s2, sizeof s2, &n), JCA_BADKEY);
		ck_assert_uint_eq(n, 0);
		ck_assert(s2[0] == 0 && s2[31] == 0);
		jca_key_free(zero);
	}
	/* wrong kinds and algorithms */
	ck_assert_int_eq(keyagreement_init(ka, bp), JCA_BADKEY);
	zero = raw_key("Ed25519", JCA_KEY_PRIVATE, rfc8032[0].sk);
	ck_assert_int_eq(keyagreement_init(ka, zero), JCA_BADKEY);
	ck_assert_int_eq(keyagreement_init(ka, a), 0);
	ck_assert_int_eq(keyagreement_do_phase(ka, zero), JCA_BADKEY);
	ck_assert_str_eq(keyagreement_provider(ka), "builtin");
	jca_key_free(zero);
	keyagreement_free(ka);
	jca_key_free(a);
	jca_key_free(b);
	jca_key_free(bp);
	jca_key_free(pem);
}
END_TEST

static void check_round_trip(const char *pem, jca_key_format fmt)
{
	jca_key *k = text_key(pem), *k2 = NULL;
	char out[400], out2[400];
	size_t n, n2;

	ck_assert_int_eq(jca_key_encode(k, JCA_FORMAT_PEM, out, sizeof out, &n), 0);
	ck_assert_uint_eq(n, strlen(pem));
	ck_assert(memcmp(out, pem, n) == 0);
	ck_assert_int_eq(jca_key_encode(k, JCA_FORMAT_PEM, out, n - 1, &n2), JCA_BUFSIZE);
	ck_assert_uint_eq(n2, n);
	ck_assert_int_eq(jca_key_encode(k, JCA_FORMAT_PEM, NULL, 0, &n2), JCA_BUFSIZE);
	ck_assert_int_eq(jca_key_encode(k, fmt, out, sizeof out, &n), 0);
	ck_assert_int_eq(jca_key_decode(out, n, &k2), 0);
	ck_assert_int_eq(jca_key_encode(k2, JCA_FORMAT_PEM, out2, sizeof out2, &n2), 0);
	ck_assert(n2 == strlen(pem) && memcmp(out2, pem, n2) == 0);
	ck_assert_uint_eq(jca_key_kind(k), jca_key_kind(k2));
	jca_key_free(k);
	jca_key_free(k2);
}

START_TEST(test_encodings)
{
	jca_key *k = text_key(ed_priv_pem), *p = NULL;
	size_t n;
	char buf[200];

	ck_assert_str_eq(jca_key_algorithm(k), "Ed25519");
	ck_assert_str_eq(jca_key_provider(k), "builtin");
	ck_assert_uint_eq(jca_key_kind(k), JCA_KEY_PRIVATE);
	ck_assert_uint_eq(jca_key_bits(k), 255);
	ck_assert(jca_key_params(k) == NULL);
	ck_assert_int_eq(jca_key_is_extractable(k), 1);
	ck_assert_int_eq(jca_key_public(k, &p), 0);
	ck_assert_int_eq(jca_key_encode(p, JCA_FORMAT_PEM, buf, sizeof buf, &n), 0);
	ck_assert(n == strlen(ed_pub_pem) && memcmp(buf, ed_pub_pem, n) == 0);
	jca_key_free(p);
	jca_key_free(k);
	check_round_trip(ed_priv_pem, JCA_FORMAT_DER);
	check_round_trip(ed_pub_pem, JCA_FORMAT_DER);
	check_round_trip(x_priv_pem, JCA_FORMAT_DER);
	/* leading and trailing whitespace around PEM is fine */
	k = NULL;
	snprintf(buf, sizeof buf, "\n  %s\n\n", ed_pub_pem);
	ck_assert_int_eq(jca_key_decode(buf, strlen(buf), &k), 0);
	jca_key_free(k);
}
END_TEST

/* Every malformed class: nothing decoded, JCA_BADKEY with a message. */
START_TEST(test_malformed)
{
	static const char *bad_pem[] = {
		"-----BEGIN CERTIFICATE-----\nMCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\n-----END CERTIFICATE-----\n",
		"-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\n-----END PRIVATE KEY-----\n",
		"-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHUR\n-----END PUBLIC KEY-----\n",
		"-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\n",
		"-----BEGIN PRIVATE KEY-----\nMCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\n-----END PRIVATE KEY-----\n",
		"garbage",
		"",
	};
	/* the public key's DER, then cut, grown, trailing, wrong OID, wrong length */
	static const char *bad_der[] = {
		"302a300506032b6570032100d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f70751",
		"302a300506032b6570032100d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a00",
		"302b300506032b6570032200d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a00",
		"302a300506032b6571032100d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
		"30818a300506032b6570032100d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
		"3080300506032b6570032100d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a0000",
		"3000",
		"30",
	};
	keyfactory_ctx *xf = keyfactory_get_instance("X25519");
	jca_key *k = (jca_key *)1;
	size_t i, n;
	uint8_t *der;

	for (i = 0; i < sizeof bad_pem / sizeof bad_pem[0]; i++) {
		ck_assert_int_eq(jca_key_decode(bad_pem[i], strlen(bad_pem[i]), &k), JCA_BADKEY);
		ck_assert(k == NULL);
		ck_assert_msg(strlen(jca_last_error_message()) > 10, "case %zu: \"%s\"", i, jca_last_error_message());
	}
	for (i = 0; i < sizeof bad_der / sizeof bad_der[0]; i++) {
		der = unhex(bad_der[i], &n);
		ck_assert_msg(jca_key_decode(der, n, &k) == JCA_BADKEY, "case %zu: %s", i, jca_last_error_message());
		free(der);
	}
	/* a good key of another algorithm for this KeyFactory */
	ck_assert_int_eq(keyfactory_decode(xf, ed_pub_pem, strlen(ed_pub_pem), &k), JCA_BADKEY);
	ck_assert(strstr(jca_last_error_message(), "Ed25519") != NULL);
	/* a traditional EC private key as DER (openssl pkey -outform DER):
	 * read (JCA_NOALG without a provider of EC keys), not refused */
	{
		size_t tl;
		/* the fuzz_der seed: a mode byte, then the DER */
		char *text = tu_read_file(tu_srcpath("tests/fuzz/corpus/fuzz_der/trad_ec256"), &tl);
		jca_key *pk = NULL;
		int rc;

		ck_assert(text != NULL && tl > 100);
		rc = jca_key_decode(text + 1, tl - 1, &pk);
		ck_assert_msg(rc == 0 || rc == JCA_NOALG, "%s", jca_last_error_message());
		ck_assert(rc || jca_key_kind(pk) == JCA_KEY_PRIVATE);
		jca_key_free(pk);
		/* one byte less: refused with PKCS#8's message */
		ck_assert_int_eq(jca_key_decode(text + 1, tl - 2, &pk), JCA_BADKEY);
		free(text);
	}
	ck_assert_int_eq(jca_key_decode(NULL, 3, &k), JCA_EINVAL);
	ck_assert_int_eq(jca_key_decode(ed_pub_pem, strlen(ed_pub_pem), NULL), JCA_EINVAL);
	keyfactory_free(xf);
}
END_TEST

START_TEST(test_contract)
{
	keypairgen_ctx *g = keypairgen_get_instance("Ed25519");
	jca_key *priv, *pub, *xpriv;
	signature_ctx *s = signature_get_instance("Ed25519"), *c;
	uint8_t msg[1000], sig[64], sig2[80];
	size_t n, n2, i;

	ck_assert(g && s);
	ck_assert_str_eq(keypairgen_provider(g), "builtin");
	ck_assert_int_eq(keypairgen_init(g, "secp256r1"), JCA_EINVAL);
	ck_assert_int_eq(keypairgen_init(g, NULL), 0);
	ck_assert_int_eq(keypairgen_generate(g, &priv, &pub), 0);
	ck_assert_uint_eq(jca_key_kind(priv), JCA_KEY_PRIVATE);
	ck_assert_uint_eq(jca_key_kind(pub), JCA_KEY_PUBLIC);
	for (i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)(i * 7);
	ck_assert_uint_eq(signature_length(s), 0);
	ck_assert_int_eq(signature_update(s, msg, 1), JCA_NOTINIT);
	ck_assert_int_eq(signature_init_sign(s, pub), JCA_BADKEY);
	ck_assert_int_eq(signature_init_sign(s, priv), 0);
	jca_key_free(priv);                     /* the Signature holds it */
	ck_assert_uint_eq(signature_length(s), 64);
	ck_assert_int_eq(signature_set_parameter(s, "x", "y"), JCA_UNSUPPORTED);
	/* in pieces, cloned half way */
	ck_assert_int_eq(signature_update(s, msg, 300), 0);
	c = signature_clone(s);
	ck_assert(c != NULL);
	ck_assert_int_eq(signature_update(s, msg + 300, 700), 0);
	ck_assert_int_eq(signature_update(c, msg + 300, 700), 0);
	ck_assert_int_eq(signature_sign(s, sig, 63, &n), JCA_BUFSIZE);
	ck_assert_int_eq(signature_sign(s, sig, sizeof sig, &n), 0);
	ck_assert_int_eq(signature_sign(c, sig2, sizeof sig2, &n2), 0);
	ck_assert(n == 64 && n2 == 64 && memcmp(sig, sig2, 64) == 0);
	/* after sign: ready for the next message; reset drops a message */
	ck_assert_int_eq(signature_update(s, "junk", 4), 0);
	ck_assert_int_eq(signature_reset(s), 0);
	ck_assert_int_eq(signature_update(s, msg, sizeof msg), 0);
	ck_assert_int_eq(signature_sign(s, sig2, sizeof sig2, &n2), 0);
	ck_assert(memcmp(sig, sig2, 64) == 0);
	ck_assert_int_eq(signature_verify(s, sig, 64), JCA_NOTINIT);
	/* verify */
	ck_assert_int_eq(signature_init_verify(s, pub), 0);
	ck_assert_int_eq(signature_sign(s, sig2, sizeof sig2, &n2), JCA_NOTINIT);
	for (i = 0; i < sizeof msg; i += 100)
		ck_assert_int_eq(signature_update(s, msg + i, 100), 0);
	ck_assert_int_eq(signature_verify(s, sig, 64), 0);
	ck_assert_int_eq(signature_update(s, msg, sizeof msg - 1), 0);
	ck_assert_int_eq(signature_verify(s, sig, 64), JCA_BADSIG);
	ck_assert(strstr(jca_last_error_message(), "does not verify") != NULL);
	ck_assert_int_eq(signature_verify(s, NULL, 0), JCA_BADSIG);
	/* an X25519 key is not an Ed25519 key */
	xpriv = text_key(x_priv_pem);
	ck_assert_int_eq(signature_init_sign(s, xpriv), JCA_BADKEY);
	ck_assert_int_eq(signature_update(s, msg, 1), JCA_NOTINIT);
	jca_key_free(xpriv);
	ck_assert_str_eq(signature_algorithm(s), "Ed25519");
	ck_assert_str_eq(signature_provider(s), "builtin");
	ck_assert_ptr_nonnull(signature_implementation(s));
	signature_free(c);
	signature_free(s);
	keypairgen_free(g);
	jca_key_free(pub);
	ck_assert(signature_get_instance("Ed448") == NULL);
	ck_assert_int_eq(jca_last_error(), JCA_NOALG);
	ck_assert(signature_get_instance_from("Ed25519", "nosuch") == NULL);
	ck_assert_int_eq(jca_last_error(), JCA_NOPROVIDER);
	signature_free(NULL);
	keyagreement_free(NULL);
	jca_key_free(NULL);
}
END_TEST

/* ---- a second provider: "vault" (tests/vault_keys.c), whose private
 * keys never leave it ---- */
static const jca_impl *const v_kf_impls[] = { &vault_kf.base, NULL };
static const jca_impl *const v_kpg_impls[] = { &vault_kpg.base, NULL };
static const jca_impl *const v_sig_impls[] = { &vault_sig.base, NULL };
static const jca_service_desc v_svc_kf = { .struct_size = sizeof(jca_service_desc), .type = JCA_KEY_FACTORY,
                                           .algorithm = "Ed25519", .impls = v_kf_impls };
static const jca_service_desc v_svc_kpg = { .struct_size = sizeof(jca_service_desc),
                                            .type = JCA_KEY_PAIR_GENERATOR, .algorithm = "Ed25519",
                                            .impls = v_kpg_impls };
static const jca_service_desc v_svc_sig = { .struct_size = sizeof(jca_service_desc), .type = JCA_SIGNATURE,
                                            .algorithm = "Ed25519", .impls = v_sig_impls };
static const jca_service_desc *const v_services[] = { &v_svc_kf, &v_svc_kpg, &v_svc_sig, NULL };
static const jca_provider_desc vault = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "vault", "1",
                                         "test provider: keys that stay", v_services, NULL };

START_TEST(test_selection)
{
	keypairgen_ctx *g;
	jca_key *vpriv, *vpub, *bpriv = raw_key("Ed25519", JCA_KEY_PRIVATE, rfc8032[1].sk), *bpub = NULL;
	signature_ctx *s;
	uint8_t sig[64], buf[100];
	size_t n, mlen;
	uint8_t *msg = unhex(rfc8032[1].msg, &mlen), *want = unhex(rfc8032[1].sig, &n);

	ck_assert_int_eq(jca_provider_add(&vault, NULL), 0);
	g = keypairgen_get_instance_from("Ed25519", "vault");
	ck_assert(g != NULL);
	ck_assert_int_eq(keypairgen_generate(g, &vpriv, &vpub), 0);
	ck_assert_str_eq(jca_key_provider(vpriv), "vault");
	ck_assert_int_eq(jca_key_is_extractable(vpriv), 0);
	ck_assert_int_eq(jca_key_encode(vpriv, JCA_FORMAT_PEM, buf, sizeof buf, &n), JCA_UNSUPPORTED);
	ck_assert_int_eq(jca_key_encode(vpriv, JCA_FORMAT_DER, buf, sizeof buf, &n), JCA_UNSUPPORTED);

	/* the name resolves to builtin (first); the vault's key takes it to the vault */
	s = signature_get_instance("Ed25519");
	ck_assert_str_eq(signature_provider(s), "builtin");
	ck_assert_int_eq(signature_init_sign(s, vpriv), 0);
	ck_assert_str_eq(signature_provider(s), "vault");
	ck_assert_int_eq(signature_update(s, "hello", 5), 0);
	ck_assert_int_eq(signature_sign(s, sig, sizeof sig, &n), 0);
	/* and back to builtin with a builtin key, on the same object */
	ck_assert_int_eq(signature_init_sign(s, bpriv), 0);
	ck_assert_str_eq(signature_provider(s), "builtin");
	ck_assert_int_eq(signature_update(s, msg, mlen), 0);
	ck_assert_int_eq(signature_sign(s, buf, sizeof buf, &n), 0);
	ck_assert(n == 64 && memcmp(buf, want, 64) == 0);
	/* the vault's public key verifies in the vault */
	ck_assert_int_eq(signature_init_verify(s, vpub), 0);
	ck_assert_str_eq(signature_provider(s), "vault");
	ck_assert_int_eq(signature_update(s, "hello", 5), 0);
	ck_assert_int_eq(signature_verify(s, sig, 64), 0);
	signature_free(s);

	/* pinned to builtin: the vault's private key cannot go there */
	s = signature_get_instance_from("Ed25519", "builtin");
	ck_assert_int_eq(signature_init_sign(s, vpriv), JCA_BADKEY);
	ck_assert_msg(strstr(jca_last_error_message(), "vault") && strstr(jca_last_error_message(), "builtin") &&
	              strstr(jca_last_error_message(), "not extractable"), "%s", jca_last_error_message());
	signature_free(s);

	/* pinned to the vault: builtin's key is extractable and converted */
	s = signature_get_instance_from("Ed25519", "vault");
	ck_assert_int_eq(signature_init_sign(s, bpriv), 0);
	ck_assert_str_eq(signature_provider(s), "vault");
	ck_assert_str_eq(signature_implementation(s), "vault-sig");
	signature_free(s);

	/* the vault preferred: a builtin key still goes to builtin, its own */
	ck_assert_int_eq(jca_provider_remove("vault"), 0);
	ck_assert_int_eq(jca_provider_insert(&vault, NULL, 0), 0);
	s = signature_get_instance("Ed25519");
	ck_assert_str_eq(signature_provider(s), "vault");
	ck_assert_int_eq(jca_key_public(bpriv, &bpub), 0);
	ck_assert_int_eq(signature_init_verify(s, bpub), 0);
	ck_assert_str_eq(signature_provider(s), "builtin");
	ck_assert_int_eq(signature_update(s, msg, mlen), 0);
	ck_assert_int_eq(signature_verify(s, want, 64), 0);
	signature_free(s);

	keypairgen_free(g);
	jca_key_free(vpriv);
	jca_key_free(vpub);
	jca_key_free(bpriv);
	jca_key_free(bpub);
	ck_assert_int_eq(jca_provider_remove("vault"), 0);
	free(msg);
	free(want);
}
END_TEST

/* ---- "brittle": the vault's keys, and a Signature whose contexts never
 * attach: a failed switch leaves the object usable (a context of the
 * name's first provider) and says why ---- */
static int b_armed;                    /* set once the provider is added: its load tests pass */

static int b_attach(void *provctx, void *ctx)
{
	(void)provctx;
	(void)ctx;
	return b_armed ? -1 : 0;
}

static const jca_signature_impl b_sig = {
	.base = JCA_IMPL_BASE_LIFECYCLE(jca_signature_impl, "brittle-sig", JCA_PRIO_GENERIC, NULL, sizeof(vsig),
	                                b_attach, NULL, NULL),
	.key_algorithm = "Ed25519", .init = vault_sig_init, .sign = vault_sign, .verify = vault_verify,
};
static const jca_impl *const b_sig_impls[] = { &b_sig.base, NULL };
static const jca_service_desc b_svc_sig = { .struct_size = sizeof(jca_service_desc), .type = JCA_SIGNATURE,
                                            .algorithm = "Ed25519", .impls = b_sig_impls };
static const jca_service_desc *const b_services[] = { &v_svc_kf, &v_svc_kpg, &b_svc_sig, NULL };
static const jca_provider_desc brittle = { JCA_ABI_VERSION, sizeof(jca_provider_desc), "brittle", "1",
                                           "test provider: its Signature cannot attach", b_services, NULL };

START_TEST(test_failed_switch)
{
	keypairgen_ctx *g;
	jca_key *priv, *bpriv = raw_key("Ed25519", JCA_KEY_PRIVATE, rfc8032[0].sk);
	signature_ctx *s;
	uint8_t sig[64];
	size_t n;

	b_armed = 0;
	ck_assert_int_eq(jca_provider_add(&brittle, NULL), 0);
	b_armed = 1;
	g = keypairgen_get_instance_from("Ed25519", "brittle");
	ck_assert(g != NULL);
	ck_assert_int_eq(keypairgen_generate(g, &priv, NULL), 0);
	s = signature_get_instance("Ed25519");
	ck_assert(s != NULL);
	ck_assert_int_eq(signature_init_sign(s, priv), JCA_IMPL);
	ck_assert_msg(strstr(jca_last_error_message(), "attach") != NULL, "%s", jca_last_error_message());
	ck_assert_str_eq(signature_provider(s), "builtin");
	ck_assert_ptr_nonnull(signature_implementation(s));
	ck_assert_int_eq(signature_update(s, "x", 1), JCA_NOTINIT);
	ck_assert_int_eq(signature_set_parameter(s, "a", "b"), JCA_UNSUPPORTED);
	/* and the same object still works with a key that can be used */
	ck_assert_int_eq(signature_init_sign(s, bpriv), 0);
	ck_assert_int_eq(signature_sign(s, sig, sizeof sig, &n), 0);
	signature_free(s);
	keypairgen_free(g);
	jca_key_free(priv);
	jca_key_free(bpriv);
	ck_assert_int_eq(jca_provider_remove("brittle"), 0);
}
END_TEST

int main(void)
{
	int failed;
	Suite *s = suite_create("Keys and signatures");
	TCase *tc = tcase_create("pkey");
	SRunner *sr;

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_ed25519_rfc8032);
	tcase_add_test(tc, test_ed25519_refusals);
	tcase_add_test(tc, test_x25519_rfc7748);
	tcase_add_test(tc, test_encodings);
	tcase_add_test(tc, test_malformed);
	tcase_add_test(tc, test_contract);
	tcase_add_test(tc, test_selection);
	tcase_add_test(tc, test_failed_switch);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
