#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The committed tables of the vector-permute AES are exactly what their
# generator derives (it checks every S-box path over all 256 bytes first).
set -u
src=${top_srcdir:-.}
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not installed (needed to regenerate the vperm AES tables)"; exit 77; }
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT
python3 "$src/src/algs/aes_vperm_tables.py" > "$out" || { echo "FAIL: the generator's checks failed"; exit 1; }
if cmp -s "$out" "$src/src/algs/aes_vperm_tables.h"; then
	echo "ok: src/algs/aes_vperm_tables.h matches its generator"
else
	echo "FAIL: src/algs/aes_vperm_tables.h differs from what src/algs/aes_vperm_tables.py prints:"
	diff "$src/src/algs/aes_vperm_tables.h" "$out"
	exit 1
fi
