# A class of 40 submissions graded on a real Slurm: munged, slurmctld and slurmd started here as
# a one-node cluster (tests/lib-slurm.sh), the class queued by grading/slurm/submit-class as a
# job array of 4 shards and a dependent merge; the merged class.json and gradebook equal those
# of `clings grade --class` in one process; the summary names the class's known mistakes. The
# daemons are stopped at the end. Slow (about three minutes on 2 cores): not in `make check`'s
# tests/run-all but in `make check-cluster`, which .ci/run also runs.
. tests/lib.sh
. tests/lib-slurm.sh
trap 'slurm_stop; rm -rf "$TMP"' EXIT
export CLINGS_GRADE_SECRET=clings-slurm-tests
# The class, at a fixed place inside TMP: s01-s16 right, three each of seven known mistakes,
# a stub, an empty submission, one that does not build, and a file that is no submission.
class=$TMP/class
mkdir -p "$class"
unexpect() { grep -v '^// expect: ' "$1"; }
n=0
add() { n=$((n + 1)); local d; d=$(printf '%s/s%02d' "$class" $n); mkdir "$d"; [ -z "$1" ] || cat "$1" > "$d/scale.cl"; }
for i in $(seq 16); do add solutions/scale.cl; done
wrongs="off_by_one no_guard ignores_factor local_id reads_next first_element_only whole_groups_only"
for w in $wrongs; do for i in 1 2 3; do unexpect "wrong/scale/$w.cl" > "$TMP/k.cl"; add "$TMP/k.cl"; done; done
tests/pristine-stub exercises/scale.cl > "$TMP/k.cl"; add "$TMP/k.cl"
add ""
echo 'kernel void scale(global float *out) { out[0] = ; }' > "$TMP/k.cl"; add "$TMP/k.cl"
echo 'notes' > "$class/README.txt"
[ $n = 40 ] || fail "the class has $n submissions, not 40"

slurm_start "$TMP/slurm" || skip_all "no Slurm cluster can run here: $SLURM_WHY"
ok "a one-node Slurm cluster runs (munged, slurmctld, slurmd)"
out=$TMP/out
export CLINGS_EXERCISES=scale CLINGS_JOBS=1 CLINGS_FORMATS=summary
grading/slurm/submit-class "$class" "$out" 4 --cpus-per-task=1 > "$TMP/submit.out" 2>&1 ||
	fail "submit-class: $(cat "$TMP/submit.out")"
merge=$(sed -n 's/.*merge: job \([0-9]*\).*/\1/p' "$TMP/submit.out")
[ -n "$merge" ] && ok "submit-class queues a job array of 4 shards and a merge: $(cat "$TMP/submit.out")" || fail "$(cat "$TMP/submit.out")"
for i in $(seq 600); do
	[ -z "$(squeue -h 2>/dev/null)" ] && break
	sleep 1
done
[ -z "$(squeue -h)" ] || fail "jobs still queued after 10 minutes: $(squeue)"
for i in 0 1 2 3; do
	[ -s "$out/clings-shard-$i-of-4.json" ] || fail "no record of shard $i: $(tail -5 "$out"/clings-grade-*_$i.log)"
done
ok "each of the 4 array tasks wrote its shard's record"
[ -s "$out/class.json" ] && [ -s "$out/gradebook.csv" ] && [ -s "$out/class.html" ] &&
	ok "the dependent merge job wrote class.json, gradebook.csv and class.html" || fail "merge: $(cat "$out"/clings-merge-*.log)"
jq -e '.incomplete == false and .shards == 4 and .submissions == 41' "$out/class.json" > /dev/null &&
	ok "the merged class is whole: 41 entries, 4 shards" || fail "class.json: $(jq -c '{incomplete, shards, submissions, not_graded}' "$out/class.json")"

"$CLINGS" grade --class "$class" --out "$TMP/one" --exercises scale --jobs 1 --format summary > /dev/null 2> "$TMP/one.err" ||
	fail "grade --class: $(tail -3 "$TMP/one.err")"
mask() { jq -S 'del(.shards) | del(.summary[].slowest) | walk(if type == "object" then del(.seconds) else . end)' "$1"; }
diff <(mask "$TMP/one/class.json") <(mask "$out/class.json") > "$TMP/diff" &&
	ok "Slurm's class.json is the one-process one (times, the slowest kernels and the shard count aside)" ||
	fail "class.json differs: $(head -20 "$TMP/diff")"
cmp -s "$TMP/one/gradebook.csv" "$out/gradebook.csv" && ok "Slurm's gradebook is the one-process one, byte for byte" ||
	fail "gradebook: $(diff "$TMP/one/gradebook.csv" "$out/gradebook.csv" | head)"
for s in $(cd "$class" && ls -d s*); do
	diff <(jq -S 'walk(if type == "object" then del(.seconds) else . end)' "$TMP/one/$s/clings.json") \
		<(jq -S 'walk(if type == "object" then del(.seconds) else . end)' "$out/$s/clings.json") > /dev/null ||
		fail "$s: its clings.json differs between Slurm and one process"
done
ok "every student's clings.json is the same from Slurm and from one process (times aside)"
tests/grade/class-check gradebook "$out" > "$TMP/msg" && ok "the gradebook, read by Python's csv, holds each student's points" ||
	fail "gradebook: $(cat "$TMP/msg")"

# The known mistakes, named in the summary.
count() { jq -r --arg v "$1" '[.summary[0].verdicts[] | select(.verdict == $v) | .count][0] // 0' "$out/class.json"; }
[ "$(count pass)" = 16 ] && [ "$(count out_of_bounds)" = 6 ] && [ "$(count wrong_result)" = 16 ] &&
	[ "$(count not_submitted)" = 1 ] && [ "$(count build_error)" = 1 ] &&
	ok "the summary counts 16 passes, 6 out of bounds (off_by_one, no_guard), 16 wrong results, 1 not submitted, 1 build error" ||
	fail "verdicts: $(jq -c '.summary[0].verdicts' "$out/class.json")"
jq -e '.summary[0].pass_rate == 0.4' "$out/class.json" > /dev/null && ok "the pass rate is 16/40" || fail "pass rate $(jq .summary[0].pass_rate "$out/class.json")"
diag() { jq -r --arg d "$1" '[.summary[0].diagnoses[] | select(.id == $d) | .count][0] // 0' "$out/class.json"; }
[ "$(diag guard_off_by_one)" = 3 ] && [ "$(diag guard_missing)" -ge 3 ] &&
	ok "the diagnoses name the guard one too far (off_by_one, 3) and the missing guard (no_guard)" ||
	fail "diagnoses: $(jq -c '.summary[0].diagnoses' "$out/class.json")"
for d in $(jq -r '.summary[0].diagnoses[] | "\(.id)=\(.count)"' "$out/class.json"); do
	want=$(cat "$out"/s*/clings.json | jq -s --arg d "${d%=*}" '[.[].exercises[].diagnoses[] | select(.id == $d)] | length')
	[ "$want" = "${d#*=}" ] || fail "diagnosis ${d%=*}: the summary counts ${d#*=}, the students' files $want"
done
ok "each diagnosis the summary counts is counted so in the students' own files"
jq -e '[.not_graded[].name] == ["README.txt"]' "$out/class.json" > /dev/null && ok "the file that is no submission is named, not graded" ||
	fail "not_graded: $(jq -c .not_graded "$out/class.json")"
pids=("${slurm_pids[@]}")
slurm_stop
for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && fail "daemon $p still runs after slurm_stop"; done
ok "the daemons are stopped (${#pids[@]} of them)"
