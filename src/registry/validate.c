/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Provider descriptors: full validation at registration and the known-answer
 * self-test of each service's bound implementation.
 */
#include <stdlib.h>
#include <string.h>

#include "registry_int.h"

static int check_md_impl(const jca_md_impl *m)
{
	return m->name && *m->name && m->ctx_size > 0 && m->ctx_size <= (1u << 20) &&
	       m->init && m->update && m->final &&
	       (m->digest_size > 0 || (m->flags & JCA_MD_XOF)) && m->digest_size <= 1024 &&
	       m->block_size <= 1024 && !m->copy == !m->cleanup;
}

static int check_cipher_impl(const jca_cipher_impl *c)
{
	return c->name && *c->name && c->ctx_size > 0 && c->ctx_size <= (1u << 20) &&
	       c->block_size > 0 && c->block_size <= 32 && c->key_sizes && c->set_key &&
	       ((c->ecb_encrypt && c->ecb_decrypt) || (c->cbc_encrypt && c->cbc_decrypt));
}

/* A known-answer test must be usable as declared (see jca_kat). */
static int check_kat(const jca_service_desc *s)
{
	const jca_kat *k = s->kat;

	if (!k)
		return 1;
	if (!k->out || !k->out_len || k->out_len > 256 || (!k->in && k->in_len))
		return 0;
	if (s->type == JCA_CIPHER) {
		size_t bs = s->cipher[0]->block_size;

		return k->key && k->in && k->in_len == k->out_len && k->in_len % bs == 0 &&
		       (k->iv || !s->cipher[0]->cbc_encrypt);
	}
	return 1;
}

/* SecureRandom and KDF services: one implementation list, of their type
 * only, each named and of a known kind. */
static int check_new_type(const jca_service_desc *s)
{
	size_t j;

	if (s->md || s->cipher || s->kat || (s->type == JCA_KDF) != (s->kdf != NULL) ||
	    (s->type == JCA_SECURE_RANDOM) != (s->random != NULL))
		return 0;
	if (s->type == JCA_SECURE_RANDOM) {
		for (j = 0; s->random[j]; j++) {
			const jca_random_impl *r = s->random[j];

			if (!r->name || !*r->name || (r->kind != JCA_RANDOM_DRBG && r->kind != JCA_RANDOM_NATIVE) ||
			    (r->kind == JCA_RANDOM_NATIVE) != (r->generate != NULL))
				return 0;
		}
		return j > 0;
	}
	for (j = 0; s->kdf[j]; j++)
		if (!s->kdf[j]->name || !*s->kdf[j]->name ||
		    (s->kdf[j]->kind != JCA_KDF_PBKDF2 && s->kdf[j]->kind != JCA_KDF_HKDF))
			return 0;
	return j > 0;
}

