/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The plugins' declared Mac services (ABI 3): keyed BLAKE2b of the example
 * plugin (the official BLAKE2 keyed test vectors, blake2b-kat.txt: key
 * 00..3f, input 00..N-1; the same values from Python's
 * hashlib.blake2b(data, key=key)) and, with the OpenSSL bridge, AESCMAC
 * (RFC 4493 section 4, and Python cryptography's CMAC for 192- and
 * 256-bit keys). Every test runs in its own process with its own
 * configuration.
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

#include "jca.h"
#include "testutil.h"

static void use_plugin(const char *name)
{
	char text[4096];

	snprintf(text, sizeof text, "security.provider.1 = builtin\nsecurity.provider.2 = %s\n"
	         "jca.plugin.dir = %s/plugins/.libs\n", name, JCA_TOP_BUILDDIR);
	tu_config(text);
}

/* The tag of msg under key, in hex, split at cut. */
static void tag_hex(char *hex, const char *alg, const uint8_t *key, size_t kl, const uint8_t *msg, size_t ml,
                    size_t cut)
{
	mac_ctx *m = mac_get_instance(alg);
	uint8_t tag[64];
	size_t n;

	ck_assert_msg(m != NULL, "%s: %s", alg, jca_last_error_message());
	ck_assert_int_eq(mac_init(m, key, kl), 0);
	ck_assert_int_eq(mac_update(m, msg, cut), 0);
	ck_assert_int_eq(mac_update(m, msg + cut, ml - cut), 0);
	ck_assert_int_eq(mac_do_final(m, tag, sizeof tag, &n), 0);
	ck_assert_uint_eq(n, mac_length(m));
	tu_hex(hex, tag, n);
	mac_free(m);
}

static const struct {
	size_t n;
	const char *hash;
} b2b_keyed[] = {
	{ 0, "10ebb67700b1868efb4417987acf4690ae9d972fb7a590c2f02871799aaa4786"
	     "b5e996e8f0f4eb981fc214b005f42d2ff4233499391653df7aefcbc13fc51568" },
	{ 1, "961f6dd1e4dd30f63901690c512e78e4b45e4742ed197c3c5e45c549fd25f2e4"
	     "187b0bc9fe30492b16b0d0bc4ef9b0f34c7003fac09a5ef1532e69430234cebd" },
	{ 3, "33d0825dddf7ada99b0e7e307104ad07ca9cfd9692214f1561356315e784f3e5"
	     "a17e364ae9dbb14cb2036df932b77f4b292761365fb328de7afdc6d8998f5fc1" },
	{ 64, "65676d800617972fbd87e4b9514e1c67402b7a331096d3bfac22f1abb95374ab"
	      "c942f16e9ab0ead33b87c91968a6e509e119ff07787b3ef483e1dcdccf6e3022" },
	{ 127, "76d2d819c92bce55fa8e092ab1bf9b9eab237a25267986cacf2b8ee14d214d73"
	       "0dc9a5aa2d7b596e86a1fd8fa0804c77402d2fcd45083688b218b1cdfa0dcbcb" },
	{ 128, "72065ee4dd91c2d8509fa1fc28a37c7fc9fa7d5b3f8ad3d0d7a25626b57b1b44"
	       "788d4caf806290425f9890a3a2a35a905ab4b37acfd0da6e4517b2525c9651e4" },
	{ 129, "64475dfe7600d7171bea0b394e27c9b00d8e74dd1e416a79473682ad3dfdbb70"
	       "6631558055cfc8a40e07bd015a4540dcdea15883cbbf31412df1de1cd4152b91" },
	{ 255, "142709d62e28fcccd0af97fad0f8465b971e82201dc51070faa0372aa43e9248"
	       "4be1c1e73ba10906d5d1853db6a4106e0a7bf9800d373d6dee2d46d62ef2a461" },
};

