# The catalogs (po/): msgfmt finds them clean; changing an English message of runner/ makes the
# catalog check (run by make check) fail until po/clings.pot is regenerated and the Portuguese
# is written; a language without a catalog falls back to English with one warning; list and
# devices speak Portuguese through and through.
. tests/lib.sh
for po in po/*.po; do
	msgfmt --check -o /dev/null "$po" && ok "msgfmt -c finds $po clean" || fail "msgfmt -c $po"
done
check "the catalog matches the messages of runner/" scripts/check-catalog

# A copy of the sources, with one English message changed.
mkdir -p "$TMP/tree/scripts"
cp -r runner po "$TMP/tree/"
cp scripts/check-catalog "$TMP/tree/scripts/"
sed -i 's/"Test %s: %s"/"Case %s: %s"/' "$TMP/tree/runner/engine/check/judge.c"
out=$("$TMP/tree/scripts/check-catalog" 2>&1) && fail "a changed message passed the catalog check" ||
	ok "a changed English message fails the catalog check"
printf '%s' "$out" | grep -q 'Case %s: %s' && ok "the catalog check names the changed message" ||
	fail "the check does not name the message: $out"
# make pot brings the template up to date; the translation is still missing
"$TMP/tree/scripts/check-catalog" --update >/dev/null 2>&1
out=$("$TMP/tree/scripts/check-catalog" 2>&1) && fail "an untranslated message passed" ||
	ok "after --update, the untranslated message still fails the check"
printf '%s' "$out" | grep -q 'no translation for what a learner reads' && ok "the check says a translation is missing" ||
	fail "untranslated: $out"
printf '%s' "$out" | grep -q 'Case %s: %s' && ok "the check names the untranslated message" ||
	fail "untranslated, not named: $out"
# once a translator writes it, all is well again
# (msgmerge offered the old translation as a guess, marked fuzzy, or none: either way, rewrite it)
awk '/^#, fuzzy/ { held = $0; next }
     held && /^msgid "Case %s: %s"$/ { print "#, c-format"; print; getline; print "msgstr \"Caso %s: %s\""; held = ""; next }
     held { print held; held = "" }
     /^msgid "Case %s: %s"$/ { print; getline; print "msgstr \"Caso %s: %s\""; next }
     { print }' "$TMP/tree/po/pt_BR.po" > "$TMP/po" && mv "$TMP/po" "$TMP/tree/po/pt_BR.po"
"$TMP/tree/scripts/check-catalog" && ok "once translated, the catalog check passes" || fail "translated, and still refused"

# A language without a catalog: English, and one warning.
out=$("$CLINGS" --lang es list 2>&1)
[ "$(printf '%s\n' "$out" | grep -c "no catalog for 'es'")" -eq 1 ] && ok "--lang es warns once that there is no catalog" ||
	fail "--lang es: $out"
printf '%s' "$out" | grep -q ' new ' && ok "--lang es falls back to English" || fail "--lang es is not English: $out"

# Portuguese through and through: no English word of clings' own in list and devices.
course=$(copy_course 2>/dev/null)
printf '[clings]\nversion = 1\ncurrent = memory_4\n[exercise]\nname = scale\nlast = wrong_result\n' > "$(state_file "$course")"
out=$("$CLINGS" --course "$course" --lang pt-BR list)
for word in ' new ' ' todo ' ' done' current 'last:' wrong_result; do
	printf '%s' "$out" | grep -q -- "$word" && fail "list in Portuguese says '$word': $out" ||
		ok "list in Portuguese does not say '$word'"
done
printf '%s' "$out" | grep -q 'feitos' && ok "list in Portuguese counts 'feitos'" || fail "list: $out"
printf '%s' "$out" | grep -q 'Resultado errado' && ok "list in Portuguese names the last verdict in Portuguese" ||
	fail "list, last verdict: $out"
out=$("$CLINGS" --lang pt-BR devices)
printf '%s' "$out" | grep -q 'Escolha um com --device' && ok "devices in Portuguese says how to choose one" || fail "devices: $out"
printf '%s' "$out" | grep -q 'Isolamento:' && ok "devices in Portuguese names the isolation" || fail "devices: $out"
exit 0
