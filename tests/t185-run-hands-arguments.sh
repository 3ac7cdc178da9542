# ./run.sh hands every argument to clings, which decides what they mean: run.sh names none of
# clings' commands, and ends in `exec ./clings --learner "$@"`. With --learner a learner's
# command runs in the workspace ($CLINGS_WORKSPACE), made once on the first run; an exercise's
# name alone checks it; a name that is neither a command nor an exercise is an unknown command.
. tests/lib.sh
code=$(grep -v '^[[:space:]]*#' run.sh)
commands=$($CLINGS --help | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
[ "$(wc -w <<<"$commands")" -ge 10 ] || fail "clings --help lists no commands: $commands"
named=
for c in $commands; do
	grep -qw -- "$c" <<<"$code" && named="$named $c"
done
[ -z "$named" ] && ok "run.sh's code names none of clings' commands" || fail "run.sh names:$named"
[ "$(tail -1 <<<"$code")" = 'exec ./clings --learner "$@"' ] && ok "run.sh ends handing its arguments to clings" ||
	fail "run.sh ends: $(tail -1 <<<"$code")"

export CLINGS_WORKSPACE=$TMP/ws
out=$($CLINGS --learner list 2>&1); rc=$?
[ $rc -eq 0 ] && [ -f "$TMP/ws/clings.ini" ] && [ -f "$TMP/ws/exercises/memory_4.cl" ] &&
	ok "--learner list makes the workspace, with the stubs, on the first run" || fail "--learner list: exit $rc: $out"
grep -q "$TMP/ws: your workspace" <<<"$out" && ok "and says where it is" || fail "--learner list: $out"
out=$($CLINGS --learner list 2>&1)
grep -q 'your workspace' <<<"$out" && fail "the workspace was made again: $out" || ok "a second run opens the same workspace"

# The learner's file is the workspace's: solved there, it passes; the clone's stub still fails.
cp solutions/memory_4.cl "$TMP/ws/exercises/memory_4.cl"
out=$($CLINGS --learner memory_4 --no-analysis 2>&1); rc=$?
[ $rc -eq 0 ] && ok "--learner EXERCISE checks the workspace's file (it passes)" || fail "--learner memory_4: exit $rc: $out"
out=$($CLINGS memory_4 --no-analysis 2>&1); rc=$?
[ $rc -eq 1 ] && ok "an exercise's name alone checks it (the clone's stub fails)" || fail "clings memory_4: exit $rc: $out"
out=$($CLINGS --lang pt-BR memory_4 --no-analysis 2>&1)
grep -q 'nunca escrito' <<<"$out" && ok "in the language asked for" || fail "pt-BR memory_4: $out"
out=$($CLINGS --learner nosuch 2>&1); rc=$?
[ $rc -eq 2 ] && grep -q "unknown or ambiguous command 'nosuch'" <<<"$out" &&
	ok "a name that is neither a command nor an exercise is an unknown command (exit 2)" || fail "nosuch: exit $rc: $out"
# a course's command is not the learner's: it runs in the course, and makes no workspace
out=$(CLINGS_WORKSPACE=$TMP/ws2 $CLINGS --learner validate --quick scale 2>&1); rc=$?
[ $rc -eq 0 ] && [ ! -e "$TMP/ws2" ] && ok "--learner validate runs in the course and makes no workspace" ||
	fail "--learner validate: exit $rc: $out"
exit 0
