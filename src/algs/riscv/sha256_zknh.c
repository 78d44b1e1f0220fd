/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-224/SHA-256 block function for RV64 with Zknh (sha256sig0/sig1/
 * sum0/sum1) and rev8 from Zbb or Zbkb: sha2_zknh_impl.h over 32-bit words.
 * Build with -march=rv64gc_zbb_zknh (or rv64gc_zbkb_zknh); call only when
 * jca__cpu_features() reports Zknh together with that bit-manipulation
 * extension.
 */
#include <stdint.h>

#define SHA2_WORD uint32_t
#define SHA2_K jca__sha256_k
#define ZKNH_W "sha256"
#define ZKNH_ROUNDS 64
#define ZKNH_LOAD16 jca__rv_load_be32x16
#define ZKNH_BLOCKS jca__sha256_blocks_zknh
#include "sha2_zknh_impl.h"
