# The memory-access figures of the analysis, against kernels whose figures are worked out by hand
# in their comments (tests/access/README.md says how a figure line reads).
. tests/lib.sh
course="$TMP/access"
mkdir -p "$course/exercises" "$course/checks" "$course/solutions"
for k in tests/access/*.cl; do
	name=$(basename "$k" .cl)
	case $(sed -n 1p "$k") in
	"// 2d"*) global="16, 16" local="16, 16" ;;
	*) global="len" local="32" ;;
	esac
	printf '[exercise]\ntitle = %s\norder = 1\n' "$name" > "$course/exercises/$name.ini"
	cp "$k" "$course/exercises/$name.cl"
	cp "$k" "$course/solutions/$name.cl"
	cat > "$course/checks/$name.ini" <<INI
[check]
kernel = k
signature = __global const int *in, __global int *out, uint len
analysis = required
[buffer in]
size = len * 32
init = iota(0)
[buffer out]
size = len
output = yes
[scalar len]
value = len
[ndrange]
global = $global
local = $local
[test one]
len = 256
analyze = yes
INI
done
checked=0
for k in tests/access/*.cl; do
	name=$(basename "$k" .cl)
	grep '^// figure: ' "$k" > "$TMP/figures" && ok "$k states its figures" || fail "$k states no figure"
	while read -r _ _ a b c d e f; do
		warp=32 banks=32
		if [ -n "$f" ]; then warp=$a banks=$b line=$c op=$d buf=$e want=$f
		else line=$a op=$b buf=$c want=$d; fi
		json=$(CLINGS_WARP=$warp CLINGS_BANKS=$banks "$CLINGS" --course "$course" check "$name" --json)
		[ "$(printf '%s' "$json" | jq -r .verdict)" = pass ] && ok "$name passes (warp $warp, $banks banks)" ||
			fail "$name does not pass: $json"
		fig=$(printf '%s' "$json" | jq -c --argjson l "$line" --arg op "$op" --arg n "$buf" \
			'[.access[] | select(.line == $l and .op == $op and .name == $n)] | first')
		[ "$fig" != null ] && ok "$name has a figure for the $op of $buf at line $line" ||
			fail "$name: no $op of $buf at line $line: $(printf '%s' "$json" | jq -c .access)"
		case $want in
		*/*) got=$(printf '%s' "$fig" | jq -r '"\(.sectors_per_request*10|round/10)/\(.ideal_per_request*10|round/10)"')
		     want=$(printf '%s' "$want" | sed 's/\.0//g') ;;
		*x) got="$(printf '%s' "$fig" | jq -r .worst_conflict_degree)x" ;;
		shared|private) got=$(printf '%s' "$fig" | jq -r 'if .shared_loads > 0 then "shared" else "private" end') ;;
		split:*) got=$(printf '%s' "$fig" | jq -r 'if .split_requests then
			"split:\(.align)x\(.split_requests / .requests | round):\(.split_sectors_per_request*10|round/10)"
			else "split:none" end')
		     want=$(printf '%s' "$want" | sed 's/\.0$//') ;;
		*) fail "$k: cannot read the figure '$want'" ;;
		esac
		[ "$got" = "$want" ] && ok "$name (warp $warp, $banks banks): $op of $buf at line $line is $want" ||
			fail "$name (warp $warp, $banks banks): $op of $buf at line $line: expected $want, got $got"
		checked=$((checked + 1))
	done < "$TMP/figures"
done
[ "$checked" -ge 15 ] && ok "$checked figures checked, at least 15" || fail "only $checked figures checked"

# A helper function's pointer parameter has no name of the check: the figure says so in words.
text=$($CLINGS check scan_device --file solutions/scan_device.cl --verbose 2>&1)
at=$(grep -n 'tmp\[lid - d\]' solutions/scan_device.cl | head -1 | cut -d: -f1)   # the helper's read
printf '%s\n' "$text" | grep -q "^  line $at, load through a pointer: local" &&
	ok "an access through a helper's pointer parameter is called one" || fail "no pointer access line: $text"
