# A question is asked once: where the check's advice answers the likeliest diagnosis ("If the
# mistake is this one (...): ..."), the renderer does not ask the same question again under it
# ("Could it be this: ...?"), in `clings check` (a fresh workspace, English and Portuguese) and
# in grading's texts; a question no advice asks is still asked.
. tests/lib.sh
export CLINGS_GRADE_SECRET=clings-tests
course=$(copy_course)
"$CLINGS" --course "$course" init "$TMP/ws" > "$TMP/init.log" 2>&1 || fail "init: $(cat "$TMP/init.log")"
cp wrong/scale/off_by_one.cl "$TMP/ws/exercises/scale.cl"
title='The guard lets one work-item too many through'
titulo='A guarda deixa passar um item de trabalho a mais'
out=$(cd "$TMP/ws" && "$CLINGS" check scale 2>&1)
printf '%s\n' "$out" | grep -qF "If the mistake is this one ($title): " && ok "check: the advice names the mistake it answers" ||
	fail "no advice: $out"
[ "$(printf '%s\n' "$out" | grep -cF "$title")" = 1 ] && ! printf '%s\n' "$out" | grep -qF "Could it be this: $title?" &&
	ok "check: the mistake named once, no question beside the advice" || fail "asked twice: $out"
out=$(cd "$TMP/ws" && "$CLINGS" --lang pt-BR check scale 2>&1)
printf '%s\n' "$out" | grep -qF "Se o erro for este ($titulo): " && [ "$(printf '%s\n' "$out" | grep -cF "$titulo")" = 1 ] &&
	ok "pt-BR: the advice names it, once" || fail "pt-BR: $out"
! printf '%s\n' "$out" | grep -qF "Seria isto: $titulo?" && ok "pt-BR: no question beside the advice" || fail "pt-BR asked twice: $out"

# Grading's texts are the same lines.
mkdir -p "$TMP/sub/exercises"
cp wrong/scale/off_by_one.cl "$TMP/sub/exercises/scale.cl"
"$CLINGS" --course "$course" grade "$TMP/sub" --exercises scale --format tap --out "$TMP/out" > /dev/null 2>&1
[ "$(grep -cF "$title" "$TMP/out/results.tap")" = 1 ] && grep -qF "If the mistake is this one ($title)" "$TMP/out/results.tap" &&
	ok "grading's TAP: the mistake named once, in the advice" || fail "TAP: $(cat "$TMP/out/results.tap")"

# memory_4's check has no advice for this guard: the question is asked.
out=$("$CLINGS" --course "$course" check memory_4 --file tests/fixtures/diagnoses/guard_le.cl 2>&1)
printf '%s\n' "$out" | grep -qxF "Could it be this: $title?" && ! printf '%s\n' "$out" | grep -qF 'If the mistake is this one' &&
	ok "no advice answers it: the question stays" || fail "memory_4: $out"
exit 0
