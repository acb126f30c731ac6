"""Tokenlearn: trains the distilled embedding table so that the mean of a passage's rows imitates the
teacher's sentence vector of that passage (Model2Vec's tokenlearn step, implemented here in full).

Retrieval compares L2-normalised means of rows (`StaticEmbedder`), while distillation only ever saw each
vocabulary entry alone. This step closes that gap on real text:

1. Passages of Debian's documentation on this machine (`tokenlearn_corpus.py`, the evaluation's packages
   excluded), and short texts cut from them (sentences, first clauses, NAME lines, option descriptions:
   texts shaped like questions, `tokenlearn_corpus.spans`), are embedded by the teacher as
   sentence-transformers does (mean of the last hidden states over the tokens, at most 256 pieces,
   L2-normalised): the targets. Questions are short and passages long; the mean of rows must imitate the
   teacher for both, or cosines between a question and a passage drift from the teacher's.
2. The targets are reduced by PCA (mean-centred, 256 components by descending eigenvalue, signs fixed
   so the largest-magnitude score is positive) and L2-normalised.
3. The current table (its int8 rows times their scales) is turned into the targets' basis by the
   orthogonal map that best carries its passage vectors onto the targets (Procrustes): cosines between
   texts do not change, so training starts from exactly today's retrieval.
4. Rows E and a log-weight s per row (unless the weights are kept fixed) are fitted with Adam so that
   normalise(sum_t exp(s_t) E_t) over a text's pieces (the Swift tokenizer's pieces, `[UNK]` left out)
   has the highest cosine with the target; an optional L2 pull towards the starting rows keeps rows the
   text rarely shows in scale with those it never shows. Five per cent of the texts are held out and
   their cosine is reported, for passages and short texts apart.
5. exp(s) is folded into the rows, which are stored as int8 per row like the distilled table.

Deterministic: fixed seeds, a fixed passage order, one thread for the fit, and the teacher's batches
made the same way every run (sorted by length, fixed size).
"""
import hashlib
import json
import os
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import distill_embeddings as distill  # noqa: E402
import tokenlearn_corpus as corpus  # noqa: E402
from tokenlearn_teacher import log, teacher_vectors  # noqa: E402

DIMENSIONS = distill.DIMENSIONS


def read_table(path):
    """(vocab-less) rows as float64 and the stored weights of an MNLEMB01 table."""
    import numpy as np
    data = open(path, "rb").read()
    if data[:8] != distill.MAGIC:
        sys.exit(f"{path}: not an MNLEMB01 table")
    rows, dims, _, _ = struct.unpack_from("<4I", data, 8)
    offset = 24
    scales = np.frombuffer(data, "<f4", rows, offset).astype(np.float64)
    weights = np.frombuffer(data, "<f4", rows, offset + 4 * rows).astype(np.float64)
    q = np.frombuffer(data, np.int8, rows * dims, offset + 8 * rows).reshape(rows, dims).astype(np.float64)
    return q * scales[:, None], weights


def pca_targets(vectors):
    import numpy as np
    reduced = distill.pca(vectors.astype(np.float64), DIMENSIONS)
    return reduced / np.linalg.norm(reduced, axis=1, keepdims=True)


def tokenize(vocab, texts):
    """Row ids of each text's pieces, `[UNK]` left out, as the Swift tokenizer cuts them."""
    import numpy as np
    tok = distill.reference_tokenizer(vocab)
    unk = vocab.index("[UNK]")
    out = []
    for encoding in tok.encode_batch(texts, add_special_tokens=False):
        out.append(np.asarray([i for i in encoding.ids if i != unk], dtype=np.int64))
    return out


def procrustes(rows, pieces, targets):
    """The orthogonal 256 x 256 map R minimising |normalise(mean rows) R - target| over the passages."""
    import numpy as np
    student = np.stack([rows[p].sum(0) if len(p) else np.zeros(rows.shape[1]) for p in pieces])
    student /= np.maximum(np.linalg.norm(student, axis=1, keepdims=True), 1e-12)
    u, _, vt = np.linalg.svd(student.T @ targets)
    return u @ vt


