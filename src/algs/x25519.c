/* SPDX-License-Identifier: Apache-2.0 */
/*
 * X25519 (RFC 7748): the portable ladder, the backend table and the choice
 * of backend. See curve25519.h.
 */
#include "curve25519.h"
#include "cpu.h"
#include "fe25519.h"
#include "fe25519_pow.h"
#include "../util/mem.h"

#define C25519_NAME(x) x##_generic
#include "x25519_impl.h"

const jca__c25519_impl jca__c25519_generic = {
	"generic", jca__x25519_generic, jca__ed25519_base_generic, jca__ed25519_base_mont_generic,
	jca__ed25519_dsm_generic, jca__ed25519_check_point_generic,
};

int jca__c25519_mulx_usable(void)
{
#if defined(JCA_HAVE_X86_BACKENDS)
	uint32_t need = JCA__CPU_BMI2 | JCA__CPU_ADX;

	return (jca__cpu_features() & need) == need;
#else
	return 0;
#endif
}

const jca__c25519_impl *jca__c25519_best(void)
{
#if defined(JCA_HAVE_X86_BACKENDS)
	if (jca__c25519_mulx_usable())
		return &jca__c25519_mulx;
#endif
	return &jca__c25519_generic;
}

int jca__x25519_with(const jca__c25519_impl *impl, uint8_t out[32], const uint8_t scalar[32],
                     const uint8_t point[32])
{
	return impl->x25519(out, scalar, point);
}

int jca__x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
	return jca__c25519_best()->x25519(out, scalar, point);
}

/* priv * 9 by the Edwards base table: the same clamped scalar times the
 * Edwards base point, whose Montgomery u is 9 (RFC 7748, 4.1). */
void jca__x25519_public_with(const jca__c25519_impl *impl, uint8_t pub[32], const uint8_t priv[32])
{
	uint8_t k[32];

	memcpy(k, priv, 32);
	k[0] &= 248;
	k[31] &= 127;
	k[31] |= 64;
	impl->mont_base(pub, k);
	jca__wipe(k, sizeof k);
}

void jca__x25519_public(uint8_t pub[32], const uint8_t priv[32])
{
	jca__x25519_public_with(jca__c25519_best(), pub, priv);
}
