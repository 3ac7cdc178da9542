# Nothing is called proved that is not proved, and no text contradicts another (issue 42). Each
# kernel of tests/fixtures/diagnoses/ is a learner's mistake of a shape that used to be
# misnamed; its comment header says how to check it and what the report must say:
#   // check: EXERCISE [OPTION...]    the exercise, and options of `clings check`
#   // time_limit_ms: MS              the check's limit, in a course of its own
#   // verdict: VERDICT
#   // first: ID proved|asked         the first diagnosis, and whether it is proved
#   // never: ID                      a diagnosis the report must not hold, proved or asked
#   // say: LANG TEXT                 text the report in LANG holds
#   // unsaid: LANG TEXT              text it must not hold
# and in English and Portuguese: every proved diagnosis rests on the verdict, the analysis or a
# repair (its evidence_kind), the text says "proved" once for each of them and for nothing else,
# and nothing contradicts another: a guard the message says is there is never asked about as
# missing, no two mistakes that exclude each other are both proved, and no barrier is advised
# beside words that say no barrier helps (the runner's and the advice's words, as
# engine/diagnose-voice.c lists them, the learner's code the message quotes left out).
. tests/lib.sh
course=$(copy_course)
cp -r wrong "$course/"   # the course's wrong kernels: what a likeness is asked from
header() { sed -n "s|^// $1: ||p" "$2"; }
no_barrier='[Aa] barrier cannot help|No barrier can help|[Nn]o barrier helps|No barrier makes|Uma barreira não resolve|[Nn]enhuma barreira (resolve|ajuda)'
barrier_advised='barrier\(CLK_|Put barrier|put a barrier|end every step with|End every round with|needs its barrier|a barrier after|a barrier between|Ponha barrier|ponha uma barreira|termine cada passo com|precisa da sua barreira|uma barreira depois|uma barreira entre'
excluded='[["race_needs_atomic","barrier_missing"],["race_needs_atomic","fence_wrong_space"],["guard_missing","guard_off_by_one"],["guard_missing","guard_wrong_bound"],["nothing_stored","output_not_cleared"],["global_id_as_local_index","local_id_as_global_index"]]'

for f in tests/fixtures/diagnoses/*.cl; do
	name=$(basename "$f" .cl)
	read -r ex opts <<< "$(header check "$f")"
	where=$course
	limit=$(header time_limit_ms "$f")
	if [ -n "$limit" ]; then   # a course of its own, whose check has this limit
		where="$TMP/course-$name"
		cp -r "$course" "$where"
		sed -i "s/^time_limit_ms = .*/time_limit_ms = $limit/" "$where/checks/$ex.ini"
		grep -q "^time_limit_ms = $limit$" "$where/checks/$ex.ini" || fail "$name: no time_limit_ms in checks/$ex.ini"
	fi
	# shellcheck disable=SC2086
	json=$($CLINGS --course "$where" check "$ex" --file "$f" $opts --json --no-cache)
	fixture_report_holds "$name" "$f" "$json"
	printf '%s' "$json" | jq -e '(.facts.line_guard // .facts.guard_line) != null and
		any(.diagnoses[]; .id == "guard_missing")' > /dev/null &&
		fail "$name: the message names a guard, and guard_missing is asked: $(printf '%s' "$json" | jq -c .diagnoses)" ||
		ok "$name: a guard said to be there is not said to be missing"
	both=$(printf '%s' "$json" | jq -c --argjson x "$excluded" '[.diagnoses[] | select(.certain) | .id] as $c |
		[$x[] | select((.[0] as $a | $c | index($a)) and (.[1] as $b | $c | index($b)))]')
	[ "$both" = "[]" ] && ok "$name: no two proved mistakes exclude each other" ||
		fail "$name: proved together, and they exclude each other: $both"
	proved=$(printf '%s' "$json" | jq '[.diagnoses[] | select(.certain)] | length')
	[ "$proved" -gt 3 ] && proved=3
	for lang in en pt-BR; do
		# shellcheck disable=SC2086
		text=$($CLINGS --course "$where" --lang "$lang" check "$ex" --file "$f" $opts)
		said=$(printf '%s\n' "$text" | grep -c '^The mistake, proved: \|^O erro, comprovado: ')
		[ "$said" = "$proved" ] && ok "$name ($lang): 'proved' said $said times, once for each proved diagnosis" ||
			fail "$name ($lang): 'proved' said $said times, for $proved proved diagnoses: $text"
		prose=$(printf '%s\n' "$text" | grep -vE '^ *[0-9]+ \| ')
		no=$(printf '%s\n' "$prose" | grep -oE "$no_barrier" | head -n 1)
		yes=$(printf '%s\n' "$prose" | grep -oE "$barrier_advised" | head -n 1)
		[ -n "$no" ] && [ -n "$yes" ] && fail "$name ($lang): says '$no' and advises '$yes': $text"
		ok "$name ($lang): no barrier advised beside words that say none helps"
		while IFS= read -r line; do
			[ "${line%% *}" = "$lang" ] || continue
			printf '%s' "$text" | grep -qF -- "${line#* }" && ok "$name ($lang) says '${line#* }'" ||
				fail "$name ($lang) does not say '${line#* }': $text"
		done < <(header say "$f")
		while IFS= read -r line; do
			[ "${line%% *}" = "$lang" ] || continue
			printf '%s' "$text" | grep -qF -- "${line#* }" && fail "$name ($lang) says '${line#* }': $text" ||
				ok "$name ($lang) does not say '${line#* }'"
		done < <(header unsaid "$f")
	done
done
