#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Configure's directories reach the library (issue 33 item 7): after
# `./configure --prefix=X && make` over an earlier build, the library must
# read X's jca.conf and plugins, not the old prefix's. Checks, in the build
# tree:
#  - jca_paths.h holds this Makefile's $(sysconfdir) and plugin folder;
#  - the built library holds $(sysconfdir);
#  - a newer Makefile (what configure writes) makes config.c compile again
#    (make -n -W Makefile on its object), and only through jca_paths.h.
set -u
cd "${top_builddir:-.}" || exit 99
fail=0
# configure's values as the Makefile holds them (${prefix}/etc, ...),
# expanded as make would
mkvar() { sed -n "s/^$1 = //p" Makefile | head -1; }
prefix=$(mkvar prefix)
eval "exec_prefix=\"$(mkvar exec_prefix)\""
eval "sysconfdir=\"$(mkvar sysconfdir)\""
eval "libdir=\"$(mkvar libdir)\""
[ -n "$sysconfdir" ] && [ -n "$libdir" ] || { echo "FAIL: cannot read sysconfdir/libdir from Makefile"; exit 1; }
if grep -qxF "#define JCA_SYSCONFDIR \"$sysconfdir\"" jca_paths.h 2>/dev/null &&
	grep -qxF "#define JCA_PLUGINDIR \"$libdir/jca/plugins\"" jca_paths.h; then
	echo "ok: jca_paths.h holds $sysconfdir and $libdir/jca/plugins"
else
	echo "FAIL: jca_paths.h missing or not this Makefile's directories ($sysconfdir, $libdir/jca/plugins)"
	fail=1
fi
lib=.libs/libjca.so
[ -f "$lib" ] || lib=.libs/libjca.a
if LC_ALL=C grep -aqF "$sysconfdir" "$lib"; then
	echo "ok: $lib holds $sysconfdir"
else
	echo "FAIL: $lib does not hold $sysconfdir (built for another prefix?)"
	fail=1
fi
plan=$(make -n -W Makefile src/registry/libjca_la-config.lo 2>&1)
if printf '%s\n' "$plan" | grep -q 'jca_paths' && printf '%s\n' "$plan" | grep -q 'src/registry/config\.c'; then
	echo "ok: a new Makefile remakes jca_paths.h and recompiles config.c"
else
	echo "FAIL: a new Makefile (./configure --prefix=...) does not recompile config.c:"
	printf '%s\n' "$plan" | head -5
	fail=1
fi
exit $fail
