# Options: --help on every command (exit 0, in the learner's language), one usage form, "--",
# global options after the command, ./run.sh --lang, and the layering rule of runner/.
. tests/lib.sh
for cmd in watch list check lesson hint reset devices validate new; do
	out=$($CLINGS "$cmd" --help); rc=$?
	[ $rc -eq 0 ] && ok "$cmd --help exits 0" || fail "$cmd --help: exit $rc"
	printf '%s' "$out" | grep -q "^usage: clings $cmd" && ok "$cmd --help starts with its usage line" ||
		fail "$cmd --help: $out"
	out=$($CLINGS --lang pt-BR "$cmd" -h); rc=$?
	[ $rc -eq 0 ] && ok "$cmd -h in Portuguese exits 0" || fail "pt-BR $cmd -h: exit $rc"
	printf '%s' "$out" | grep -q "^uso: clings $cmd" && ok "$cmd -h in Portuguese starts with 'uso:'" ||
		fail "pt-BR $cmd -h: $out"
	printf '%s' "$out" | grep -q "opções globais:" && ok "$cmd -h in Portuguese lists the global options" ||
		fail "pt-BR $cmd -h: $out"
done
out=$($CLINGS help check); [ $? -eq 0 ] && ok "help check exits 0" || fail "help check"
printf '%s' "$out" | grep -q -- "--no-analysis" && ok "help check lists --no-analysis" || fail "help check: $out"

# Errors of use: exit 2, the command's usage line, the learner's language.
out=$($CLINGS check memory_4 copy 2>&1); rc=$?
[ $rc -eq 2 ] && ok "check with two exercises exits 2" || fail "check with two exercises: exit $rc"
printf '%s' "$out" | grep -q "^usage: clings check \[OPTIONS\] \[EXERCISE\]" && ok "check with two exercises prints its usage" ||
	fail "check usage: $out"
out=$($CLINGS --lang pt-BR check memory_4 --bogus 2>&1); rc=$?
[ $rc -eq 2 ] && ok "an unknown option exits 2" || fail "unknown option: exit $rc"
printf '%s' "$out" | grep -q "opção desconhecida --bogus" && ok "an unknown option is named in Portuguese" ||
	fail "unknown option: $out"
out=$($CLINGS check memory_4 --file 2>&1); rc=$?
[ $rc -eq 2 ] && ok "--file without a value exits 2" || fail "--file without a value: exit $rc"
$CLINGS list extra >/dev/null 2>&1; [ $? -eq 2 ] && ok "list with an operand exits 2" || fail "list with an operand"

# Global options after the command, options after operands, and "--".
out=$($CLINGS check memory_4 --lang pt-BR --no-analysis --json --file exercises/memory_4.cl)
printf '%s' "$out" | grep -q 'nunca escrito' && ok "--lang after the command and operands is taken" ||
	fail "--lang after the command: $out"
$CLINGS check -- memory_4 --json >/dev/null 2>&1; [ $? -eq 2 ] && ok "-- ends the options" || fail "-- ends the options"

# ./run.sh passes the language to the check and to the tutorial.
out=$(./run.sh --lang pt-BR memory_4 --no-analysis --file exercises/memory_4.cl); rc=$?
[ $rc -eq 1 ] && ok "./run.sh --lang pt-BR memory_4 checks the stub (exit 1)" || fail "./run.sh --lang pt-BR memory_4: exit $rc"
printf '%s' "$out" | grep -q 'nunca escrito' && ok "./run.sh --lang pt-BR memory_4 checks in Portuguese" ||
	fail "./run.sh --lang pt-BR memory_4: $out"
out=$(./run.sh --lang pt-BR --help); rc=$?
[ $rc -eq 0 ] && ok "./run.sh --lang pt-BR --help exits 0" || fail "./run.sh --lang pt-BR --help: exit $rc"
printf '%s' "$out" | grep -q '^uso: clings' && ok "./run.sh --lang pt-BR --help is in Portuguese" ||
	fail "./run.sh --help: $out"

