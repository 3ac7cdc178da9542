# The verdict cache: an unchanged or comment-only resubmission is answered from it; a change of
# the tokens, the check file, the reference solution, the seed, the device or the clings version
# runs the check again; a failing verdict comes back only for the same bytes; --no-cache and
# `clings grade` never use it; a damaged cache file is a miss. (Its speed is measured by
# `make bench`, not here.)
. tests/lib.sh
course=$(copy_course 2>/dev/null)
k="$TMP/memory_4.cl"
cp solutions/memory_4.cl "$k"
# cached [ARGS...]: "true" or "false", from `check --json`; the verdict must be VERDICT (pass).
verdict=pass
cached() {
	local out
	out=$($CLINGS --course "$course" check memory_4 --file "$k" --json --no-analysis "$@" 2>&1)
	[ "$(printf '%s\n' "$out" | grep '^{' | jq -r .verdict)" = "$verdict" ] || fail "not $verdict: $out"
	printf '%s\n' "$out" | grep '^{' | jq -r .cached
}
expect() {   # expect WANT WHAT [ARGS...]
	local want=$1 what=$2 got how="checked, not from the cache"
	shift 2
	[ "$want" = true ] && how="answered from the cache"
	got=$(cached "$@")
	[ "$got" = "$want" ] && ok "$what: $how" || fail "$what: cached is $got, want $want"
}

expect false "first check"
expect true "unchanged"
cache=$(learner_dir cache "$course")
[ -f "$cache/memory_4" ] && ok "the cache file is in the learner's cache directory" ||
	fail "no cache file in $cache"
[ ! -e "$course/.clings-cache" ] && ok "nothing is cached in the course directory" ||
	fail "a cache in the course directory"
$CLINGS --course "$course" check memory_4 --file "$k" --no-analysis --verbose | grep -q 'from the verdict cache' &&
	ok "--verbose says the verdict came from the cache" ||
	fail "--verbose does not say the verdict came from the cache"
printf '\n// a comment of the learner\n/* and a block\n   comment */\n' >> "$k"
sed -i 's/^\(.*get_local_id.*\)$/\1   \/\/ which work-item/' "$k"
expect true "comment-only change"
expect false "--no-cache" --no-cache
expect true "--no-cache does not drop the entry"
printf '__constant int one_more_token = 1;\n' >> "$k"
expect false "a token changed"
expect true "the changed kernel, again"
printf '\n; a comment that changes the check file\n' >> "$course/checks/memory_4.ini"
expect false "the check file changed"
expect false "another seed" --seed 99
expect true "the same seed again" --seed 99
expect false "the default seed, again after --seed"
printf '\n// changed\n' >> "$course/solutions/memory_4.cl"
expect false "the reference solution changed"
expect false "another device" --device 0:0
expect true "that device again" --device 0:0
CLINGS_CACHE_VERSION=other expect false "another clings version" --device 0:0
CLINGS_CACHE_VERSION=other expect true "that version again" --device 0:0

# A damaged cache file is a miss, never a crash or a verdict.
printf 'clings-verdict-cache 1\ncontext\tzz\n\x01\x02garbage' > "$cache/memory_4"
expect false "a damaged cache file"
head -c 4000 /dev/urandom > "$cache/memory_4"
expect false "random bytes"

# A failing verdict names lines and quotes them: only the same bytes answer from the cache.
verdict=wrong_result
cp wrong/memory_4/one_load.cl "$k"
expect false "a wrong kernel"
expect true "the wrong kernel, unchanged"
printf '// a comment\n' >> "$k"
expect false "the wrong kernel with a comment"

# A pass with memory-access figures comes back with them; they assume a warp width and a bank
# count, and they name source lines: another width, or a comment that moves a line, checks again.
figures() {   # figures [ARGS...]: "CACHED NUMBER-OF-FIGURES"
	$CLINGS --course "$course" check transpose_tiled --file "$TMP/tt.cl" --json "$@" |
		jq -r '"\(.cached) \(.access | length)"'
}
cp solutions/transpose_tiled.cl "$TMP/tt.cl"
first=$(figures)
[ "${first%% *}" = false ] && [ "${first##* }" -gt 0 ] && ok "a first check of transpose_tiled has figures" || fail "first check with figures: $first"
[ "$(figures)" = "true ${first##* }" ] && ok "the cached pass keeps its figures" || fail "the cached pass lost its figures: $(figures)"
[ "$(CLINGS_WARP=64 figures)" = "false ${first##* }" ] && ok "another warp width is checked again" ||
	fail "another warp width was answered from the cache"
printf '// a comment\n' | cat - solutions/transpose_tiled.cl > "$TMP/tt.cl"
[ "$(figures)" = "false ${first##* }" ] && ok "a comment that moves the lines of figures checks again" ||
	fail "figures of moved lines came from the cache"
printf '// after the kernel: no line moves\n' >> "$TMP/tt.cl"
sed -i '5s|$|   // at the end of a line|' "$TMP/tt.cl"
[ "$(figures)" = "true ${first##* }" ] && ok "comments that move no line keep the figures from the cache" ||
	fail "a comment that moves no line was checked again: $(figures)"

# Grading never reads or writes it.
rm -rf "$cache"
mkdir -p "$TMP/sub/exercises"
cp solutions/memory_4.cl "$TMP/sub/exercises/"
CLINGS_GRADE_SECRET=t $CLINGS --course "$course" grade "$TMP/sub" --exercises memory_4 --no-analysis \
	--format summary --out "$TMP/r" >/dev/null 2>&1
[ "$(jq -r .score "$TMP/r/clings.json")" = 1 ] && ok "the grade runs" || fail "the grade did not run: $(cat "$TMP/r/clings.json")"
[ ! -e "$cache/memory_4" ] && ok "grade writes no verdict cache" || fail "grade wrote the verdict cache"
exit 0
