# Ownership before trust (git's safe.directory, CVE-2022-24765): a clings.ini another user put
# in a folder everyone may write (/tmp) never chooses the course; --course and CLINGS_COURSE win
# over any file found; a course, or a "." fallback, that belongs to another user is refused;
# CLINGS_SAFE_DIRECTORY trusts one by name. The machine runs the tests as root: another user's
# files are made with chown 65534 (nobody), and root refuses them as any user would.
. tests/lib.sh
[ "$(id -u)" -eq 0 ] || skip_all "needs root to make files of another user (chown)"
other=65534
good=$(copy_course 2>/dev/null)
# Another user's course: one exercise, "planted", whose reference is the stub itself.
evil=$TMP/shared/evil
mkdir -p "$TMP/shared" "$evil"
chmod 1777 "$TMP/shared"
cp -r "$good/exercises" "$good/solutions" "$good/checks" "$good/lessons" "$evil/"
find "$evil" -name '*.*' ! -name 'scale.*' -type f -delete
find "$evil" -name 'scale.*' | while read -r f; do mv "$f" "${f%/scale.*}/planted.${f##*/scale.}"; done
printf '[workspace]\ncourse = %s\n' "$evil" > "$TMP/shared/clings.ini"
chown -R "$other:$other" "$evil" "$TMP/shared/clings.ini"
mkdir -p "$TMP/shared/mine"
names() { (cd "$TMP/shared/mine" && "$CLINGS" "$@" list --names 2>"$TMP/err"); }

out=$(CLINGS_COURSE=$good names)
printf '%s\n' "$out" | grep -qx scale && ! printf '%s\n' "$out" | grep -qx planted &&
	ok "CLINGS_COURSE wins over a clings.ini found above the current folder" ||
	fail "CLINGS_COURSE lost to the found clings.ini: $out $(cat "$TMP/err")"
out=$(names --course "$good")
printf '%s\n' "$out" | grep -qx scale && ok "--course wins over it too" || fail "--course: $out $(cat "$TMP/err")"

out=$(names); rc=$?
printf '%s\n' "$out" | grep -qx planted && fail "another user's clings.ini chose the course: $out"
[ $rc -eq 0 ] && printf '%s\n' "$out" | grep -qx scale &&
	ok "another user's clings.ini is ignored: the bundled course is used" || fail "exit $rc: $out $(cat "$TMP/err")"
grep -q "^clings: warning: $TMP/shared/clings.ini: ignored: it belongs to another user (uid $other)" "$TMP/err" &&
	ok "and said, naming the file and its owner" || fail "not said: $(cat "$TMP/err")"
out=$(CLINGS_SAFE_DIRECTORY=/nowhere:$TMP/shared names)
printf '%s\n' "$out" | grep -qx planted && ok "CLINGS_SAFE_DIRECTORY trusts it by name (one of a list)" || fail "safe directory: $out $(cat "$TMP/err")"
mkdir -p "$TMP/sha"
out=$(CLINGS_SAFE_DIRECTORY=$TMP/sha names)
printf '%s\n' "$out" | grep -qx planted && fail "$TMP/sha trusted $TMP/shared: $out" || ok "a folder whose name only begins the same is not trusted"

# One's own workspace set aside by CLINGS_COURSE: said, so that nobody wonders where it went.
"$CLINGS" --course "$good" init "$TMP/own/ws" > /dev/null 2>&1 || fail "init"
mkdir -p "$TMP/own/ws/sub"
out=$(cd "$TMP/own/ws/sub" && CLINGS_COURSE=$good "$CLINGS" list --names 2>&1 >/dev/null)
printf '%s\n' "$out" | grep -q "^clings: warning: $TMP/own/ws/clings.ini: not used: CLINGS_COURSE names the course" &&
	ok "CLINGS_COURSE setting one's own workspace aside is said" || fail "not said: $out"

# The user's own clings.ini naming a course of another user: refused at the file's line.
mkdir -p "$TMP/ws/sub"
printf '# mine\n[workspace]\ncourse = %s\n' "$evil" > "$TMP/ws/clings.ini"
out=$(cd "$TMP/ws/sub" && "$CLINGS" list --names 2>&1); rc=$?
[ $rc -eq 2 ] && printf '%s\n' "$out" | grep -q "^clings: $TMP/ws/clings.ini:3: $evil belongs to another user (uid $other)" &&
	ok "a workspace naming another user's course is refused at its line, exit 2" || fail "exit $rc: $out"
