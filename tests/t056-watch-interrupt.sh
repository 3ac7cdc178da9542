# A key pressed while a check runs stops it: q quits at once during a kernel that never ends
# (instead of waiting for the time limit), and no checking process is left behind. Another key
# is handled, and the file is checked again after it.
. tests/lib.sh
. tests/lib-tmux.sh
course=$(copy_course)
file="$course/exercises/memory_4.cl"
printf '[clings]\nversion = 1\ncurrent = memory_4\n' > "$(state_file "$course")"
run="$CLINGS --course $course"
limit_ms=$(sed -n 's/^time_limit_ms *= *\([0-9]*\).*/\1/p' checks/memory_4.ini)

tui_start "$run"
wait_for 'check 1 at' 60
cp wrong/memory_4/endless_loop.cl "$file"
wait_for 'Checking memory_4' 10                   # the check is under way
# Another key first: the check stops, the key works, and the check runs again.
keys l
wait_for 'q back' 5                               # the lesson's pager opened at once
keys q                                            # leave the pager
wait_for 'Checking memory_4' 5                    # and the check runs again
ok "a key during a check stops it, works at once, and the check runs again"
t0=$(date +%s%N)
keys q
wait_for 'CLINGS-EXIT=0' $((limit_ms / 1000))   # the check's own limit would stop it only later
elapsed_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
ok "q quits during a kernel that never ends, before its time limit stops it"
wait_for 'TTY-SANE'
ok "the terminal is given back sane"
procs() { pgrep -a -f -- "^$CLINGS --course $course"; }  # clings and every child it forked
gone procs && ok "no checking process is left behind" || fail "processes left behind: $left"
echo "q during a hanging check: exit after $elapsed_ms ms"
