# What clings says of the shapes of issue 42 now that its diagnoses read libclang's facts of the
# kernel (engine/kernel-facts.c, diagnose-facts.c) instead of patterns of its text: a guard `i <=
# n`, an unset `int sum;`, a double buffer read at the wrong half, a histogram merged without a
# barrier, a tile read back untransposed, a transpose whose write guard has the read's bounds
# (tests/fixtures/diagnoses/), and two guards only a parser sees (tests/fixtures/facts/: operands
# the other way round, an early return). For each: the verdict, no false proved claim (the
# diagnoses the shape must never prove, listed below), no proved diagnosis at all without the
# verdict, the analysis or a repair behind it, the first diagnosis its header names, and its
# words in both languages, each diagnosis one assertion that names it.
. tests/lib.sh
course=$(copy_course)
cp -r wrong "$course/"
header() { sed -n "s|^// $1: ||p" "$2"; }

while read -r fixture never_proved; do
	f=tests/fixtures/$fixture.cl
	name=$(basename "$fixture")
	[ -f "$f" ] || fail "$name: no $f"
	read -r ex opts <<< "$(header check "$f")"
	# shellcheck disable=SC2086
	json=$($CLINGS --course "$course" check "$ex" --file "$f" $opts --json)
	fixture_report_holds "$name" "$f" "$json"   # its verdict, first diagnosis, never, proofs
	for id in $never_proved; do
		printf '%s' "$json" | jq -e --arg id "$id" 'any(.diagnoses[]; .id == $id and .certain)' > /dev/null &&
			fail "$name: $id is called proved: $(printf '%s' "$json" | jq -c .diagnoses)" ||
			ok "$name: $id is not called proved"
	done
	for lang in en pt-BR; do
		# shellcheck disable=SC2086
		# the same kernel again: its verdict from this script's own cache, its words in lang
		words=$($CLINGS --course "$course" --lang "$lang" check "$ex" --file "$f" $opts --json |
			jq -r '.diagnoses[] | "\(.id) (\(if .certain then "proved" else "asked" end)): \(.title)"')
		[ -n "$words" ] || fail "$name ($lang): no diagnosis named"
		while IFS= read -r said; do
			ok "$name ($lang) says $said"
		done <<< "$words"
	done
done <<'SHAPES'
diagnoses/guard_le guard_missing
diagnoses/private_sum_unset local_slot_unwritten
diagnoses/double_buffer_wrong_half reduction_steps_wrong elements_skipped
diagnoses/histogram_merge_no_barrier race_needs_atomic
diagnoses/tile_read_untransposed local_slot_unwritten
diagnoses/transpose_write_guard_read_bounds race_needs_atomic
facts/guard_ge_reversed guard_missing guard_wrong_bound
facts/guard_return_gt guard_missing guard_wrong_bound
SHAPES
