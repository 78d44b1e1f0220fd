#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian/Ubuntu packages libjca needs, only the missing ones.
#
#   tests/deps.sh build   to build the library, its plugins and jca
#   tests/deps.sh test    and to run every test (tests/all.sh): Check,
#                         OpenSSL, libgcrypt and Nettle (jca-bench's
#                         peers), cross compilers and qemu-user,
#                         sanitizers (clang), valgrind, cppcheck, clang-tidy,
#                         dpkg-dev and debhelper (the Debian build),
#                         libsodium (XChaCha20-Poly1305 cross-checks)
#   tests/deps.sh -n ...  only print the missing packages
#
# As root it runs apt-get itself; as another user through sudo when sudo
# exists, else it prints the command to run as root and exits 2. Nothing
# is done when everything is installed already.
set -eu
dry=0
if [ "${1:-}" = -n ]; then dry=1; shift; fi
build="build-essential autoconf automake libtool pkg-config uthash-dev"
test_extra="check libssl-dev openssl dpkg-dev debhelper qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross
	gcc-riscv64-linux-gnu libc6-dev-riscv64-cross clang valgrind cppcheck clang-tidy
	softhsm2 libp11-kit-dev python3-cryptography libgcrypt20-dev nettle-dev libsodium23"
case "${1:-}" in
build) want=$build ;;
test) want="$build $test_extra" ;;
*) echo "usage: $0 [-n] build|test" >&2; exit 2 ;;
esac

missing=""
for p in $want; do
	# pkgconf stands in for pkg-config
	if [ "$p" = pkg-config ] && command -v pkg-config >/dev/null 2>&1; then continue; fi
	st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$st" = installed ] || missing="$missing $p"
done
if [ -z "$missing" ]; then
	echo "deps.sh: every package for '$1' is installed"
	exit 0
fi
echo "deps.sh: missing:$missing"
[ $dry = 1 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
	echo "deps.sh: no apt-get here: install the equivalents of:$missing" >&2
	exit 2
fi
if [ "$(id -u)" -eq 0 ]; then
	as_root=""
elif command -v sudo >/dev/null 2>&1; then
	as_root=sudo
else
	echo "deps.sh: not root and no sudo: as root, run" >&2
	echo "  apt-get update && apt-get install -y$missing" >&2
	exit 2
fi
export DEBIAN_FRONTEND=noninteractive
# A fresh machine (a container) has empty package lists.
$as_root apt-get update -qq
# shellcheck disable=SC2086
$as_root apt-get install -y --no-install-recommends $missing
