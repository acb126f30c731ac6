"""A quick retrieval check of embedding tables on a library `manual` built already: semantic only and hybrid.

For comparing tables before building a release binary with one (`scripts/tokenlearn --check`). It reads
the chunks of the library (`heading path + "\\n" + text`, as `ChunkPassage.text`), embeds them and the
questions with each table exactly as `StaticEmbedder` does (the reference tokenizer, `[UNK]` left out,
the mean of the int8 rows times their scales, L2-normalised) and ranks the chunks by cosine. Hybrid fuses
that with a plain BM25 (k1 1.2, b 0.75, lowercase words, a light suffix stemmer) as `0.4 K + 0.6 S` after
min-max normalising each channel over the union of both channels' top 50: a stand-in for `manual`'s own
fusion, so only the differences between tables mean anything; `scripts/eval` gives the real figures.
A chunk hits when it is of the question's document and its pages cover one of the question's pages.

`--teacher` adds the teacher itself (all-MiniLM-L6-v2, mean-pooled over at most 256 pieces and
L2-normalised, as sentence-transformers does) as a semantic channel: the ceiling of any table distilled
from it. Its vectors of a library's chunks are cached under .build/semantic-check.

Only aggregates are printed (hit@1, hit@5, MRR@10, overall and by kind), never a question or a single
result. The check set (`check-questions.jsonl`) is refused unless `--aggregates-only` is given, which
also keeps every other output (none today) off, so that it can be scored without being read.
"""
import json
import math
import os
import re
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import distill_embeddings as distill  # noqa: E402
from tokenlearn import read_table  # noqa: E402

WORD = re.compile(r"[a-z0-9]+")
STOP = set("a an and are as at be by can do does for from how i in is it my of on or the this to what when "
           "which with you your".split())
KINDS = ("lookup", "paraphrase", "procedure", "spec")


def stem(word):
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def terms(text):
    return [stem(w) for w in WORD.findall(text.lower()) if w not in STOP]


