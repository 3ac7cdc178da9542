# [advice] in a check ini: the instructor's word for one verdict of one exercise comes after the
# runner's message, in the learner's language, and only with that verdict; a key may name a
# diagnosis instead (docs/diagnoses.md), said in place of the verdict's when that mistake is
# proved: one voice; a key that is neither is refused at its line.
. tests/lib.sh
course=$(copy_course)
# the course's own [advice] of memory_4 gives way to this test's (the section is the file's last)
sed -i '/^\[advice\]/,$d' "$course/checks/memory_4.ini"
cat >> "$course/checks/memory_4.ini" <<'INI'

[advice]
data_race = ADVICE-EN: in this exercise every step of the tree reads what other work-items
  wrote: a barrier after the loads, and one after each step.
data_race.pt-BR = ADVICE-PT: cada passo da árvore lê o que outros itens escreveram.
fence_wrong_space = FENCE-EN: the tree shares local memory: CLK_LOCAL_MEM_FENCE.
fence_wrong_space.pt-BR = FENCE-PT: a árvore compartilha memória local: CLK_LOCAL_MEM_FENCE.
INI
msg() { $CLINGS --course "$course" "$@" --json --no-cache | jq -r .message; }
race=wrong/memory_4/missing_load_barrier.cl
out=$(msg check memory_4 --file $race)
printf '%s' "$out" | tail -1 | grep -q '^ADVICE-EN: .* a barrier after the loads, and one after each step\.$' &&
	ok "the instructor's advice ends the message of its verdict" ||
	fail "the advice does not end the message: $out"
printf '%s' "$out" | grep -q 'data race' && ok "the runner's own message stays before it" || fail "the runner's own message is gone: $out"
out=$($CLINGS --course "$course" --lang pt-BR check memory_4 --file $race --json --no-cache | jq -r .message)
printf '%s' "$out" | grep -q 'ADVICE-PT' && ! printf '%s' "$out" | grep -q 'ADVICE-EN' &&
	ok "in Portuguese, the Portuguese advice and not the English" ||
	fail "pt-BR: $out"
out=$(msg check memory_4 --file wrong/memory_4/global_fence.cl)
printf '%s' "$out" | tail -1 | grep -q '^FENCE-EN: ' && ! printf '%s' "$out" | grep -q 'ADVICE-EN' &&
	ok "a proved diagnosis's advice replaces the verdict's: one voice" || fail "keyed advice: $out"
out=$($CLINGS --course "$course" --lang pt-BR check memory_4 --file wrong/memory_4/global_fence.cl --json --no-cache | jq -r .message)
printf '%s' "$out" | grep -q 'FENCE-PT' && ! printf '%s' "$out" | grep -q 'ADVICE-PT' &&
	ok "in Portuguese, the diagnosis's Portuguese advice" || fail "keyed advice, pt-BR: $out"
out=$(msg check memory_4 --file wrong/memory_4/one_load.cl)
printf '%s' "$out" | grep -q ADVICE && fail "advice for another verdict: $out" || ok "no advice with another verdict"
msg check memory_4 --file solutions/memory_4.cl | grep -q ADVICE && fail "advice on a pass" || ok "no advice on a pass"
printf 'no_such_verdict = x\n' >> "$course/checks/memory_4.ini"
line=$(wc -l < "$course/checks/memory_4.ini")
$CLINGS --course "$course" validate --quick > /dev/null 2> "$TMP/err" && fail "validate took an unknown verdict" ||
	ok "validate refuses an [advice] key that is no verdict"
grep -q "memory_4.ini:$line: \[advice\]: 'no_such_verdict' is neither a verdict .* nor a diagnosis" "$TMP/err" &&
	ok "the key that is no verdict is named at its line" ||
	fail "unknown verdict: $(cat "$TMP/err")"

# The runner's own words never contradict the exercise's: where the exercise says no barrier
# helps (a counter, a bin), the runner advises an atomic, not a barrier; in both languages.
for k in compact/plain_counter compact/read_then_atomic histogram/plain_increment histogram/plain_merge; do
	ex=${k%%/*}
	for lang in en pt-BR; do
		out=$($CLINGS --lang $lang check "$ex" --file "wrong/$k.cl" --json --no-cache | jq -r .message)
		printf '%s' "$out" | grep -q 'atomic_inc\|atomic_add' && ok "$k ($lang): an atomic is advised" ||
			fail "$k ($lang): no atomic: $out"
		printf '%s' "$out" | grep -q 'Put barrier\|Ponha barrier\|end every step with\|termine cada passo com\|read into a private\|leia para uma variável privada' &&
			fail "$k ($lang): a barrier advised beside 'a barrier cannot help': $out" ||
			ok "$k ($lang): no barrier advised"
	done
done
# scale with get_local_id: every group wrote group 0's range; not told of a guard on the group's id
out=$(msg check scale --file wrong/scale/local_id.cl)
printf '%s' "$out" | grep -q 'get_local_id(0) starts again from 0 in every work-group' &&
	ok "a local id as the element's index is named" || fail "local id: $out"
printf '%s' "$out" | grep -q "guard test the group's id" && fail "a false guess: $out" ||
	ok "no guess of a guard on the group's id"

# One voice, checked by validate on every wrong kernel in every language of the course, from its
# one run: advice that says no barrier helps beside the runner's barrier is refused at the kernel.
voice=$(copy_course)
mkdir -p "$voice/wrong/memory_4"
cp wrong/memory_4/missing_load_barrier.cl "$voice/wrong/memory_4/"
sed -i '/^\[advice\]/,$d' "$voice/checks/memory_4.ini"
cat >> "$voice/checks/memory_4.ini" <<'INI'
[advice]
barrier_missing = Every step of the tree needs barrier(CLK_LOCAL_MEM_FENCE) after it.
barrier_missing.pt-BR = Todo passo da árvore precisa de barrier(CLK_LOCAL_MEM_FENCE) depois dele.
INI
$CLINGS --course "$voice" validate memory_4 > "$TMP/out" 2> "$TMP/err" &&
	ok "advice that agrees with the runner's words passes validate" ||
	fail "one voice refused agreeing advice: $(cat "$TMP/err")"
sed -i 's/^barrier_missing.pt-BR = .*/barrier_missing.pt-BR = Uma barreira não resolve aqui: use atomic_inc./' \
	"$voice/checks/memory_4.ini"
$CLINGS --course "$voice" validate memory_4 > "$TMP/out" 2> "$TMP/err" && fail "validate took advice that contradicts the message" ||
	ok "validate refuses advice that contradicts the runner's message"
grep -q "wrong/memory_4/missing_load_barrier.cl:[0-9]*: the words of data_race contradict each other in pt-BR: the message says '[^']*', the advice 'Uma barreira não resolve'" "$TMP/err" &&
	ok "the contradiction is named at the kernel, with its language and both words" ||
	fail "contradiction: $(cat "$TMP/err")"
exit 0
