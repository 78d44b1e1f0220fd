/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SHA-384/SHA-512/SHA-512/t block function for RV64 with Zknh (the RV64
 * forms sha512sig0/sig1/sum0/sum1 on whole 64-bit registers) and rev8 from
 * Zbb or Zbkb: sha2_zknh_impl.h over 64-bit words. Build with
 * -march=rv64gc_zbb_zknh (or rv64gc_zbkb_zknh); call only when
 * jca__cpu_features() reports Zknh together with that bit-manipulation
 * extension.
 */
#include <stdint.h>

#define SHA2_WORD uint64_t
#define SHA2_K jca__sha512_k
#define ZKNH_W "sha512"
#define ZKNH_ROUNDS 80
#define ZKNH_LOAD16 jca__rv_load_be64x16
#define ZKNH_BLOCKS jca__sha512_blocks_zknh
#include "sha2_zknh_impl.h"
