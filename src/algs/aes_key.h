/* SPDX-License-Identifier: Apache-2.0 */
/*
 * FIPS 197 KeyExpansion (5.2) for the table-free software AES (aes_ct.c and
 * aes_vperm_impl.h), which differ only in how they compute SubWord.
 */
#ifndef JCA_ALGS_AES_KEY_H
#define JCA_ALGS_AES_KEY_H

#include <stddef.h>
#include <stdint.h>

#include "../util/bytes.h"

/*
 * Expands a key of key_len bytes into the 4 * (Nr + 1) words of w (room for
 * 60) and returns Nr (10, 12 or 14), or 0 if key_len is not 16, 24 or 32.
 * Words are loaded little-endian (byte 0 in the low bits), so RotWord is a
 * right rotation by 8 and Rcon goes into the low byte. sub_word is the
 * caller's constant-time SubWord on such a word; it is a constant at every
 * call site, so the compiler inlines it. The caller wipes w.
 */
static inline unsigned jca__aes_expand_key(uint32_t w[60], const uint8_t *key, size_t key_len,
                                           uint32_t (*sub_word)(uint32_t))
{
	static const uint8_t rcon[10] = { 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36 };
	unsigned nk = (unsigned)key_len / 4, nw = 4 * (nk + 7);

	if (key_len != 16 && key_len != 24 && key_len != 32)
		return 0;
	for (unsigned i = 0; i < nk; i++)
		w[i] = jca__load_le32(key + 4 * i);
	for (unsigned i = nk; i < nw; i++) {
		uint32_t t = w[i - 1];

		if (i % nk == 0)
			t = sub_word((t >> 8) | (t << 24)) ^ rcon[i / nk - 1];
		else if (nk > 6 && i % nk == 4)
			t = sub_word(t);
		w[i] = w[i - nk] ^ t;
	}
	return nk + 6;
}

#endif
