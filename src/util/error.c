/* SPDX-License-Identifier: Apache-2.0 */
/* Status codes, messages and the thread's last error. See jca/common.h. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jca.h"
#include "error.h"

/*
 * The thread's last error. Its messages (about 14 KiB) live in a block of
 * the heap made on the thread's first error and freed when the thread
 * exits, not in thread-local storage: libjca's static TLS stays under a
 * kilobyte, so that a program can dlopen() it (Python's ctypes, a plugin
 * host) within the little static TLS glibc keeps for that (issue 33). The
 * code alone is thread-local, so that jca_last_error() always answers; if
 * the block cannot be made, the message is the code's jca_strerror().
 */
struct err_state {
	char msg[JCA__MSG_MAX];
	char impl_reason[JCA__MSG_MAX / 2];
	char impl_reason_out[JCA__MSG_MAX / 2 + 4];
};

static _Thread_local int last_code;
static _Thread_local struct err_state *state;
static pthread_key_t state_key;
static pthread_once_t state_once = PTHREAD_ONCE_INIT;
static int state_key_ok;

/* At the thread's exit (pthread key destructor, in that thread). */
static void state_free(void *p)
{
	state = NULL;
	free(p);
}

static void state_key_make(void)
{
	state_key_ok = pthread_key_create(&state_key, state_free) == 0;
}

/* The thread's block, made on first use; NULL when memory is short. */
static struct err_state *err_state(void)
{
	struct err_state *st = state;

	if (st)
		return st;
	pthread_once(&state_once, state_key_make);
	if (!state_key_ok || !(st = calloc(1, sizeof *st)))
		return NULL;
	if (pthread_setspecific(state_key, st) != 0) {
		free(st);
		return NULL;
	}
	return state = st;
}

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

void jca__set_impl_reason(const char *message)
{
	struct err_state *st = err_state();

	if (st)
		snprintf(st->impl_reason, sizeof st->impl_reason, "%s", message ? message : "(no reason given)");
}

const char *jca__impl_reason(void)
{
	struct err_state *st = err_state();

	if (!st)
		return "";
	st->impl_reason_out[0] = 0;
	if (st->impl_reason[0])
		snprintf(st->impl_reason_out, sizeof st->impl_reason_out, ": %s", st->impl_reason);
	st->impl_reason[0] = 0;
	return st->impl_reason_out;
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
	struct err_state *st = err_state();
	va_list ap;

	last_code = code;
	if (!st)
		return code;
	va_start(ap, fmt);
	vsnprintf(st->msg, sizeof st->msg, fmt, ap);
	va_end(ap);
	escape_controls(st->msg, sizeof st->msg);
	return code;
}

int jca_last_error(void)
{
	return last_code;
}

const char *jca_last_error_message(void)
{
	if (!last_code)
		return jca_strerror(JCA_OK);
	return state ? state->msg : jca_strerror(last_code);
}

const char *jca_version(void)
{
	return JCA_VERSION_STRING;
}
