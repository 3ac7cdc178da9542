# Shared helpers of the end-to-end scripts: sourced, never run.
CLINGS=${CLINGS:-./clings}
case "$CLINGS" in /*) ;; *) CLINGS="$PWD/$CLINGS" ;; esac
export NO_COLOR=1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# Never the user's progress, cache or configuration: each script has its own (PoCL's compiled
# kernels excepted: keyed by their source, shared to keep the tests fast).
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pocl/kcache}
# The bench at 8 MB, not the device's 32 MB on a CPU, whatever the caller set: the scripts test
# what a bench says, not how fast it is (make bench does, at its own sizes).
export CLINGS_BENCH_MB=8
export HOME="$TMP/home" XDG_STATE_HOME="$TMP/home/.local/state" XDG_CACHE_HOME="$TMP/home/.cache"
mkdir -p "$HOME"
# Nor are a learner's old files in the checkout (.clings-state) moved into these temporary ones.
export CLINGS_NO_MIGRATION=1
# validate's problems one line each, as tools read them (t094 tests their wrapping).
export COLUMNS=0
# The verdict alone after a check: the search for a repair is tested where it is the subject
# (t137, t138, and validate's `// fix:` rows, which search whatever this says).
export CLINGS_REPAIR=0

LIB_ROOT=$PWD
# Where clings keeps a learner's progress and verdict cache for the course (or workspace) DIR:
#   learner_dir state|cache DIR     ($XDG_STATE_HOME/clings/KEY, KEY as in course/workspace.c)
#   state_file DIR                  the progress file itself (its folder made)
learner_dir() { "$LIB_ROOT/tests/learner-dir" "$@"; }
state_file() {
	local d
	d=$(learner_dir state "$1")
	mkdir -p "$d"
	echo "$d/progress.ini"
}

# Assertions. Each one is a line of TAP in tests/run-all, named by what it shows:
#   COND && ok "what holds" || fail "what went wrong: details"
#   check "what holds" COMMAND [ARGS...]      (ok if COMMAND succeeds, else fail)
#   COND && fail "what went wrong" || ok "what holds"   (for what must not happen)
# ok records one that holds; fail records one that does not, prints "FAIL: MESSAGE" on stderr
# and ends the script (later steps build on earlier ones); skip_all ends a script that cannot run
# here. run-all gives the file for the records in TAP_LOG (one line each: "ok NAME",
# "not ok MESSAGE", "skip REASON"); run by hand, a script prints its own TAP lines.
if [ -z "${TAP_LOG:-}" ]; then
	TAP_COUNT=0
	exec {TAP_FD}>&1   # the script's own stdout, even from inside $(...)
fi
tap_record() {   # tap_record KIND TEXT: KIND ok, "not ok" or skip; TEXT's first line, cut at 200
	local text=${2%%$'\n'*}
	[ ${#text} -le 200 ] || text="${text:0:197}..."
	if [ -n "${TAP_LOG:-}" ]; then
		printf '%s %s\n' "$1" "$text" >> "$TAP_LOG"
	elif [ "$1" != skip ]; then
		TAP_COUNT=$((TAP_COUNT + 1))
		printf '%s %d - %s\n' "$1" "$TAP_COUNT" "$text" >&"$TAP_FD"
	fi
	return 0
}
ok() { tap_record ok "$*"; }
fail() { tap_record "not ok" "$*"; echo "FAIL: $*" >&2; exit 1; }
check() {   # check NAME COMMAND [ARGS...]
	local name=$1
	shift
	"$@" && ok "$name" || fail "not so: $name ($1 exited with $?)"
}
skip_all() { tap_record skip "$*"; echo "SKIP: $*" >&2; exit 0; }

# gone COMMAND [ARGS...]: 0 once COMMAND (a list of processes) prints nothing, 1 if it still
# does after 10 s; what it printed last is in $left. A process that was killed needs a moment to
# end on a loaded machine; one that is still there after that was left behind.
gone() {
	local i
	for i in $(seq 100); do
		left=$("$@")
		[ -z "$left" ] && return 0
		sleep 0.1
	done
	return 1
}

# A private copy of the bundled course, so tests never touch the learner's files or progress.
copy_course() {
	mkdir -p "$TMP/course/docs"
	cp -r exercises solutions checks lessons "$TMP/course/"
	cp -r docs/measured "$TMP/course/docs/"   # the figures lessons name
	local stub
	for stub in exercises/*.cl; do   # the stubs as shipped, not a learner's work on them
		tests/pristine-stub "$stub" > "$TMP/course/$stub"
	done
	rm -f "$TMP/course"/exercises/*.orig "$TMP/course"/exercises/*.bak
	echo "$TMP/course"
}

# fixture_report_holds NAME FILE JSON: what the header of a kernel of tests/fixtures/ asks of
# its report (JSON, from `clings check --json`), one TAP line each, failing at the first that
# does not hold: the verdict (`// verdict: VERDICT`), the first diagnosis (`// first: ID
# proved|asked`), none of `// never: ID` among the diagnoses, and no diagnosis proved without
# the verdict, the analysis or a repair behind it (its evidence_kind). t144 and t172.
fixture_report_holds() {
	local name=$1 f=$2 json=$3 verdict want got id bad
	verdict=$(sed -n 's|^// verdict: ||p' "$f")
	[ "$(printf '%s' "$json" | jq -r .verdict)" = "$verdict" ] && ok "$name: $verdict" ||
		fail "$name: verdict $(printf '%s' "$json" | jq -r .verdict), expected $verdict"
	want=$(sed -n 's|^// first: ||p' "$f")
	if [ -n "$want" ]; then
		got=$(printf '%s' "$json" | jq -r '.diagnoses[0] | "\(.id) \(if .certain then "proved" else "asked" end)"')
		[ "$got" = "$want" ] && ok "$name: first diagnosis $want" ||
			fail "$name: first diagnosis $got, expected $want: $(printf '%s' "$json" | jq -c .diagnoses)"
	fi
	for id in $(sed -n 's|^// never: ||p' "$f"); do
		printf '%s' "$json" | jq -e --arg id "$id" 'any(.diagnoses[]; .id == $id)' > /dev/null &&
			fail "$name: $id is among the diagnoses: $(printf '%s' "$json" | jq -c .diagnoses)" ||
			ok "$name: $id is not among the diagnoses"
	done
	bad=$(printf '%s' "$json" | jq -c '[.diagnoses[] | select(.certain and
		((.evidence_kind // "none") | IN("verdict", "analysis", "repair") | not))]')
	[ "$bad" = "[]" ] && ok "$name: each proved diagnosis rests on the verdict, the analysis or a repair" ||
		fail "$name: proved without the verdict, the analysis or a repair behind it: $bad"
}
