# Lessons name the figures measured on a device, {{FILE.SECTION.KEY}} for KEY in [SECTION] of
# docs/measured/FILE.ini, instead of writing them down. Every lesson and hint of the course, in
# both languages, is shown with no figure left unfilled and each figure's value as the data
# file has it (with the language's decimal separator); every figure of the course names a key
# of its file (looked up here without clings); validate names a figure that names no value at
# its file and line; and no line of a diagram or code block of any lesson or hints file is
# wider than 75 columns, so that with the 4-column indent it does not wrap at 80.
. tests/lib.sh
course=$(copy_course)
run() { "$CLINGS" --course "$course" "$@"; }
data=docs/measured/h100.ini

# value FILE SECTION KEY: the value in the data file, read with awk, not with clings
value() {
	awk -v s="[$2]" -v k="$3" '/^\[/ { in_s = ($0 == s) } in_s && $1 == k && $2 == "=" {
		sub(/^[^=]*=[ \t]*/, ""); sub(/[ \t]+$/, ""); print; exit }' "docs/measured/$1.ini"
}

for key in name driver date; do
	[ -n "$(value h100 device "$key")" ] && ok "$data records the device's $key" ||
		fail "$data has no $key in [device]"
done

# Every figure any lesson or hints file names is a key of its data file.
figures=$(grep -oh '{{[A-Za-z0-9_.-]*}}' lessons/*/*.md | grep -vx '{{check}}' | sort -u)   # {{check}}: t088
[ -n "$figures" ] && ok "the lessons name figures" || fail "no lesson names a figure"
for f in $figures; do
	name=${f#\{\{}; name=${name%\}\}}
	file=${name%%.*}; rest=${name#*.}; section=${rest%.*}; key=${rest##*.}
	v=$(value "$file" "$section" "$key")
	[ -n "$v" ] && ok "$f is in docs/measured/$file.ini" || fail "$f: no $key in [$section] of docs/measured/$file.ini"
done

# Shown, every lesson and every hint has each figure filled in.
for ini in exercises/*.ini; do
	ex=$(basename "$ini" .ini)
	for lang in en pt-BR; do
		out=$(run --lang "$lang" lesson "$ex" 2>&1) || fail "lesson $ex in $lang: $out"
		hints=$(grep -c '^## \(Hint\|Dica\)' "lessons/$lang/$ex.hints.md")
		for _ in $(seq "$hints"); do
			out+=$(run --lang "$lang" hint "$ex" 2>&1) || fail "hint $ex in $lang: $out"
		done
		case $out in
		*'{{'*) fail "$ex in $lang shows a figure unfilled: $(printf '%s\n' "$out" | grep -F '{{')" ;;
		*) ok "$ex in $lang: the lesson and its $hints hints show no figure unfilled" ;;
		esac
	done
done

# A figure shows its file's value: a decimal one with the language's separator.
ms=$(value h100 matmul_tiled ms)
case $ms in *.*) ;; *) fail "matmul_tiled's ms ($ms) is no longer a decimal: pick another figure here" ;; esac
run lesson matmul_tiled | grep -qF " $ms ms" && ok "the English lesson shows $ms ms" ||
	fail "matmul_tiled in English does not show $ms ms"
run --lang pt-BR lesson matmul_tiled | grep -qF " ${ms/./,} ms" && ok "the Portuguese lesson shows ${ms/./,} ms" ||
	fail "matmul_tiled in Portuguese does not show ${ms/./,} ms"
gbps=$(value h100 transpose_padded gbps)
run lesson transpose_tiled | grep -qF "$gbps GB/s" && ok "transpose_tiled shows the padded tile's $gbps GB/s" ||
	fail "transpose_tiled does not show $gbps GB/s"

# validate: the course as it is, then figures that name no value, each at its file and line.
run validate --quick > "$TMP/out" 2>&1 && ok "validate --quick passes the course's figures" ||
	fail "validate --quick: $(grep -v ' ok ' "$TMP/out")"
printf '\nUnknown: {{h100.scale.nope}}.\n\nNot a name: {{h100}}.\n' >> "$course/lessons/pt-BR/scale.md"
printf 'Another file: {{a100.scale.gbps}}.\n' >> "$course/lessons/en/scale.hints.md"
n=$(wc -l < "$course/lessons/pt-BR/scale.md")
h=$(wc -l < "$course/lessons/en/scale.hints.md")
run validate --quick scale > "$TMP/out" 2>&1; rc=$?
[ $rc -eq 1 ] && ok "validate fails on figures that name no value" || fail "validate: exit $rc: $(cat "$TMP/out")"
grep -qF "lessons/pt-BR/scale.md:$((n - 2)): {{h100.scale.nope}}: " "$TMP/out" &&
	ok "a key the file lacks is named at its line" || fail "unknown key: $(cat "$TMP/out")"
grep -qF "lessons/pt-BR/scale.md:$n: {{h100}} is not a figure" "$TMP/out" &&
	ok "a name that is not FILE.SECTION.KEY is named at its line" || fail "not a name: $(cat "$TMP/out")"
grep -qF "lessons/en/scale.hints.md:$h: {{a100.scale.gbps}}: " "$TMP/out" && grep -qF "a100.ini" "$TMP/out" &&
	ok "a figure of a missing data file is named, with the file" || fail "missing file: $(cat "$TMP/out")"
grep -q '3 problems' "$TMP/out" && ok "three figures, three problems" || fail "count: $(cat "$TMP/out")"
run --lang pt-BR lesson scale | grep -qF '{{h100.scale.nope}}' && ok "shown, a figure with no value stays as written" ||
	fail "a figure with no value was not shown as written"
# A data file that does not say when it was measured is no source of figures.
sed -i '/^date *=/d' "$course/$data"
run validate --quick transpose_tiled > "$TMP/out" 2>&1 && fail "validate passed figures of a file without a date" ||
	ok "validate fails on a data file without [device] date"
grep -qF 'h100.ini:' "$TMP/out" && grep -qF '[device] needs name, driver and date' "$TMP/out" &&
	ok "it names the data file and what it lacks" || fail "no date: $(cat "$TMP/out")"

# scripts/device-bench --ini writes a data file with a key for every figure the lessons name:
# here with a stand-in for clings that answers every bench with the same figures.
cat > "$TMP/fake-clings" <<'FAKE'
#!/bin/sh
echo '{"exercise": "x", "status": "ok", "device": "Some GPU", "peak": {"gflops": 60000.4}, "rows": [
 {"work_group": "64", "skipped": false, "kernel": {"loop": {"seconds": 0.00295, "gbps": 1234.5, "of_copy": 0.5,
  "gflops": 20000.2, "of_peak": 0.333}}},
 {"work_group": "256", "skipped": false, "kernel": {"loop": {"seconds": 0.0031, "gbps": 1200, "of_copy": 0.45}}}]}'
FAKE
chmod +x "$TMP/fake-clings"
mkdir -p "$TMP/bench/docs/measured"
CLINGS="$TMP/fake-clings" scripts/device-bench --ini > "$TMP/bench/docs/measured/h100.ini" ||
	fail "device-bench --ini: exit $?"
for key in name driver date; do
	[ -n "$(cd "$TMP/bench" && value h100 device "$key")" ] && ok "device-bench --ini records the device's $key" ||
		fail "device-bench --ini: no $key: $(cat "$TMP/bench/docs/measured/h100.ini")"
done
[ "$(cd "$TMP/bench" && value h100 transpose_padded gbps)" = 1235 ] &&
	[ "$(cd "$TMP/bench" && value h100 matmul_tiled naive_ms)" = 2.95 ] &&
	[ "$(cd "$TMP/bench" && value h100 matmul_tiled of_copy)" = 50 ] &&
	[ "$(cd "$TMP/bench" && value h100 matmul_register gflops)" = 20000 ] &&
	[ "$(cd "$TMP/bench" && value h100 matmul_register of_peak)" = 33 ] &&
	[ "$(cd "$TMP/bench" && value h100 matmul_register peak_gflops)" = 60000 ] &&
	ok "it writes the best work-group's GB/s, ms and share of a copy, GFLOP/s and share of the peak" ||
	fail "device-bench --ini: $(cat "$TMP/bench/docs/measured/h100.ini")"
for f in $(printf '%s\n' $figures | grep '^{{h100\.' | grep -v '^{{h100\.device\.'); do
	name=${f#\{\{h100.}; name=${name%\}\}}
	[ -n "$(cd "$TMP/bench" && value h100 "${name%.*}" "${name##*.}")" ] || fail "device-bench --ini writes no $f"
done
ok "device-bench --ini writes every figure the lessons name"

# No line of a fenced block wider than 75 columns (tabs to the next multiple of 4, as the
# renderer expands them; a UTF-8 character is one column).
wide=$(LC_ALL=C awk '
/^ *(```|~~~)/ { fence = !fence; next }
fence {
	w = 0
	for (i = 1; i <= length($0); i++) {
		ch = substr($0, i, 1)
		if (ch == "\t") w += 4 - w % 4
		else if (ch < "\200" || ch > "\277") w++
	}
	if (w > 75) printf "%s:%d: %d columns\n", FILENAME, FNR, w
}' lessons/*/*.md)
[ -z "$wide" ] && ok "no line of a lesson's diagram or code block is wider than 75 columns" ||
	fail "fenced lines wider than 75 columns: $wide"
exit 0
