/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The built-in provider, "builtin": the only place where algorithm names
 * meet implementations. Each service lists its implementations (from the
 * family tables of builtin_families.h); the registry binds the best usable
 * one (highest priority) when the provider loads.
 */
#include "builtin.h"
#include "jca/names.h"
#include "jca/random.h"

/* ---- known-answer tests: digest of "abc" (FIPS 180-4, FIPS 202) ---- */
#define KAT_ABC(out) { sizeof(jca_kat), "abc", 3, NULL, 0, NULL, out, sizeof(out) - 1, 0, 0, NULL, 0, NULL, 0 }
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

/* ---- One service per digest variant: names, aliases and OIDs from
 * <jca/names.h> (shared with every provider), the HMAC OID used by the
 * HMAC template, the implementations from the family's backend rows ---- */
#define MD_SERVICE(fam, var, id, dsize, bsize, kind, kat) \
	static const char *const var##_names[] = { JCA_NAMES_##id, NULL }; \
	static const jca_attr var##_attrs[] = { { "ImplementedIn", "Software" }, HMAC_OID_##kind(id) { NULL, NULL } }; \
	static const jca_service_desc svc_##var = { sizeof(jca_service_desc), JCA_MESSAGE_DIGEST, JCA_NAME_##id, \
		var##_names, var##_attrs, jca__##var##_impls, kat, NULL };
#define HMAC_OID_HASH(id) { JCA_ATTR_HMAC_OID, JCA_HMAC_OID_##id },
#define HMAC_OID_XOF(id)
JCA__MD_VARIANTS(MD_SERVICE)

