/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The built-in provider, "builtin": the only place where algorithm names
 * meet implementations. Each service lists its implementations (from the
 * family tables of builtin_families.h); the registry binds the best usable
 * one (highest priority) when the provider loads.
 */
#include "builtin.h"
#include "builtin_kem.h"     /* ML-KEM, X-Wing */
#include "jca/names.h"
#include "jca/random.h"

/* ---- One service per digest variant: names, aliases and OIDs from
 * <jca/names.h> (shared with every provider), the HMAC OID used by the
 * HMAC template, the implementations from the family's backend rows; the
 * known answers are the host's (src/api/md_kat.c, cipher_kat.c) ---- */
#define MD_SERVICE(fam, var, id, dsize, bsize, kind) \
	static const char *const var##_names[] = { JCA_NAMES_##id, NULL }; \
	static const jca_attr var##_attrs[] = { { "ImplementedIn", "Software" }, HMAC_OID_##kind(id) { NULL, NULL } }; \
	static const jca_service_desc svc_##var = { sizeof(jca_service_desc), JCA_MESSAGE_DIGEST, JCA_NAME_##id, \
		var##_names, var##_attrs, jca__##var##_impls, NULL, NULL };
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

/* ---- ChaCha20-Poly1305, XChaCha20-Poly1305: AEAD tables ---- */
static const char *const cp_names[] = { JCA_NAMES_CHACHA20_POLY1305, NULL };
static const jca_attr cp_attrs[] = {
	{ "SupportedKeyFormats", "RAW" },
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
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
	sizeof(jca_service_desc), JCA_CIPHER, JCA_NAME_AES, aes_names, aes_attrs, jca__aes_impls, NULL, NULL
};

static const jca_service_desc svc_cp = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_CIPHER, .algorithm = JCA_NAME_CHACHA20_POLY1305,
	.aliases = cp_names, .attributes = cp_attrs, .impls = jca__chacha20_poly1305_impls
};
static const jca_service_desc svc_c20 = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_CIPHER, .algorithm = JCA_NAME_CHACHA20,
	.attributes = cp_attrs, .impls = jca__chacha20_impls
};
static const jca_service_desc svc_xcp = {
	.struct_size = sizeof(jca_service_desc), .type = JCA_CIPHER, .algorithm = JCA_NAME_XCHACHA20_POLY1305,
	.attributes = cp_attrs, .impls = jca__xchacha20_poly1305_impls
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
	&jca__svc_kf_mlkem512, &jca__svc_kf_mlkem768, &jca__svc_kf_mlkem1024,
	&jca__svc_kpg_mlkem512, &jca__svc_kpg_mlkem768, &jca__svc_kpg_mlkem1024,
	&jca__svc_kem_mlkem512, &jca__svc_kem_mlkem768, &jca__svc_kem_mlkem1024,
	&jca__svc_kf_xwing, &jca__svc_kpg_xwing, &jca__svc_kem_xwing,
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
	"libjca built-in provider: MD5, SHA-1, SHA-2, SHA-3, SHAKE, HMAC, AES, ChaCha20-Poly1305, XChaCha20-Poly1305, ChaCha20, DRBG, NativePRNG, PBKDF2, HKDF, Ed25519, X25519, ML-DSA, ML-KEM, X-Wing",
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
