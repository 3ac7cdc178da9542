# The whole loop as a learner lives it, in tmux: start, save a wrong kernel, see the verdict and
# its picture, save a right one, see the pass, press n, see the next lesson, quit; start again
# and be at the same exercise. Prints the time from save to verdict on screen.
. tests/lib.sh
. tests/lib-tmux.sh
course=$(copy_course)
file="$course/exercises/memory_4.cl"
state="$(state_file "$course")"
run="$CLINGS --course $course"
# The learner has reached memory_4; the exercise after it, as `clings list` shows it.
printf '[clings]\nversion = 1\ncurrent = memory_4\n' > "$state"
read -r num _ next _ <<< "$($run list | awk '$3 == "memory_4" { getline; print; exit }')"
[ -n "$next" ] || fail "no exercise after memory_4 in: $($run list)"

tui_start "$run"
wait_for '[0-9]+\. .* memory_4'
wait_for 'check 1 at' 60                     # the stub is checked at once
wait_for ' n  *next .* q  *quit'             # the key legend
ok "the watcher opens at memory_4, checks the stub at once and shows the keys"
n=$(check_number)

# A wrong kernel: its verdict and its picture.
cp wrong/memory_4/one_load.cl "$file"
wait_for "check $((n + 1)) at" 60
screen | grep -q 'Wrong result' && ok "a wrong kernel's save shows 'Wrong result'" || fail "no 'Wrong result' verdict: $(screen)"
screen | grep -Eq '^ +x|x wrong' && ok "the picture marks the wrong cells" || fail "no picture with wrong cells marked: $(screen)"
screen | grep -q 'work-group' && ok "the picture names the work-group" || fail "the picture does not name the work-group: $(screen)"
n=$((n + 1))

# A right one, timed from the save to the pass on screen.
t0=$(date +%s%N)
cp solutions/memory_4.cl "$file"
wait_for "check $((n + 1)) at.*" 60
t1=$(date +%s%N)
screen | grep -q 'Passed' && ok "the solution's save shows 'Passed'" || fail "the solution did not pass on screen: $(screen)"
idle_after .sync-1   # whatever the save called for has happened by now
[ "$(check_number)" -eq $((n + 1)) ] && ok "one save runs one check" || fail "one save ran $(( $(check_number) - n )) checks"
! screen | grep -q 'Checking' && ok "no second check starts after the save" || fail "one save started a second check: $(screen)"
echo "watch: save to verdict on screen: $(( (t1 - t0) / 1000000 )) ms"

# n: the next exercise and its lesson.
keys n
wait_for "$num\\. .* $next"
lesson="$course/lessons/en/$next.md"
if [ -f "$lesson" ]; then
	first=$(grep -m1 '^# ' "$lesson" | sed 's/^# //' | cut -c1-30)
	wait_for "$first"
fi
wait_for '1/[0-9]+ done'
ok "n opens the next exercise and its lesson, one done"
keys q
wait_for 'CLINGS-EXIT=0'
wait_for 'TTY-SANE'
ok "q quits with status 0 and gives the terminal back sane"
grep -q "^current = $next\$" "$state" && ok "the state file holds the next exercise as current" || fail "state: $(cat "$state")"

# Restarting finds the learner where they were.
tui_start "$run"
wait_for "$num\\. .* $next"
wait_for '1/[0-9]+ done'
ok "a restart finds the learner at the same exercise"
keys q
wait_for 'CLINGS-EXIT=0'
ok "q quits again with status 0"
exit 0
