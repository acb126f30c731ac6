#!/usr/bin/env bash
# The concurrency tests built with ThreadSanitizer (in .build-tsan): the in-process readers-and-writer
# test, the vector-index tests, the commit's read-ahead, and the CLI tests that run `manual --jobs 2` and concurrent processes
# (the `manual` they start is the TSan build too), and the server answering questions while an upload is
# ingested. Every process writes its reports into one folder;
# a failed test or any report fails this step.
set -euo pipefail
cd "$(dirname "$0")/../.."
reports=$(mktemp -d "${TMPDIR:-/tmp}/manual-tsan.XXXXXX")
trap 'rm -rf "$reports"' EXIT
echo "== ThreadSanitizer: concurrency tests"
status=0
# Suppressions (each with its reason) in scripts/lib/tsan-suppressions.txt; the path is absolute because
# the `manual` processes the tests start inherit these options.
TSAN_OPTIONS="log_path=$reports/report halt_on_error=0 suppressions=$PWD/scripts/lib/tsan-suppressions.txt" \
    swift test --sanitize=thread --scratch-path .build-tsan \
    --filter "ConcurrentReadersTests|BatchCommandTests|ConcurrencyTests|VectorIndexTests|ReadAheadTests|hostileUploadIsRefusedWhileQueriesAreAnswered|sigtermDuringAnUpload" || status=$?
if compgen -G "$reports/report*" >/dev/null; then
    echo "ThreadSanitizer reported data races:" >&2
    cat "$reports"/report* >&2
    exit 1
fi
[ "$status" -eq 0 ] || { echo "the concurrency tests failed under ThreadSanitizer (exit $status)" >&2; exit "$status"; }
echo "ThreadSanitizer: no reports"
