# The two sets of Debian packages (scripts/install-deps): what building and running clings needs
# (a learner's ./run.sh, a grading image) and what development adds (make check). The runtime set
# holds every package that the build and the commands a learner or a grader runs use, and none
# that only tests use; ./run.sh and the grading image ask for the runtime set alone.
. tests/lib.sh
runtime=$(scripts/install-deps --list runtime) || fail "install-deps --list runtime failed"
dev=$(scripts/install-deps --list dev) || fail "install-deps --list dev failed"
[ -n "$runtime" ] && [ -n "$dev" ] && ok "both sets are listed" || fail "an empty set: runtime '$runtime' dev '$dev'"
both=$(comm -12 <(sort <<<"$runtime") <(sort <<<"$dev"))
[ -z "$both" ] && ok "no package is in both sets" || fail "in both sets: $both"
scripts/install-deps --list nothing >/dev/null 2>&1 && fail "an unknown set was listed" ||
	ok "an unknown set is refused"

in_set() {   # in_set SET PACKAGE
	grep -qx "$2" <<<"$1"
}
owner_of() {   # owner_of FILE: the Debian package that installed FILE (under /usr or, merged, /)
	local f
	f=$(readlink -f "$1")
	{ dpkg -S "$f" || dpkg -S "${f#/usr}"; } 2>/dev/null | head -1 | cut -d: -f1
}

# what the runtime set brings: its packages and everything they depend on
# shellcheck disable=SC2086
closure=$(apt-cache depends --recurse --installed --no-recommends --no-suggests --no-conflicts \
	--no-breaks --no-replaces --no-enhances $runtime 2>/dev/null | grep -v '^ ' | sed 's/:.*//' | sort -u)
# Every program the build and the runtime paths run, and every library the Makefile links, comes
# from a runtime package (found through dpkg, not written down twice).
for prog in make gcc pkg-config msgfmt clang oclgrind g++ bwrap jq python3 llvm-config-14; do
	path=$(PATH=/usr/bin:/bin:/usr/sbin:/sbin command -v "$prog") || fail "$prog is not installed (scripts/install-deps --dev installs it)"
	pkg=$(owner_of "$path")
	[ -n "$pkg" ] || fail "no package owns $path"
	# a program reached through the alternatives or a versioned package (gcc-12 for gcc): a
	# runtime package depends on its owner
	in_set "$closure" "$pkg" || fail "$prog ($pkg) is used at run time but no runtime package brings it"
done
ok "every program the build and the commands run comes from the runtime set"
for lib in $(sed -n 's/^PKGS *:= *//p' Makefile); do
	pc=$(pkg-config --variable=pcfiledir "$lib")/$lib.pc
	pkg=$(owner_of "$pc")
	in_set "$runtime" "$pkg" || fail "the library $lib ($pkg) is linked but not in the runtime set"
done
ok "every library the Makefile links is in the runtime set"
pkg=$(owner_of "$(ls /usr/include/oclgrind/Plugin.h)")
in_set "$runtime" "$pkg" || fail "the access plugin's headers ($pkg) are not in the runtime set"
ok "the access plugin's headers are in the runtime set"

# Nothing only a test uses is in the runtime set: the tools that only tests/ and scripts/bench*
# run, each found in the tests, are development packages.
for prog in tmux prove xmllint chromium slurmctld munge zsh podman mmdebstrap; do
	grep -rqw "$prog" tests scripts/bench* Makefile || fail "$prog is not used by any test: drop it from this list"
	path=$(PATH=/usr/bin:/bin:/usr/sbin:/sbin command -v "$prog") || continue
	pkg=$(owner_of "$path")
	in_set "$runtime" "$pkg" && fail "$prog ($pkg), which only tests use, is in the runtime set"
	in_set "$dev" "$pkg" || fail "$prog ($pkg) is used by tests but is in neither set"
done
pkg=$(owner_of "$(ls /usr/include/cmocka.h)")
in_set "$runtime" "$pkg" && fail "cmocka is in the runtime set"
ok "no test-only package is in the runtime set"

# ./run.sh asks for exactly the runtime set: a dpkg-query that finds nothing installed, and an
# install that only says what it would install (CLINGS_DEPS_DRY_RUN); run.sh stops at the build,
# which a make that fails ends.
mkdir -p "$TMP/bin" "$TMP/clone/scripts"
printf '#!/bin/sh\nexit 1\n' > "$TMP/bin/dpkg-query"
printf '#!/bin/sh\nexit 3\n' > "$TMP/bin/make"
chmod +x "$TMP/bin/dpkg-query" "$TMP/bin/make"
cp run.sh "$TMP/clone/"
cp scripts/install-deps "$TMP/clone/scripts/"
out=$(PATH="$TMP/bin:$PATH" CLINGS_DEPS_DRY_RUN=1 "$TMP/clone/run.sh" 2>&1)
asked=$(sed -n 's/^clings: installing: *//p' <<<"$out" | tr ' ' '\n' | sed '/^$/d' | sort)
[ "$asked" = "$(sort <<<"$runtime")" ] && ok "./run.sh asks for the runtime set, nothing else" ||
	fail "./run.sh asked for: $(tr '\n' ' ' <<<"$asked")"
# make check asks for both
out=$(PATH="$TMP/bin:$PATH" CLINGS_DEPS_DRY_RUN=1 scripts/install-deps --dev 2>&1)
asked=$(sed -n 's/^clings: installing: *//p' <<<"$out" | tr ' ' '\n' | sed '/^$/d' | sort)
[ "$asked" = "$(printf '%s\n%s\n' "$runtime" "$dev" | sort)" ] && ok "install-deps --dev asks for both sets" ||
	fail "--dev asked for: $(tr '\n' ' ' <<<"$asked")"
grep -q '^deps:' Makefile && sed -n '/^deps:/,/^$/p' Makefile | grep -q 'install-deps --dev' &&
	ok "make check installs the development set too" || fail "the Makefile's deps target does not ask for --dev"
grep -q 'scripts/install-deps --dev' grading/Containerfile && fail "the grading image installs the development set" ||
	ok "the grading image installs the runtime set only"
