/* SPDX-License-Identifier: Apache-2.0 */
/*
 * blake2b_mac.c - keyed BLAKE2b as a Mac service (jca_mac_impl, ABI 3).
 *
 * BLAKE2's own keyed mode, not HMAC over BLAKE2: the key length goes into
 * the parameter block and the key, zero-padded to 128 bytes, is the first
 * block (RFC 7693 section 3.3). The context keeps the keyed starting
 * state beside the working one, so that final() and reset() return to the
 * key with a copy instead of keying again. Plain data: the engine clones
 * it with memcpy and wipes it on free (no copy or cleanup hook).
 */
#include <string.h>

#include <jca/plugin.h>

#include "blake2.h"
#include "blake2b_mac.h"

typedef struct b2b_mac_ctx {
	ex_blake2b keyed;           /* after init: the key block pending */
	ex_blake2b work;            /* the message so far */
} b2b_mac_ctx;

/* jca_mac_impl.init: key_len is 1..64 (key_min/key_max below: the engine
 * refuses other lengths before calling). Called again to re-key. */
static int mac_init(void *ctx, const void *key, size_t key_len)
{
	b2b_mac_ctx *c = ctx;

	ex_blake2b_init(&c->keyed, EX_BLAKE2B_OUT, key, key_len);
	c->work = c->keyed;
	return 0;
}

static int mac_update(void *ctx, const void *in, size_t len)
{
	b2b_mac_ctx *c = ctx;

	ex_blake2b_update(&c->work, in, len);
	return 0;
}

/* jca_mac_impl.final: out_len is mac_size (64) always; back to the key. */
static int mac_final(void *ctx, void *out, size_t out_len)
{
	b2b_mac_ctx *c = ctx;

	(void)out_len;
	ex_blake2b_final(&c->work, out);
	c->work = c->keyed;
	return 0;
}

/* jca_mac_impl.reset: drop the message, keep the key. */
static int mac_reset(void *ctx)
{
	b2b_mac_ctx *c = ctx;

	c->work = c->keyed;
	return 0;
}

static const jca_mac_impl blake2b_mac_c = {
	.base = JCA_IMPL_BASE(jca_mac_impl, "blake2bmac-example", JCA_PRIO_GENERIC, NULL, sizeof(b2b_mac_ctx)),
	.mac_size = EX_BLAKE2B_OUT,
	.block_size = EX_BLAKE2B_BLOCK,
	.key_min = 1,
	.key_max = EX_BLAKE2B_OUT,
	.init = mac_init,
	.update = mac_update,
	.final = mac_final,
	.reset = mac_reset,
};

static const jca_impl *const blake2b_mac_impls[] = { &blake2b_mac_c.base, NULL };
static const char *const blake2b_mac_aliases[] = { "BLAKE2BMAC", NULL };
static const jca_attr blake2b_mac_attrs[] = {
	{ "ImplementedIn", "Software" },
	{ NULL, NULL }
};

/* Known answer: the last keyed entry of the official BLAKE2 test vectors
 * (blake2b-kat.txt, "keyed" section): key 00 01 .. 3f, input 00 01 .. fe
 * (255 bytes: the key block, then a full and a partial block). */
static const uint8_t kat_key[64] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
	0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
	0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f,
	0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f,
};
static const uint8_t kat_in_bytes[255] = {     /* 00 .. fe */
#define R16(b) b + 0, b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 7, \
	b + 8, b + 9, b + 10, b + 11, b + 12, b + 13, b + 14, b + 15
	R16(0x00), R16(0x10), R16(0x20), R16(0x30), R16(0x40), R16(0x50), R16(0x60), R16(0x70),
	R16(0x80), R16(0x90), R16(0xa0), R16(0xb0), R16(0xc0), R16(0xd0), R16(0xe0),
	0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe,
#undef R16
};
static const jca_kat blake2b_mac_kat = {
	.struct_size = sizeof(jca_kat),
	.key = kat_key, .key_len = sizeof kat_key,
	.in = kat_in_bytes, .in_len = sizeof kat_in_bytes,
	.out = "\x14\x27\x09\xd6\x2e\x28\xfc\xcc\xd0\xaf\x97\xfa\xd0\xf8\x46\x5b"
	       "\x97\x1e\x82\x20\x1d\xc5\x10\x70\xfa\xa0\x37\x2a\xa4\x3e\x92\x48"
	       "\x4b\xe1\xc1\xe7\x3b\xa1\x09\x06\xd5\xd1\x85\x3d\xb6\xa4\x10\x6e"
	       "\x0a\x7b\xf9\x80\x0d\x37\x3d\x6d\xee\x2d\x46\xd6\x2e\xf2\xa4\x61",
	.out_len = 64,
};

const jca_service_desc ex_blake2b_mac_service = {
	.struct_size = sizeof(jca_service_desc),
	.type = JCA_MAC,
	.algorithm = "BLAKE2b-512-MAC",
	.aliases = blake2b_mac_aliases,
	.attributes = blake2b_mac_attrs,
	.impls = blake2b_mac_impls,
	.kat = &blake2b_mac_kat,
};
