/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The built-in provider, "builtin": the only place where algorithm names
 * meet implementations. Each service lists its implementations; the registry
 * binds the best usable one (highest priority) when the provider loads.
 */
#include "builtin.h"

/* ---- implementation lists: portable first, then the accelerated ones
 * this build has; the registry picks the best available ---- */
static const jca_md_impl *const md5_impls[] = {
	&jca__md5_generic,
	NULL
};
static const jca_md_impl *const sha1_impls[] = {
	&jca__sha1_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__sha1_shani,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__sha1_armv8,
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
	&jca__sha1_zbb,
#endif
	NULL
};
static const jca_md_impl *const sha224_impls[] = {
	&jca__sha224_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__sha224_shani,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__sha224_armv8,
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
	&jca__sha224_zknh,
#endif
	NULL
};
static const jca_md_impl *const sha256_impls[] = {
	&jca__sha256_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__sha256_shani,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__sha256_armv8,
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
	&jca__sha256_zknh,
#endif
	NULL
};
static const jca_md_impl *const sha384_impls[] = {
	&jca__sha384_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__sha384_avx512, &jca__sha384_avx2,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__sha384_armv8,
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
	&jca__sha384_zknh,
#endif
	NULL
};
static const jca_md_impl *const sha512_impls[] = {
	&jca__sha512_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__sha512_avx512, &jca__sha512_avx2,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__sha512_armv8,
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
	&jca__sha512_zknh,
#endif
	NULL
};
static const jca_md_impl *const sha512_224_impls[] = {
	&jca__sha512_224_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__sha512_224_avx512, &jca__sha512_224_avx2,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__sha512_224_armv8,
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
	&jca__sha512_224_zknh,
#endif
	NULL
};
static const jca_md_impl *const sha512_256_impls[] = {
	&jca__sha512_256_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__sha512_256_avx512, &jca__sha512_256_avx2,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__sha512_256_armv8,
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
	&jca__sha512_256_zknh,
#endif
	NULL
};
static const jca_md_impl *const sha3_224_impls[] = {
	&jca__sha3_224_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__sha3_224_avx512, &jca__sha3_224_avx2,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__sha3_224_armv8,
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
	&jca__sha3_224_zbb,
#endif
	NULL
};
static const jca_md_impl *const sha3_256_impls[] = {
	&jca__sha3_256_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__sha3_256_avx512, &jca__sha3_256_avx2,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__sha3_256_armv8,
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
	&jca__sha3_256_zbb,
#endif
	NULL
};
static const jca_md_impl *const sha3_384_impls[] = {
	&jca__sha3_384_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__sha3_384_avx512, &jca__sha3_384_avx2,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__sha3_384_armv8,
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
	&jca__sha3_384_zbb,
#endif
	NULL
};
static const jca_md_impl *const sha3_512_impls[] = {
	&jca__sha3_512_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__sha3_512_avx512, &jca__sha3_512_avx2,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__sha3_512_armv8,
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
	&jca__sha3_512_zbb,
#endif
	NULL
};
static const jca_md_impl *const shake128_impls[] = {
	&jca__shake128_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__shake128_avx512, &jca__shake128_avx2,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__shake128_armv8,
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
	&jca__shake128_zbb,
#endif
	NULL
};
static const jca_md_impl *const shake256_impls[] = {
	&jca__shake256_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__shake256_avx512, &jca__shake256_avx2,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__shake256_armv8,
#endif
#if defined(JCA_HAVE_RISCV_BACKENDS)
	&jca__shake256_zbb,
#endif
	NULL
};

