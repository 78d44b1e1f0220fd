#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Builds bench/mlkem-bench with pq-code-package/mlkem-native (ML-KEM-768)
# linked in twice, its portable C (prefix MLKN_C) and its native backends
# (prefix MLKN_NATIVE: AVX2 arithmetic and 4-way Keccak on x86-64), all in
# a scratch directory; nothing of mlkem-native enters this tree.
#
#   bench/mlkem_native.sh MLKEM_NATIVE_DIR [WORK_DIR] && WORK_DIR/mlkem-bench [seconds]
#
# MLKEM_NATIVE_DIR: a checkout of github.com/pq-code-package/mlkem-native
# (its mlkem/ folder: mlkem_native.c, mlkem_native_asm.S). Run from the top
# of a configured build tree of libjca (after make, for the backends' .la).
# CC (default gcc); MLKN_CFLAGS (default -O3 -fomit-frame-pointer, its
# examples' flags); our code keeps the flags of Makefile.am (-O2).
set -eu
mlkn=${1:?usage: bench/mlkem_native.sh MLKEM_NATIVE_DIR [WORK_DIR]}
work=${2:-/tmp/jca-mlkem-native}
cc=${CC:-gcc}
nflags=${MLKN_CFLAGS:--O3 -fomit-frame-pointer}
src=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"
[ -f "$mlkn/mlkem/mlkem_native.c" ] || { echo "no mlkem/mlkem_native.c under $mlkn" >&2; exit 2; }
# a randombytes the derand API never calls, but the library links
cat >"$work/rb.c" <<'EOC'
#include <stddef.h>
#include <stdint.h>
int randombytes(uint8_t *out, size_t outlen);
int randombytes(uint8_t *out, size_t outlen) { for (size_t i = 0; i < outlen; i++) out[i] = 0; return 0; }
EOC
common="-DMLK_CONFIG_PARAMETER_SET=768 -I$mlkn/mlkem"
# shellcheck disable=SC2086
$cc $nflags $common -DMLK_CONFIG_NAMESPACE_PREFIX=MLKN_C -c "$mlkn/mlkem/mlkem_native.c" -o "$work/mlkn_c.o"
native=""
if [ "$(uname -m)" = x86_64 ]; then
	nat="-DMLK_CONFIG_USE_NATIVE_BACKEND_ARITH -DMLK_CONFIG_USE_NATIVE_BACKEND_FIPS202 -mavx2 -mbmi2 -mpopcnt"
	# shellcheck disable=SC2086
	$cc $nflags $common $nat -DMLK_CONFIG_NAMESPACE_PREFIX=MLKN_NATIVE -c "$mlkn/mlkem/mlkem_native.c" \
		-o "$work/mlkn_native.o"
	# shellcheck disable=SC2086
	$cc $nflags $common $nat -DMLK_CONFIG_NAMESPACE_PREFIX=MLKN_NATIVE -c "$mlkn/mlkem/mlkem_native_asm.S" \
		-o "$work/mlkn_native_asm.o"
	native="$work/mlkn_native.o $work/mlkn_native_asm.o"
else
	echo "mlkem-native's native backend is measured on x86-64 only here" >&2
	exit 2
fi
$cc -O2 -c "$work/rb.c" -o "$work/rb.o"
# ours: the same sources and flags as Makefile.am's bench/mlkem-bench
libs=""
for l in .libs/libjca_x86_avx2.a .libs/libjca_x86_avx512.a; do
	[ -f "$l" ] && libs="$libs $l"
done
# shellcheck disable=SC2086
$cc -O2 -I"$src/src" -I"$src/include" -I. -DJCA_BENCH_MLKEM_NATIVE "$src/bench/mlkem_bench.c" \
	"$src/src/algs/mlkem.c" "$src/src/algs/mlkem_poly.c" "$src/src/algs/mlkem_codec.c" \
	"$src/src/algs/mlkem_sample.c" "$src/src/algs/keccak.c" "$src/src/algs/cpu.c" "$src/src/util/wipe.c" \
	"$work/mlkn_c.o" $native "$work/rb.o" $libs -o "$work/mlkem-bench"
echo "built $work/mlkem-bench"
