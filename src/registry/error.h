/* SPDX-License-Identifier: Apache-2.0 */
/* Setting the thread's last error (error.c). Not installed. */
#ifndef JCA_REGISTRY_ERROR_H
#define JCA_REGISTRY_ERROR_H

#include "jca/common.h"
#include "../util/mem.h"     /* JCA__HIDDEN */

/* Sets the calling thread's last error; returns code. */
JCA__HIDDEN int jca__error(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
