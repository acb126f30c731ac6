"""Chooses the embedding table's row weighting by leave-one-manual-out cross-validation (docs/quality.md,
"The semantic channel's ceiling, and the rows' weights", shows how it is run).

Every table given (folders made by `scripts/distill-embeddings --out`, same vocabulary, other weights) is
scored on every labelled set given as LIBRARY=QUESTIONS (the development set and our own Fixtures sets, never
the check set) with semantic_check.py's channels: semantic only, and the stand-in hybrid (0.4 BM25 + 0.6
semantic). Then, for each manual in turn, the table with the best score on the *other* manuals' questions
(hit@5 + MRR@10 of both channels, summed) answers that manual's questions; the held-out figures over all
manuals are what the choice is worth on a manual it never saw, beside each table's own figures.

Only aggregates are printed.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import semantic_check as check  # noqa: E402

CHANNELS = ("semantic", "hybrid")


def objective(records):
    return sum((0 < r[c] <= 5) + (1 / r[c] if r[c] else 0) for r in records for c in CHANNELS)


def table_line(label, questions, records):
    out = []
    for channel in CHANNELS:
        figures = check.aggregate(questions, [r[channel] for r in records])
        cells = " ".join(f"{k[:4]} {figures[k]['hit@5']:.3f}" for k in check.KINDS)
        out.append(f"{channel} {figures['all']['hit@1']:.3f}/{figures['all']['hit@5']:.3f}/{figures['all']['MRR']:.3f} [{cells}]")
    return f"{label:<28} " + "  ".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", required=True, help="LIBRARY=QUESTIONS (a library `manual ingest` made)")
    parser.add_argument("--baseline", required=True, help="the table the others are compared with (one of the tables)")
    parser.add_argument("--family", action="append", default=[],
                        help="NAME=PREFIX: also cross-validate choosing among the tables whose folder name starts with PREFIX")
    parser.add_argument("tables", nargs="+")
    args = parser.parse_args()
    questions, records = [], {t: [] for t in args.tables}
    for pair in args.set:
        library, path = pair.split("=", 1)
        if os.path.basename(path) == "check-questions.jsonl":
            sys.exit("the check set is never used for choosing: scripts/eval --check scores it")
        chunks = check.read_library(library)
        asked = [q for q in map(json.loads, open(path, encoding="utf-8")) if q.get("doc")]
        keyword = check.bm25(chunks, [q["question"] for q in asked])
        questions += asked
        for table in args.tables:
            vectors = check.embed(table, [c["text"] for c in chunks])
            semantic = check.embed(table, [q["question"] for q in asked]) @ vectors.T
            found = check.ranks(chunks, asked, semantic, keyword)
            records[table] += [{"semantic": s, "hybrid": h} for s, h in zip(found["semantic"], found["hybrid"])]
        print(f"{library} {os.path.basename(path)}: {len(chunks)} chunks, {len(asked)} answerable questions", flush=True)
    manuals = sorted({q["doc"] for q in questions})
    print(f"{len(questions)} questions on {len(manuals)} manuals; per channel hit@1/hit@5/MRR@10 [hit@5 by kind]")
    for table in args.tables:
        print(table_line(os.path.basename(table.rstrip("/")), questions, records[table]))
    families = [("any table", "")] + [tuple(f.split("=", 1)) for f in args.family]
    for name, prefix in families:
        pool = [t for t in args.tables if os.path.basename(t.rstrip("/")).startswith(prefix)]
        held, chosen = [None] * len(questions), {}
        for manual in manuals:
            train = [i for i, q in enumerate(questions) if q["doc"] != manual]
            best = max(pool, key=lambda t: (objective([records[t][i] for i in train]), t == args.baseline))
            chosen[manual] = os.path.basename(best.rstrip("/"))
            for i, q in enumerate(questions):
                if q["doc"] == manual:
                    held[i] = records[best][i]
        print(table_line(f"held out, chosen from {name}", questions, held))
        print("   chosen per held-out manual: " + ", ".join(f"{m}: {t}" for m, t in chosen.items()))


if __name__ == "__main__":
    main()
