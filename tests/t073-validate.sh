# A course of one's own, in English and Spanish, made of ini, .cl and Markdown files only:
# `clings validate` runs it whole (files, solution, stub, wrong kernels) and passes; each broken
# variant is named at its file and line, with exit 1; `--lang es` shows its Spanish lesson;
# `clings new` writes an exercise whose unfinished parts validate lists.
. tests/lib.sh
base="$TMP/base"
mkdir -p "$base"/{exercises,solutions,checks,lessons/en,lessons/es,wrong/twice}
printf '[course]\nlanguages = en, es\n' > "$base/course.ini"
cat > "$base/exercises/twice.ini" <<'INI'
[exercise]
title = Twice each element
title.es = El doble de cada elemento
order = 10
INI
cat > "$base/checks/twice.ini" <<'INI'
[check]
kernel = twice
signature = __global const int *in, __global int *out, uint len

[buffer in]
size = len
init = random(-1000, 1000)

[buffer out]
size = len
output = yes

[scalar len]
value = len

[ndrange]
global = round_up(len, wg)
local = wg

[test sizes]
len = 1, 100, 300
wg = 64, 128
analyze = yes
INI
cat > "$base/solutions/twice.cl" <<'CL'
__kernel void twice(__global const int *in, __global int *out, uint len)
{
	size_t i = get_global_id(0);
	if (i < len)
		out[i] = 2 * in[i];
}
CL
cat > "$base/exercises/twice.cl" <<'CL'
__kernel void twice(__global const int *in, __global int *out, uint len)
{
	size_t i = get_global_id(0);
	// TODO: out at i gets twice in at i
}
CL
cat > "$base/wrong/twice/no_guard.cl" <<'CL'
// expect: out_of_bounds line 6
// diagnosis: guard_missing
// message: out[
__kernel void twice(__global const int *in, __global int *out, uint len)
{
	out[get_global_id(0)] = 2 * in[get_global_id(0)];
}
CL
printf '# Twice\n\nEvery work-item doubles one element.\n' > "$base/lessons/en/twice.md"
printf '# El doble\n\nCada ítem de trabajo duplica un elemento.\n' > "$base/lessons/es/twice.md"
printf '## Hint\nOne index per work-item.\n\n## Hint\nGuard it with len.\n' > "$base/lessons/en/twice.hints.md"
printf '## Hint\nUn índice por ítem.\n' > "$base/lessons/es/twice.hints.md"

out=$($CLINGS --course "$base" validate 2>&1) && ok "a course of one's own validates" ||
	fail "the course does not validate: $out"
for step in files solution stub 'wrong/twice/no_guard.cl'; do
	printf '%s\n' "$out" | grep -q "^twice  *$step  *ok" && ok "validate shows a row: twice $step ok" ||
		fail "no row for $step: $out"
done
printf '%s\n' "$out" | grep -q '^exercise  *what  *result  *time' && ok "validate prints a table with its heading" ||
	fail "no table: $out"
printf '%s\n' "$out" | tail -1 | grep -q '1 exercise, 4 steps, 0 problems' &&
	ok "validate ends with its summary: 1 exercise, 4 steps, 0 problems" || fail "summary: $out"
$CLINGS --course "$base" --lang es lesson twice 2>&1 | grep -q 'Cada ítem de trabajo' &&
	ok "--lang es shows the Spanish lesson" ||
	fail "--lang es: $($CLINGS --course "$base" --lang es lesson twice 2>&1)"
$CLINGS --course "$base" --lang es list 2>&1 | grep -q 'El doble de cada elemento' &&
	ok "--lang es lists the Spanish title" || fail "--lang es list"

# variant NAME: a fresh copy of the course in $v
variant() { v="$TMP/$1"; rm -rf "$v"; cp -r "$base" "$v"; }
# broken WHAT FILE:LINE-PATTERN [validate options]: validate exits 1 naming it
broken() {
	local what=$1 where=$2
	shift 2
	out=$($CLINGS --course "$v" validate "$@" twice 2>&1); rc=$?
	[ $rc -eq 1 ] && ok "validate of $what exits 1" || fail "$what: exit $rc: $out"
	printf '%s\n' "$out" | grep -q -- "$where" && ok "validate names $what at ${where%%: *}" ||
		fail "$what: not at $where: $out"
}

variant kernel-name
sed -i 's/void twice/void twice_it/' "$v/solutions/twice.cl"
broken "a solution with the wrong kernel name" \
	"solutions/twice.cl:1: the solution does not pass (signature_mismatch): There is no kernel named 'twice'.* defines: twice_it"

variant syntax
sed -i 's/out\[i\] = 2 \* in\[i\];/out[i] = 2 * in[i]/' "$v/solutions/twice.cl"
broken "a syntax error in the solution" "solutions/twice.cl:5: the solution does not pass (build_error)"
printf '%s\n' "$out" | grep -E '\.cl:[0-9]+' | grep -v 'solutions/twice\.cl:[0-9]' &&
	fail "another path than the solution's: $out" || ok "the solution's build error names no other .cl path"

variant stub-passes
cp "$v/solutions/twice.cl" "$v/exercises/twice.cl"
broken "a stub that passes" "exercises/twice.cl:1: the stub passes"

