/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libjca - the Java Cryptography Architecture's model in C.
 *
 * One include for the whole public API:
 *   jca/common.h    status codes, last error, version
 *   jca/md.h        MessageDigest engine
 *   jca/cipher.h    Cipher engine
 *   jca/mac.h       Mac engine
 *   jca/random.h    SecureRandom engine, jca_random() (the default)
 *   jca/kdf.h       KDF engine (PBKDF2, HKDF)
 *   jca/registry.h  providers and services (introspection)
 *   jca/provider.h  provider interface (for provider and plugin authors)
 */
#ifndef JCA_H
#define JCA_H

#include "jca/common.h"
#include "jca/provider.h"
#include "jca/registry.h"
#include "jca/md.h"
#include "jca/cipher.h"
#include "jca/mac.h"
#include "jca/random.h"
#include "jca/kdf.h"
#include "jca/stream.h"
#include "jca/key.h"
#include "jca/signature.h"
#include "jca/keyagreement.h"
#include "jca/keystore.h"
#include "jca/kem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Free the registry and everything it holds. Safe to call from atexit().
 * Objects created earlier must all have been freed; pointers returned by
 * the introspection calls become invalid. A later call into libjca
 * initialises the registry again. */
JCA_API void jca_shutdown(void);

#ifdef __cplusplus
}
#endif
#endif
