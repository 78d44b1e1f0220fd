/* SPDX-License-Identifier: Apache-2.0 */
/*
 * p11_asym.c - the asymmetric services of one token's provider (see
 * p11_asym.h): each file's implementation table, where the token has the
 * mechanisms, under the built-in provider's and the OpenSSL bridge's
 * names, aliases and OIDs (<jca/names.h>), so that the registry sees one
 * algorithm whichever provider offers it.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>

#include <jca/names.h>

#include "p11_provider.h"

static const char *const kf_ec_names[] = { JCA_NAMES_KEY_EC, NULL };
static const char *const kf_rsa_names[] = { JCA_NAMES_KEY_RSA, NULL };
static const char *const kf_ed25519_names[] = { JCA_NAMES_KEY_ED25519, NULL };
static const char *const ka_ecdh_names[] = { JCA_NAMES_KA_ECDH, NULL };
static const char *const ks_names[] = { JCA_NAMES_KEYSTORE_PKCS11, NULL };
static const jca_attr hw_attrs[] = { { "ImplementedIn", "Hardware" }, { NULL, NULL } };

/* Slot i's driver name "<what>-<provider>" (through a local buffer:
 * both strings are members of the instance). */
static const char *driver(p11_asym *a, size_t i, const char *what, const char *provider)
{
	char buf[sizeof a->impl_name[0]];

	snprintf(buf, sizeof buf, "%s-%s", what, provider);
	memcpy(a->impl_name[i], buf, sizeof buf);
	return a->impl_name[i];
}

/* One service of slot i (its table already built) into out. */
static void service(p11_asym *a, size_t i, const jca_impl *impl, jca_service_type type, const char *name,
                    const char *const *aliases, jca_service_desc *out)
{
	a->list[i][0] = impl;
	a->list[i][1] = NULL;
	*out = (jca_service_desc){ .struct_size = sizeof(jca_service_desc), .type = type, .algorithm = name,
	                           .aliases = aliases, .attributes = hw_attrs, .impls = a->list[i] };
}

size_t p11_asym_services(p11_asym *a, p11_instance *in, jca_service_desc *out)
{
	static const char *const kf_drivers[] = { NULL, "kf_ec", "kf_rsa", "kf_ed25519" };
	static const char *const kpg_drivers[] = { NULL, "kpg_ec", "kpg_rsa", "kpg_ed25519" };
	static const char *const *const kf_aliases[] = { NULL, kf_ec_names, kf_rsa_names, kf_ed25519_names };
	const p11_token *t = in->tok;
	size_t n = 0, i;
	int type;

	for (type = P11K_EC; type <= P11K_ED25519; type++) {
		jca_keyfactory_impl *kf = &a->kf[type - 1];
		jca_keypairgen_impl *kpg = &a->kpg[type - 1];

		if (!p11_kf_impl(kf, t, type, driver(a, n, kf_drivers[type], in->name)))
			continue;
		service(a, n, &kf->base, JCA_KEY_FACTORY, p11_key_algorithm(type), kf_aliases[type], &out[n]);
		n++;
		if (p11_kpg_impl(kpg, t, type, driver(a, n, kpg_drivers[type], in->name))) {
			service(a, n, &kpg->base, JCA_KEY_PAIR_GENERATOR, p11_key_algorithm(type), kf_aliases[type], &out[n]);
			n++;
		}
	}
	for (i = 0; i < p11_sig_count(); i++) {
		const char *const *aliases, *drv, *name = p11_sig_name(i, &aliases, &drv);
		if (!a->kf[0].base.struct_size && !a->kf[1].base.struct_size && !a->kf[2].base.struct_size)
			break;
		if (!p11_sig_impl(&a->sig[i], t, i, driver(a, n, drv, in->name)))
			continue;
		/* no KeyFactory of its keys: nothing to sign with */
		if (!strcmp(a->sig[i].key_algorithm, JCA_NAME_KEY_EC) ? !a->kf[0].base.struct_size
		    : !strcmp(a->sig[i].key_algorithm, JCA_NAME_KEY_RSA) ? !a->kf[1].base.struct_size
		    : !a->kf[2].base.struct_size)
			continue;
		service(a, n, &a->sig[i].base, JCA_SIGNATURE, name, aliases, &out[n]);
		n++;
	}
	if (a->kf[0].base.struct_size && p11_ka_impl(&a->ka, t, driver(a, n, "ecdh", in->name))) {
		service(a, n, &a->ka.base, JCA_KEY_AGREEMENT, JCA_NAME_KA_ECDH, ka_ecdh_names, &out[n]);
		n++;
	}
	if (a->keystore && p11_ks_impl(&a->ks, t, driver(a, n, "keystore", in->name))) {
		service(a, n, &a->ks.base, JCA_KEY_STORE, JCA_NAME_KEYSTORE_PKCS11, ks_names, &out[n]);
		n++;
	}
	return n;
}
