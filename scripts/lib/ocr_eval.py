#!/usr/bin/env python3
"""OCR measurements for docs/quality.md and docs/performance.md (run by scripts/ocr-eval).

    ocr_eval.py wer REFERENCE_DB OCR_DB PAGE_MAP      word error rate of OCR'd pages against text-layer pages
    ocr_eval.py run -- COMMAND...                     wall seconds and peak RSS (MB) of COMMAND with all its
                                                      descendants (the extraction workers), sampled every 20 ms

PAGE_MAP is "OCR_PAGE:REFERENCE_PAGE,..." (e.g. "1:7,2:8"); "same" compares page N with page N.
Word error rate = (substitutions + deletions + insertions) / reference words, by edit distance over words.
Two tokenisations: "raw" (whitespace-separated, case and punctuation kept) and "words" (NFKC, lower case,
punctuation at either end of a token stripped, tokens without a letter or digit dropped). "unordered" is
the "words" error with word order ignored: max(reference words OCR lacks, OCR words the reference lacks),
counted as multisets. Poppler's raw text reads a table column by column and OCR row by row, which the
ordered rate counts as errors though every word is right.
"""
from collections import Counter
import json
import os
import sqlite3
import subprocess
import sys
import time
import unicodedata


def page_texts(db):
    con = sqlite3.connect(db)
    rows = con.execute("SELECT number, text FROM pages WHERE document_id = (SELECT min(id) FROM documents)").fetchall()
    return {n: t for n, t in rows}


def raw_tokens(text):
    return text.split()


def word_tokens(text):
    out = []
    for token in unicodedata.normalize("NFKC", text).lower().split():
        token = token.strip(".,;:!?()[]{}\"'‘’“”*`")
        if any(c.isalnum() for c in token):
            out.append(token)
    return out


def edit_distance(ref, hyp):
    previous = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        current = [i] + [0] * len(hyp)
        for j, h in enumerate(hyp, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (r != h))
        previous = current
    return previous[-1]


def wer(reference_db, ocr_db, page_map):
    ref, hyp = page_texts(reference_db), page_texts(ocr_db)
    pairs = [(n, n) for n in sorted(hyp)] if page_map == "same" else \
        [tuple(int(x) for x in pair.split(":")) for pair in page_map.split(",")]
    result = {"pages": [], "raw": {}, "words": {}}
    totals = {"raw": [0, 0], "words": [0, 0]}
    for ocr_page, ref_page in pairs:
        row = {"ocrPage": ocr_page, "referencePage": ref_page}
        for name, tokenise in (("raw", raw_tokens), ("words", word_tokens)):
            r, h = tokenise(ref.get(ref_page, "")), tokenise(hyp.get(ocr_page, ""))
            errors = edit_distance(r, h)
            row[name] = {"referenceWords": len(r), "errors": errors, "wer": round(errors / max(1, len(r)), 4)}
            totals[name][0] += errors
            totals[name][1] += len(r)
        r, h = Counter(word_tokens(ref.get(ref_page, ""))), Counter(word_tokens(hyp.get(ocr_page, "")))
        errors = max(sum((r - h).values()), sum((h - r).values()))
        row["unordered"] = {"referenceWords": sum(r.values()), "errors": errors, "wer": round(errors / max(1, sum(r.values())), 4)}
        totals.setdefault("unordered", [0, 0])
        totals["unordered"][0] += errors
        totals["unordered"][1] += sum(r.values())
        result["pages"].append(row)
    for name, (errors, words) in totals.items():
        result[name] = {"referenceWords": words, "errors": errors, "wer": round(errors / max(1, words), 4)}
    print(json.dumps(result))


def descendants_rss_kb(pid):
    """RSS of pid and every process below it, in kB, from /proc."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry))
        except (OSError, ValueError, IndexError):
            pass
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        stack.extend(children.get(p, []))
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total


def run(command):
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    peak = 0
    while process.poll() is None:
        peak = max(peak, descendants_rss_kb(process.pid))
        time.sleep(0.02)
    out, err = process.communicate()
    print(json.dumps({"seconds": round(time.monotonic() - start, 2), "peakMB": round(peak / 1024, 1),
                      "status": process.returncode, "stdout": out.decode()[-2000:], "stderr": err.decode()[-2000:]}))


if __name__ == "__main__":
    if len(sys.argv) >= 5 and sys.argv[1] == "wer":
        wer(sys.argv[2], sys.argv[3], sys.argv[4])
    elif len(sys.argv) >= 4 and sys.argv[1] == "run" and sys.argv[2] == "--":
        run(sys.argv[3:])
    else:
        sys.exit(__doc__)
