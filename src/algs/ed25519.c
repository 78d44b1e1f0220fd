/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ed25519 (RFC 8032, 5.1.5 to 5.1.7): key generation, signing and
 * verification over a backend's group operations; SHA-512 is the
 * library's own (sha512.c). See curve25519.h.
 */
#include "curve25519.h"
#include "../util/mem.h"

#define JCA_ED25519_TABLE_DEFINE
#include "ed25519_table.h"

static void sha512_init(jca__sha512_ctx *c)
{
	jca__sha512_init(c, jca__sha512_blocks_generic);
}

/* h = SHA-512(seed); h[0..31] clamped is the secret scalar a, h[32..63]
 * the prefix that makes the nonce (5.1.5) */
static void expand(uint8_t h[64], const uint8_t seed[32])
{
	jca__sha512_ctx c;

	sha512_init(&c);
	jca__sha512_update(&c, seed, 32);
	jca__sha512_final(&c, h, 64);
	h[0] &= 248;
	h[31] &= 127;
	h[31] |= 64;
	jca__wipe(&c, sizeof c);
}

void jca__ed25519_public_with(const jca__c25519_impl *impl, uint8_t pub[32], const uint8_t seed[32])
{
	uint8_t h[64];

	expand(h, seed);
	impl->ed_base(pub, h);
	jca__wipe(h, sizeof h);
}

void jca__ed25519_public(uint8_t pub[32], const uint8_t seed[32])
{
	jca__ed25519_public_with(jca__c25519_best(), pub, seed);
}

/* k = SHA-512(R || A || M) mod L */
static void challenge(uint8_t k[32], const uint8_t r[32], const uint8_t a[32], const uint8_t *msg, size_t len)
{
	jca__sha512_ctx c;
	uint8_t h[64];

	sha512_init(&c);
	jca__sha512_update(&c, r, 32);
	jca__sha512_update(&c, a, 32);
	if (len)
		jca__sha512_update(&c, msg, len);
	jca__sha512_final(&c, h, 64);
	jca__sc25519_reduce(k, h);
}

void jca__ed25519_sign_with(const jca__c25519_impl *impl, uint8_t sig[64], const uint8_t *msg, size_t len,
                            const uint8_t seed[32], const uint8_t pub[32])
{
	jca__sha512_ctx c;
	uint8_t h[64], rh[64], r[32], k[32];

	expand(h, seed);
	/* r = SHA-512(prefix || M) mod L, R = [r]B */
	sha512_init(&c);
	jca__sha512_update(&c, h + 32, 32);
	if (len)
		jca__sha512_update(&c, msg, len);
	jca__sha512_final(&c, rh, 64);
	jca__sc25519_reduce(r, rh);
	impl->ed_base(sig, r);
	/* S = (r + k a) mod L */
	challenge(k, sig, pub, msg, len);
	jca__sc25519_muladd(sig + 32, k, h, r);
	jca__wipe(&c, sizeof c);
	jca__wipe(h, sizeof h);
	jca__wipe(rh, sizeof rh);
	jca__wipe(r, sizeof r);
}

void jca__ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t seed[32],
                       const uint8_t pub[32])
{
	jca__ed25519_sign_with(jca__c25519_best(), sig, msg, len, seed, pub);
}

int jca__ed25519_verify_with(const jca__c25519_impl *impl, const uint8_t sig[64], const uint8_t *msg, size_t len,
                             const uint8_t pub[32])
{
	uint8_t k[32], rc[32];

	/* refusals before any arithmetic (5.1.7, step 1) */
	if (!jca__sc25519_is_canonical(sig + 32) || !jca__c25519_canonical(sig) || !jca__c25519_canonical(pub))
		return -1;
	challenge(k, sig, pub, msg, len);
	if (impl->ed_dsm(rc, sig + 32, k, pub) != 0)
		return -1;
	return memcmp(rc, sig, 32) == 0 ? 0 : -1;
}

int jca__ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t pub[32])
{
	return jca__ed25519_verify_with(jca__c25519_best(), sig, msg, len, pub);
}

int jca__ed25519_check_public(const uint8_t pub[32])
{
	return jca__c25519_best()->ed_check(pub);
}
