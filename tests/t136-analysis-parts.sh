#!/bin/bash
# The analysed tests shared between two analysis children side by side (analysis_parts): the
# report is the one a single child gives (CLINGS_ANALYSIS_PARTS=1), whether the finding is in
# the first part, only in the second, or in both (the first part's, as one child stops at its
# first test with a finding); a right kernel's access figures count both parts. The trace shows
# two children for memory_4 (its analysed tests: tiny at 64, then wide at 128 and 256) and one
# with CLINGS_ANALYSIS_PARTS=1; and, with what each test took kept, one child for an exercise
# whose analysis is too short to share. scripts/compare-analysis-parts does the same comparison
# for every kernel of the course.
set -u
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
unset CLINGS_ANALYSIS_PARTS   # the sharing as a learner's machine does it
export XDG_CACHE_HOME="$TMP/cache" XDG_STATE_HOME="$TMP/state"
command -v jq >/dev/null || skip_all "jq is not installed"
command -v oclgrind >/dev/null || skip_all "Oclgrind is not installed"

report() {   # report FILE PARTS: the check's JSON report, time aside (its seconds, and a time
	     # limit the machine's load stretched: "within 8.6 s" for "within 4.0 s")
	CLINGS_ANALYSIS_PARTS=$2 $CLINGS check memory_4 --file "$1" --no-cache --json 2>/dev/null |
		jq -S 'del(.seconds, .cached) | walk(if type == "string" then gsub("within [0-9.]+ s"; "within N s") else . end)'
}
same() {   # same NAME FILE VERDICT: one child and two give the same report, with VERDICT; the
	# report of two children stays in $two for the assertions that follow (not checked again)
	local one
	one=$(report "$2" 1)
	two=$(report "$2" 2)
	[ "$(printf '%s' "$two" | jq -r .verdict)" = "$3" ] || fail "$1: two children: $two"
	[ "$one" = "$two" ] && ok "$1: $3, the same report with one analysis child and with two" ||
		fail "$1: the reports differ: $(diff <(printf '%s\n' "$one") <(printf '%s\n' "$two") | head -20)"
}

# Past the end of out only in work-groups of 256: only the second part's test (wide, 256).
sed 's|^\t\tout\[get_group_id(0)\] = scratch\[0\];|&\n\tif (wg == 256 \&\& lid == 1)\n\t\tout[get_num_groups(0)] = 0;|' \
	solutions/memory_4.cl > "$TMP/late.cl"
grep -q 'wg == 256' "$TMP/late.cl" || fail "the kernel with a late overrun was not made"
same "an overrun only at 256" "$TMP/late.cl" out_of_bounds
printf '%s' "$two" | jq -r .facts.test | grep -q 'wg=256' && ok "its finding names the test at 256" ||
	fail "late overrun: the test named: $two"

# The same overrun at every size: the first part's test (tiny, 64) is the one named.
sed 's|if (wg == 256 \&\& lid == 1)|if (lid == 1)|' "$TMP/late.cl" > "$TMP/early.cl"
same "an overrun at every size" "$TMP/early.cl" out_of_bounds
printf '%s' "$two" | jq -r .facts.test | grep -q 'wg=64' && ok "its finding names the first analysed test, at 64" ||
	fail "early overrun: the test named: $two"

same "a race" wrong/memory_4/missing_loop_barrier.cl data_race
# Every part hangs: the first part's timeout speaks, the second's is moot (stopped, never run
# again alone).
same "a kernel that never ends" wrong/memory_4/endless_loop.cl timeout
same "the solution" solutions/memory_4.cl pass
[ "$(printf '%s' "$two" | jq '[.access[].executions] | add')" -gt 0 ] &&
	ok "the solution's access figures are there with two children" || fail "no access figures"

trace() {   # trace EXERCISE [ENV...]: how many analysis children its solution's check ran
	local ex=$1
	shift
	env "$@" CLINGS_TRACE=1 $CLINGS check "$ex" --file "solutions/$ex.cl" --no-cache 2>&1 >/dev/null |
		grep -c 'trace: analysis'
}
[ "$(trace memory_4 CLINGS_ANALYSIS_PARTS=2)" = 2 ] && ok "memory_4 is analysed by two children" ||
	fail "two parts: $(trace memory_4 CLINGS_ANALYSIS_PARTS=2) children"
[ "$(trace memory_4 CLINGS_ANALYSIS_PARTS=1)" = 1 ] && ok "CLINGS_ANALYSIS_PARTS=1: one child" ||
	fail "one part: $(trace memory_4 CLINGS_ANALYSIS_PARTS=1) children"

# What each test took is kept after a whole analysis: the next check of scale (all its analysed
# tests together take a few hundredths of a second) runs one child, where a second would cost
# more than it saves; the first check, with nothing kept, shares it out.
if [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ]; then
	[ "$(trace scale)" = 2 ] && ok "scale's first check shares its analysis out" ||
		fail "scale's first check: $(trace scale) children"
	kept=$(cat "$XDG_CACHE_HOME"/clings/analysis/*.time 2>/dev/null | awk '$1 == 4')
	[ -n "$kept" ] && ok "the seconds of scale's four analysed tests are kept ($kept)" ||
		fail "no record of scale's tests: $(cat "$XDG_CACHE_HOME"/clings/analysis/*.time 2>&1)"
	[ "$(trace scale)" = 1 ] && ok "the next check of scale runs one analysis child" ||
		fail "scale's next check: $(trace scale) children"
	# matmul_tiled's analysed tests take several times the floor (memory_4's, trimmed, sit near
	# it): after its record is kept, still two children
	trace matmul_tiled >/dev/null
	[ "$(trace matmul_tiled)" = 2 ] && ok "matmul_tiled, whose analysis takes longer, still runs two" ||
		fail "matmul_tiled after its record: $(trace matmul_tiled) children"
fi
