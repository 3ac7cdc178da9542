#!/bin/bash
# Caches are untrusted input (engine/seal/seal.h): a verdict entry changed by hand is not believed (the
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
# (the report's line count kept: an older clings takes this entry for a pass)
sed -i 's/^verdict\twrong_result\t\([^\t]*\)\t.*/verdict\tpass\t\1\t0\t/' "$entry"
grep -q '^verdict	pass' "$entry" || fail "the entry was not changed: $(cat "$entry")"
got=$(json memory_4 "$TMP/one_load.cl" --no-analysis)
[ "$got" = "wrong_result false" ] && ok "a verdict entry changed by hand is not believed: the kernel is checked again" ||
	fail "a forged verdict entry: $got"
# The same forged without the seal's line (an entry as an older clings, or anyone, writes it).
sed -i -e '/^clings-seal /d' -e 's/^verdict\twrong_result\t\([^\t]*\)\t.*/verdict\tpass\t\1\t0\t/' "$entry"
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

# CLINGS_PCH=0 reaches the child that builds the learner's kernel: PoCL's own build runs.
$CLINGS devices 2>/dev/null | grep -q 'Portable Computing Language' || skip_all "no PoCL device here"
way() {   # way [ENV...]: the learner's build's way, from the children's trace
	env "$@" CLINGS_DEBUG=1 $CLINGS --course "$course" check memory_4 --file solutions/memory_4.cl \
		--no-cache --no-analysis 2>&1 | grep -m1 -o 'clings: pch: .*'
}
got=$(way)
[ "$got" = "clings: pch: built through the PCH" ] && ok "the usual build goes through the PCH" || fail "usual build: $got"
got=$(way CLINGS_PCH=0)
[ "$got" = "clings: pch: PoCL's own build (CLINGS_PCH=0)" ] && ok "CLINGS_PCH=0: the child runs PoCL's own build" ||
	fail "CLINGS_PCH=0 did not reach the child: $got"

# A probe's record with a word added to its options: an -include of a header whose macro turns
# the stub's kernel into the solution's (an older clings split it into clang's arguments, and the
# stub passed). Never used: the record does not verify, and the stub still fails.
pch="$XDG_CACHE_HOME/clings/pch"
kernel=$(sed -n 's/^kernel *= *//p' checks/memory_4.ini)
body=$(gcc -fpreprocessed -E -P -x c solutions/memory_4.cl | tr '\n' ' ' | sed 's/^[^{]*{//; s/}[^}]*$//')
printf '#define %s(a, b, c, d) %s(a, b, c, d) { %s } void learners_stub(a, b, c, d)\n' \
	"$kernel" "$kernel" "$body" > "$pch/planted.h"
