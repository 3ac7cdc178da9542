# Installed once, a workspace of one's own: `make install` into a DESTDIR (the binary, the access
# plugin, clings(1), bash and zsh completion, the course as data with its stubs as shipped); the
# installed clings finds its course and plugin from its prefix; `clings init` in a new folder;
# an exercise solved there; a newer course installed over it: the learner's work and progress
# are intact, the newer stub offered beside the edited file and taken where it was untouched.
. tests/lib.sh
root=$TMP/root
bin=$root/usr/bin
# A course whose scale.cl is a learner's work on it (the stub as shipped in scale.cl.orig).
course1=$(copy_course 2>/dev/null)
cp -r templates wrong "$course1/"
cp "$course1/exercises/scale.cl" "$course1/exercises/scale.cl.orig"
cp solutions/scale.cl "$course1/exercises/scale.cl"
install_course() {   # install_course COURSE: make install of the built clings with COURSE as its course
	make -C "$LIB_ROOT" -s --no-print-directory -o all -o clings -o build/clings-access.so install \
		DESTDIR="$root" PREFIX=/usr COURSE="$1" > "$TMP/install.out" 2>&1 ||
		fail "make install: $(cat "$TMP/install.out")"
}
install_course "$course1"
for f in bin/clings lib/clings/clings-access.so share/man/man1/clings.1 share/bash-completion/completions/clings \
	share/zsh/site-functions/_clings share/clings/course/exercises/scale.ini share/clings/course/templates/new/stub.cl; do
	[ -f "$root/usr/$f" ] || fail "not installed: $f"
done
ok "make install puts the binary, the plugin, the man page, the completions and the course under DESTDIR/PREFIX"
cmp -s "$root/usr/share/clings/course/exercises/scale.cl" "$course1/exercises/scale.cl.orig" &&
	ok "the course is installed with its stubs as shipped, not a learner's work" || fail "the installed stub is not the pristine one"
[ ! -e "$root/usr/share/clings/course/exercises/scale.cl.orig" ] && ok "no .orig is installed" || fail ".orig installed"

# The man page renders, and says what --help says.
out=$(MANWIDTH=100 man --warnings -l "$root/usr/share/man/man1/clings.1" 2>"$TMP/man.err")
[ $? -eq 0 ] && [ ! -s "$TMP/man.err" ] && ok "man -l renders clings(1) without a warning" || fail "man: $(cat "$TMP/man.err")"
for cmd in $("$CLINGS" --help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 } on && /^$/ { exit }'); do
	summary=$("$CLINGS" help "$cmd" | sed -n 3p)
	printf '%s\n' "$out" | tr -s ' \n' ' ' | grep -qF "clings $cmd" && printf '%s\n' "$out" | tr -s ' \n' ' ' | grep -qF "$summary" ||
		fail "the man page lacks $cmd: $summary"
done
ok "the man page has every command of --help with its summary"
printf '%s\n' "$out" | grep -q -- '--no-analysis' && ok "and the commands' options" || fail "no options in the man page"
# ... and every key of the tutorial, as `clings help watch` (and `?`) lists them.
printf '%s\n' "$out" | grep -q '^TUTORIAL KEYS' || fail "the man page has no TUTORIAL KEYS section"
keys=$(sed -n '/^TUTORIAL KEYS/,/^[A-Z]/p' <<<"$out")
n=0
while read -r what; do
	grep -qF -- "$what" <<<"$keys" || fail "the man page's keys lack: $what"
	n=$((n + 1))
done < <("$root/usr/bin/clings" help watch | sed -n '/^keys:$/,/^$/p' | sed -n 's/^  .*  \([a-z].*\)$/\1/p')
[ "$n" -ge 15 ] && ok "the man page lists every key of the tutorial ($n)" || fail "only $n keys read from clings help watch"

