/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Ed25519 group over the portable field (radix 2^51): instantiates
 * ed25519_impl.h. See curve25519.h.
 */
#include "curve25519.h"
#include "fe25519.h"
#include "fe25519_pow.h"
#include "ed25519_table.h"
#include "../util/mem.h"

#define C25519_NAME(x) x##_generic
#include "ed25519_impl.h"
