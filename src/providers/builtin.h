/* SPDX-License-Identifier: Apache-2.0 */
/* Built-in provider: what its source files share. */
#ifndef JCA_BUILTIN_H
#define JCA_BUILTIN_H

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "jca/plugin.h"
#include "../util/error.h"   /* jca__set_impl_reason */
#include "../util/keyenc.h"  /* jca__key_parts, jca__pkcs8_write, jca__spki_write */
#include "builtin_families.h"
#include "builtin_drbg.h"   /* jca__drbg_impl, jca__getrandom_impl */

/* The built-in provider's entry (builtin.c): a plugin entry linked in
 * (src/linked.c lists it). */
JCA__HIDDEN int jca__builtin_entry(const jca_host_api *host, const jca_provider_desc **desc, void **provctx);

/* Each service's implementations, NULL-terminated, in table order: one
 * list per digest variant (builtin_md.c) and AES's (builtin_cipher.c). */
#define JCA__DECLARE_MD_IMPLS(fam, var, ...) JCA__HIDDEN extern const jca_impl *const jca__##var##_impls[];
JCA__MD_VARIANTS(JCA__DECLARE_MD_IMPLS)
JCA__HIDDEN extern const jca_impl *const jca__aes_impls[];
/* (builtin_chacha.c) */
JCA__HIDDEN extern const jca_impl *const jca__chacha20_poly1305_impls[];
JCA__HIDDEN extern const jca_impl *const jca__xchacha20_poly1305_impls[];
JCA__HIDDEN extern const jca_impl *const jca__chacha20_impls[];

JCA__HIDDEN extern const jca_kdf_impl jca__pbkdf2_impl, jca__hkdf_impl;

/* Ed25519 and X25519 (builtin_pkey.c) */
JCA__HIDDEN extern const jca_service_desc jca__svc_kf_ed25519, jca__svc_kf_x25519;
JCA__HIDDEN extern const jca_service_desc jca__svc_kpg_ed25519, jca__svc_kpg_x25519;
JCA__HIDDEN extern const jca_service_desc jca__svc_sig_ed25519, jca__svc_ka_x25519;
/* ML-DSA (builtin_mldsa_key.c, builtin_mldsa_sig.c) */
JCA__HIDDEN extern const jca_service_desc jca__svc_kf_ml_dsa_44, jca__svc_kf_ml_dsa_65, jca__svc_kf_ml_dsa_87;
JCA__HIDDEN extern const jca_service_desc jca__svc_kpg_ml_dsa_44, jca__svc_kpg_ml_dsa_65, jca__svc_kpg_ml_dsa_87;
JCA__HIDDEN extern const jca_service_desc jca__svc_sig_ml_dsa_44, jca__svc_sig_ml_dsa_65, jca__svc_sig_ml_dsa_87;

/* A reason for the host, and JCA_REFUSED. */
static inline int jca__builtin_refuse(const char *why)
{
	jca__set_impl_reason(why);
	return JCA_REFUSED;
}

/* A built-in key's jca_key_info: private or public, extractable, bits. */
static inline void jca__builtin_key_info(int has_priv, size_t bits, jca_key_info *info)
{
	info->kind = has_priv ? JCA_KEY_PRIVATE : JCA_KEY_PUBLIC;
	info->extractable = 1;
	info->bits = bits;
	info->params = NULL;
}

/* A built-in key's PKCS#8 (private, p's private fields filled) or X.509
 * (public: pub, pub_len) encoding of p (alg and bits filled): 0, -1, or
 * JCA_REFUSED for another encoding or a key of the other kind. */
static inline int jca__builtin_key_write(jca__key_parts *p, int has_priv, const uint8_t *pub, size_t pub_len,
                                         unsigned enc, uint8_t *out, size_t cap, size_t *len)
{
	if (enc == JCA_ENC_PKCS8 && has_priv) {
		p->is_private = 1;
		return jca__pkcs8_write(p, out, cap, len) == 0 ? 0 : -1;
	}
	if (enc != JCA_ENC_X509 || has_priv)
		return jca__builtin_refuse("a public key is written as X.509, a private one as PKCS#8");
	p->pub = pub;
	p->pub_len = pub_len;
	return jca__spki_write(p, out, cap, len) == 0 ? 0 : -1;
}

#endif