printf '%s\n' "$text" | grep -q ' of ?: \| to ?: ' && fail "a figure names '?': $text" ||
	ok "no figure names '?'"
text=$($CLINGS --lang pt-BR check scan_device --file solutions/scan_device.cl --verbose 2>&1)
printf '%s\n' "$text" | grep -q "^  linha $at, leitura por um ponteiro: local" &&
	ok "in Portuguese too" || fail "no pointer access line in Portuguese: $text"

# Arguments are measured by their place in the signature: a learner's own name for a tile is
# still the check's (Bsub), and each tile's sharing rule is met by that tile alone.
sed 's/Bsub/tileB/g' solutions/matmul_tiled.cl > "$TMP/renamed.cl"
json=$($CLINGS check matmul_tiled --file "$TMP/renamed.cl" --json)
[ "$(printf '%s' "$json" | jq -r .verdict)" = pass ] && ok "a renamed tile passes" || fail "renamed tile: $json"
printf '%s' "$json" | jq -e '[.access[] | select(.name == "Bsub" and .op == "load" and .shared_loads > 0)] | length > 0' \
	> /dev/null && ok "the renamed tile is measured as Bsub, shared" || fail "no shared load of Bsub: $(printf '%s' "$json" | jq -c .access)"
# (without the large test, which this slower kernel may not finish in time on a loaded machine:
# the rule is measured on the tiny ones)
small=$(copy_course)
sed -i '/^\[test large\]/,/^$/d' "$small/checks/matmul_tiled.ini"
json=$($CLINGS --course "$small" check matmul_tiled --file wrong/matmul_tiled/b_from_global.cl --json)
msg=$(printf '%s' "$json" | jq -r .message)
[ "$(printf '%s' "$json" | jq -r .verdict)" = requirement_unmet ] && ok "one tile of two is refused" ||
	fail "B read from global memory: $json"
printf '%s' "$msg" | grep -q 'does not use `Bsub` while it runs' && ok "the missing tile is named" || fail "no Bsub: $msg"
printf '%s' "$msg" | grep -q 'does not use __local memory\|reads back only what it stored' &&
	fail "a false cause: $msg" || ok "no false cause (the kernel uses __local memory)"
# vload2 is a load of its buffer: the exercise's rule applies to it as to its scalar twin
json=$($CLINGS check reduce_fast --file wrong/reduce_fast/vload_scattered_pairs.cl --json)
[ "$(printf '%s' "$json" | jq -r .verdict)" = requirement_unmet ] && ok "scattered vload2 pairs are refused" ||
	fail "vload2: $json"
# an async copy into local memory is a fill the group shares
json=$($CLINGS check local_reverse --file wrong/local_reverse/ok_async_copy.cl --json)
[ "$(printf '%s' "$json" | jq -r .verdict)" = pass ] && ok "a block filled by async_work_group_copy passes" ||
	fail "async copy: $json"

# Figures where the exercise teaches them: scale's check has no [access] rules, so its pass shows
# none unless asked (--verbose) and keeps them in JSON; reduce_sequential's shows them.
out=$($CLINGS check scale --file solutions/scale.cl --no-cache 2>&1)
printf '%s' "$out" | grep -q 'sectors' && fail "scale's pass shows figures it does not teach: $out" ||
	ok "a pass of an exercise without [access] rules shows no access figures"
$CLINGS check scale --file solutions/scale.cl --verbose 2>&1 | grep -q 'sectors (ideal' &&
	ok "--verbose shows them" || fail "scale --verbose shows no figures"
[ "$($CLINGS check scale --file solutions/scale.cl --json | jq '.access | length')" -gt 0 ] &&
	ok "and JSON keeps them" || fail "scale's JSON lost its figures"
$CLINGS check reduce_sequential --file solutions/reduce_sequential.cl 2>&1 | grep -q 'sectors (ideal' &&
	ok "an exercise with [access] rules shows its figures on a pass" || fail "reduce_sequential shows no figures"
exit 0
