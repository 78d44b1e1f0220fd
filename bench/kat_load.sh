#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# bench/kat_load.sh [BUILDDIR] [RUNS]: what loading a provider costs, in
# microseconds of CPU time per process (perf stat's task-clock; wall time
# without perf), for the OpenSSL bridge and a
# SoftHSM2 token, each ahead of the built-in provider: `jca list --load`
# run RUNS times (default 40) with each configuration, less the same with
# the built-in provider alone. BUILDDIR (default: this tree's) is a built
# libjca tree, so that two builds (before and after a change to the
# known-answer tests) can be compared with the same script:
#   sh bench/kat_load.sh /path/to/old/build && sh bench/kat_load.sh
# The token part exits 77 (SKIP) when SoftHSM2 or the pkcs11 plugin is
# absent; the bridge part is skipped when the openssl plugin is.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
top=${1:-$here}
top=$(cd "$top" && pwd)
runs=${2:-40}
# the program itself, not libtool's wrapper script (whose shell costs more
# than what is measured)
jca="$top/.libs/jca"
[ -x "$jca" ] || jca="$top/jca"
LD_LIBRARY_PATH="$top/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LD_LIBRARY_PATH
plugins="$top/plugins/.libs"
[ -x "$jca" ] || { echo "no jca in $top: build it first"; exit 77; }
. "$here/tests/softhsm.sh"
softhsm_module
softhsm_dir jca-katload
softhsm_token jca-katload 123456
JCA_KATLOAD_PIN=123456
export JCA_KATLOAD_PIN

conf() {   # conf NAME PROVIDER-LINES...
	f="$dir/$1.conf"
	shift
	: > "$f"
	n=1
	for p in "$@"; do
		echo "security.provider.$n = $p" >> "$f"
		n=$((n + 1))
	done
	cat >> "$f" <<EOF2
jca.plugin.dir = $plugins
jca.provider.softhsm.plugin = pkcs11
jca.provider.softhsm.library = $module
jca.provider.softhsm.token = jca-katload
jca.provider.softhsm.pin.env = JCA_KATLOAD_PIN
EOF2
}

# every provider of configuration $1 loads, or the script stops
check() {
	JCA_CONF="$dir/$1.conf" "$jca" list --load > "$dir/$1.out" 2>&1
	if grep -q "state: failed" "$dir/$1.out"; then
		grep "state: failed" "$dir/$1.out"
		echo "FAIL: a provider failed to load with $1.conf"
		exit 1
	fi
}

# the mean of one `jca list --load` with configuration $1, in
# microseconds: CPU time (perf stat's task-clock) when perf is here, which a
# busy machine disturbs less, else wall time
measure() {
	if command -v perf >/dev/null 2>&1; then
		JCA_CONF="$dir/$1.conf" perf stat -x, -e task-clock -r "$runs" -o "$dir/$1.perf" \
			"$jca" list --load > /dev/null 2>&1
		awk -F, '/task-clock/ { printf "%d\n", $1 * 1000 }' "$dir/$1.perf"
		return
	fi
	t0=$(date +%s%N)
	i=0
	while [ $i -lt "$runs" ]; do
		JCA_CONF="$dir/$1.conf" "$jca" list --load > /dev/null 2>&1
		i=$((i + 1))
	done
	t1=$(date +%s%N)
	echo $(( (t1 - t0) / 1000 / runs ))
}

conf builtin builtin
conf openssl openssl builtin
conf softhsm softhsm builtin
check builtin
base=$(measure builtin)
command -v perf >/dev/null 2>&1 && what="CPU (task-clock)" || what="wall"
echo "build: $top ($runs runs each, $what time)"
printf 'builtin alone       %6d us per process\n' "$base"
if [ -f "$plugins/openssl.so" ]; then
	check openssl
	t=$(measure openssl)
	printf 'openssl + builtin   %6d us  (bridge load: %d us)\n' "$t" $((t - base))
fi
[ -f "$plugins/pkcs11.so" ] || { echo "SKIP: the pkcs11 plugin is not built"; exit 77; }
check softhsm
t=$(measure softhsm)
printf 'softhsm + builtin   %6d us  (token load: %d us)\n' "$t" $((t - base))