/* ---- AES: one service, modes and paddings as attributes ---- */
static const char *const aes_names[] = { JCA_NAMES_AES, NULL };
static const jca_attr aes_attrs[] = {
	{ JCA_ATTR_MODES, JCA_AES_MODES },
	{ JCA_ATTR_PADDINGS, JCA_AES_PADDINGS },
	{ "SupportedKeyFormats", "RAW" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};
/* FIPS 197 appendix C.1 block, as one CBC block with a zero IV */
static const jca_kat kat_aes = {
	sizeof(jca_kat),
	"\x00\x11\x22\x33\x44\x55\x66\x77\x88\x99\xaa\xbb\xcc\xdd\xee\xff", 16,
	"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f", 16,
	"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0",
	"\x69\xc4\xe0\xd8\x6a\x7b\x04\x30\xd8\xcd\xb7\x80\x70\xb4\xc5\x5a", 16, 0, 0, NULL, 0, NULL, 0
};
/* GCM (ABI 2.4): Test Case 16 of the GCM specification, AES-256 with AAD
 * (tests/kat/gen_gcm_kat.py) */
static const jca_kat kat_aes_gcm = {
	.struct_size = sizeof(jca_kat), .flags = JCA_KAT_GCM,
	.key = "\xfe\xff\xe9\x92\x86\x65\x73\x1c\x6d\x6a\x8f\x94\x67\x30\x83\x08"
	       "\xfe\xff\xe9\x92\x86\x65\x73\x1c\x6d\x6a\x8f\x94\x67\x30\x83\x08", .key_len = 32,
	.iv = "\xca\xfe\xba\xbe\xfa\xce\xdb\xad\xde\xca\xf8\x88", .iv_len = 12,
	.aad = "\xfe\xed\xfa\xce\xde\xad\xbe\xef\xfe\xed\xfa\xce\xde\xad\xbe\xef\xab\xad\xda\xd2", .aad_len = 20,
	.in = "\xd9\x31\x32\x25\xf8\x84\x06\xe5\xa5\x59\x09\xc5\xaf\xf5\x26\x9a"
	      "\x86\xa7\xa9\x53\x15\x34\xf7\xda\x2e\x4c\x30\x3d\x8a\x31\x8a\x72"
	      "\x1c\x3c\x0c\x95\x95\x68\x09\x53\x2f\xcf\x0e\x24\x49\xa6\xb5\x25"
	      "\xb1\x6a\xed\xf5\xaa\x0d\xe6\x57\xba\x63\x7b\x39", .in_len = 60,
	.out = "\x52\x2d\xc1\xf0\x99\x56\x7d\x07\xf4\x7f\x37\xa3\x2a\x84\x42\x7d"
	       "\x64\x3a\x8c\xdc\xbf\xe5\xc0\xc9\x75\x98\xa2\xbd\x25\x55\xd1\xaa"
	       "\x8c\xb0\x8e\x48\x59\x0d\xbb\x3d\xa7\xb0\x8b\x10\x56\x82\x88\x38"
	       "\xc5\xf6\x1e\x63\x93\xba\x7a\x0a\xbc\xc9\xf6\x62", .out_len = 60,
	.tag = "\x76\xfc\x6e\xce\x0f\x4e\x17\x68\xcd\xdf\x88\x53\xbb\x2d\x55\x1b", .tag_len = 16
};
static const jca_kat *const aes_extra_kats[] = { &kat_aes_gcm, NULL };

/* ---- ChaCha20-Poly1305, XChaCha20-Poly1305: AEAD tables ---- */
static const char *const cp_names[] = { JCA_NAMES_CHACHA20_POLY1305, NULL };
static const jca_attr cp_attrs[] = {
	{ "SupportedKeyFormats", "RAW" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};
#define CP_KEY "\x80\x81\x82\x83\x84\x85\x86\x87\x88\x89\x8a\x8b\x8c\x8d\x8e\x8f" \
	"\x90\x91\x92\x93\x94\x95\x96\x97\x98\x99\x9a\x9b\x9c\x9d\x9e\x9f"
#define CP_PT "Ladies and Gentlemen of the class of '99: If I could offer you only one tip " \
	"for the future, sunscreen would be it."
/* RFC 8439 2.8.2 (ciphertext from python3-cryptography, the tag the
 * RFC's: tests/kat/gen_chacha_kat.py) */
static const jca_kat kat_cp = {
	.struct_size = sizeof(jca_kat), .flags = JCA_KAT_AEAD,
	.key = CP_KEY, .key_len = 32,
	.iv = "\x07\x00\x00\x00\x40\x41\x42\x43\x44\x45\x46\x47", .iv_len = 12,
	.aad = "\x50\x51\x52\x53\xc0\xc1\xc2\xc3\xc4\xc5\xc6\xc7", .aad_len = 12,
	.in = CP_PT, .in_len = 114,
	.out = "\xd3\x1a\x8d\x34\x64\x8e\x60\xdb\x7b\x86\xaf\xbc\x53\xef\x7e\xc2"
	       "\xa4\xad\xed\x51\x29\x6e\x08\xfe\xa9\xe2\xb5\xa7\x36\xee\x62\xd6"
	       "\x3d\xbe\xa4\x5e\x8c\xa9\x67\x12\x82\xfa\xfb\x69\xda\x92\x72\x8b"
	       "\x1a\x71\xde\x0a\x9e\x06\x0b\x29\x05\xd6\xa5\xb6\x7e\xcd\x3b\x36"
	       "\x92\xdd\xbd\x7f\x2d\x77\x8b\x8c\x98\x03\xae\xe3\x28\x09\x1b\x58"
	       "\xfa\xb3\x24\xe4\xfa\xd6\x75\x94\x55\x85\x80\x8b\x48\x31\xd7\xbc"
	       "\x3f\xf4\xde\xf0\x8e\x4b\x7a\x9d\xe5\x76\xd2\x65\x86\xce\xc6\x4b"
	       "\x61\x16", .out_len = 114,
	.tag = "\x1a\xe1\x0b\x59\x4f\x09\xe2\x6a\x7e\x90\x2e\xcb\xd0\x60\x06\x91", .tag_len = 16
};
/* draft-irtf-cfrg-xchacha-03 A.3.1 (ciphertext and tag from libsodium:
 * tests/kat/gen_chacha_kat.py) */
static const jca_kat kat_xcp = {
	.struct_size = sizeof(jca_kat), .flags = JCA_KAT_AEAD,
	.key = CP_KEY, .key_len = 32,
	.iv = "\x40\x41\x42\x43\x44\x45\x46\x47\x48\x49\x4a\x4b\x4c\x4d\x4e\x4f"
	      "\x50\x51\x52\x53\x54\x55\x56\x57", .iv_len = 24,
	.aad = "\x50\x51\x52\x53\xc0\xc1\xc2\xc3\xc4\xc5\xc6\xc7", .aad_len = 12,
	.in = CP_PT, .in_len = 114,
	.out = "\xbd\x6d\x17\x9d\x3e\x83\xd4\x3b\x95\x76\x57\x94\x93\xc0\xe9\x39"
	       "\x57\x2a\x17\x00\x25\x2b\xfa\xcc\xbe\xd2\x90\x2c\x21\x39\x6c\xbb"
	       "\x73\x1c\x7f\x1b\x0b\x4a\xa6\x44\x0b\xf3\xa8\x2f\x4e\xda\x7e\x39"
	       "\xae\x64\xc6\x70\x8c\x54\xc2\x16\xcb\x96\xb7\x2e\x12\x13\xb4\x52"
	       "\x2f\x8c\x9b\xa4\x0d\xb5\xd9\x45\xb1\x1b\x69\xb9\x82\xc1\xbb\x9e"
	       "\x3f\x3f\xac\x2b\xc3\x69\x48\x8f\x76\xb2\x38\x35\x65\xd3\xff\xf9"
	       "\x21\xf9\x66\x4c\x97\x63\x7d\xa9\x76\x88\x12\xf6\x15\xc6\x8b\x13"
	       "\xb5\x2e", .out_len = 114,
	.tag = "\xc0\x87\x59\x24\xc1\xc7\x98\x79\x47\xde\xaf\xd8\x78\x0a\xcf\x49", .tag_len = 16
};
/* RFC 8439 2.4.2 (ciphertext from python3-cryptography's ChaCha20) */
static const jca_kat kat_c20 = {
	.struct_size = sizeof(jca_kat), .flags = JCA_KAT_AEAD,
	.key = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"
	       "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f", .key_len = 32,
	.iv = "\x00\x00\x00\x00\x00\x00\x00\x4a\x00\x00\x00\x00", .iv_len = 12,
	.in = CP_PT, .in_len = 114,
	.out = "\x6e\x2e\x35\x9a\x25\x68\xf9\x80\x41\xba\x07\x28\xdd\x0d\x69\x81"
	       "\xe9\x7e\x7a\xec\x1d\x43\x60\xc2\x0a\x27\xaf\xcc\xfd\x9f\xae\x0b"
	       "\xf9\x1b\x65\xc5\x52\x47\x33\xab\x8f\x59\x3d\xab\xcd\x62\xb3\x57"
	       "\x16\x39\xd6\x24\xe6\x51\x52\xab\x8f\x53\x0c\x35\x9f\x08\x61\xd8"
	       "\x07\xca\x0d\xbf\x50\x0d\x6a\x61\x56\xa3\x8e\x08\x8a\x22\xb6\x5e"
	       "\x52\xbc\x51\x4d\x16\xcc\xf8\x06\x81\x8c\xe9\x1a\xb7\x79\x37\x36"
	       "\x5a\xf9\x0b\xbf\x74\xa3\x5b\xe6\xb4\x0b\x8e\xed\xf2\x78\x5e\x42"
	       "\x87\x4d", .out_len = 114,
};

/* ---- SecureRandom, KDF ---- */
static const jca_impl *const drbg_impls[] = { &jca__drbg_impl.base, NULL };
static const jca_impl *const native_impls[] = { &jca__getrandom_impl.base, NULL };
static const jca_impl *const pbkdf2_impls[] = { &jca__pbkdf2_impl.base, NULL };
static const jca_impl *const hkdf_impls[] = { &jca__hkdf_impl.base, NULL };
static const jca_attr drbg_attrs[] = {
	{ "Mechanisms", "Hash_DRBG|HMAC_DRBG|CTR_DRBG" },
	{ "DefaultMechanism", JCA_DRBG_DEFAULT_MECHANISM },
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
static const jca_service_desc svc_drbg = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_SECURE_RANDOM, .algorithm = "DRBG",
	.attributes = drbg_attrs, .impls = drbg_impls
};
static const jca_service_desc svc_native = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_SECURE_RANDOM, .algorithm = "NativePRNG",
	.attributes = native_attrs, .impls = native_impls
};
static const jca_service_desc svc_pbkdf2 = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_KDF, .algorithm = "PBKDF2",
	.attributes = pbkdf2_attrs, .impls = pbkdf2_impls
};
static const jca_service_desc svc_hkdf = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_KDF, .algorithm = "HKDF",
	.attributes = hkdf_attrs, .impls = hkdf_impls
};

