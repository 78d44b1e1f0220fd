/* SPDX-License-Identifier: Apache-2.0 */
/* Setting the thread's last error (error.c). Not installed. */
#ifndef JCA_REGISTRY_ERROR_H
#define JCA_REGISTRY_ERROR_H

#include "jca/common.h"
#include "../util/mem.h"     /* JCA__HIDDEN */

/* Sets the calling thread's last error; returns code. */
JCA__HIDDEN int jca__error(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Why an implementation failed, as its provider said (a plugin calls
 * host->set_error just before returning nonzero): ": <reason>", or "" when
 * none was given. Reading it clears it. Plugin loading uses the same slot
 * for the reason an entry function refuses. */
JCA__HIDDEN void jca__set_impl_reason(const char *message);
JCA__HIDDEN const char *jca__impl_reason(void);

#endif
