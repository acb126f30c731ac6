# Shared by the fitting scripts (scripts/fit-fusion, scripts/fit-answer-weights); sourced after their
# arguments are read, with $root, $shared, $out and $bin (empty: build a release binary) set.
# Sets $venv (the pinned numpy/scipy venv), $bin, $library (one library of the evaluation corpus, the sample
# manual and the answer fixtures, rebuilt when the binary or the manuals change: its chunks are what is
# fitted) and $fit_questions (the labelled question files, never the check set).
source scripts/lib/system-packages.sh
ensure_packages python3 python3-venv
venv="$root/.build/fit-venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q -r scripts/lib/fit-requirements.txt
if [ -z "$bin" ]; then
    require_swift
    swift build -c release --static-swift-stdlib -q
    bin=$(swift build -c release --static-swift-stdlib --show-bin-path)/manual
fi
mkdir -p "$out"
corpus="$root/.build/eval/corpus"
bash "$shared/fetch-corpus.sh" --install-tools "$corpus" >/dev/null
library="$out/library.sqlite"
manuals=("$corpus"/*.pdf Fixtures/sample-manual.pdf Fixtures/answers/*.pdf)
stamp=$(sha256sum "$bin" "${manuals[@]}" | cut -d' ' -f1 | sha256sum | cut -d' ' -f1)
if [ ! -f "$library" ] || [ "$(cat "$out/library.stamp" 2>/dev/null)" != "$stamp" ]; then
    rm -f "$library" "$library-wal" "$library-shm"
    echo "== ingesting ${#manuals[@]} PDFs"
    "$bin" ingest --db "$library" --quiet "${manuals[@]}" || true   # the corpus's edge cases are meant to fail
    echo "$stamp" > "$out/library.stamp"
fi
fit_questions=(--questions "dev=$shared/dev-questions.jsonl" --questions "fixture-corpus=Fixtures/corpus-questions.jsonl"
               --questions "fixture-tern=Fixtures/questions.jsonl" --questions "fixture-paraphrase=Fixtures/paraphrase-questions.jsonl"
               --questions "fixture-appliance=Fixtures/appliance-questions.jsonl"
               --questions "fixture-unanswerable=Fixtures/unanswerable-questions.jsonl")