# A new folder, the installed clings on PATH: init makes the workspace.
export PATH="$bin:$PATH"
mkdir -p "$TMP/learner"
cd "$TMP/learner" || fail "no folder"
out=$(clings init course 2>&1) && ok "clings init makes a workspace" || fail "init: $out"
ws=$TMP/learner/course
n=$(ls "$course1"/exercises/*.ini | wc -l)
[ "$(ls "$ws"/exercises/*.cl | wc -l)" -eq "$n" ] && ok "the workspace holds every exercise's stub" || fail "stubs: $(ls "$ws/exercises")"
cmp -s "$ws/exercises/scale.cl" "$course1/exercises/scale.cl.orig" && ok "the stubs are the course's" || fail "stub differs"
grep -qx "course = $root/usr/share/clings/course" "$ws/clings.ini" && ok "clings.ini names the installed course" ||
	fail "clings.ini: $(cat "$ws/clings.ini")"
clings init course > /dev/null 2>&1 && fail "init over a workspace" || ok "init never makes a workspace over one"

# Bash completion: the commands, and the exercise names of the workspace's course.
cd "$ws/exercises" || fail "no exercises/"
comp=$(bash -c '. "$1"; complete -p clings; COMP_WORDS=(clings ""); COMP_CWORD=1; _clings; echo "${COMPREPLY[*]}"
	COMP_WORDS=(clings check ""); COMP_CWORD=2; _clings; echo "${COMPREPLY[*]}"
	COMP_WORDS=(clings list --n); COMP_CWORD=2; _clings; echo "${COMPREPLY[*]}"
	COMP_WORDS=(clings --lang ""); COMP_CWORD=2; _clings; echo "${COMPREPLY[*]}"
	COMP_WORDS=(clings check --device ""); COMP_CWORD=3; _clings; echo "${COMPREPLY[*]}"' _ "$root/usr/share/bash-completion/completions/clings" 2>&1)
printf '%s\n' "$comp" | grep -q '^complete -F _clings clings$' && ok "bash: complete -p names the function" || fail "bash: $comp"
printf '%s\n' "$comp" | sed -n 2p | tr ' ' '\n' | grep -qx init && printf '%s\n' "$comp" | sed -n 2p | tr ' ' '\n' | grep -qx check &&
	ok "bash completes the commands" || fail "bash commands: $comp"
printf '%s\n' "$comp" | sed -n 3p | tr ' ' '\n' | grep -qx scale && printf '%s\n' "$comp" | sed -n 3p | tr ' ' '\n' | grep -qx memory_4 &&
	ok "bash completes the exercise names" || fail "bash exercises: $comp"
[ "$(printf '%s\n' "$comp" | sed -n 4p)" = "--names" ] && ok "bash completes a command's options" || fail "bash options: $comp"
[ "$(printf '%s\n' "$comp" | sed -n 5p)" = "en pt-BR" ] && ok "bash completes --lang with the course's languages" ||
	fail "bash --lang: $comp"
printf '%s\n' "$comp" | sed -n 6p | grep -Eq '^cpu gpu( [0-9]+:[0-9]+)+$' &&
	ok "bash completes --device with cpu, gpu and each device's P:D" || fail "bash --device: $comp"
# Zsh completion: its function, with zsh's completion builtins stood in for by printing ones.
if command -v zsh > /dev/null; then
	zcomp() {   # zcomp WORD...: what _clings offers after the words
		zsh -f -c 'compadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }
			_describe() { local a=${@[-1]}; print -l -- "${(@)${(P)a}%%:*}"; }
			_files() { print -- FILES; }
			f=$1; shift; words=("$@"); CURRENT=$#words; PREFIX=${words[-1]}; source "$f"' \
			_ "$root/usr/share/zsh/site-functions/_clings" clings "$@" 2>&1
	}
	zcomp "" | grep -qx init && zcomp "" | grep -qx validate && ok "zsh completes the commands" || fail "zsh: $(zcomp "")"
	zcomp check "" | grep -qx matmul_tiled && ok "zsh completes the exercise names" || fail "zsh exercises: $(zcomp check "")"
	zcomp --lang "" | grep -qx pt-BR && ok "zsh completes --lang" || fail "zsh --lang: $(zcomp --lang "")"
	zcomp check --device "" | grep -qx gpu && ok "zsh completes --device" || fail "zsh --device: $(zcomp check --device "")"
else
	fail "zsh is missing (scripts/install-deps installs it)"
fi

# The stubs a learner gets name their lesson by command, in both languages, never by an English path.
bad=
for stub in "$ws"/exercises/*.cl; do
	name=$(basename "$stub" .cl)
	grep -qF "The lesson: \`clings lesson $name\`" "$stub" || grep -qF "the lesson: \`clings lesson $name\`" "$stub" || bad="$bad $name(en)"
	grep -qF "A lição: \`clings lesson $name\`" "$stub" && grep -q '\[pt-BR\]' "$stub" || bad="$bad $name(pt-BR)"
	grep -q 'lessons/' "$stub" && bad="$bad $name(path)"
done
[ -z "$bad" ] && ok "every stub points to its lesson by command, in English and Portuguese" || fail "stubs:$bad"

# Solving an exercise in the workspace: the installed clings, from a folder inside it.
cp "$LIB_ROOT/solutions/scale.cl" scale.cl
out=$(clings check scale 2>&1) && ok "an exercise solved in the workspace passes" || fail "check: $out"
clings hint scale > /dev/null 2>&1
list=$(clings list --course "$root/usr/share/clings/course" 2>&1)
printf '%s\n' "$list" | grep -Eq '^ *1 +new +scale' && ok "the installed course itself holds no progress" || fail "course list: $list"
clings list | grep -Eq '^ *1 +done +scale' && ok "the workspace's progress has it done" || fail "list: $(clings list 2>&1)"
[ -z "$(find "$root/usr/share/clings/course" -newer "$ws/clings.ini" -type f)" ] &&
	ok "nothing was written into the installed course" || fail "written: $(find "$root/usr/share/clings/course" -newer "$ws/clings.ini")"

# A newer clings: its course changed the stubs of scale (solved here) and local_reverse (untouched).
course2=$TMP/course2
cp -r "$course1" "$course2"
printf '// a newer stub\n' | cat - "$course1/exercises/scale.cl.orig" > "$course2/exercises/scale.cl.orig"
printf '// a newer stub\n' | cat - "$course1/exercises/local_reverse.cl" > "$course2/exercises/local_reverse.cl"
install_course "$course2"
cd "$ws" || fail "no workspace"
out=$(clings list 2>&1)
cmp -s "$ws/exercises/scale.cl" "$LIB_ROOT/solutions/scale.cl" && ok "after the upgrade the learner's solution is intact" ||
	fail "the learner's work changed"
cmp -s "$ws/exercises/scale.cl.new" "$course2/exercises/scale.cl.orig" && ok "the newer stub is offered beside it as scale.cl.new" ||
	fail "no scale.cl.new: $(ls "$ws/exercises")"
printf '%s\n' "$out" | grep -q 'scale.cl.new' && ok "and said" || fail "not said: $out"
cmp -s "$ws/exercises/local_reverse.cl" "$course2/exercises/local_reverse.cl" && [ ! -e "$ws/exercises/local_reverse.cl.new" ] &&
	ok "an untouched stub becomes the newer one" || fail "local_reverse: $(head -2 "$ws/exercises/local_reverse.cl")"
printf '%s\n' "$out" | grep -Eq '^ *1 +done +scale' && ok "the progress survives the upgrade" || fail "progress: $out"
grep -A3 'name = scale' "$(learner_dir state "$ws")/progress.ini" | grep -qx 'hints = 1' &&
	ok "with the hints seen" || fail "hints: $(cat "$(learner_dir state "$ws")/progress.ini")"
out=$(clings list 2>&1)
printf '%s\n' "$out" | grep -q 'stub changed' && fail "offered twice: $out" || ok "a newer stub is offered once"
out=$(clings reset local_reverse 2>&1); clings reset scale > /dev/null 2>&1
cmp -s "$ws/exercises/scale.cl" "$course2/exercises/scale.cl.orig" && [ -f "$ws/exercises/scale.cl.bak" ] &&
	ok "reset in the workspace puts the course's stub back, the learner's version kept" || fail "reset: $(ls "$ws/exercises")"
# A broken clings.ini is said at its file:line, exit 2, never a crash.
mkdir -p "$TMP/broken/sub"
for text in '[workspace]\ncourse = /nowhere/course\n' '[workspace\n' '[workspace]\n'; do
	printf "$text" > "$TMP/broken/clings.ini"
	out=$(cd "$TMP/broken/sub" && clings list 2>&1); rc=$?
	[ $rc -eq 2 ] && printf '%s\n' "$out" | grep -q "^clings: $TMP/broken/clings.ini:[0-9]*: " ||
		fail "broken clings.ini ($text): exit $rc: $out"
done
ok "a broken clings.ini is said at its file:line, with exit 2"
exit 0