/* ---- names: JCA standard name first, then aliases and OIDs ---- */
static const char *const md5_names[] = { "MD-5", "1.2.840.113549.2.5", NULL };
static const char *const sha1_names[] = { "SHA", "SHA1", "SHA-1-160", "1.3.14.3.2.26", NULL };
static const char *const sha224_names[] = { "SHA224", "SHA2-224", "2.16.840.1.101.3.4.2.4", NULL };
static const char *const sha256_names[] = { "SHA256", "SHA2-256", "2.16.840.1.101.3.4.2.1", NULL };
static const char *const sha384_names[] = { "SHA384", "SHA2-384", "2.16.840.1.101.3.4.2.2", NULL };
static const char *const sha512_names[] = { "SHA512", "SHA2-512", "2.16.840.1.101.3.4.2.3", NULL };
static const char *const sha512_224_names[] = { "SHA512/224", "SHA2-512/224", "SHA-512-224",
	"SHA512-224", "2.16.840.1.101.3.4.2.5", NULL };
static const char *const sha512_256_names[] = { "SHA512/256", "SHA2-512/256", "SHA-512-256",
	"SHA512-256", "2.16.840.1.101.3.4.2.6", NULL };
static const char *const sha3_224_names[] = { "SHA3_224", "2.16.840.1.101.3.4.2.7", NULL };
static const char *const sha3_256_names[] = { "SHA3_256", "2.16.840.1.101.3.4.2.8", NULL };
static const char *const sha3_384_names[] = { "SHA3_384", "2.16.840.1.101.3.4.2.9", NULL };
static const char *const sha3_512_names[] = { "SHA3_512", "2.16.840.1.101.3.4.2.10", NULL };
static const char *const shake128_names[] = { "SHAKE-128", "2.16.840.1.101.3.4.2.11", NULL };
static const char *const shake256_names[] = { "SHAKE-256", "2.16.840.1.101.3.4.2.12", NULL };

/* HMAC OIDs (RFC 8018, RFC 4231, NIST CSOR), used by the HMAC template. */
static const jca_attr md5_attrs[] = { { "ImplementedIn", "Software" }, { "HmacOID", "1.3.6.1.5.5.8.1.1" }, { NULL, NULL } };
static const jca_attr sha1_attrs[] = { { "ImplementedIn", "Software" }, { "HmacOID", "1.2.840.113549.2.7" }, { NULL, NULL } };
static const jca_attr sha224_attrs[] = { { "ImplementedIn", "Software" }, { "HmacOID", "1.2.840.113549.2.8" }, { NULL, NULL } };
static const jca_attr sha256_attrs[] = { { "ImplementedIn", "Software" }, { "HmacOID", "1.2.840.113549.2.9" }, { NULL, NULL } };
static const jca_attr sha384_attrs[] = { { "ImplementedIn", "Software" }, { "HmacOID", "1.2.840.113549.2.10" }, { NULL, NULL } };
static const jca_attr sha512_attrs[] = { { "ImplementedIn", "Software" }, { "HmacOID", "1.2.840.113549.2.11" }, { NULL, NULL } };
static const jca_attr sha512_224_attrs[] = { { "ImplementedIn", "Software" }, { "HmacOID", "1.2.840.113549.2.12" }, { NULL, NULL } };
static const jca_attr sha512_256_attrs[] = { { "ImplementedIn", "Software" }, { "HmacOID", "1.2.840.113549.2.13" }, { NULL, NULL } };
static const jca_attr sha3_224_attrs[] = { { "ImplementedIn", "Software" }, { "HmacOID", "2.16.840.1.101.3.4.2.13" }, { NULL, NULL } };
static const jca_attr sha3_256_attrs[] = { { "ImplementedIn", "Software" }, { "HmacOID", "2.16.840.1.101.3.4.2.14" }, { NULL, NULL } };
static const jca_attr sha3_384_attrs[] = { { "ImplementedIn", "Software" }, { "HmacOID", "2.16.840.1.101.3.4.2.15" }, { NULL, NULL } };
static const jca_attr sha3_512_attrs[] = { { "ImplementedIn", "Software" }, { "HmacOID", "2.16.840.1.101.3.4.2.16" }, { NULL, NULL } };
static const jca_attr shake_attrs[] = { { "ImplementedIn", "Software" }, { NULL, NULL } };

