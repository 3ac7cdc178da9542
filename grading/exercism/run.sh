#!/bin/sh
# The exercism test runner's interface: run.sh SLUG INPUT_DIR OUTPUT_DIR. INPUT_DIR (read-only)
# holds the student's NAME.cl; OUTPUT_DIR/results.json gets version 3 of exercism's results. The
# exit status is 0 whatever the tests say; it is not 0 only when grading itself failed.
set -u
if [ $# -ne 3 ]; then
	echo "usage: run.sh SLUG INPUT_DIR OUTPUT_DIR" >&2
	exit 2
fi
slug=$1 input=$2 output=$3
clings=$(cd "$(dirname "$0")/../.." && pwd)
. "$clings/grading/environment"
mkdir -p "$output"
# exercism stops a run after 20 s: stop grading before it does.
exec "$clings/clings" --course "${CLINGS_COURSE:-$clings}" grade "$input" --exercises "$slug" \
	--format exercism --out "$output" --time-budget "${CLINGS_TIME_BUDGET:-15}"
