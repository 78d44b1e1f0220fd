/* SPDX-License-Identifier: Apache-2.0 */
/* The one place a Cipher object's mode table is chosen (cipher_mode.h). */
#include "cipher_mode.h"

const struct jca__mode *jca__mode_pick(uint8_t mode, const jca_impl *m)
{
	const jca_aead_impl *a = jca__as_aead(m);

	switch (mode) {
	case JCA__MODE_ECB:
		return &jca__mode_ecb;
	case JCA__MODE_CBC:
		return &jca__mode_cbc;
	case JCA__MODE_CTR:
		return &jca__mode_ctr;
	case JCA__MODE_GCM:
		/* GCM over the block table's building blocks, or an AEAD table's */
		return a ? &jca__mode_aead : &jca__mode_gcm;
	case JCA__MODE_CCM:
		return a ? &jca__mode_aead : &jca__mode_ccm;
	default:                           /* JCA__MODE_AEAD: an AEAD or a stream cipher of its own */
		return jca__as_stream(m) ? &jca__mode_stream : &jca__mode_aead;
	}
}
