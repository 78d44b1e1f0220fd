/* SPDX-License-Identifier: Apache-2.0 */
/*
 * X25519 (RFC 7748) and Ed25519 (RFC 8032, pure Ed25519: no context, no
 * prehash): the internal interface of the algorithm layer.
 *
 * Byte strings only: keys, points, scalars and signatures have their RFC
 * sizes (32, 32, 32, 64 bytes); a caller with a length in hand checks it
 * before calling (a wrong length is a refusal, never a truncation).
 *
 * Backends. The curve code is written once (x25519_impl.h,
 * ed25519_impl.h) over a field backend: portable radix 2^51
 * (fe25519.h, always there) or, on x86-64 with BMI2 and ADX, radix 2^64
 * with MULX/ADCX/ADOX (x86/fe25519_mulx.h). A backend is a
 * jca__c25519_impl: whole scalar multiplications, so the choice is made
 * once per operation, not per field operation. The functions without an
 * impl argument use jca__c25519_best(), the fastest one that
 * jca__cpu_features() allows (JCA_CPU=-adx or JCA_CPU=generic force the
 * portable one); the *_with variants let a provider bind one backend per
 * implementation name.
 *
 * Constant time: X25519 (the scalar), Ed25519 key generation and signing
 * (the seed, its expansion and the nonce) have no secret-dependent branch or
 * memory index (tests/ct checks this under valgrind). Verification and
 * public-key checks work on public data and may take variable time.
 * Secrets on the stack are wiped before returning.
 */
#ifndef JCA_CURVE25519_H
#define JCA_CURVE25519_H

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stddef.h>
#include <stdint.h>

#include "algs.h"