chown -R 0:0 "$evil"
chown "$other:$other" "$evil/solutions/planted.cl"
chown "$other" "$evil/solutions"
out=$(cd "$TMP/ws/sub" && "$CLINGS" list --names 2>&1); rc=$?
[ $rc -eq 2 ] && printf '%s\n' "$out" | grep -q "$evil/solutions belongs to another user" &&
	ok "so is one whose solutions/ is another user's" || fail "solutions: exit $rc: $out"
chown -R "$other:$other" "$evil"

# A clings copied without its course looks in "."; another user's "." is refused.
mkdir -p "$TMP/bin"
cp "$CLINGS" "$TMP/bin/clings"
out=$(cd "$evil" && "$TMP/bin/clings" list --names 2>&1); rc=$?
[ $rc -eq 2 ] && printf '%s\n' "$out" | grep -q "^clings: \. belongs to another user (uid $other)" &&
	ok "a course in the current folder that belongs to another user is refused" || fail "dot: exit $rc: $out"
out=$(cd "$good" && "$TMP/bin/clings" list --names 2>&1)
printf '%s\n' "$out" | grep -qx scale && ok "one's own is used" || fail "own dot: $out"

# The Slurm scripts name the course (the checkout's, or CLINGS_COURSE's): what they start, seen
# through a clings that prints its arguments.
mkdir -p "$TMP/home/grading"
cp grading/environment "$TMP/home/grading/"
printf '#!/bin/sh\necho "$@"\n' > "$TMP/home/clings"
chmod +x "$TMP/home/clings"
for script in grade-class merge-class; do
	out=$(CLINGS_HOME=$TMP/home CLINGS_CLASS=$TMP/class CLINGS_OUT=$TMP/out SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_COUNT=1 \
		POCL_CACHE_DIR=$TMP/pocl bash "grading/slurm/$script.sbatch" 2>&1)
	case " $out " in *" --course $TMP/home "*) ;; *) fail "$script.sbatch names no course: $out" ;; esac
	out=$(CLINGS_COURSE=$good CLINGS_HOME=$TMP/home CLINGS_CLASS=$TMP/class CLINGS_OUT=$TMP/out SLURM_ARRAY_TASK_ID=0 \
		SLURM_ARRAY_TASK_COUNT=1 POCL_CACHE_DIR=$TMP/pocl bash "grading/slurm/$script.sbatch" 2>&1)
	case " $out " in *" --course $good "*) ;; *) fail "$script.sbatch: not CLINGS_COURSE's: $out" ;; esac
done
ok "the Slurm scripts name the course: the checkout's, or CLINGS_COURSE's"

# Unprivileged, as the victim usually is: root's files are trusted (root could change anything
# anyway), another unprivileged user's are not.
if command -v setpriv > /dev/null; then
	chmod 755 "$TMP"
	chown -R 65533:65533 "$evil" "$TMP/shared/clings.ini"
	mkdir -p "$TMP/nobody"
	chown "$other:$other" "$TMP/nobody" "$TMP/shared/mine"
	out=$(cd "$TMP/shared/mine" && HOME=$TMP/nobody XDG_STATE_HOME=$TMP/nobody/state XDG_CACHE_HOME=$TMP/nobody/cache \
		setpriv --reuid=$other --regid=$other --clear-groups "$CLINGS" --course "$good" list --names 2>&1)
	printf '%s\n' "$out" | grep -qx scale && ok "an unprivileged user reads root's course" || fail "nobody, root's course: $out"
	out=$(cd "$TMP/shared/mine" && HOME=$TMP/nobody XDG_STATE_HOME=$TMP/nobody/state XDG_CACHE_HOME=$TMP/nobody/cache \
		setpriv --reuid=$other --regid=$other --clear-groups "$CLINGS" list --names 2>&1)
	printf '%s\n' "$out" | grep -qx planted && fail "uid 65533's clings.ini chose nobody's course: $out"
	printf '%s\n' "$out" | grep -q "ignored: it belongs to another user (uid 65533)" &&
		ok "and ignores another unprivileged user's clings.ini" || fail "nobody: $out"
fi
exit 0