/* Validates a descriptor in full; returns 0 or a status with the reason set. */
int jca__validate(const jca_provider_desc *d)
{
	size_t i, j;

	if (!d)
		return jca__error(JCA_EINVAL, "provider descriptor is NULL");
	if (d->abi_version != JCA_ABI_VERSION)
		return jca__error(JCA_ABI, "provider ABI version %u, host supports %u",
		                  (unsigned)d->abi_version, (unsigned)JCA_ABI_VERSION);
	if (d->struct_size < sizeof *d)
		return jca__error(JCA_ABI, "provider descriptor size %u, expected %zu",
		                  (unsigned)d->struct_size, sizeof *d);
	if (!d->name || !*d->name || strlen(d->name) > 64)
		return jca__error(JCA_BADDESC, "provider name is empty or too long");
	if (!d->version || !d->description)
		return jca__error(JCA_BADDESC, "provider \"%s\": version or description is NULL", d->name);
	if (d->n_services && !d->services)
		return jca__error(JCA_BADDESC, "provider \"%s\": services table is NULL", d->name);
	for (i = 0; i < d->n_services; i++) {
		const jca_service_desc *s = &d->services[i];

		if (!s->algorithm || !*s->algorithm || strlen(s->algorithm) > 64)
			return jca__error(JCA_BADDESC, "provider \"%s\": service %zu has an empty or too long name",
			                  d->name, i);
		for (j = 0; s->aliases && s->aliases[j]; j++)
			if (!*s->aliases[j] || strlen(s->aliases[j]) > 100)
				return jca__error(JCA_BADDESC, "provider \"%s\": %s has an empty or too long alias",
				                  d->name, s->algorithm);
		for (j = 0; j < i; j++)
			if (d->services[j].type == s->type && jca__name_eq(d->services[j].algorithm, s->algorithm))
				return jca__error(JCA_BADDESC, "provider \"%s\": duplicate service %s",
				                  d->name, s->algorithm);
		if (s->type == JCA_MESSAGE_DIGEST) {
			if (!s->md || !s->md[0] || s->cipher)
				return jca__error(JCA_BADDESC, "provider \"%s\": MessageDigest %s has no implementation",
				                  d->name, s->algorithm);
			for (j = 0; s->md[j]; j++)
				if (!check_md_impl(s->md[j]))
					return jca__error(JCA_BADDESC,
					                  "provider \"%s\": MessageDigest %s: implementation %zu has a NULL method, empty name or bad size",
					                  d->name, s->algorithm, j);
		} else if (s->type == JCA_CIPHER) {
			if (!s->cipher || !s->cipher[0] || s->md)
				return jca__error(JCA_BADDESC, "provider \"%s\": Cipher %s has no implementation",
				                  d->name, s->algorithm);
			for (j = 0; s->cipher[j]; j++)
				if (!check_cipher_impl(s->cipher[j]))
					return jca__error(JCA_BADDESC,
					                  "provider \"%s\": Cipher %s: implementation %zu has a NULL method, empty name or bad size",
					                  d->name, s->algorithm, j);
		} else if (s->type == JCA_SECURE_RANDOM || s->type == JCA_KDF) {
			if (!check_new_type(s))
				return jca__error(JCA_BADDESC, "provider \"%s\": %s %s has no implementation, or one "
				                  "with an empty name, an unknown kind or a missing method",
				                  d->name, s->type == JCA_KDF ? "KDF" : "SecureRandom", s->algorithm);
		} else {
			return jca__error(JCA_BADDESC, "provider \"%s\": service %s has unsupported type %d",
			                  d->name, s->algorithm, (int)s->type);
		}
		if (!check_kat(s))
			return jca__error(JCA_BADDESC, "provider \"%s\": %s: malformed known-answer test", d->name,
			                  s->algorithm);
	}
	return 0;
}

/* Runs a service's known-answer test against its bound implementation. */
int jca__self_test(const struct jca_service *s, const jca_kat *k)
{
	uint8_t out[256];
	int ok = 0;

	if (!k)
		return 0;
	if (k->out_len > sizeof out)
		return -1;
	if (s->type == JCA_MESSAGE_DIGEST) {
		const jca_md_impl *m = s->active;
		void *ctx = calloc(1, m->ctx_size);

		if (!ctx)
			return -1;
		m->init(ctx);
		m->update(ctx, k->in, k->in_len);
		m->final(ctx, out, k->out_len);
		ok = memcmp(out, k->out, k->out_len) == 0;
		if (m->cleanup)
			m->cleanup(ctx);
		jca__wipe(ctx, m->ctx_size);
		free(ctx);
	} else if (s->type == JCA_CIPHER) {
		const jca_cipher_impl *c = s->active;
		void *ctx = calloc(1, c->ctx_size);
		uint8_t iv[32];

		if (!ctx || k->in_len > sizeof out || k->in_len % c->block_size || k->in_len != k->out_len) {
			free(ctx);
			return -1;
		}
		if (c->set_key(ctx, k->key, k->key_len) == 0) {
			if (c->cbc_encrypt) {
				memcpy(iv, k->iv, c->block_size);
				c->cbc_encrypt(ctx, iv, out, k->in, k->in_len / c->block_size);
			} else {
				c->ecb_encrypt(ctx, out, k->in, k->in_len / c->block_size);
			}
			ok = memcmp(out, k->out, k->out_len) == 0;
		}
		if (c->cleanup)
			c->cleanup(ctx);
		jca__wipe(ctx, c->ctx_size);
		free(ctx);
	}
	return ok ? 0 : -1;
}