typedef struct jca__c25519_impl {
	const char *name;               /* "generic", "mulx" */
	/* X25519: see jca__x25519 */
	int (*x25519)(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
	/* encode([a]B) (RFC 8032, 5.1.2), a little-endian, a < 2^255;
	 * constant time */
	void (*ed_base)(uint8_t out[32], const uint8_t a[32]);
	/* the Montgomery u-coordinate of [a]B, i.e. a * 9 on Curve25519,
	 * through the Edwards base table; constant time */
	void (*mont_base)(uint8_t out[32], const uint8_t a[32]);
	/* encode([s]B - [k]A), s, k < 2^253; -1 when A does not decode;
	 * variable time */
	int (*ed_dsm)(uint8_t out[32], const uint8_t s[32], const uint8_t k[32], const uint8_t a[32]);
	/* 0 when A is a canonical encoding of a curve point, else -1 */
	int (*ed_check)(const uint8_t a[32]);
} jca__c25519_impl;

JCA__HIDDEN extern const jca__c25519_impl jca__c25519_generic;
#if defined(JCA_HAVE_X86_BACKENDS)
/* needs BMI2 and ADX: check jca__c25519_mulx_usable() first */
JCA__HIDDEN extern const jca__c25519_impl jca__c25519_mulx;
#endif
/* 1 when jca__c25519_mulx is built and the CPU (after JCA_CPU) has it */
JCA__HIDDEN int jca__c25519_mulx_usable(void);
/* The fastest usable backend. Thread-safe, cheap (a cached feature word). */
JCA__HIDDEN const jca__c25519_impl *jca__c25519_best(void);

/* ---- X25519 (RFC 7748) ---- */
/* out = scalar * point (u-coordinates; the scalar is clamped, bit 255 of
 * the point ignored). Returns 0, or -1 when the result is all zero (a
 * small-order point: the caller refuses it, as the JDK does); the check is
 * constant time and out is written in both cases. */
JCA__HIDDEN int jca__x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
JCA__HIDDEN int jca__x25519_with(const jca__c25519_impl *impl, uint8_t out[32], const uint8_t scalar[32],
                                 const uint8_t point[32]);
/* pub = priv * 9 (never all zero) */
JCA__HIDDEN void jca__x25519_public(uint8_t pub[32], const uint8_t priv[32]);
JCA__HIDDEN void jca__x25519_public_with(const jca__c25519_impl *impl, uint8_t pub[32], const uint8_t priv[32]);
/* The two ladders, for a provider that names them apart. */
JCA__HIDDEN int jca__x25519_generic(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
#if defined(JCA_HAVE_X86_BACKENDS)
JCA__HIDDEN int jca__x25519_mulx(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
#endif

/* ---- Ed25519 (RFC 8032, 5.1) ---- */
/* The public key A of a 32-byte private key (the seed). */
JCA__HIDDEN void jca__ed25519_public(uint8_t pub[32], const uint8_t seed[32]);
/* sig = R || S over msg (len bytes, any length, msg may be NULL when len
 * is 0). pub must be the public key of seed (it enters the hash; the
 * caller keeps the pair together, as OpenSSL does). */
JCA__HIDDEN void jca__ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t seed[32],
                                   const uint8_t pub[32]);
/* 0 valid, -1 invalid for any reason. Refused: S >= L; an R or A whose y
 * is not below p; an A that is not on the curve (or x = 0 with the sign
 * bit set). The equation is the cofactorless one, [S]B = R + [k]A,
 * checked as encode([S]B - [k]A) == R byte for byte, like OpenSSL and the
 * JDK (so R must be canonical too). Small-order A and R are not refused
 * (RFC 8032 does not ask it; OpenSSL does not). */
JCA__HIDDEN int jca__ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t len,
                                    const uint8_t pub[32]);
/* 0 when pub is a canonical encoding of a point on the curve */
JCA__HIDDEN int jca__ed25519_check_public(const uint8_t pub[32]);
/* The same with a chosen backend. */
JCA__HIDDEN void jca__ed25519_public_with(const jca__c25519_impl *impl, uint8_t pub[32], const uint8_t seed[32]);
JCA__HIDDEN void jca__ed25519_sign_with(const jca__c25519_impl *impl, uint8_t sig[64], const uint8_t *msg,
                                        size_t len, const uint8_t seed[32], const uint8_t pub[32]);
JCA__HIDDEN int jca__ed25519_verify_with(const jca__c25519_impl *impl, const uint8_t sig[64], const uint8_t *msg,
                                         size_t len, const uint8_t pub[32]);

/* ---- shared by the backends (sc25519.c, ed25519.c) ---- */
/* r = h mod L (h: 64 bytes little-endian) */
JCA__HIDDEN void jca__sc25519_reduce(uint8_t r[32], const uint8_t h[64]);
/* s = (k a + r) mod L, for k, r < L and a < 2^256 */
JCA__HIDDEN void jca__sc25519_muladd(uint8_t s[32], const uint8_t k[32], const uint8_t a[32], const uint8_t r[32]);
/* 1 when s < L (public data, variable time) */
JCA__HIDDEN int jca__sc25519_is_canonical(const uint8_t s[32]);

/* 1 when the 255-bit y of an encoded point (bit 255 ignored) is below p
 * (public data, variable time) */
static inline int jca__c25519_canonical(const uint8_t s[32])
{
	int i;

	if ((s[31] & 0x7f) != 0x7f)
		return 1;
	for (i = 30; i > 0; i--)
		if (s[i] != 0xff)
			return 1;
	return s[0] < 0xed;             /* p = 2^255 - 19 ends in 0xed */
}

/* The group operations of each backend (ed25519_impl.h). */
JCA__HIDDEN void jca__ed25519_base_generic(uint8_t out[32], const uint8_t a[32]);
JCA__HIDDEN void jca__ed25519_base_mont_generic(uint8_t out[32], const uint8_t a[32]);
JCA__HIDDEN int jca__ed25519_dsm_generic(uint8_t out[32], const uint8_t s[32], const uint8_t k[32],
                                         const uint8_t a[32]);
JCA__HIDDEN int jca__ed25519_check_point_generic(const uint8_t a[32]);
#if defined(JCA_HAVE_X86_BACKENDS)
JCA__HIDDEN void jca__ed25519_base_mulx(uint8_t out[32], const uint8_t a[32]);
JCA__HIDDEN void jca__ed25519_base_mont_mulx(uint8_t out[32], const uint8_t a[32]);
JCA__HIDDEN int jca__ed25519_dsm_mulx(uint8_t out[32], const uint8_t s[32], const uint8_t k[32],
                                      const uint8_t a[32]);
JCA__HIDDEN int jca__ed25519_check_point_mulx(const uint8_t a[32]);
#endif

#endif