/* ---- known-answer tests: digest of "abc" (FIPS 180-4, FIPS 202) ---- */
#define KAT_ABC(out) { "abc", 3, NULL, 0, NULL, out, sizeof(out) - 1 }
static const jca_kat kat_sha256 = KAT_ABC(
	"\xba\x78\x16\xbf\x8f\x01\xcf\xea\x41\x41\x40\xde\x5d\xae\x22\x23"
	"\xb0\x03\x61\xa3\x96\x17\x7a\x9c\xb4\x10\xff\x61\xf2\x00\x15\xad");
static const jca_kat kat_sha1 = KAT_ABC(
	"\xa9\x99\x3e\x36\x47\x06\x81\x6a\xba\x3e\x25\x71\x78\x50\xc2\x6c\x9c\xd0\xd8\x9d");
static const jca_kat kat_sha512 = KAT_ABC(
	"\xdd\xaf\x35\xa1\x93\x61\x7a\xba\xcc\x41\x73\x49\xae\x20\x41\x31"
	"\x12\xe6\xfa\x4e\x89\xa9\x7e\xa2\x0a\x9e\xee\xe6\x4b\x55\xd3\x9a"
	"\x21\x92\x99\x2a\x27\x4f\xc1\xa8\x36\xba\x3c\x23\xa3\xfe\xeb\xbd"
	"\x45\x4d\x44\x23\x64\x3c\xe8\x0e\x2a\x9a\xc9\x4f\xa5\x4c\xa4\x9f");
static const jca_kat kat_sha3_256 = KAT_ABC(
	"\x3a\x98\x5d\xa7\x4f\xe2\x25\xb2\x04\x5c\x17\x2d\x6b\xd3\x90\xbd"
	"\x85\x5f\x08\x6e\x3e\x9d\x52\x5b\x46\xbf\xe2\x45\x11\x43\x15\x32");
static const jca_kat kat_md5 = KAT_ABC(
	"\x90\x01\x50\x98\x3c\xd2\x4f\xb0\xd6\x96\x3f\x7d\x28\xe1\x7f\x72");

