# A learner who reads Portuguese (--lang pt-BR, CLINGS_LANG, or a pt_BR locale) gets every
# explanation and error of use in Portuguese, while the JSON keeps its keys and English verdict
# names.
. tests/lib.sh
unset LC_ALL CLINGS_LANG
export LANG=C
json_verdict() { sed -n 's/.*"verdict": "\([a-z_]*\)".*/\1/p'; }
has() { printf '%s' "$2" | grep -qF -- "$3" && ok "$1: says \"$3\"" || fail "$1: no \"$3\" in: $2"; }
hasnt() { ! printf '%s' "$2" | grep -qF -- "$3" && ok "$1: does not say \"$3\"" || fail "$1: \"$3\" left in: $2"; }

# A wrong result: the stub writes nothing.
out=$($CLINGS --lang pt-BR check memory_4 --file exercises/memory_4.cl); rc=$?
[ $rc -eq 1 ] && ok "stub: the check in Portuguese exits 1" || fail "stub: exit $rc, want 1: $out"
has stub "$out" "✗ memory_4: Resultado errado (wrong_result)"
has stub "$out" "(1 de 1 valor errado)"
has stub "$out" ": esperado "
has stub "$out" "obtido nada (nunca escrito)"
has stub "$out" "(. certo, x errado)"
has stub "$out" "dispositivo: "
hasnt stub "$out" "expected"
hasnt stub "$out" "device: "
out=$($CLINGS --lang pt-BR check memory_4 --file exercises/memory_4.cl --json)
[ "$(printf '%s' "$out" | json_verdict)" = wrong_result ] && ok "stub JSON: the verdict's name stays English" || fail "stub JSON: $out"
has "stub JSON" "$out" '"message": "Teste '

# What the analysis finds: a race in the tree, with no barrier after each step.
out=$($CLINGS --lang pt-BR check memory_4 --file wrong/memory_4/missing_loop_barrier.cl)
has race "$out" "✗ memory_4: Condição de corrida (data_race)"
has race "$out" "missing_loop_barrier.cl:18: condição de corrida. Em \`scratch\` (memória local)"
has race "$out" "sem nenhuma barreira entre os dois"
has race "$out" "termine cada passo com barrier(CLK_LOCAL_MEM_FENCE)"
has race "$out" "análise no Oclgrind: feita"
hasnt race "$out" "work-item"
out=$($CLINGS --lang pt-BR check memory_4 --file wrong/memory_4/missing_loop_barrier.cl --json)
[ "$(printf '%s' "$out" | json_verdict)" = data_race ] && ok "race JSON: the verdict's name stays English" || fail "race JSON: $out"

# A kernel that never ends (its run takes the whole time limit).
kernel="$TMP/never-ends-$$.cl"
cp wrong/memory_4/endless_loop.cl "$kernel"
out=$($CLINGS --lang pt-BR check memory_4 --file "$kernel" --json)
[ "$(printf '%s' "$out" | json_verdict)" = timeout ] && ok "timeout JSON: the verdict's name stays English" || fail "timeout JSON: $out"
has timeout "$out" "não terminou em"
has timeout "$out" "Há uma barreira que nem todos os itens de trabalho"
hasnt timeout "$out" "did not finish"

# Errors of use speak Portuguese too; the exit status stays 2.
out=$($CLINGS --lang pt-BR check no-such-exercise 2>&1); rc=$?
[ $rc -eq 2 ] && ok "unknown exercise: exit 2 in Portuguese too" || fail "unknown exercise: exit $rc, want 2: $out"
has "unknown exercise" "$out" "clings: nenhum exercício se chama 'no-such-exercise' (veja \`clings list\`)"
out=$($CLINGS --lang pt-BR --device no-such-device check scale --json 2>&1)
has "unknown device" "$out" "nenhum dispositivo OpenCL corresponde a 'no-such-device'"
out=$(LANG=pt_BR.UTF-8 $CLINGS no-such-command 2>&1)
has "unknown command" "$out" "comando desconhecido ou ambíguo: 'no-such-command'"
out=$($CLINGS check no-such-exercise 2>&1)
has "English error" "$out" "no exercise named 'no-such-exercise'"

# The other ways to choose the language, and English when none says Portuguese.
out=$(CLINGS_LANG=pt-BR $CLINGS check memory_4 --file exercises/memory_4.cl)
has CLINGS_LANG "$out" "obtido nada (nunca escrito)"
out=$(LANG=pt_BR.UTF-8 $CLINGS check memory_4 --file exercises/memory_4.cl)
has LANG "$out" "obtido nada (nunca escrito)"
out=$(CLINGS_LANG=pt-BR $CLINGS --lang en check memory_4 --file exercises/memory_4.cl)
has "--lang en" "$out" "got nothing (never written)"
out=$($CLINGS check memory_4 --file exercises/memory_4.cl)
has English "$out" "got nothing (never written)"
has English "$out" "device: "
exit 0
