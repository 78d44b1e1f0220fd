# SPDX-License-Identifier: Apache-2.0
# SoftHSM2 tokens for the shell tests and benchmarks (tests/pkcs11.sh,
# tests/pkcs11_keys.sh, bench/p11-bench.sh), sourced by them:
#   softhsm_module        sets $module to libsofthsm2.so, or exits 77
#                         (SKIP) saying what to install
#   softhsm_dir NAME      makes $dir, a temporary folder removed at exit,
#                         with a SoftHSM2 configuration whose tokens live
#                         in it (SOFTHSM2_CONF, exported)
#   softhsm_token LABEL PIN   initialises a token there (SO PIN 87654321),
#                         or exits 1

softhsm_module() {
	command -v softhsm2-util >/dev/null 2>&1 || {
		echo "SKIP: softhsm2-util not found (apt-get install -y softhsm2)"; exit 77; }
	module=""
	for m in /usr/lib/softhsm/libsofthsm2.so /usr/lib/*/softhsm/libsofthsm2.so \
		/usr/local/lib/softhsm/libsofthsm2.so; do
		if [ -f "$m" ]; then module=$m; break; fi
	done
	[ -n "$module" ] || { echo "SKIP: libsofthsm2.so not found (apt-get install -y softhsm2)"; exit 77; }
}

softhsm_dir() {
	dir=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || exit 99
	trap 'rm -rf "$dir"' EXIT
	trap 'exit 1' INT TERM
	mkdir "$dir/tokens"
	cat > "$dir/softhsm2.conf" <<EOF
directories.tokendir = $dir/tokens
objectstore.backend = file
log.level = ERROR
slots.removable = false
EOF
	SOFTHSM2_CONF="$dir/softhsm2.conf"
	export SOFTHSM2_CONF
}

softhsm_token() {
	softhsm2-util --init-token --free --label "$1" --so-pin 87654321 --pin "$2" >/dev/null || {
		echo "FAIL: softhsm2-util --init-token --label $1"; exit 1; }
}
