"""A quick retrieval check of embedding tables on a library `manual` built already: semantic only and hybrid.

For comparing tables before building a release binary with one (`scripts/tokenlearn --check`). It reads
the chunks of the library (`heading path + "\\n" + text`, as `ChunkPassage.text`), embeds them and the
questions with each table exactly as `StaticEmbedder` does (the reference tokenizer, `[UNK]` left out,
the mean of the int8 rows times their scales, L2-normalised) and ranks the chunks by cosine. Hybrid fuses
that with a plain BM25 (k1 1.2, b 0.75, lowercase words, a light suffix stemmer) as `0.4 K + 0.6 S` after
min-max normalising each channel over the union of both channels' top 50: a stand-in for `manual`'s own
fusion, so only the differences between tables mean anything; `scripts/eval` gives the real figures.
A chunk hits when it is of the question's document and its pages cover one of the question's pages.
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


def score(chunks, questions, semantic, keyword, weight=0.4):
    import numpy as np
    out = {}
    for name, fused in (("semantic", None), ("hybrid", weight)):
        hits = {k: [] for k in KINDS}
        for q, question in enumerate(questions):
            if fused is None:
                ranked = np.argsort(-semantic[q], kind="stable")[:5]
            else:
                pool = sorted(set(np.argsort(-semantic[q], kind="stable")[:50]) | set(np.argsort(-keyword[q], kind="stable")[:50]))
                pool = np.array(pool)
                mixed = fused * minmax(keyword[q][pool]) + (1 - fused) * minmax(semantic[q][pool])
                ranked = pool[np.argsort(-mixed, kind="stable")[:5]]
            hits[question["kind"]].append(any(hit(chunks[i], question) for i in ranked))
        every = [h for k in KINDS for h in hits[k]]
        out[name] = {"hit@5": round(sum(every) / len(every), 3),
                     **{k: round(sum(hits[k]) / len(hits[k]), 3) for k in KINDS}}
    return out


def main():
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library", required=True, help="a library.sqlite made by `manual ingest` of the corpus")
    parser.add_argument("--questions", required=True, help="questions in ../shared/eval/FORMAT.md's format")
    parser.add_argument("tables", nargs="+", help="folders holding embeddings.bin and vocab.txt")
    args = parser.parse_args()
    chunks = read_library(args.library)
    questions = [q for q in map(json.loads, open(args.questions, encoding="utf-8")) if q.get("doc")]
    keyword = bm25(chunks, [q["question"] for q in questions])
    print(f"{len(chunks)} chunks, {len(questions)} answerable questions; hit@5 overall and by kind")
    for table in args.tables:
        vectors = embed(table, [c["text"] for c in chunks])
        semantic = embed(table, [q["question"] for q in questions]) @ vectors.T
        result = score(chunks, questions, semantic, keyword)
        for name, figures in result.items():
            print(f"{table}\t{name}\t" + "\t".join(f"{k} {v:.3f}" for k, v in figures.items()), flush=True)


if __name__ == "__main__":
    main()