def fit(rows, pieces, targets, kinds, epochs, learning_rate, pull, learn_weights=True, batch=256, seed=0):
    """Trains rows and log-weights (see the module's step 4); returns the folded rows and the report.
    `kinds` marks each text 0 (passage) or 1 (short text): the held-out cosine is reported for each."""
    import numpy as np
    import torch
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    count = len(pieces)
    rng = np.random.default_rng(seed)
    permutation = rng.permutation(count)
    held = permutation[: count // 20]
    train = permutation[count // 20:]
    start = torch.tensor(rows, dtype=torch.float32)
    table = torch.nn.EmbeddingBag(rows.shape[0], rows.shape[1], mode="sum", sparse=True)
    table.weight.data.copy_(start)
    logw = torch.nn.Embedding(rows.shape[0], 1, sparse=True)
    logw.weight.data.zero_()
    optimiser = torch.optim.SparseAdam(list(table.parameters()) + (list(logw.parameters()) if learn_weights else []),
                                       lr=learning_rate)
    target = torch.tensor(targets, dtype=torch.float32)
    flat = [torch.from_numpy(p) for p in pieces]

    def forward(indices):
        ids = torch.cat([flat[i] for i in indices])
        offsets = torch.tensor(np.cumsum([0] + [len(flat[i]) for i in indices[:-1]]), dtype=torch.long)
        weights = logw(ids).squeeze(1).exp()
        summed = table(ids, offsets, per_sample_weights=weights)
        return torch.nn.functional.normalize(summed, dim=1), ids

    def held_cosine(kind):
        chosen = [int(i) for i in held if kinds[i] == kind]
        with torch.no_grad():
            total = 0.0
            for b in range(0, len(chosen), 1024):
                indices = [i for i in chosen[b:b + 1024] if len(pieces[i])]
                if indices:
                    predicted, _ = forward(indices)
                    total += float((predicted * target[indices]).sum())
            return round(total / max(len(chosen), 1), 4)

    report = {"heldOutCosine": [held_cosine(0)], "heldOutCosineShort": [held_cosine(1)]}
    log(f"fit: {len(train)} training texts, {len(held)} held out; held-out cosine {report['heldOutCosine'][0]} "
        f"(passages), {report['heldOutCosineShort'][0]} (short texts)")
    for epoch in range(epochs):
        order = rng.permutation(train)
        for b in range(0, len(order), batch):
            indices = [int(i) for i in order[b:b + batch] if len(pieces[i])]
            if not indices:
                continue
            predicted, ids = forward(indices)
            loss = 1 - (predicted * target[indices]).sum(1).mean()
            if pull > 0:
                used = torch.unique(ids)
                current = torch.nn.functional.embedding(used, table.weight, sparse=True)
                loss = loss + pull * ((current - start[used]) ** 2).sum(1).mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        report["heldOutCosine"].append(held_cosine(0))
        report["heldOutCosineShort"].append(held_cosine(1))
        log(f"fit: epoch {epoch + 1}/{epochs}, held-out cosine {report['heldOutCosine'][-1]} (passages), "
            f"{report['heldOutCosineShort'][-1]} (short texts)")
    with torch.no_grad():
        folded = (table.weight * logw.weight.exp()).double().numpy()
        weights = logw.weight.exp().squeeze(1).double().numpy()
    return folded, weights, report


def digest_texts(texts):
    digest = hashlib.sha256()
    for text in texts:
        digest.update(text.encode("utf-8") + b"\n")
    return digest.hexdigest()


def main():
    import argparse
    import numpy as np
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", required=True, help="folder of the distilled table (embeddings.bin, vocab.txt, manifest.json)")
    parser.add_argument("--out", required=True, help="folder for the trained embeddings.bin, vocab.txt, manifest.json")
    parser.add_argument("--parity", required=True, help="path of the parity fixture to write")
    parser.add_argument("--cache", required=True, help="folder for the passages and the teacher's vectors")
    parser.add_argument("--passages", type=int, default=2_048)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--learning-rate", type=float, default=5e-3)
    parser.add_argument("--spans", type=int, default=24_576, help="short texts (sentences, clauses, NAME lines) besides the passages")
    parser.add_argument("--pull", type=float, default=0.0)
    parser.add_argument("--fixed-weights", action="store_true", help="train the rows only, not a weight per row")
    parser.add_argument("--teacher-threads", type=int, default=2)
    parser.add_argument("--packages", required=True, help="the committed list of packages whose documentation is read")
    parser.add_argument("--candidates", help="JSON file: the teacher candidates examined, copied into the manifest")
    args = parser.parse_args()
    began = time.time()
    os.makedirs(args.cache, exist_ok=True)
    os.makedirs(args.out, exist_ok=True)

    listed = {}
    for line in open(args.packages, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            name, version = line.rstrip("\n").split("\t")
            listed[name] = version
    everything, per_package = corpus.collect(set(listed))
    missing = sorted(set(listed) - set(per_package))
    if missing:
        log(f"warning: {len(missing)} listed packages are not installed here, so the text differs: {' '.join(missing[:20])}")
    args.corpus_digest = digest_texts([text for _, text in everything])[:16]
    packages = corpus.summary(everything[:args.passages], per_package)
    texts = [text for _, text in everything[:args.passages]]
    digest = digest_texts(texts)
    log(f"corpus: {len(texts)} passages from {len(packages)} packages, sha256 {digest[:16]}")
    vectors, teacher = teacher_vectors(texts, args.teacher_threads, os.path.join(args.cache, f"teacher-{args.corpus_digest}"))
    # The short texts come from every passage of the fixed order (not only the first --passages), so a run
    # with few passages still sees short texts of many packages; their cache is keyed by all of them.
    everything_texts = [text for _, text in everything]
    shorts = corpus.spans(everything_texts, args.spans)
    spans_digest = digest_texts(corpus.spans(everything_texts, 10 ** 9))[:16]
    short_vectors, _ = teacher_vectors(shorts, args.teacher_threads, os.path.join(args.cache, f"teacher-spans-{spans_digest}"),
                                       batch=128, what="short texts")
    log(f"teacher vectors ready ({time.time() - began:.0f} s): {len(texts)} passages, {len(shorts)} short texts")
    kinds = np.array([0] * len(texts) + [1] * len(shorts))
    texts_all = texts + shorts
    vectors = np.concatenate([vectors, short_vectors])

    vocab = [line.rstrip("\n") for line in open(os.path.join(args.start, "vocab.txt"), encoding="utf-8")]
    rows, _ = read_table(os.path.join(args.start, "embeddings.bin"))
    targets = pca_targets(vectors)
    pieces = tokenize(vocab, texts_all)
    rotation = procrustes(rows, pieces, targets)
    fitted, weights, report = fit(rows @ rotation, pieces, targets, kinds, args.epochs, args.learning_rate, args.pull,
                                    learn_weights=not args.fixed_weights)
    seen = np.zeros(len(vocab), dtype=bool)
    for p in pieces:
        seen[p] = True
    q, scales = distill.quantize(fitted)

    table = os.path.join(args.out, "embeddings.bin")
    distill.write_table(table, vocab, q, scales, weights)
    with open(os.path.join(args.out, "vocab.txt"), "w", encoding="utf-8") as out:
        out.write("\n".join(vocab) + "\n")
    distill.parity_fixture(vocab, q, scales, args.parity)
    files = {name: distill.sha256(os.path.join(args.out, name)) for name in ("embeddings.bin", "vocab.txt")}
    manifest = json.load(open(os.path.join(args.start, "manifest.json"), encoding="utf-8"))
    manifest["distilled"] = {"files": manifest.pop("files"), "recipe": manifest.pop("recipe")}
    manifest["files"] = files
    manifest["tokenlearn"] = {
        **teacher,
        "recipe": __doc__.split("\n\n", 1)[1].split("\n\nDeterministic")[0],
        "passages": len(texts),
        "passageWords": corpus.PASSAGE_WORDS,
        "perPackage": corpus.PER_PACKAGE,
        "passagesSha256": digest,
        "words": sum(len(t.split()) for t in texts),
        "shortTexts": len(shorts),
        "shortTextWords": list(corpus.SPAN_WORDS),
        "shortTextsSha256": digest_texts(shorts),
        "shortTextWordsTotal": sum(len(t.split()) for t in shorts),
        "rowsSeen": int(seen.sum()),
        "epochs": args.epochs, "learningRate": args.learning_rate, "pull": args.pull, "batch": 256, "seed": 0,
        "weightsLearnt": not args.fixed_weights,
        "heldOutCosine": report["heldOutCosine"],
        "heldOutCosineShort": report["heldOutCosineShort"],
        "excludedPackageStems": list(corpus.EXCLUDED_STEMS),
        "sources": corpus.ROOTS,
        "packages": {p: {**v, "version": listed[p]} for p, v in packages.items()},
        "seconds": round(time.time() - began),
    }
    if args.candidates:
        manifest["teacherCandidates"] = json.load(open(args.candidates, encoding="utf-8"))
    import torch
    manifest.setdefault("versions", {})["torch"] = torch.__version__
    manifest["reproducibility"] = ("scripts/tokenlearn on the same machine (the same installed documentation, so the same "
                                   "passagesSha256) gives the same bytes; the fit runs on one thread with deterministic "
                                   "algorithms. Another CPU's float rounding can move a few int8 values by 1.")
    with open(os.path.join(args.out, "manifest.json"), "w", encoding="utf-8") as out:
        json.dump(manifest, out, indent=2, sort_keys=True)
        out.write("\n")
    log(f"wrote {table}: {len(vocab)} x {DIMENSIONS}, sha256 {files['embeddings.bin']}, {time.time() - began:.0f} s")


if __name__ == "__main__":
    main()
