"""The weights the embedding table's rows are scaled by, and the piece counts they can come from.

Weightings (`scripts/distill-embeddings --weighting NAME`):
- `zipf`: w_r = 1e-4 / (1e-4 + p_r), p_r = (1/(r+2)) / sum_j 1/(j+2), r the entry's place in the vocabulary
  (the teacher's vocab.txt order stands in for frequency): Model2Vec's default.
- `sif:A`: w = A / (A + p), p the entry's share of all pieces counted in Debian's documentation (an entry
  never seen there has p = 0, weight 1): the SIF weighting of Arora et al. with real frequencies.
- `idf`: w = ln((N + 1) / (n + 1)) / ln(N + 1), n of the N passages holding the entry.
- `X*Y`: the product of two of them, e.g. `zipf*sif:1e-3`.

Counting (`scripts/distill-embeddings --count-pieces`): how often each entry of the vocabulary occurs in
Debian's documentation.

The text is `scripts/tokenlearn`'s (tokenlearn_corpus.py: man pages and READMEs of the packages in
scripts/lib/tokenlearn-packages.txt only; every corpus, dev-set and check-set package left out), cut by the
same tokenizer the Swift side uses (the teacher's normalisation and pre-tokenisation, WordPiece over the whole
vocabulary, added words included). Written to a committed file, so that distilling never needs this
machine's documentation: per entry with a count, in vocabulary order, `entry<TAB>occurrences<TAB>passages`
(the number of passages holding it); the header lines (starting "# ") record the totals and the text's digest.
"""
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import distill_embeddings as distill  # noqa: E402
import tokenlearn_corpus as corpus  # noqa: E402


def listed_packages(path):
    listed = {}
    for line in open(path, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            name, version = line.rstrip("\n").split("\t")
            listed[name] = version
    return listed


def count(vocab, packages_path, out_path):
    import numpy as np
    listed = listed_packages(packages_path)
    passages, per_package = corpus.collect(set(listed))
    missing = sorted(set(listed) - set(per_package))
    if missing:
        print(f"warning: {len(missing)} listed packages are not installed here: {' '.join(missing[:20])}", file=sys.stderr)
    texts = sorted(text for _, text in passages)  # counts do not depend on the shuffle
    unk = vocab.index("[UNK]")
    occurrences = np.zeros(len(vocab), dtype=np.int64)
    holding = np.zeros(len(vocab), dtype=np.int64)
    tokenizer = distill.reference_tokenizer(vocab)
    for start in range(0, len(texts), 1024):
        for encoding in tokenizer.encode_batch(texts[start:start + 1024], add_special_tokens=False):
            ids = np.asarray([i for i in encoding.ids if i != unk], dtype=np.int64)
            if len(ids):
                np.add.at(occurrences, ids, 1)
                holding[np.unique(ids)] += 1
    digest = hashlib.sha256("\n".join(texts).encode()).hexdigest()
    with open(out_path, "w", encoding="utf-8") as out:
        out.write("# Occurrences of each embedding vocabulary entry in Debian's documentation (scripts/distill-embeddings\n")
        out.write("# --count-pieces): the passages of scripts/tokenlearn's corpus, from the packages of\n")
        out.write("# scripts/lib/tokenlearn-packages.txt (corpus, dev-set and check-set packages excluded).\n")
        out.write(f"# passages {len(texts)}  pieces {int(occurrences.sum())}  packages {len(per_package)}  "
                  f"text sha256 {digest}\n")
        out.write("# entry<TAB>occurrences<TAB>passages holding it; entries never seen are not listed\n")
        for i, entry in enumerate(vocab):
            if occurrences[i]:
                out.write(f"{entry}\t{occurrences[i]}\t{holding[i]}\n")
    print(f"wrote {out_path}: {len(texts)} passages, {int(occurrences.sum())} pieces, "
          f"{int((occurrences > 0).sum())} of {len(vocab)} entries seen", file=sys.stderr)


def read_counts(path, vocab):
    """(occurrences, passages holding, total passages) per vocabulary entry, from a file `count` wrote."""
    import numpy as np
    index = {t: i for i, t in enumerate(vocab)}
    occurrences = np.zeros(len(vocab), dtype=np.float64)
    holding = np.zeros(len(vocab), dtype=np.float64)
    total = None
    for line in open(path, encoding="utf-8"):
        # Header lines start with "# "; entries hold no space ("#" and "##ing" are entries).
        if line.startswith("# passages "):
            total = int(line.split()[2])
        if line.startswith("# "):
            continue
        entry, n, held = line.rstrip("\n").split("\t")
        if entry not in index:
            sys.exit(f"{path}: {entry!r} is not in the vocabulary; count the pieces again")
        occurrences[index[entry]] = int(n)
        holding[index[entry]] = int(held)
    return occurrences, holding, total


def weights(name, count, counts_path=None, vocab=None):
    """The weight of each of `count` rows under weighting `name` (see the module's doc; `X*Y` is the product of
    two weightings), and its description."""
    import numpy as np
    if "*" in name:
        parts = [weights(part, count, counts_path, vocab) for part in name.split("*")]
        return np.prod([w for w, _ in parts], axis=0), " times ".join(f"({d})" for _, d in parts)
    if name == "zipf":
        return distill.zipf_weights(count), "w_r = 1e-4 / (1e-4 + p_r), p_r = (1/(r+2)) / sum_j 1/(j+2)"
    if counts_path is None:
        sys.exit(f"weighting {name} needs the piece counts (--counts)")
    occurrences, holding, total = read_counts(counts_path, vocab)
    if name.startswith("sif:"):
        a = float(name[4:])
        p = occurrences / occurrences.sum()
        return a / (a + p), (f"w = {name[4:]} / ({name[4:]} + p), p = the entry's share of the {int(occurrences.sum())} pieces "
                             f"counted in Debian's documentation ({os.path.basename(counts_path)}); never seen: p = 0")
    if name == "idf":
        return (np.log((total + 1) / (holding + 1)) / np.log(total + 1),
                f"w = ln((N+1)/(n+1)) / ln(N+1), n of the N = {total} passages of Debian's documentation holding the "
                f"entry ({os.path.basename(counts_path)})")
    sys.exit(f"unknown weighting {name}: zipf, sif:A or idf")


def remove_common(rows, counts_path, vocab):
    """SIF's second step, folded into the rows: the direction u of the count-weighted sum of the rows (where
    the vectors of Debian's text lean on average) is taken out of every row, rows - (rows . u) u. A text's
    vector is the normalised sum of its rows, so this takes u out of every text's vector."""
    import numpy as np
    if counts_path is None:
        sys.exit("removing the common direction needs the piece counts (--counts)")
    occurrences, _, _ = read_counts(counts_path, vocab)
    common = occurrences @ rows
    u = common / np.linalg.norm(common)
    return rows - np.outer(rows @ u, u), "the common direction (count-weighted sum of the rows) taken out of every row"
