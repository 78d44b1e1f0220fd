#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The NIST CAVP vector cases of the MessageDigest, Cipher and Mac suites
# and the C2SP CCTV ML-DSA cases of check_mldsa (pqc/ML-DSA; 10,000
# accumulated iterations with JCA_SLOW=1) (their "vectors" test case, for
# every implementation usable here), run
# apart from the rest so that make check's summary shows them as SKIP when
# the vectors are absent. The vectors: $JCA_VECTORS, else
# ../shared/vectors beside the source tree (tests/testutil.c looks in the
# same places).
set -u
b="${top_builddir:-.}/tests"
src="${top_srcdir:-.}"
dir=${JCA_VECTORS:-$src/../shared/vectors}
if [ ! -d "$dir" ]; then
	echo "SKIP: NIST CAVP vectors not found at $dir (set JCA_VECTORS); the suites' own known answers still ran"
	exit 77
fi
fail=0
for t in check_md check_cipher check_mac check_mldsa; do
	if env -u CK_EXCLUDE_TAGS CK_INCLUDE_TAGS=vectors JCA_VECTORS="$dir" "$b/$t"; then
		echo "ok: NIST vectors: $t"
	else
		echo "FAIL: NIST vectors: $t"
		fail=1
	fi
done
exit $fail
