#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# bench/p11-bench.sh [p11-bench options...]: signing with a key that stays
# on a PKCS#11 token. Makes a SoftHSM2 token in a temporary folder (removed
# at the end), a jca.conf naming it provider "softhsm" (PIN from the
# environment, pin.env), and runs bench/p11-bench on it: libjca on the
# token, the same token called directly, OpenSSL in software.
#   make bench/p11-bench && bench/p11-bench.sh            # 1 s of batches a row
#   bench/p11-bench.sh --time 5 --only jca-sign,p11-sign
#   P11_BENCH_WRAP='perf record -g -o /tmp/p11.data' bench/p11-bench.sh --only jca-load
# Exit 77 with the reason when SoftHSM2 or the pkcs11 plugin is absent.
set -u
top_builddir=${top_builddir:-$(cd "$(dirname "$0")/.." && pwd)}
prog="$top_builddir/bench/p11-bench"
plugins="$top_builddir/plugins/.libs"
[ -d "$plugins" ] && plugins=$(cd "$plugins" && pwd)   # jca.plugin.dir is absolute

[ -x "$prog" ] || { echo "bench/p11-bench is not built: make bench/p11-bench"; exit 77; }
[ -f "$plugins/pkcs11.so" ] || {
	echo "SKIP: the pkcs11 plugin is not built (configure found no p11-kit pkcs11.h: apt-get install -y libp11-kit-dev)"
	exit 77; }
. "$(dirname "$0")/../tests/softhsm.sh"
softhsm_module
softhsm_dir jca-p11bench
softhsm_token jca-bench 123456
JCA_BENCH_PIN=123456
export JCA_BENCH_PIN
# the token first, so that SHA256withECDSA by name goes to it (the key's
# provider in any case); OpenSSL's software key is EVP, not through libjca
cat > "$dir/jca.conf" <<EOF
security.provider.1 = softhsm
security.provider.2 = builtin
jca.plugin.dir = $plugins
jca.provider.softhsm.plugin = pkcs11
jca.provider.softhsm.library = $module
jca.provider.softhsm.token = jca-bench
jca.provider.softhsm.pin.env = JCA_BENCH_PIN
EOF
JCA_CONF="$dir/jca.conf"
export JCA_CONF

echo "softhsm2-util --version: $(softhsm2-util --version)"
${P11_BENCH_WRAP:-} "$prog" --module "$module" --token jca-bench --pin-env JCA_BENCH_PIN "$@"
