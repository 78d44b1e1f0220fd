/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Cipher key sizes and shapes (ABI 3): a block cipher table lists its key
 * lengths (jca_cipher_impl.key_sizes, 0-terminated), so a 64-byte key (as
 * AES-XTS takes) is expressed; the pinned names follow the list; malformed
 * lists and an unknown shape are refused at registration, naming the
 * member.
 */
#ifdef JCA_MINICHECK
#include "minicheck.h"
#else
#include <check.h>
#endif

#include <string.h>

#include "jca.h"
#include "testutil.h"

/* A toy block cipher of 16-byte blocks keyed by 32 or 64 bytes: a block is
 * XORed with the key folded onto 16 bytes (byte i of the block with every
 * key byte j where j % 16 == i). Trivially checkable, not a cipher. */
typedef struct {
	uint8_t pad[16];
} toy_ctx;

static int toy_key(void *ctx, const uint8_t *key, size_t len)
{
	toy_ctx *t = ctx;

	memset(t->pad, 0, 16);
	for (size_t j = 0; j < len; j++)
		t->pad[j % 16] ^= key[j];
	return 0;
}

static int toy_ecb(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	const toy_ctx *t = ctx;

	for (size_t i = 0; i < 16 * nblocks; i++)
		out[i] = in[i] ^ t->pad[i % 16];
	return 0;
}

static const size_t xts_sizes[] = { 32, 64, 0 };

static jca_cipher_impl toy_impl(const size_t *sizes, unsigned shape)
{
	return (jca_cipher_impl){
		.base = JCA_IMPL_BASE(jca_cipher_impl, "toyxts-generic", JCA_PRIO_GENERIC, NULL, sizeof(toy_ctx)),
		.shape = shape, .block_size = 16, .key_sizes = sizes,
		.set_key = toy_key, .ecb_encrypt = toy_ecb, .ecb_decrypt = toy_ecb,
	};
}

/* Registers provider `name` with one service TOYXTS of implementation *c. */
static int add_toy(const char *name, const jca_cipher_impl *c)
{
	static jca_service_desc svc;
	static const jca_impl *impls[2];
	static const jca_service_desc *svcs[2];
	static jca_provider_desc desc;

	impls[0] = &c->base;
	impls[1] = NULL;
	svc = (jca_service_desc){ sizeof svc, JCA_CIPHER, "TOYXTS", NULL, NULL, impls, NULL, NULL };
	svcs[0] = &svc;
	svcs[1] = NULL;
	desc = (jca_provider_desc){ JCA_ABI_VERSION, sizeof desc, name, "1", "toy XTS-sized keys", svcs, NULL };
	return jca_provider_add(&desc, NULL);
}

START_TEST(test_key_64)
{
	static jca_cipher_impl c;
	uint8_t key[64], in[32], out[32], want[32];
	size_t olen;
	cipher_ctx *x;

	c = toy_impl(xts_sizes, JCA_CIPHER_BLOCK);
	ck_assert_int_eq(add_toy("ToyKeys", &c), 0);
	for (size_t i = 0; i < sizeof key; i++)
		key[i] = (uint8_t)(7 * i + 1);
	for (size_t i = 0; i < sizeof in; i++)
		in[i] = (uint8_t)(3 * i);
	/* the expected output, worked out here from the definition */
	for (size_t i = 0; i < sizeof in; i++)
		want[i] = in[i] ^ key[i % 16] ^ key[16 + i % 16] ^ key[32 + i % 16] ^ key[48 + i % 16];

	x = cipher_get_instance_from("TOYXTS/ECB/NoPadding", "ToyKeys");
	ck_assert_ptr_nonnull(x);
	ck_assert_int_eq(cipher_init(x, JCA_ENCRYPT, key, 64, NULL, 0), 0);
	ck_assert_int_eq(cipher_do_final(x, in, sizeof in, out, sizeof out, &olen), 0);
	ck_assert_uint_eq(olen, sizeof in);
	ck_assert_mem_eq(out, want, sizeof want);
	/* a length between the listed ones, and one past the last */
	ck_assert_int_eq(cipher_init(x, JCA_ENCRYPT, key, 48, NULL, 0), JCA_KEYLEN);
	ck_assert_int_eq(cipher_init(x, JCA_ENCRYPT, key, 16, NULL, 0), JCA_KEYLEN);
	cipher_free(x);

	/* pinned names from the list: TOYXTS_256 and TOYXTS_512 */
	x = cipher_get_instance_from("TOYXTS_512/ECB/NoPadding", "ToyKeys");
	ck_assert_ptr_nonnull(x);
	ck_assert_int_eq(cipher_init(x, JCA_DECRYPT, key, 64, NULL, 0), 0);
	ck_assert_int_eq(cipher_init(x, JCA_DECRYPT, key, 32, NULL, 0), JCA_KEYLEN);
	cipher_free(x);
	x = cipher_get_instance_from("TOYXTS_256/ECB/NoPadding", "ToyKeys");
	ck_assert_ptr_nonnull(x);
	ck_assert_int_eq(cipher_init(x, JCA_ENCRYPT, key, 32, NULL, 0), 0);
	cipher_free(x);
	ck_assert_ptr_null(cipher_get_instance_from("TOYXTS_384/ECB/NoPadding", "ToyKeys"));
	ck_assert_int_eq(jca_provider_remove("ToyKeys"), 0);
}
END_TEST

/* A malformed description is refused with JCA_BADDESC, the message naming
 * the member. */
static void refused(const jca_cipher_impl *c, const char *needle)
{
	int rc = add_toy("ToyBad", c);

	ck_assert_int_eq(rc, JCA_BADDESC);
	ck_assert_msg(strstr(jca_last_error_message(), needle) != NULL, "message \"%s\" lacks \"%s\"",
	              jca_last_error_message(), needle);
}

START_TEST(test_bad_lists)
{
	static const size_t empty[] = { 0 }, down[] = { 32, 16, 0 }, same[] = { 16, 16, 0 };
	static const size_t huge[] = { 16, JCA_CIPHER_MAX_KEY + 1, 0 };
	static size_t many[JCA_CIPHER_MAX_KEY_SIZES + 2];
	static jca_cipher_impl c;

	for (size_t i = 0; i <= JCA_CIPHER_MAX_KEY_SIZES; i++)
		many[i] = i + 1;
	c = toy_impl(NULL, JCA_CIPHER_BLOCK);
	refused(&c, "key_sizes is NULL");
	c = toy_impl(empty, JCA_CIPHER_BLOCK);
	refused(&c, "key_sizes is empty");
	c = toy_impl(down, JCA_CIPHER_BLOCK);
	refused(&c, "must increase");
	c = toy_impl(same, JCA_CIPHER_BLOCK);
	refused(&c, "must increase");
	c = toy_impl(huge, JCA_CIPHER_BLOCK);
	refused(&c, "key_sizes[1]");
	c = toy_impl(many, JCA_CIPHER_BLOCK);
	refused(&c, "more than");
	c = toy_impl(xts_sizes, 0);
	refused(&c, "shape 0");
	c = toy_impl(xts_sizes, 99);
	refused(&c, "shape 99");
	/* nothing was registered */
	ck_assert_ptr_null(cipher_get_instance_from("TOYXTS/ECB/NoPadding", "ToyBad"));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("CipherKeys");
	TCase *tc = tcase_create("keys");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_key_64);
	tcase_add_test(tc, test_bad_lists);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
