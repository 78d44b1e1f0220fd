/* SPDX-License-Identifier: Apache-2.0 */
/* Status codes, messages and the thread's last error. See jca/common.h. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "jca.h"
#include "error.h"

static _Thread_local struct {
	int code;
	char msg[256];
} last_error;

const char *jca_strerror(int status)
{
	switch (status) {
#define JCA__ERR_MSG(name, value, msg) case value: return msg;
	JCA_ERRNO_MAP(JCA__ERR_MSG)
#undef JCA__ERR_MSG
	}
	return "unknown error";
}

const char *jca_error_name(int status)
{
	switch (status) {
#define JCA__ERR_NAME(name, value, msg) case value: return "JCA_" #name;
	JCA_ERRNO_MAP(JCA__ERR_NAME)
#undef JCA__ERR_NAME
	}
	return "JCA_UNKNOWN";
}

int jca__error(int code, const char *fmt, ...)
{
	va_list ap;

	last_error.code = code;
	va_start(ap, fmt);
	vsnprintf(last_error.msg, sizeof last_error.msg, fmt, ap);
	va_end(ap);
	return code;
}

int jca_last_error(void)
{
	return last_error.code;
}

const char *jca_last_error_message(void)
{
	return last_error.code ? last_error.msg : jca_strerror(JCA_OK);
}

const char *jca_version(void)
{
	return JCA_VERSION_STRING;
}
