# A course from nothing: docs/authoring.md's recipe, run as it is written there, makes a course
# with `clings new` alone (course.ini, its folders, templates/new/, the exercise's eight files);
# validate lists what says FILL IN; once the author writes those, validate passes with the
# kernels run. `new` writes nothing over what is there.
. tests/lib.sh
bin=$TMP/bin
mkdir -p "$bin"
ln -s "$CLINGS" "$bin/clings"
# The recipe: the first sh block after "From nothing" in docs/authoring.md.
awk '/From nothing/ { on = 1 } on && /^```sh$/ { inside = 1; next } inside && /^```$/ { exit } inside' \
	docs/authoring.md > "$TMP/recipe.sh"
grep -q 'clings --course . new twice' "$TMP/recipe.sh" && ok "authoring.md has the recipe" ||
	fail "no recipe found: $(cat "$TMP/recipe.sh")"
out=$(cd "$TMP" && PATH="$bin:$PATH" bash -e "$TMP/recipe.sh" 2>&1); rc=$?
c=$TMP/mycourse
[ $rc -eq 1 ] && ok "the recipe ends in validate, which finds what is left to write (exit 1)" ||
	fail "recipe: exit $rc: $out"
for f in course.ini exercises/twice.ini exercises/twice.cl solutions/twice.cl checks/twice.ini \
	lessons/en/twice.md lessons/en/twice.hints.md lessons/es/twice.md lessons/es/twice.hints.md \
	templates/new/stub.cl templates/new/check.ini; do
	[ -f "$c/$f" ] || fail "the recipe made no $f: $(cd "$c" && find . | sort)"
done
ok "the recipe makes the course's files and the exercise's, in both languages"
[ -d "$c/wrong" ] && ok "and wrong/ for the wrong kernels" || fail "no wrong/"
grep -qx 'languages = en, es' "$c/course.ini" && ok "the author's course.ini is kept" || fail "course.ini: $(cat "$c/course.ini")"
printf '%s\n' "$out" | grep -q 'twice.cl:1: still to write: FILL IN' && ok "validate names what says FILL IN at file:line" ||
	fail "validate: $out"

# The author writes what says FILL IN: each work-item doubles one element.
cd "$c" || fail "no course"
printf '[exercise]\ntitle = Twice\ntitle.es = El doble\norder = 10\n' > exercises/twice.ini
sed -i '/FILL IN/d; s|out\[i\] = in\[i\];|out[i] = 2 * in[i];|' solutions/twice.cl
sed -i '/FILL IN/d' exercises/twice.cl checks/twice.ini
printf '# Twice\n\nEach work-item doubles one element of `in` into `out`.\n' > lessons/en/twice.md
printf '# El doble\n\nCada work-item duplica un elemento de `in` en `out`.\n' > lessons/es/twice.md
printf '## Hint\nOne element per work-item: `get_global_id(0)`.\n' > lessons/en/twice.hints.md
printf '## Hint\nUn elemento por work-item: `get_global_id(0)`.\n' > lessons/es/twice.hints.md
cd "$LIB_ROOT" || fail "no checkout"
out=$("$CLINGS" --course "$c" validate 2>&1); rc=$?
[ $rc -eq 0 ] && printf '%s\n' "$out" | grep -q '0 problems' &&
	ok "the course built from nothing validates: the solution passes, the stub fails" || fail "validate: exit $rc: $out"

# A second exercise in the course made: from the course's own template; nothing written over.
echo '// my template' > "$c/templates/new/stub.cl"
"$CLINGS" --course "$c" new thrice > /dev/null 2>&1 && [ "$(head -1 "$c/exercises/thrice.cl")" = '// my template' ] &&
	ok "the course's template is used for the next exercise" || fail "thrice: $(cat "$c/exercises/thrice.cl" 2>&1)"
grep -qx 'languages = en, es' "$c/course.ini" && [ "$(cat "$c/exercises/twice.ini")" = "$(printf '[exercise]\ntitle = Twice\ntitle.es = El doble\norder = 10')" ] &&
	ok "nothing of the course was written over" || fail "written over: $(cat "$c/course.ini" "$c/exercises/twice.ini")"

# Without a course.ini: English alone.
"$CLINGS" --course "$TMP/plain" new one > /dev/null 2>&1 && grep -qx 'languages = en' "$TMP/plain/course.ini" &&
	[ -f "$TMP/plain/lessons/en/one.md" ] && ok "a missing folder becomes an English course" ||
	fail "plain: $(find "$TMP/plain" 2>&1)"
exit 0
