#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Cross-builds libjca and its MessageDigest, Cipher and Mac suites for
# aarch64 or riscv64 with Debian's cross compilers, and runs them under
# qemu-user with a CPU model that has the crypto extensions: every backend
# of that architecture against the NIST vectors, the committed known
# answers and the portable implementation (JCA_CPU=generic run).
#
#   tests/cross.sh aarch64|riscv64 [builddir]
#
# Needs: gcc-aarch64-linux-gnu / gcc-riscv64-linux-gnu, qemu-user.
# The library is built by the real build system, ./configure --host out of
# tree, so Makefile.am's source lists and per-ISA flags are the only ones
# (a tree configured in place cannot host that build: it is made from the
# distribution copy, `make distdir`, which holds every source of every
# architecture). libcheck is not available for these targets on the build
# machine, so the suites are built against tests/minicheck.h (same source,
# no fork).
set -eu
arch=$1
top=$(cd "$(dirname "$0")/.." && pwd)
out=${2:-$top/tests/cross-$arch}
mkdir -p "$out"
out=$(cd "$out" && pwd)
case $arch in
aarch64)
	host=aarch64-linux-gnu
	run="qemu-aarch64 -cpu max"
	backends=JCA_HAVE_ARM_BACKENDS
	;;
riscv64)
	host=riscv64-linux-gnu
	run="qemu-riscv64 -cpu rv64,zbb=true,zbkb=true,zknh=true"
	backends=JCA_HAVE_RISCV_BACKENDS
	# qemu-user does not implement riscv_hwprobe: declare the model's
	# extensions (test-only variable, see src/algs/cpu.c)
	export JCA_CPU_ASSUME=zknh,zbb,zbkb
	;;
*) echo "usage: $0 aarch64|riscv64" >&2; exit 2 ;;
esac
. "$top/tests/tier_list.sh"
tiers="default $(jca_tier_list $arch)"
CC=$host-gcc
command -v $CC >/dev/null || { echo "SKIP: $CC not installed"; exit 77; }
command -v ${run%% *} >/dev/null || { echo "SKIP: ${run%% *} not installed"; exit 77; }

[ -x "$top/configure" ] || (cd "$top" && autoreconf -fi)
src=$top
if [ -f "$top/config.status" ]; then
	src=$out/src
	rm -rf "$src"
	make -s -C "$top" distdir distdir="$src" top_distdir="$src" >"$out/distdir.log" 2>&1 ||
		{ cat "$out/distdir.log"; exit 1; }
fi
rm -rf "$out/build"
mkdir -p "$out/build"
# no installed configuration or plugin can reach the tests: /nonexistent
(cd "$out/build" && "$src/configure" --host=$host --prefix=/nonexistent --disable-shared --enable-werror \
	--without-check --without-openssl --without-pkcs11 CFLAGS=-O2) >"$out/configure.log" 2>&1 ||
	{ cat "$out/configure.log"; exit 1; }
grep -q "^#define $backends 1" "$out/build/config.h" ||
	{ tail -20 "$out/configure.log"; echo "FAIL: $arch: configure found no accelerated backends ($backends)"; exit 1; }
make -s -C "$out/build" -j2 libjca.la >"$out/make.log" 2>&1 || { cat "$out/make.log"; exit 1; }
lib=$out/build/.libs/libjca.a
TFLAGS="-std=gnu11 -O2 -I$top/include -I$top/tests -DJCA_MINICHECK -DJCA_TOP_SRCDIR=\"$top\""
for t in check_md check_registry check_cipher check_mac check_backends check_gcm check_cipher_state \
	check_chacha_backends; do
	# check_chacha_backends calls hidden algorithm functions: the static
	# library has them, and the build's config.h says which ISA files it holds
	xflags=
	[ $t = check_chacha_backends ] && xflags="-I$top/src -I$out/build -DHAVE_CONFIG_H"
	$CC $TFLAGS $xflags "$top/tests/$t.c" "$top/tests/testutil.c" "$lib" -static -lpthread -ldl -o "$out/$t" 2>"$out/$t.ldlog" ||
		{ cat "$out/$t.ldlog"; exit 1; }
done
export JCA_CONF=/nonexistent-use-default
unset JCA_CONF
fail=0
for tier in $tiers; do
	if [ "$tier" = default ]; then unset JCA_CPU; else export JCA_CPU=$tier; fi
	for t in check_md check_registry check_cipher check_mac check_backends check_gcm check_cipher_state \
		check_chacha_backends; do
		echo "== $arch $t (JCA_CPU=${JCA_CPU:-unset}) under: $run"
		rc=0
		$run "$out/$t" || rc=$?
		case $rc in
		0) ;;
		# check_backends with only the portable code usable: nothing to
		# compare (it prints SKIP); a skip only where that is expected
		77) [ "$tier" = generic ] || { echo "FAIL: $arch $t JCA_CPU=${JCA_CPU:-unset}: nothing compared"; fail=1; } ;;
		*) echo "FAIL: $arch $t JCA_CPU=${JCA_CPU:-unset}"; fail=1 ;;
		esac
	done
done
exit $fail
