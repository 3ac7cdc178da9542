# `make install` prepares the installed course (Makefile: the installed clings runs `clings
# prepare`) in the caches of the user who installs: afterwards they hold the precompiled header
# with PoCL's probed options, each reference's kept binary, PoCL's compiled kernels and every
# exercise's stub verdict, and the first check in a new workspace makes none of them again (it
# uses install's). With PREPARE=0 nothing is prepared, and that first check makes them itself.
. tests/lib.sh
cp -r tests/fixtures/course "$TMP/course"   # two exercises: quick to prepare
course=$TMP/course
install_to() {   # install_to PREFIX [VAR=VALUE...]: make install of the built clings, the fixture course
	local prefix=$1
	shift
	make -C "$LIB_ROOT" -s --no-print-directory -o all -o clings -o build/clings-access.so install \
		PREFIX="$prefix" COURSE="$course" "$@" > "$TMP/install.out" 2>&1 ||
		fail "make install: $(cat "$TMP/install.out")"
}
cache=$XDG_CACHE_HOME/clings
products() {   # the precompiled header's files and the references' binaries kept, one a line
	find "$cache/pch" "$cache/ref" -type f 2>/dev/null | sort
}
n_ex=$(ls "$course"/exercises/*.ini | wc -l)

install_to "$TMP/prefix"
[ -n "$(find "$cache/pch" -name '*.pch' 2>/dev/null)" ] && [ -n "$(find "$cache/pch" -name '*.opts' 2>/dev/null)" ] &&
	ok "make install made the precompiled header and PoCL's probed options" ||
	fail "no precompiled header: $(find "$XDG_CACHE_HOME" 2>&1 | head -20) $(cat "$TMP/install.out")"
[ "$(find "$cache/ref" -name '*.bin' | wc -l)" -ge "$n_ex" ] && ok "and a kept binary for each of the $n_ex references" ||
	fail "references kept: $(ls "$cache/ref" 2>&1)"
[ -n "$(find "$POCL_CACHE_DIR" -type f 2>/dev/null | head -1)" ] && ok "and PoCL's compiled kernels" ||
	fail "PoCL's cache is empty: $POCL_CACHE_DIR"
[ "$(find "$cache" -path '*/course-*' -type f | wc -l)" -ge "$n_ex" ] && ok "and every exercise's stub verdict" ||
	fail "stub verdicts: $(find "$cache" -path '*/course-*')"
before=$(products)
"$TMP/prefix/bin/clings" init "$TMP/ws" > /dev/null 2>&1 || fail "clings init"
(cd "$TMP/ws" && "$TMP/prefix/bin/clings" check copy --json > "$TMP/first.json" 2>"$TMP/first.err")
[ "$(jq -r .verdict "$TMP/first.json")" = wrong_result ] && [ "$(products)" = "$before" ] &&
	ok "the first check in a new workspace uses them: it makes no header or binary of its own" ||
	fail "first check: $(cat "$TMP/first.json" "$TMP/first.err"); made: $(diff <(echo "$before") <(products))"

# PREPARE=0, with caches of its own: nothing prepared; the first check makes them.
export XDG_CACHE_HOME=$TMP/cold/.cache POCL_CACHE_DIR=$TMP/cold/pocl
cache=$XDG_CACHE_HOME/clings
install_to "$TMP/prefix2" PREPARE=0
[ -z "$(products)" ] && ok "PREPARE=0: nothing is prepared" || fail "PREPARE=0 prepared: $(products)"
"$TMP/prefix2/bin/clings" init "$TMP/ws2" > /dev/null 2>&1 || fail "clings init"
(cd "$TMP/ws2" && "$TMP/prefix2/bin/clings" check copy --json > "$TMP/first.json" 2>"$TMP/first.err")
[ "$(jq -r .verdict "$TMP/first.json")" = wrong_result ] && [ -n "$(products)" ] &&
	ok "and the first check makes them itself" || fail "cold first check: $(cat "$TMP/first.json"); $(products)"