variant wrong-verdict
sed -i '1s/.*/\/\/ expect: data_race/' "$v/wrong/twice/no_guard.cl"
broken "a wrong kernel whose verdict is not met" "wrong/twice/no_guard.cl:1: expected data_race, got out_of_bounds"
variant wrong-message
sed -i '3s/.*/\/\/ message: no such words/' "$v/wrong/twice/no_guard.cl"
broken "a wrong kernel whose message lacks its text" "wrong/twice/no_guard.cl:1: the message of out_of_bounds line 6 lacks 'no such words'"
variant wrong-diagnosis
sed -i '2s/.*/\/\/ diagnosis: guard_off_by_one/' "$v/wrong/twice/no_guard.cl"
broken "a wrong kernel whose diagnosis does not come first" \
	"wrong/twice/no_guard.cl:2: the diagnosis guard_off_by_one is not the first of out_of_bounds line 6's: guard_missing"
variant unknown-diagnosis
sed -i '2s/.*/\/\/ diagnosis: typo_in_id/' "$v/wrong/twice/no_guard.cl"
broken "a diagnosis not in the catalogue" "wrong/twice/no_guard.cl:2: 'typo_in_id' is no diagnosis of the catalogue" --quick
variant diagnosis-verdict
sed -i '2s/.*/\/\/ diagnosis: bank_conflict/' "$v/wrong/twice/no_guard.cl"
broken "a diagnosis that does not go with the verdict" \
	"wrong/twice/no_guard.cl:2: the diagnosis bank_conflict does not go with the verdict out_of_bounds" --quick
variant no-diagnosis
sed -i '2d' "$v/wrong/twice/no_guard.cl"
broken "a wrong kernel without its diagnosis" "wrong/twice/no_guard.cl:2: a wrong kernel names its mistake" --quick

variant no-es-lesson
rm "$v/lessons/es/twice.md"
broken "a missing es lesson" "lessons/es/twice.md:1: the lesson is missing" --quick
variant no-es-title
sed -i '/^title.es/d' "$v/exercises/twice.ini"
broken "a missing es title" "exercises/twice.ini:2: title.es is missing" --quick

variant untranslated
cp "$v/lessons/en/twice.md" "$v/lessons/es/twice.md"
broken "an es lesson identical to the en one" "lessons/es/twice.md:1: the same text as .*lessons/en/twice.md" --quick

variant wg
sed -i 's/^wg = 64, 128/wg = 64, 1024/' "$v/checks/twice.ini"
broken "a work-group of 1024" "checks/twice.ini:22: test sizes len=1 wg=1024: 1024 work-items" --quick
printf '[check]\nmax_work_group_size = 1024\n' > "$TMP/head"
sed -i '1d' "$v/checks/twice.ini"
cat "$TMP/head" "$v/checks/twice.ini" > "$TMP/check" && cp "$TMP/check" "$v/checks/twice.ini"
$CLINGS --course "$v" validate --quick twice > /dev/null 2>&1 &&
	ok "with max_work_group_size = 1024 a work-group of 1024 validates" || fail "max_work_group_size = 1024 still refused"

# Spanish found from lessons/es/ alone, without course.ini
variant folders
rm "$v/course.ini"
rm "$v/lessons/es/twice.hints.md"
broken "languages from the folders" "lessons/es/twice.hints.md:1: the hints file is missing" --quick

# clings new: every file, and what is left to fill in
variant new
$CLINGS --course "$v" new scan > "$TMP/new.out" 2>&1 && ok "new writes an exercise" || fail "new: $(cat "$TMP/new.out")"
for f in exercises/scan.ini exercises/scan.cl solutions/scan.cl checks/scan.ini lessons/en/scan.md \
	lessons/es/scan.md lessons/en/scan.hints.md lessons/es/scan.hints.md; do
	[ -f "$v/$f" ] && ok "new writes $f" || fail "new did not write $f: $(cat "$TMP/new.out")"
done
grep -q '^title.es = ' "$v/exercises/scan.ini" && ok "new writes a title.es for the course's es" || fail "new: no title.es"
$CLINGS --course "$v" new scan > /dev/null 2>&1 && fail "new wrote over an exercise" ||
	ok "new does not write over an exercise"
out=$($CLINGS --course "$v" validate --quick scan 2>&1) && fail "a fresh template validates: $out" ||
	ok "a fresh template does not validate"
for where in exercises/scan.ini:2 exercises/scan.ini:3 checks/scan.ini:1 exercises/scan.cl:1 \
	solutions/scan.cl:1 lessons/en/scan.md:3 lessons/es/scan.hints.md:2; do
	printf '%s\n' "$out" | grep -q "$where: still to write: FILL IN" && ok "validate lists $where as still to write" ||
		fail "new: $where not listed: $out"
done
$CLINGS --course "$v" new twice2 --from twice > /dev/null 2>&1 && ok "new --from copies an exercise" || fail "new --from"
grep -q 'void twice2' "$v/solutions/twice2.cl" && ok "new --from renames the solution's kernel" ||
	fail "new --from: the kernel keeps its old name"
grep -q '^kernel = twice2' "$v/checks/twice2.ini" && ok "new --from renames the check's kernel" ||
	fail "new --from: the check's kernel"
out=$($CLINGS --course "$v" validate --quick twice2 2>&1) && fail "a copied exercise validates: $out" ||
	ok "a copied exercise does not validate before its lessons are written"
printf '%s\n' "$out" | grep -q 'lessons/es/twice2.md:1: still to write' &&
	ok "validate lists the copied exercise's es lesson as still to write" || fail "new --from: $out"
exit 0