START_TEST(test_example_blake2b_mac)
{
	uint8_t key[64], msg[255];
	char hex[129];
	size_t i, cut;
	mac_ctx *m, *c;

	use_plugin("example");
	for (i = 0; i < sizeof key; i++)
		key[i] = (uint8_t)i;
	for (i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)i;
	for (i = 0; i < sizeof b2b_keyed / sizeof b2b_keyed[0]; i++) {
		for (cut = 0; cut <= b2b_keyed[i].n; cut += 1 + b2b_keyed[i].n / 5) {
			tag_hex(hex, i % 2 ? "BLAKE2BMAC" : "BLAKE2b-512-MAC", key, 64, msg, b2b_keyed[i].n, cut);
			ck_assert_msg(strcmp(hex, b2b_keyed[i].hash) == 0, "N=%zu cut %zu: %s", b2b_keyed[i].n, cut, hex);
		}
	}
	/* the example plugin's Mac, its names and sizes */
	m = mac_get_instance("blake2bmac");
	ck_assert_str_eq(mac_provider(m), "example");
	ck_assert_str_eq(mac_algorithm(m), "BLAKE2b-512-MAC");
	ck_assert_str_eq(mac_implementation(m), "blake2bmac-example");
	ck_assert_uint_eq(mac_length(m), 64);
	ck_assert_uint_eq(mac_block_length(m), 128);
	/* keys of 1 to 64 bytes (Python: hashlib.blake2b(b"abc", key=b"\x01")) */
	ck_assert_int_eq(mac_init(m, key, 0), JCA_KEYLEN);
	ck_assert_int_eq(mac_init(m, key, 65), JCA_KEYLEN);
	ck_assert_int_eq(mac_init(m, key + 1, 1), 0);
	ck_assert_int_eq(mac_update(m, "abc", 3), 0);
	c = mac_clone(m);             /* plain data: a memcpy */
	ck_assert_ptr_nonnull(c);
	{
		uint8_t tag[64];
		size_t n;

		ck_assert_int_eq(mac_do_final(c, tag, sizeof tag, &n), 0);
		tu_hex(hex, tag, 64);
		ck_assert_str_eq(hex, "bae9be5ca6a1637671d9ad70184a070bc4bbd671c77c87deb1aaa35fda01ddf0"
		                      "3a7d98b9dc8e6e9d230735370dd9ab07ceb980fb6cc50ecaf9e237602d4fb0d7");
		ck_assert_int_eq(mac_verify(m, tag, 64), 0);
		/* verify left it keyed: the same message again, truncated */
		mac_update(m, "abc", 3);
		ck_assert_int_eq(mac_verify(m, tag, 16), 0);
		mac_update(m, "abd", 3);
		ck_assert_int_eq(mac_verify(m, tag, 16), JCA_BADTAG);
		/* reset drops the input */
		mac_update(m, "zz", 2);
		ck_assert_int_eq(mac_reset(m), 0);
		mac_update(m, "abc", 3);
		ck_assert_int_eq(mac_verify(m, tag, 64), 0);
	}
	mac_free(c);
	mac_free(m);
	/* HMAC over the plugin's BLAKE2b is still derived beside it */
	m = mac_get_instance("HmacBLAKE2b-512");
	ck_assert_str_eq(mac_implementation(m), "hmac(blake2b-example)");
	mac_free(m);
}
END_TEST

#ifdef JCA_TEST_OPENSSL_BRIDGE
/* RFC 4493 section 4: AES-128, K = 2b7e1516 28aed2a6 abf71588 09cf4f3c,
 * messages of 0, 16, 40 and 64 bytes of the SP 800-38A text. */
static const char rfc4493_msg[] = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                                  "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
static const struct {
	size_t len;
	const char *tag;
} rfc4493[] = {
	{ 0, "bb1d6929e95937287fa37d129b756746" },
	{ 16, "070a16b46b4d4144f79bdd9dd04a287c" },
	{ 40, "dfa66747de9ae63030ca32611497c827" },
	{ 64, "51f0bebf7e3b9d92fc49741779363cfe" },
};

/* Python: cryptography.hazmat.primitives.cmac.CMAC(algorithms.AES(k)) over
 * bytes(range(100)), k[i] = (7 * i + 1) & 255. */
static const struct {
	size_t kl;
	const char *tag;
} pyca[] = {
	{ 16, "5337d8a24fbe6a250a74c0d5009d2a56" },
	{ 24, "c5127b01e41e5cc793af029ad5a91732" },
	{ 32, "0a5d445ade20d9dae9181fe740f07ee6" },
};