# The layering rule holds, and breaking it is caught.
check "the layering rule holds in runner/" scripts/check-layers
mkdir -p "$TMP/l/scripts"
cp -r runner "$TMP/l/"
cp scripts/check-layers "$TMP/l/scripts/"
sed -i 's|#include "engine/check/check.h"|#include "ui/ui.h"|' "$TMP/l/runner/engine/check/judge.c"
out=$("$TMP/l/scripts/check-layers" 2>&1) && fail "an engine file including ui/ passed" ||
	ok "check-layers refuses an engine file that includes ui/"
printf '%s' "$out" | grep -q 'runner/engine/check/judge.c:[0-9]*: engine/ may not include "ui/ui.h"' &&
	ok "check-layers names the file, line and include" || fail "layers: $out"
printf '#include <CL/cl.h>\n' >> "$TMP/l/runner/course/expr.c"
seq 700 | sed 's|.*|/* filler */|' >> "$TMP/l/runner/base/util.c"
printf 'static void f(void) { (void)fork(); }\n' >> "$TMP/l/runner/grade/grade.c"
printf 'static void j(struct sbuf *o) { sbuf_addf(o, "{\\"line\\": %%d}", 1); }\n' >> "$TMP/l/runner/ui/bench-report.c"
printf 'static void k(struct sbuf *o) { json_add_string(o, "x"); }\n' >> "$TMP/l/runner/grade/class.c"
# the folder rules: a peer layer, a higher engine folder, a peer folder, the engine's door from
# inside, a second header in a folder, a file in no folder, the plugin's C++, a name twice, and
# a function of 101 lines (one of 100 passes)
sed -i '0,/#include "/s|#include "|#include "watch/watch.h"\n#include "|' "$TMP/l/runner/grade/merge.c"
printf '#include "engine/check/check.h"\n' >> "$TMP/l/runner/engine/report/protocol.c"
printf '#include "engine/compute/compute.h"\n' >> "$TMP/l/runner/engine/source/source.c"
printf '#include "engine/engine.h"\n' >> "$TMP/l/runner/engine/seal/seal.c"
printf '/* a second header */\n' > "$TMP/l/runner/engine/report/lines.h"
printf '/* no folder */\n' > "$TMP/l/runner/engine/loose.c"
printf '#include "ui/ui.h"\nstatic void g() { popen("x", "r"); }\n' >> "$TMP/l/runner/engine/analysis/access-plugin.cpp"
cp "$TMP/l/runner/course/bench.c" "$TMP/l/runner/ui/bench.c"
{ printf 'int long_one(void)\n{\n'; seq 97 | sed 's|.*|\t(void)0;|'; printf '\treturn 0;\n}\n'
  printf 'int short_one(void)\n{\n'; seq 96 | sed 's|.*|\t(void)0;|'; printf '\treturn 0;\n}\n'; } >> "$TMP/l/runner/base/sbuf.c"
# validate/ a peer of grade/ and watch/; cmd/ thin: only cmd/cmd.h, which includes only the
# layers' doors, and no file touched by a command itself
sed -i '0,/#include "/s|#include "|#include "grade/grade.h"\n#include "|' "$TMP/l/runner/validate/validate.c"
sed -i '0,/#include "/s|#include "|#include "engine/check/check.h"\n#include "|' "$TMP/l/runner/cmd/cmd-list.c"
sed -i 's|#include "grade/grade.h"|#include "grade/formats.h"|' "$TMP/l/runner/cmd/cmd.h"
printf 'static void h(void) { FILE *f = fopen("x", "r"); (void)f; }\n' >> "$TMP/l/runner/cmd/cmd-hint.c"
out=$("$TMP/l/scripts/check-layers" 2>&1)
printf '%s' "$out" | grep -q 'course/expr.c.*only engine/compute/clhost.c' && ok "check-layers refuses CL/cl.h outside engine/clhost.c" ||
	fail "CL/cl.h outside clhost.c: $out"
printf '%s' "$out" | grep -q 'runner/base/util.c' && fail "a file over 700 lines is refused for its size: $out" ||
	ok "check-layers has no cap on a file's lines"
printf '%s' "$out" | grep -q 'runner/grade/grade.c:[0-9]*:.*only base/proc.c starts processes' &&
	ok "check-layers refuses a fork outside the supervisor" || fail "a fork outside base/proc.c: $out"