def read_library(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    rows = db.execute("SELECT d.file_name, c.heading_path, c.text, c.first_page, c.last_page FROM chunks c "
                      "JOIN documents d ON d.id = c.document_id ORDER BY c.id").fetchall()
    chunks = []
    for doc, path_json, text, first, last in rows:
        heading = " ".join(json.loads(path_json))
        chunks.append({"doc": doc, "text": (heading + "\n" + text) if heading else text, "first": first, "last": last})
    return chunks


def bm25(chunks, questions):
    import numpy as np
    docs = [terms(c["text"]) for c in chunks]
    lengths = np.array([len(d) for d in docs], dtype=np.float64)
    average = lengths.mean()
    frequency, postings = {}, {}
    for i, d in enumerate(docs):
        counts = {}
        for t in d:
            counts[t] = counts.get(t, 0) + 1
        for t, n in counts.items():
            postings.setdefault(t, []).append((i, n))
    for t, p in postings.items():
        frequency[t] = math.log(1 + (len(docs) - len(p) + 0.5) / (len(p) + 0.5))
    scores = np.zeros((len(questions), len(docs)))
    for q, question in enumerate(questions):
        for t in set(terms(question)):
            for i, n in postings.get(t, []):
                scores[q, i] += frequency[t] * n * 2.2 / (n + 1.2 * (0.25 + 0.75 * lengths[i] / average))
    return scores


def embed(table, texts):
    import numpy as np
    vocab = [line.rstrip("\n") for line in open(os.path.join(table, "vocab.txt"), encoding="utf-8")]
    rows, _ = read_table(os.path.join(table, "embeddings.bin"))
    unk = vocab.index("[UNK]")
    out = np.zeros((len(texts), rows.shape[1]))
    for n, encoding in enumerate(distill.reference_tokenizer(vocab).encode_batch(texts, add_special_tokens=False)):
        ids = [i for i in encoding.ids if i != unk]
        if ids:
            v = rows[ids].sum(0)
            out[n] = v / (np.linalg.norm(v) or 1.0)
    return out


def minmax(values):
    low, high = values.min(), values.max()
    return (values - low) / (high - low) if high > low else values * 0


def hit(chunk, question):
    return chunk["doc"] == question["doc"] and any(chunk["first"] <= p <= chunk["last"] for p in question["pages"])


def ranks(chunks, questions, semantic, keyword, weight=0.4):
    """{"semantic": [...], "hybrid": [...]}: per question, the rank (1-10) of the first chunk that hits, or 0."""
    import numpy as np
    out = {}
    for name, fused in (("semantic", None), ("hybrid", weight)):
        found = []
        for q, question in enumerate(questions):
            if fused is None:
                ranked = np.argsort(-semantic[q], kind="stable")[:10]
            else:
                pool = sorted(set(np.argsort(-semantic[q], kind="stable")[:50]) | set(np.argsort(-keyword[q], kind="stable")[:50]))
                pool = np.array(pool)
                mixed = fused * minmax(keyword[q][pool]) + (1 - fused) * minmax(semantic[q][pool])
                ranked = pool[np.argsort(-mixed, kind="stable")[:10]]
            found.append(next((n + 1 for n, i in enumerate(ranked) if hit(chunks[i], question)), 0))
        out[name] = found
    return out


def aggregate(questions, found):
    """hit@1, hit@5 and MRR@10 overall and by kind, from `ranks`' list for one channel."""
    def figures(picked):
        n = len(picked)
        return {"n": n, "hit@1": sum(r == 1 for r in picked) / n if n else None,
                "hit@5": sum(0 < r <= 5 for r in picked) / n if n else None,
                "MRR": sum(1 / r for r in picked if r) / n if n else None}
    return {"all": figures(found), **{k: figures([r for q, r in zip(questions, found) if q["kind"] == k]) for k in KINDS}}


def score(chunks, questions, semantic, keyword, weight=0.4):
    return {name: aggregate(questions, found) for name, found in ranks(chunks, questions, semantic, keyword, weight).items()}


def teacher_embed(texts, cache):
    """The teacher's sentence vectors of `texts`, cached under `cache` by the texts' digest."""
    import hashlib
    from tokenlearn_teacher import teacher_vectors
    digest = hashlib.sha256("\0".join(texts).encode()).hexdigest()[:16]
    vectors, _ = teacher_vectors(texts, int(os.environ.get("OMP_NUM_THREADS", "2")), os.path.join(cache, f"teacher-{digest}"),
                                 what="texts")
    return vectors.astype("float64")


def line(label, name, figures):
    cells = [f"{k} {figures[k]['hit@1']:.3f}/{figures[k]['hit@5']:.3f}/{figures[k]['MRR']:.3f} (n {figures[k]['n']})"
             for k in ("all",) + KINDS if figures[k]["n"]]
    return f"{label}\t{name}\t" + "\t".join(cells)


def main():
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library", required=True, help="a library.sqlite made by `manual ingest` of the corpus")
    parser.add_argument("--questions", required=True, help="questions in ../shared/eval/FORMAT.md's format")
    parser.add_argument("--teacher", action="store_true", help="also score the teacher transformer itself")
    parser.add_argument("--aggregates-only", action="store_true",
                        help="print aggregates only (required for the check set, whose questions are never shown)")
    parser.add_argument("--cache", default=os.path.join(os.path.dirname(__file__), "..", "..", ".build", "semantic-check"))
    parser.add_argument("tables", nargs="*", help="folders holding embeddings.bin and vocab.txt")
    args = parser.parse_args()
    if os.path.basename(args.questions) == "check-questions.jsonl" and not args.aggregates_only:
        sys.exit("the check set is scored with --aggregates-only only")
    chunks = read_library(args.library)
    questions = [q for q in map(json.loads, open(args.questions, encoding="utf-8")) if q.get("doc")]
    keyword = bm25(chunks, [q["question"] for q in questions])
    print(f"{len(chunks)} chunks, {len(questions)} answerable questions; hit@1/hit@5/MRR@10 overall and by kind")
    for table in (["teacher"] if args.teacher else []) + args.tables:
        if table == "teacher":
            vectors = teacher_embed([c["text"] for c in chunks], args.cache)
            semantic = teacher_embed([q["question"] for q in questions], args.cache) @ vectors.T
        else:
            vectors = embed(table, [c["text"] for c in chunks])
            semantic = embed(table, [q["question"] for q in questions]) @ vectors.T
        for name, figures in score(chunks, questions, semantic, keyword).items():
            print(line(table, name, figures), flush=True)


if __name__ == "__main__":
    main()
