#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# A plugin built as an outside author would: install libjca (DESTDIR into a
# temporary folder), then build plugins/example/example.c out of the tree
# with nothing but `pkg-config jca` (--cflags, --variable=plugindir), install
# it in plugindir, and load it through the installed library, both with
# jca_provider_load() and through a configuration file and the installed
# `jca` command.
#   top_builddir=DIR top_srcdir=DIR sh tests/outoftree.sh
set -u
top_builddir="${top_builddir:-.}"
top_srcdir="${top_srcdir:-.}"
CC="${CC:-cc}"
# A sanitizer build's library needs the same sanitizer in what links it.
san=$(sed -n 's/^CFLAGS = //p' "${top_builddir:-.}/Makefile" 2>/dev/null | tr ' ' '\n' | grep -- '^-fsanitize=' | tr '\n' ' ')
CC="$CC $san"
MAKE="${MAKE:-make}"
if ! command -v pkg-config >/dev/null 2>&1; then
	echo "SKIP: pkg-config not installed"
	exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 0755 "$tmp"
fail=0
flunk() { echo "FAIL: $1"; fail=1; }

dest="$tmp/root"
if ! $MAKE -s -C "$top_builddir" install DESTDIR="$dest" >"$tmp/install.log" 2>&1; then
	cat "$tmp/install.log"
	echo "FAIL: make install DESTDIR=$dest"
	exit 1
fi
pc=$(find "$dest" -name jca.pc | head -1)
if [ -z "$pc" ]; then
	echo "FAIL: no jca.pc installed"
	exit 1
fi
# The package as installed under DESTDIR, read as a sysroot: the .pc's own
# variables (prefix, libdir, includedir: whatever ./configure was given,
# /usr/local/lib or Debian's /usr/lib/<multiarch>) with $dest before them.
# pkgconf puts the sysroot before -I/-L and before --variable values too;
# pkg-config (freedesktop) only before -I/-L, so a variable that does not
# start with $dest gets it here. System directories are kept (they are
# under $dest, and must not be dropped as /usr/include would be).
export PKG_CONFIG_PATH="$(dirname "$pc")" PKG_CONFIG_SYSROOT_DIR="$dest"
export PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 PKG_CONFIG_ALLOW_SYSTEM_LIBS=1
PC=pkg-config
under_dest() {
	case "$1" in
	"$dest"/*) printf '%s\n' "$1" ;;
	/*) printf '%s\n' "$dest$1" ;;
	*) return 1 ;;
	esac
}
cflags=$($PC --cflags jca) || { echo "FAIL: pkg-config --cflags jca"; exit 1; }
libs=$($PC --libs jca) || { echo "FAIL: pkg-config --libs jca"; exit 1; }
plugindir=$(under_dest "$($PC --variable=plugindir jca)") || { echo "FAIL: pkg-config --variable=plugindir jca"; exit 1; }
libdir=$(under_dest "$($PC --variable=libdir jca)") || { echo "FAIL: pkg-config --variable=libdir jca"; exit 1; }
includedir=$(under_dest "$($PC --variable=includedir jca)") || { echo "FAIL: pkg-config --variable=includedir jca"; exit 1; }
# What pkg-config says must be the installed files, not another copy of
# libjca (a system one) found by chance.
[ -f "$includedir/jca.h" ] || { echo "FAIL: includedir $includedir has no jca.h"; exit 1; }
case " $cflags " in *" -I$includedir "*) ;; *) echo "FAIL: cflags '$cflags' lack -I$includedir"; exit 1 ;; esac
ls "$libdir"/libjca.so* >/dev/null 2>&1 || { echo "FAIL: libdir $libdir has no libjca.so"; exit 1; }
case " $libs " in *" -L$libdir "*) ;; *) echo "FAIL: libs '$libs' lack -L$libdir"; exit 1 ;; esac
case "$plugindir" in "$libdir"/*) ;; *) echo "FAIL: plugindir $plugindir not under $libdir"; exit 1 ;; esac
echo "ok: pkg-config jca under DESTDIR: includedir $includedir, libdir $libdir"
echo "ok: pkg-config --variable=plugindir jca = $plugindir"

# The author's folder: a copy of the example and nothing else.
mkdir "$tmp/author"
cp "$top_srcdir"/plugins/example/*.[ch] "$tmp/author/"
(cd "$tmp/author" &&
	$CC -std=c11 -O2 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden \
		$cflags example.c blake2.c argon2.c -o example.so) || { echo "FAIL: out-of-tree build of example.c"; exit 1; }
exported=$(nm -D --defined-only "$tmp/author/example.so" | awk '{print $3}' | grep -v '^_' | tr '\n' ' ')
[ "$exported" = "jca_plugin_entry3 " ] || flunk "example.so exports '$exported', expected jca_plugin_entry3 only"
mkdir -p "$plugindir"
install -m 0755 "$tmp/author/example.so" "$plugindir/example.so"
echo "ok: built and installed example.so"

# An application of the author's, against the installed library.
cat >"$tmp/author/app.c" <<'EOF'
#include <stdio.h>
#include <string.h>
#include <jca.h>

int main(int argc, char **argv)
{
	unsigned char out[64];
	md_ctx *md;
	int i;
	size_t n;

	if (argc > 1 && jca_provider_load(argv[1], -1) != 0) {
		fprintf(stderr, "load: %s\n", jca_last_error_message());
		return 1;
	}
	md = md_get_instance_from("BLAKE2b-512", "example");
	if (!md) {
		fprintf(stderr, "get: %s\n", jca_last_error_message());
		return 1;
	}
	md_update(md, "abc", 3);
	if (md_digest(md, out, sizeof out, &n) != 0 || n != 64)
		return 1;
	for (i = 0; i < 64; i++)
		printf("%02x", out[i]);
	printf("\n");
	md_free(md);
	jca_shutdown();
	return 0;
}
EOF
(cd "$tmp/author" && $CC -std=c11 -Wall -Werror $cflags app.c -o app $libs) ||
	{ echo "FAIL: building an application with pkg-config --cflags --libs jca"; exit 1; }
want=ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923
cat >"$tmp/empty.conf" <<EOF
security.provider.1 = builtin
EOF
got=$(JCA_CONF="$tmp/empty.conf" LD_LIBRARY_PATH="$libdir" "$tmp/author/app" "$plugindir/example.so" 2>&1)
[ "$got" = "$want" ] && echo "ok: jca_provider_load of the out-of-tree plugin" ||
	flunk "jca_provider_load of the out-of-tree plugin: $got"

cat >"$tmp/jca.conf" <<EOF
security.provider.1 = builtin
security.provider.2 = example
jca.plugin.dir = $plugindir
EOF
got=$(JCA_CONF="$tmp/jca.conf" LD_LIBRARY_PATH="$libdir" "$tmp/author/app" 2>&1)
[ "$got" = "$want" ] && echo "ok: the out-of-tree plugin through the configuration" ||
	flunk "the out-of-tree plugin through the configuration: $got"
exit $fail