printf '%s' "$out" | grep -q 'runner/ui/bench-report.c:[0-9]*: JSON written by hand: .*json_object_set_new.*json_dumps' &&
	ok "check-layers refuses a JSON key written by hand, naming jansson's calls" || fail "a JSON key by hand: $out"
printf '%s' "$out" | grep -q 'runner/grade/class.c:[0-9]*: JSON written by hand' &&
	ok "check-layers refuses a call of json_add_string" || fail "json_add_string: $out"
printf '%s' "$out" | grep -q 'runner/grade/merge.c:[0-9]*: grade/ may not include "watch/watch.h"' &&
	ok "check-layers refuses a layer that includes its peer (grade/ and watch/)" || fail "grade/ including watch/: $out"
printf '%s' "$out" | grep -q 'runner/engine/report/protocol.c:[0-9]*: engine/report/ may not include "engine/check/check.h" (engine/check/ is not below it)' &&
	ok "check-layers refuses an engine folder that includes a higher one" || fail "report/ including check/: $out"
printf '%s' "$out" | grep -q 'runner/engine/source/source.c:[0-9]*: engine/source/ may not include "engine/compute/compute.h" (engine/compute/ is not below it)' &&
	ok "check-layers refuses an engine folder that includes its peer" || fail "source/ including compute/: $out"
printf '%s' "$out" | grep -q 'runner/engine/seal/seal.c:[0-9]*: engine/seal/ may not include "engine/engine.h"' &&
	ok "check-layers refuses engine/engine.h inside the engine" || fail "seal/ including engine.h: $out"
printf '%s' "$out" | grep -q 'runner/engine/report/lines.h:1: a folder of the engine has one header, engine/report/report.h' &&
	ok "check-layers refuses a second header in an engine folder" || fail "a second header: $out"
printf '%s' "$out" | grep -q 'runner/engine/loose.c:1: not in a folder of the engine' &&
	ok "check-layers refuses an engine file in no folder" || fail "engine/loose.c: $out"
printf '%s' "$out" | grep -q 'runner/engine/analysis/access-plugin.cpp:[0-9]*: engine/ may not include "ui/ui.h"' &&
	ok "check-layers reads the plugin's includes" || fail "the plugin including ui/: $out"
printf '%s' "$out" | grep -q 'runner/engine/analysis/access-plugin.cpp:[0-9]*:.*only base/proc.c starts processes' &&
	ok "check-layers reads the plugin's calls" || fail "the plugin's popen: $out"
printf '%s' "$out" | grep -q "runner/ui/bench.c:1: the name bench.c is runner/course/bench.c's too" &&
	ok "check-layers refuses two files of one name" || fail "two bench.c: $out"
printf '%s' "$out" | grep -q 'runner/base/sbuf.c:[0-9]*: long_one is 101 lines, over 100' &&
	ok "check-layers refuses a function of 101 lines" || fail "a function of 101 lines: $out"
printf '%s' "$out" | grep -q 'short_one' && fail "a function of 100 lines is refused: $out" ||
	ok "check-layers takes a function of 100 lines"
printf '%s' "$out" | grep -q 'runner/validate/validate.c:[0-9]*: validate/ may not include "grade/grade.h"' &&
	ok "check-layers refuses validate/ including its peer grade/" || fail "validate/ including grade/: $out"
printf '%s' "$out" | grep -q 'runner/cmd/cmd-list.c:[0-9]*: cmd/ may not include "engine/check/check.h"' &&
	ok "check-layers refuses a command that includes more than cmd/cmd.h" || fail "cmd/ including check.h: $out"
printf '%s' "$out" | grep -q 'runner/cmd/cmd.h:[0-9]*: cmd/cmd.h includes only the layers. doors .*not "grade/formats.h"' &&
	ok "check-layers refuses cmd/cmd.h including a layer's inner header" || fail "cmd.h including formats.h: $out"
printf '%s' "$out" | grep -q 'runner/cmd/cmd-hint.c:[0-9]*: a command touches no file itself' &&
	ok "check-layers refuses a command that opens a file itself" || fail "cmd/ calling fopen: $out"
exit 0
