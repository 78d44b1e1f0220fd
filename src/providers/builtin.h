/* SPDX-License-Identifier: Apache-2.0 */
/* Built-in provider: what its source files share. */
#ifndef JCA_BUILTIN_H
#define JCA_BUILTIN_H

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "jca/plugin.h"
#include "../util/error.h"   /* jca__set_impl_reason */
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

#endif
