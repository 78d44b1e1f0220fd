/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libjca: common definitions - export macro, status codes, last error.
 *
 * Conventions (every header of libjca follows them):
 *  - A call that can fail returns an int status: 0 (JCA_OK) or a negative
 *    JCA_E* code from the table below; or it returns a pointer, NULL on
 *    failure. Either way the calling thread's last error (code and a message
 *    naming what failed) is set; jca_last_error() and
 *    jca_last_error_message() read it. A successful call leaves it alone.
 *  - Names of algorithms and providers are case-insensitive (ASCII only).
 *  - Every object is used by one thread at a time; different objects may be
 *    used from different threads freely. The registry itself is thread-safe.
 */
#ifndef JCA_COMMON_H
#define JCA_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(JCA_BUILDING_LIBRARY) && defined(__GNUC__)
#define JCA_API __attribute__((visibility("default")))
#else
#define JCA_API
#endif

/* Library version. */
#define JCA_VERSION_MAJOR 0
#define JCA_VERSION_MINOR 1
#define JCA_VERSION_PATCH 0
#define JCA_VERSION_STRING "0.1.0"

/* X(name, value, message) - the one table of status codes. */
#define JCA_ERRNO_MAP(X) \
	X(OK,               0, "success") \
	X(EINVAL,          -1, "invalid argument") \
	X(ENOMEM,          -2, "out of memory") \
	X(NOALG,           -3, "no such algorithm") \
	X(NOPROVIDER,      -4, "no such provider") \
	X(DISABLED,        -5, "algorithm disabled by policy") \
	X(KEYLEN,          -6, "invalid key length") \
	X(IVLEN,           -7, "invalid IV length") \
	X(NOIV,            -8, "IV required") \
	X(NOTINIT,         -9, "object not initialised") \
	X(BADPAD,         -10, "bad padding") \
	X(NOTBLOCK,       -11, "input is not a whole number of blocks") \
	X(BUFSIZE,        -12, "output buffer too small") \
	X(OVERLAP,        -13, "overlapping buffers") \
	X(OUTLEN,         -14, "invalid output length") \
	X(RANDOM,         -15, "random number generator failed") \
	X(PLUGIN,         -16, "plugin could not be loaded") \
	X(ABI,            -17, "plugin ABI mismatch") \
	X(BADDESC,        -18, "invalid provider descriptor") \
	X(SELFTEST,       -19, "known-answer self-test failed") \
	X(EXISTS,         -20, "already exists") \
	X(CONFIG,         -21, "configuration error") \
	X(IO,             -22, "input/output error") \
	X(BUSY,           -23, "resource busy") \
	X(SHUTDOWN,       -24, "library shut down") \
	X(INTERNAL,       -25, "internal error") \
	X(IMPL,           -26, "provider implementation failed")

enum jca_status {
#define JCA__ERR_ENUM(name, value, msg) JCA_##name = (value),
	JCA_ERRNO_MAP(JCA__ERR_ENUM)
#undef JCA__ERR_ENUM
};

/* Message for a status code ("bad padding"); never NULL. */
JCA_API const char *jca_strerror(int status);
/* Symbolic name of a status code ("JCA_BADPAD"); never NULL. */
JCA_API const char *jca_error_name(int status);

/* The calling thread's last error code (JCA_OK if none yet). */
JCA_API int jca_last_error(void);
/* The calling thread's last error message, naming what failed, e.g.
 * 'no provider offers MessageDigest "SHA-257"'. Never NULL; valid until the
 * thread's next failing libjca call. */
JCA_API const char *jca_last_error_message(void);

/*
 * Conventions shared by the engines (md_*, cipher_*, mac_*):
 *  - getting an instance: *_get_instance(name), *_get_instance_from(name,
 *    provider), or resolve once with *_lookup(name) and create many with
 *    *_new(handle); NULL with the last error set on failure;
 *  - a call returns 0 or a negative JCA_* status; *_reset(obj) drops the
 *    input so far and keeps key and IV, returning 0 or JCA_EINVAL;
 *  - output buffers are (out, out_size): out_size is the room in out.
 *    md_digest and mac_do_final write a bounded length (digest or tag, at
 *    most INT32_MAX) and return it; cipher_update and cipher_do_final can
 *    write any length and return 0 with the count in *out_len;
 *  - lengths are read with *_length (md_length, mac_length: output;
 *    md_block_length, mac_block_length, cipher_block_length; cipher_iv_length);
 *  - *_algorithm, *_provider, *_implementation name what serves the object;
 *    *_free wipes and frees, ignoring NULL.
 */

/* Library version string ("0.1.0"). */
JCA_API const char *jca_version(void);

#ifdef __cplusplus
}
#endif
#endif
