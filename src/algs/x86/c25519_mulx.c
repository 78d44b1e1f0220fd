/* SPDX-License-Identifier: Apache-2.0 */
/*
 * X25519 and the Ed25519 group over the MULX/ADX field (radix 2^64):
 * instantiates x25519_impl.h and ed25519_impl.h. Compiled with
 * -mbmi2 -madx in its own convenience library; reached only through
 * jca__c25519_mulx, which callers take when jca__c25519_mulx_usable().
 */
#include "../curve25519.h"
#include "fe25519_mulx.h"
#include "../fe25519_pow.h"
#include "../ed25519_table.h"
#include "../../util/mem.h"

#define C25519_NAME(x) x##_mulx
#include "../x25519_impl.h"
#include "../ed25519_impl.h"

const jca__c25519_impl jca__c25519_mulx = {
	"mulx", jca__x25519_mulx, jca__ed25519_base_mulx, jca__ed25519_base_mont_mulx,
	jca__ed25519_dsm_mulx, jca__ed25519_check_point_mulx,
};