static const jca_service_desc svc_aes = {
	sizeof(jca_service_desc), JCA_CIPHER, JCA_NAME_AES, aes_names, aes_attrs, jca__aes_impls, &kat_aes,
	aes_extra_kats
};

static const jca_service_desc svc_cp = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_CIPHER, .algorithm = JCA_NAME_CHACHA20_POLY1305,
	.aliases = cp_names, .attributes = cp_attrs, .impls = jca__chacha20_poly1305_impls, .kat = &kat_cp
};
static const jca_service_desc svc_c20 = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_CIPHER, .algorithm = JCA_NAME_CHACHA20,
	.attributes = cp_attrs, .impls = jca__chacha20_impls, .kat = &kat_c20
};
static const jca_service_desc svc_xcp = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_CIPHER, .algorithm = JCA_NAME_XCHACHA20_POLY1305,
	.attributes = cp_attrs, .impls = jca__xchacha20_poly1305_impls, .kat = &kat_xcp
};

#define MD_SERVICE_REF(fam, var, ...) &svc_##var,
static const jca_service_desc *const services[] = {
	JCA__MD_VARIANTS(MD_SERVICE_REF)
	&svc_aes,
	&svc_cp,
	&svc_xcp,
	&svc_c20,
	&svc_drbg,
	&svc_native,
	&svc_pbkdf2,
	&svc_hkdf,
	&jca__svc_kf_ed25519,
	&jca__svc_kf_x25519,
	&jca__svc_kpg_ed25519,
	&jca__svc_kpg_x25519,
	&jca__svc_sig_ed25519,
	&jca__svc_ka_x25519,
	&jca__svc_kf_ml_dsa_44,
	&jca__svc_kf_ml_dsa_65,
	&jca__svc_kf_ml_dsa_87,
	&jca__svc_kpg_ml_dsa_44,
	&jca__svc_kpg_ml_dsa_65,
	&jca__svc_kpg_ml_dsa_87,
	&jca__svc_sig_ml_dsa_44,
	&jca__svc_sig_ml_dsa_65,
	&jca__svc_sig_ml_dsa_87,
	NULL
};

static const jca_provider_desc builtin = {
	JCA_ABI_VERSION, sizeof(jca_provider_desc),
	"builtin", JCA_VERSION_STRING,
	"libjca built-in provider: MD5, SHA-1, SHA-2, SHA-3, SHAKE, HMAC, AES, ChaCha20-Poly1305, XChaCha20-Poly1305, ChaCha20, DRBG, NativePRNG, PBKDF2, HKDF, Ed25519, X25519, ML-DSA",
	services, NULL
};

/* No provider context and nothing to tear down: the built-in provider's
 * state is the CPU's features, read once. */
int jca__builtin_entry(const jca_host_api *host, const jca_provider_desc **desc, void **provctx)
{
	(void)host;
	*desc = &builtin;
	*provctx = NULL;
	return 0;
}