for o in "$pch"/*.opts; do sed -i "/^options /s|\$| -include $pch/planted.h|" "$o"; done
grep -qs -- '-include' "$pch"/*.opts || fail "no record to change in $pch"
got=$(json memory_4 "$course/exercises/memory_4.cl" --no-cache --no-analysis)
[ "${got%% *}" != pass ] && [ "${got%% *}" != error ] && ok "a record with a planted -include is not used: the stub gets ${got%% *}" ||
	fail "a planted -include decided the verdict: $got"
! grep -qs -- '-include' "$pch"/*.opts && ok "the changed record was removed and PoCL probed again" ||
	fail "the changed record is still there"

# The reference's kept binary replaced by another kernel's (a wrong one's, kept for a course whose
# solution it is): refused, built again from the solution, and the wrong kernel still fails.
ref="$XDG_CACHE_HOME/clings/ref"
ls "$ref"/*.bin > "$TMP/before" 2>/dev/null && [ -s "$TMP/before" ] || fail "no kept reference binary in $ref"
other="$TMP/other-course"
cp -r "$course" "$other"
cp wrong/memory_4/one_load.cl "$other/solutions/memory_4.cl"
$CLINGS --course "$other" check memory_4 --file solutions/memory_4.cl --no-cache --no-analysis >/dev/null 2>&1
wrongbin=$(ls "$ref"/*.bin | grep -vxFf "$TMP/before" | head -1)
[ -n "$wrongbin" ] || fail "no binary kept for the other course's solution"
for b in $(cat "$TMP/before"); do cp "$wrongbin" "$b"; done
got=$(json memory_4 "$TMP/one_load.cl" --no-cache --no-analysis)
[ "$got" = "wrong_result false" ] && ok "a replaced reference binary is not used: the wrong kernel still fails" ||
	fail "a replaced reference binary decided the verdict: $got"
got=$(CLINGS_DEBUG=1 $CLINGS --course "$course" check memory_4 --file solutions/memory_4.cl --no-cache --no-analysis 2>&1)
printf '%s\n' "$got" | grep -q '✓ memory_4' && printf '%s\n' "$got" | grep -q 'clings: refbin: the reference from its kept binary' &&
	ok "the reference's binary was built again and kept: the next check uses it" || fail "after the replaced binary: $got"

# The wrong kernels' kept outputs, swapped between two of them: neither is believed (each runs
# again), and the learner's output still proves the mistake of the kernel it matches.
dcourse="$TMP/with-wrong"
cp -r "$course" "$dcourse"
cp -r wrong "$dcourse/"
sed 's/uint lid = get_local_id(0);/uint lid = get_local_id(0); int unused_here = 0;/' wrong/memory_4/one_load.cl > "$TMP/mine.cl"
evidence() {
	$CLINGS --course "$dcourse" check memory_4 --file "$TMP/mine.cl" --no-cache --no-analysis --json |
		jq -r '[.diagnoses[].evidence] | join(", ")'
}
got=$(evidence)
[[ "$got" == *"output matches wrong/memory_4/one_load.cl"* ]] || fail "first diagnosis: $got"
kept="$(learner_dir cache "$dcourse")/wrong/memory_4"
set -- "$kept"/*
[ $# -eq 2 ] || fail "not two kept outputs in $kept: $*"
mv "$1" "$TMP/swap" && mv "$2" "$1" && mv "$TMP/swap" "$2"
got=$(evidence)
[[ "$got" == *"output matches wrong/memory_4/one_load.cl"* ]] && [[ "$got" != *unguarded_tail* ]] &&
	ok "swapped kept outputs are not believed: the diagnosis still names one_load.cl" || fail "swapped outputs: $got"

# The caches' bound. A learner's kernel with a 60 MB __constant table: PoCL's entry for it (about
# 58 MB) is not kept past the check. (Where namespaces work, the learner's build goes to a cache
# of its own in the child's 64 MB /tmp, and its 58 MB library with its bitcode is over the files a
# build may write: a build error that names that limit; without them it passes.)
export POCL_CACHE_DIR="$TMP/pocl"
{ echo '__constant int table[15000000] = {1, 2, 3};'
  sed 's/scratch\[lid\] = 0;/scratch[lid] = table[len % 3] - table[len % 3];/' solutions/memory_4.cl; } > "$TMP/big.cl"
got=$(json memory_4 "$TMP/big.cl" --no-cache --no-analysis)
kb=$(du -sk "$POCL_CACHE_DIR" | cut -f1)
{ [ "${got%% *}" = pass ] || [ "${got%% *}" = build_error ]; } && [ "$kb" -lt 16384 ] && ok "an entry over the per-entry cap is not kept (PoCL's cache: $kb KB after the check)" ||
	fail "the 60 MB table: $got, PoCL's cache holds $kb KB"
# clings' cache, bounded by CLINGS_CACHE_MAX_MB: the least recently used entries go first, and
# only as many as the bound needs. The caches are walked every few checks (t226): without its
# count, the next check walks them.
junk="$XDG_CACHE_HOME/clings/junk"
mkdir -p "$junk"
rm -f "$XDG_CACHE_HOME/clings/prune-count"
head -c $((6 << 20)) /dev/zero > "$junk/oldest"
head -c $((6 << 20)) /dev/zero > "$junk/older"
touch -d '2 hours ago' "$junk/oldest"
touch -d '1 hour ago' "$junk/older"
got=$(CLINGS_CACHE_MAX_MB=10 json memory_4 solutions/memory_4.cl --no-cache --no-analysis)
kb=$(du -sk "$XDG_CACHE_HOME/clings" | cut -f1)
[ "$got" = "pass false" ] && [ ! -e "$junk/oldest" ] && [ -e "$junk/older" ] && [ "$kb" -le 10240 ] &&
	ok "clings' cache is pruned to its bound, least recently used first ($kb KB)" ||
	fail "the bound: $got; $(ls "$junk"); $kb KB"
unset POCL_CACHE_DIR

# The key: made once, 0600, outside the cache; one that others may read, or that is a link, is
# refused with one message, and then no cache is read or kept (the check itself runs).
key="$XDG_STATE_HOME/clings/cache-key"
[ "$(stat -c '%a %s' "$key")" = "600 32" ] && ok "the cache key is a file of 32 bytes, mode 0600, in the state directory" ||
	fail "the key: $(ls -l "$key")"
[ -z "$(find "$XDG_CACHE_HOME" -name 'cache-key*')" ] && ok "no key in the cache" || fail "a key in the cache"
chmod 644 "$key"
got="$(json memory_4 solutions/memory_4.cl --no-analysis) $(json memory_4 solutions/memory_4.cl --no-analysis)"
[ "$got" = "pass false pass false" ] && grep -q 'cache-key: others may read it' "$TMP/err" &&
	ok "a key others may read is refused, said, and no verdict is cached" || fail "a readable key: $got: $(cat "$TMP/err")"
[ "$(grep -c 'cache-key' "$TMP/err")" = 1 ] && ok "said once in a check (its lookups, its reference, its store)" || fail "said more than once: $(cat "$TMP/err")"
chmod 600 "$key"
mv "$key" "$key.real"
ln -s "$key.real" "$key"
got=$(json memory_4 solutions/memory_4.cl --no-analysis)
[ "$got" = "pass false" ] && grep -q 'cache-key' "$TMP/err" && ok "a key that is a link is refused" ||
	fail "a linked key: $got: $(cat "$TMP/err")"
rm "$key"
mv "$key.real" "$key"
if [ "$(id -u)" = 0 ]; then
	chown 65534 "$key"
	got=$(json memory_4 solutions/memory_4.cl --no-analysis)
	[ "$got" = "pass false" ] && grep -q 'cache-key: owned by another user' "$TMP/err" &&
		ok "a key another user owns is refused" || fail "another user's key: $got: $(cat "$TMP/err")"
	chown 0 "$key"
fi
got="$(json memory_4 solutions/memory_4.cl --no-analysis) $(json memory_4 solutions/memory_4.cl --no-analysis)"
[ "$got" = "pass false pass true" ] && ok "the key put right: the cache is used again" || fail "after: $got"