START_TEST(test_openssl_cmac)
{
	uint8_t *key, *msg, k[32], m100[100], tag[16];
	char hex[33];
	size_t kl, ml, i, cut, n;
	mac_ctx *m, *c;

	use_plugin("openssl");
	key = tu_unhex("2b7e151628aed2a6abf7158809cf4f3c", &kl);
	msg = tu_unhex(rfc4493_msg, &ml);
	for (i = 0; i < sizeof rfc4493 / sizeof rfc4493[0]; i++)
		for (cut = 0; cut <= rfc4493[i].len; cut += 1 + rfc4493[i].len / 4) {
			tag_hex(hex, i % 2 ? "AES-CMAC" : "AESCMAC", key, kl, msg, rfc4493[i].len, cut);
			ck_assert_msg(strcmp(hex, rfc4493[i].tag) == 0, "RFC 4493 %zu bytes, cut %zu: %s", rfc4493[i].len,
			              cut, hex);
		}
	for (i = 0; i < sizeof k; i++)
		k[i] = (uint8_t)(7 * i + 1);
	for (i = 0; i < sizeof m100; i++)
		m100[i] = (uint8_t)i;
	for (i = 0; i < sizeof pyca / sizeof pyca[0]; i++) {
		tag_hex(hex, "AESCMAC", k, pyca[i].kl, m100, sizeof m100, 33);
		ck_assert_msg(strcmp(hex, pyca[i].tag) == 0, "%zu-byte key: %s", pyca[i].kl, hex);
	}
	m = mac_get_instance("AESCMAC");
	ck_assert_str_eq(mac_provider(m), "openssl");
	ck_assert_str_eq(mac_implementation(m), "aescmac-openssl");
	ck_assert_uint_eq(mac_length(m), 16);
	/* key lengths: 16 to 32 by the range, 24 and 32 only inside it */
	ck_assert_int_eq(mac_init(m, k, 15), JCA_KEYLEN);
	ck_assert_int_eq(mac_init(m, k, 33), JCA_KEYLEN);
	ck_assert_int_eq(mac_init(m, k, 20), JCA_KEYLEN);
	ck_assert_msg(strstr(jca_last_error_message(), "16, 24 or 32") != NULL, "%s", jca_last_error_message());
	/* clone (EVP_MAC_CTX_dup) mid-message, final keeps the key, reset */
	ck_assert_int_eq(mac_init(m, key, 16), 0);
	mac_update(m, msg, 20);
	c = mac_clone(m);
	ck_assert_msg(c != NULL, "%s", jca_last_error_message());
	mac_update(m, msg + 20, 20);
	mac_update(c, msg + 20, 20);
	ck_assert_int_eq(mac_do_final(m, tag, sizeof tag, &n), 0);
	tu_hex(hex, tag, 16);
	ck_assert_str_eq(hex, rfc4493[2].tag);
	ck_assert_int_eq(mac_do_final(c, tag, sizeof tag, &n), 0);
	tu_hex(hex, tag, 16);
	ck_assert_str_eq(hex, rfc4493[2].tag);
	mac_update(m, "junk", 4);
	ck_assert_int_eq(mac_reset(m), 0);
	mac_update(m, msg, 16);
	ck_assert_int_eq(mac_do_final(m, tag, sizeof tag, &n), 0);
	tu_hex(hex, tag, 16);
	ck_assert_str_eq(hex, rfc4493[1].tag);
	mac_free(c);
	mac_free(m);
	free(key);
	free(msg);
}
END_TEST
#endif

int main(void)
{
	Suite *s = suite_create("PluginMac");
	TCase *tc = tcase_create("plugins");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, NULL, tu_config_remove);
	tcase_add_test(tc, test_example_blake2b_mac);
#ifdef JCA_TEST_OPENSSL_BRIDGE
	tcase_add_test(tc, test_openssl_cmac);
#else
	printf("UNAVAILABLE: AESCMAC through the OpenSSL bridge (not built)\n");
#endif
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
