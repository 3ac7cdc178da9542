#!/bin/bash
# Caches are untrusted input (engine/seal.h): a verdict entry changed by hand is not believed (the
# check runs again), a changed access plugin is another verdict key, the reference's kept binary
# replaced by another kernel's is refused and built again, a probe's record with words added to
# its options is ignored, CLINGS_PCH=0 reaches the children, the key itself is refused when others
# may read it, an entry over the per-entry cap is not kept, and the cache is pruned to its bound.
set -u
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
course=$(copy_course 2>/dev/null)

# json EXERCISE FILE [ARGS...]: "VERDICT CACHED" of `check --json`
json() {
	local ex=$1 file=$2
	shift 2
	$CLINGS --course "$course" check "$ex" --file "$file" --json "$@" 2>"$TMP/err" |
		jq -r '"\(.verdict) \(.cached)"'
}

# A cached verdict changed by hand: the wrong kernel's entry made to say "pass".
cp wrong/memory_4/one_load.cl "$TMP/one_load.cl"
[ "$(json memory_4 "$TMP/one_load.cl" --no-analysis)" = "wrong_result false" ] || fail "first check of a wrong kernel"
[ "$(json memory_4 "$TMP/one_load.cl" --no-analysis)" = "wrong_result true" ] && ok "the wrong kernel's verdict is cached" ||
	fail "not cached"
entry="$(learner_dir cache "$course")/memory_4"
sed -i -e 's/^verdict\twrong_result\t\([^\t]*\)\t.*/verdict\tpass\t\1\t0\t/' -e '/^diagnosis\t/d' "$entry"
grep -q '^verdict	pass' "$entry" || fail "the entry was not changed: $(cat "$entry")"
got=$(json memory_4 "$TMP/one_load.cl" --no-analysis)
[ "$got" = "wrong_result false" ] && ok "a verdict entry changed by hand is not believed: the kernel is checked again" ||
	fail "a forged verdict entry: $got"
# The same without the seal's line (an entry as an older clings, or anyone, writes it).
sed -i '1d' "$entry"
got=$(json memory_4 "$TMP/one_load.cl" --no-analysis)
[ "$got" = "wrong_result false" ] && ok "an entry without its seal is checked again" || fail "an unsealed entry: $got"

# The access plugin is part of the key: a cached pass with figures is not kept over another plugin.
[ -r build/clings-access.so ] || skip_all "no access plugin built"
cp build/clings-access.so "$TMP/plugin.so"
cp solutions/transpose_tiled.cl "$TMP/tt.cl"
export CLINGS_ACCESS_PLUGIN="$TMP/plugin.so"
[ "$(json transpose_tiled "$TMP/tt.cl")" = "pass false" ] || fail "transpose_tiled with the plugin: $(cat "$TMP/err")"
[ "$(json transpose_tiled "$TMP/tt.cl")" = "pass true" ] && ok "a pass with the plugin is cached" || fail "not cached"
printf '\0' >> "$TMP/plugin.so"   # another file at the same path (a rebuilt plugin)
got=$(json transpose_tiled "$TMP/tt.cl")
[ "$got" = "pass false" ] && ok "another access plugin: the kernel is checked again" || fail "plugin changed: $got"
unset CLINGS_ACCESS_PLUGIN