/* ---- AES: one service, modes and paddings as attributes ---- */
static const jca_cipher_impl *const aes_impls[] = {
	&jca__aes_generic,
#if defined(JCA_HAVE_X86_BACKENDS)
	&jca__aes_aesni, &jca__aes_vaes256, &jca__aes_vaes512,
#endif
#if defined(JCA_HAVE_ARM_BACKENDS)
	&jca__aes_armv8,
#endif
	NULL
};
static const char *const aes_names[] = {
	"Rijndael",
	/* OIDs name full transformations, as in the JDK (NIST CSOR) */
	"2.16.840.1.101.3.4.1.1=AES_128/ECB/NoPadding", "2.16.840.1.101.3.4.1.2=AES_128/CBC/NoPadding",
	"2.16.840.1.101.3.4.1.21=AES_192/ECB/NoPadding", "2.16.840.1.101.3.4.1.22=AES_192/CBC/NoPadding",
	"2.16.840.1.101.3.4.1.41=AES_256/ECB/NoPadding", "2.16.840.1.101.3.4.1.42=AES_256/CBC/NoPadding",
	NULL
};
static const jca_attr aes_attrs[] = {
	{ "SupportedModes", "ECB|CBC" },
	{ "SupportedPaddings", "NOPADDING|PKCS5PADDING" },
	{ "SupportedKeyFormats", "RAW" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};
/* FIPS 197 appendix C.1 block, as one CBC block with a zero IV */
static const jca_kat kat_aes = {
	"\x00\x11\x22\x33\x44\x55\x66\x77\x88\x99\xaa\xbb\xcc\xdd\xee\xff", 16,
	"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f", 16,
	"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0",
	"\x69\xc4\xe0\xd8\x6a\x7b\x04\x30\xd8\xcd\xb7\x80\x70\xb4\xc5\x5a", 16
};

/* ---- SecureRandom, KDF ---- */
static const jca_random_impl *const drbg_impls[] = { &jca__drbg_impl, NULL };
static const jca_random_impl *const native_impls[] = { &jca__getrandom_impl, NULL };
static const jca_kdf_impl *const pbkdf2_impls[] = { &jca__pbkdf2_impl, NULL };
static const jca_kdf_impl *const hkdf_impls[] = { &jca__hkdf_impl, NULL };
static const jca_attr drbg_attrs[] = {
	{ "Mechanisms", "Hash_DRBG|HMAC_DRBG|CTR_DRBG" },
	{ "DefaultMechanism", "CTR_DRBG,AES-256,256,reseed_only,use_df" },
	{ "ThreadSafe", "false" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};
static const jca_attr native_attrs[] = {
	{ "ThreadSafe", "true" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};
static const jca_attr pbkdf2_attrs[] = { { "Names", "PBKDF2With<Mac>" }, { NULL, NULL } };
static const jca_attr hkdf_attrs[] = { { "Names", "HKDF-<digest>|HKDFWith<Mac>" }, { NULL, NULL } };

#define MD(alg, names, impls, attrs, kat) \
	{ JCA_MESSAGE_DIGEST, alg, names, attrs, impls, NULL, kat, NULL, NULL }

static const jca_service_desc services[] = {
	MD("MD5", md5_names, md5_impls, md5_attrs, &kat_md5),
	MD("SHA-1", sha1_names, sha1_impls, sha1_attrs, &kat_sha1),
	MD("SHA-224", sha224_names, sha224_impls, sha224_attrs, NULL),
	MD("SHA-256", sha256_names, sha256_impls, sha256_attrs, &kat_sha256),
	MD("SHA-384", sha384_names, sha384_impls, sha384_attrs, NULL),
	MD("SHA-512", sha512_names, sha512_impls, sha512_attrs, &kat_sha512),
	MD("SHA-512/224", sha512_224_names, sha512_224_impls, sha512_224_attrs, NULL),
	MD("SHA-512/256", sha512_256_names, sha512_256_impls, sha512_256_attrs, NULL),
	MD("SHA3-224", sha3_224_names, sha3_224_impls, sha3_224_attrs, NULL),
	MD("SHA3-256", sha3_256_names, sha3_256_impls, sha3_256_attrs, &kat_sha3_256),
	MD("SHA3-384", sha3_384_names, sha3_384_impls, sha3_384_attrs, NULL),
	MD("SHA3-512", sha3_512_names, sha3_512_impls, sha3_512_attrs, NULL),
	MD("SHAKE128", shake128_names, shake128_impls, shake_attrs, NULL),
	MD("SHAKE256", shake256_names, shake256_impls, shake_attrs, NULL),
	{ JCA_CIPHER, "AES", aes_names, aes_attrs, NULL, aes_impls, &kat_aes, NULL, NULL },
	{ .type = JCA_SECURE_RANDOM, .algorithm = "DRBG", .attributes = drbg_attrs, .random = drbg_impls },
	{ .type = JCA_SECURE_RANDOM, .algorithm = "NativePRNG", .attributes = native_attrs, .random = native_impls },
	{ .type = JCA_KDF, .algorithm = "PBKDF2", .attributes = pbkdf2_attrs, .kdf = pbkdf2_impls },
	{ .type = JCA_KDF, .algorithm = "HKDF", .attributes = hkdf_attrs, .kdf = hkdf_impls },
};

static const jca_provider_desc builtin = {
	JCA_ABI_VERSION, sizeof(jca_provider_desc),
	"builtin", JCA_VERSION_STRING,
	"libjca built-in provider: MD5, SHA-1, SHA-2, SHA-3, SHAKE, HMAC, AES, DRBG, NativePRNG, PBKDF2, HKDF",
	services, sizeof services / sizeof services[0]
};

const jca_provider_desc *jca__builtin_provider(void)
{
	return &builtin;
}
