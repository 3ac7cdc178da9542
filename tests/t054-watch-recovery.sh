# A corrupt or missing state file is recovered from by re-checking, never by a crash: exercises
# that pass are marked done again and the learner lands on the first one that does not.
. tests/lib.sh
. tests/lib-watch.sh
cp -r tests/fixtures/course "$TMP/course"
course="$TMP/course"
state="$(state_file "$course")"
cp "$course/solutions/copy.cl" "$course/exercises/copy.cl"

# run_watch N: the watcher without a terminal until it has printed N verdicts, then q.
run_watch() {
	start_watch "$course" "$TMP/out"
	wait_checks "$TMP/out" "$1"
	stop_watch
}

for bad in "garbage \x01\x02" "[clings]\nversion = 1\ncurrent = ../../x\n" "[clings]\nversion = 99\n" "" missing; do
	case $bad in
	garbage*) what="a state file of garbage" ;;
	*../../x*) what="a state whose current exercise is a path" ;;
	*99*) what="a state of a later version" ;;
	"") what="an empty state file" ;;
	*) what="no state file" ;;
	esac
	if [ "$bad" = missing ]; then rm -f "$state"; else printf "$bad" > "$state"; fi
	run_watch 2
	grep -q '^copy: PASS' "$TMP/out" && ok "$what: the exercise that passes is checked again" ||
		fail "[$bad] copy was not re-checked: $(cat "$TMP/out")"
	grep -q '^1/2 done. Exercise 2' "$TMP/out" && ok "$what: the learner lands on the first that does not pass" ||
		fail "[$bad] not at the first failing exercise: $(cat "$TMP/out")"
	grep -q '^current = scale$' "$state" && ok "$what: the state is written again" ||
		fail "[$bad] state not rewritten: $(cat "$state")"
	grep -A1 '^name = copy$' "$state" | grep -q '^done = yes$' && ok "$what: the exercise that passes is done again" ||
		fail "[$bad] copy not done: $(cat "$state")"
done

# A good state is trusted: no re-check of earlier exercises, straight to the current one.
run_watch 1
grep -q '^copy: ' "$TMP/out" && fail "a good state was re-checked: $(cat "$TMP/out")" ||
	ok "a good state is trusted: no exercise before the current one is checked"
grep -q '^scale: FAIL' "$TMP/out" && ok "a good state opens the current exercise" || fail "not at the current exercise: $(cat "$TMP/out")"

# n is refused while the exercise has never passed, and says so; N skips it.
cp tests/fixtures/course/exercises/copy.cl "$course/exercises/copy.cl"
rm "$state"
start_watch "$course" "$TMP/out"
wait_checks "$TMP/out" 1 copy
echo n >&3
for i in $(seq 30); do grep -q 'has not passed yet' "$TMP/out" && break; sleep 0.1; done
grep -q 'has not passed yet' "$TMP/out" && ok "n on a failing exercise says it has not passed yet" ||
	fail "n on a failing exercise: $(cat "$TMP/out")"
grep -q 'Exercise 2' "$TMP/out" && fail "n moved on: $(cat "$TMP/out")" || ok "n does not move on from a failing exercise"
echo N >&3
wait_checks "$TMP/out" 1 scale
grep -q '^scale: FAIL' "$TMP/out" && ok "N skips to the next exercise" || fail "N did not skip: $(cat "$TMP/out")"
echo n >&3
for i in $(seq 30); do grep -q 'last exercise' "$TMP/out" && break; sleep 0.1; done
grep -q 'last exercise' "$TMP/out" && ok "n on the last exercise says it is the last" || fail "n on the last exercise: $(cat "$TMP/out")"
stop_watch
exit 0
