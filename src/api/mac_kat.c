/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The host's Mac known answers (kat.h), for a Mac a provider declares
 * under a standard name (a token's HMAC, the OpenSSL bridge's CMAC, the
 * example plugin's keyed BLAKE2b; the HMAC the registry derives over a
 * digest is the host's own code over a digest tested by md_kat.c).
 * Values: kat_sym_vectors.h (tests/kat/gen_host_kat.py).
 */
#include "kat.h"
#include "kat_sym_vectors.h"

JCA__HIDDEN extern const jca__type_ops jca__mac_type;

#define KEY_0B "\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b\x0b"
#define TC1(name, id, lbl) \
	{ name, lbl " test case 1", \
	  &(const jca_kat){ .struct_size = sizeof(jca_kat), .in = "Hi There", .in_len = 8, .key = KEY_0B, \
	                    .key_len = 20, .out = HMAC_TC1_##id, .out_len = sizeof(HMAC_TC1_##id) - 1 }, 0 }

static const uint8_t blake2_key[64] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
	30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57,
	58, 59, 60, 61, 62, 63
};

static const jca__kat_vec vectors[] = {
	TC1("HmacMD5", MD5, "RFC 2202"),
	TC1("HmacSHA1", SHA1, "RFC 2202"),
	TC1("HmacSHA224", SHA224, "RFC 4231"),
	TC1("HmacSHA256", SHA256, "RFC 4231"),
	TC1("HmacSHA384", SHA384, "RFC 4231"),
	TC1("HmacSHA512", SHA512, "RFC 4231"),
	TC1("HmacSHA512/224", SHA512_224, "RFC 4231 inputs,"),
	TC1("HmacSHA512/256", SHA512_256, "RFC 4231 inputs,"),
	TC1("HmacSHA3-224", SHA3_224, "RFC 4231 inputs,"),
	TC1("HmacSHA3-256", SHA3_256, "RFC 4231 inputs,"),
	TC1("HmacSHA3-384", SHA3_384, "RFC 4231 inputs,"),
	TC1("HmacSHA3-512", SHA3_512, "RFC 4231 inputs,"),
	{ "AESCMAC", "RFC 4493 example 2",
	  &(const jca_kat){ .struct_size = sizeof(jca_kat),
	                    .key = "\x2b\x7e\x15\x16\x28\xae\xd2\xa6\xab\xf7\x15\x88\x09\xcf\x4f\x3c", .key_len = 16,
	                    .in = "\x6b\xc1\xbe\xe2\x2e\x40\x9f\x96\xe9\x3d\x7e\x11\x73\x93\x17\x2a", .in_len = 16,
	                    .out = CMAC_EX2, .out_len = 16 }, 0 },
	{ "BLAKE2b-512-MAC", "RFC 7693 keyed BLAKE2b (key 00..3f, \"abc\")",
	  &(const jca_kat){ .struct_size = sizeof(jca_kat), .key = blake2_key, .key_len = 64, .in = "abc",
	                    .in_len = 3, .out = BLAKE2B_MAC_ABC, .out_len = 64 }, 0 },
};

const char *jca__mac_host_kat(const struct jca_service *s, const jca_impl *impl, char *why, size_t n)
{
	return jca__kat_run(vectors, sizeof vectors / sizeof vectors[0], &jca__mac_type, s, impl, why, n);
}
