# The race's explanation names barriers and loops from libclang's facts of the kernel (KF_BARRIER
# with its fences by value, KF_LOOP), not from the text of its lines: a barrier whose flags are a
# macro of the kernel's own (`#define FENCE CLK_GLOBAL_MEM_FENCE`, `barrier(FENCE)`) is the barrier
# that orders only global memory, in the account, the advice and the proved diagnosis, in both
# languages, and never "no barrier between the two" beside it. With the facts lost (the parser's
# child killed before its count), nothing that needs them is said: no barrier named, none said
# to be missing, none placed.
. tests/lib.sh
f=$TMP/fence_macro.cl
sed 's/^#define MAX_IDENTITY (-INFINITY)$/&\n#define FENCE CLK_GLOBAL_MEM_FENCE/; s/barrier(CLK_LOCAL_MEM_FENCE)/barrier(FENCE)/' \
	solutions/reduce_max.cl > "$f"
grep -q '^#define FENCE' "$f" && [ "$(grep -c 'barrier(FENCE)' "$f")" = 2 ] || fail "fixture: $(cat "$f")"
bar=$(grep -n 'barrier(FENCE)' "$f" | head -n 1 | cut -d: -f1)
json=$("$CLINGS" check reduce_max --file "$f" --json)
msg=$(printf '%s' "$json" | jq -r .message)
[ "$(printf '%s' "$json" | jq -r .verdict)" = data_race ] && ok "barrier(FENCE): data_race" ||
	fail "verdict: $(printf '%s' "$json" | jq -c '[.verdict, .message]')"
printf '%s' "$msg" | grep -qF "and the barrier at line $bar orders only global memory." &&
	ok "barrier(FENCE): the account names the barrier and its fence" || fail "account: $msg"
printf '%s' "$msg" | grep -qF "barrier(CLK_GLOBAL_MEM_FENCE) at line $bar makes every work-item wait" &&
	ok "barrier(FENCE): the advice is the fence's" || fail "advice: $msg"
printf '%s' "$msg" | grep -qF "no barrier between" && fail "a barrier said missing beside one: $msg" ||
	ok "barrier(FENCE): no barrier said to be missing"
[ "$(printf '%s' "$json" | jq -r '.diagnoses[0] | "\(.id) \(.certain)"')" = "fence_wrong_space true" ] &&
	ok "barrier(FENCE): fence_wrong_space proved" || fail "diagnoses: $(printf '%s' "$json" | jq -c .diagnoses)"
msg=$("$CLINGS" --lang pt-BR check reduce_max --file "$f" --json | jq -r .message)
printf '%s' "$msg" | grep -qF "e a barreira da linha $bar ordena só a memória global." &&
	ok "barrier(FENCE): the account in Portuguese" || fail "pt-BR: $msg"

json=$(CLINGS_TEST_KILL=facts:end-facts:before "$CLINGS" check reduce_max --file "$f" --json 2>"$TMP/err")
msg=$(printf '%s' "$json" | jq -r .message)
[ "$(printf '%s' "$json" | jq -r .verdict)" = data_race ] && ok "facts lost: the verdict stands" ||
	fail "facts lost: $(printf '%s' "$json" | jq -c '[.verdict, .message]')"
grep -q "reading the kernel's facts" "$TMP/err" && ok "facts lost: clings' own error" || fail "stderr: $(cat "$TMP/err")"
printf '%s' "$msg" | grep -qE "no barrier between|the barrier at line|at line $bar makes every|between the (write|read) \\(line" &&
	fail "facts lost, yet a barrier is named or placed: $msg" ||
	ok "facts lost: no barrier named, said missing or placed"
