/* SPDX-License-Identifier: Apache-2.0 */
/* Setting the thread's last error (error.c): below everything, so that
 * util's readers, the registry, the engines and the built-in provider all
 * report through it. Not installed. */
#ifndef JCA_UTIL_ERROR_H
#define JCA_UTIL_ERROR_H

#include "jca/common.h"
#include "mem.h"     /* JCA__HIDDEN */

/* Room for a message: two PATH_MAX paths and the text around them, so
 * that a refusal naming two plugin files is never cut. */
#define JCA__MSG_MAX (2 * 4096 + 1024)

/* Sets the calling thread's last error; returns code. ASCII control
 * bytes and DEL in the formatted message become \xHH (bytes from 0x80 up
 * are left alone: UTF-8 paths), so no message carries a terminal escape
 * from its input. */
JCA__HIDDEN int jca__error(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Why an implementation failed, as its provider said (a plugin calls
 * host->set_error just before returning nonzero): ": <reason>", or "" when
 * none was given. Reading it clears it. Plugin loading uses the same slot
 * for the reason an entry function refuses. */
JCA__HIDDEN void jca__set_impl_reason(const char *message);
JCA__HIDDEN const char *jca__impl_reason(void);

#endif
