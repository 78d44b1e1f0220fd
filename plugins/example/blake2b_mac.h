/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2b_mac.h - keyed BLAKE2b (RFC 7693 section 3.3) as a Mac service
 * of the example plugin: "BLAKE2b-512-MAC", alias "BLAKE2BMAC" (Bouncy
 * Castle's name), a 64-byte tag under a key of 1 to 64 bytes.
 */
#ifndef JCA_EXAMPLE_BLAKE2B_MAC_H
#define JCA_EXAMPLE_BLAKE2B_MAC_H

#include <jca/provider.h>

extern const jca_service_desc ex_blake2b_mac_service;

#endif
