/* SPDX-License-Identifier: Apache-2.0 */
/* Status codes, messages and the thread's last error. See jca/common.h. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "jca.h"
#include "error.h"

static _Thread_local struct {
	int code;
	char msg[JCA__MSG_MAX];
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

static _Thread_local char impl_reason[JCA__MSG_MAX / 2];
static _Thread_local char impl_reason_out[JCA__MSG_MAX / 2 + 4];

void jca__set_impl_reason(const char *message)
{
	snprintf(impl_reason, sizeof impl_reason, "%s", message ? message : "(no reason given)");
}

const char *jca__impl_reason(void)
{
	impl_reason_out[0] = 0;
	if (impl_reason[0])
		snprintf(impl_reason_out, sizeof impl_reason_out, ": %s", impl_reason);
	impl_reason[0] = 0;
	return impl_reason_out;
}

static int is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

/* Rewrites the string s (in a buffer of size bytes) with each control
 * byte as \xHH, in place from the end; what does not fit is cut at the
 * end, never inside an escape. */
static void escape_controls(char *s, size_t size)
{
	static const char hex[] = "0123456789abcdef";
	size_t n, len = 0, out;

	for (n = 0; s[n]; n++) {
		size_t w = is_control((unsigned char)s[n]) ? 4 : 1;

		if (len + w > size - 1)
			break;
		len += w;
	}
	if (len == n) {
		s[n] = 0;            /* nothing to escape (or a cut) */
		return;
	}
	s[len] = 0;
	out = len;
	while (n--) {
		unsigned char c = (unsigned char)s[n];

		if (is_control(c)) {
			out -= 4;
			s[out] = '\\';
			s[out + 1] = 'x';
			s[out + 2] = hex[c >> 4];
			s[out + 3] = hex[c & 15];
		} else {
			s[--out] = (char)c;
		}
	}
}

int jca__error(int code, const char *fmt, ...)
{
	va_list ap;

	last_error.code = code;
	va_start(ap, fmt);
	vsnprintf(last_error.msg, sizeof last_error.msg, fmt, ap);
	va_end(ap);
	escape_controls(last_error.msg, sizeof last_error.msg);
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
