#!/usr/bin/env python3
"""Verify the checked-in facts about Fixtures/sample-manual.pdf and write
Fixtures/sample-manual.facts.json.

Run by scripts/make-fixtures after the PDF is built; can also be run alone:

    python3 Fixtures/tools/build_facts.py            # verify + rewrite facts.json
    python3 Fixtures/tools/build_facts.py --check    # verify only, write nothing

Inputs (all under Fixtures/):
  sample-manual.pdf                 the built manual
  sample-manual/facts.in.json       hand-written phrases with their expected
                                    PHYSICAL pages (1-based)
  sample-manual/*.tex               the LaTeX source (used to tell real
                                    compound hyphens from hyphenation breaks)
  questions.jsonl                   the question set
  sample-manual/question-evidence.json
                                    for each question id, phrases that state the
                                    answer (their pages must equal the question's
                                    "pages") or, for unanswerable ones, words that
                                    must NOT occur anywhere in the manual

Every phrase is matched after collapsing runs of whitespace to one space, and
it must be found, exactly once in the whole document, on the expected page in
BOTH `pdftotext` (default mode, which joins hyphenated words) and
`pdftotext -raw` (which keeps "recom-" / "mended" line breaks, like
poppler_page_get_text).  Any mismatch exits non-zero with a clear message.
Only the Python standard library is used; pdftotext/pdfinfo (poppler-utils)
and qpdf must be on PATH.
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.dirname(HERE)
PDF = os.path.join(FIX, "sample-manual.pdf")
SRC = os.path.join(FIX, "sample-manual")
FACTS_IN = os.path.join(SRC, "facts.in.json")
EVIDENCE = os.path.join(SRC, "question-evidence.json")
QUESTIONS = os.path.join(FIX, "questions.jsonl")
OUT = os.path.join(FIX, "sample-manual.facts.json")

LIGATURES = {0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl"}
# Codes of the ligature glyphs in the T1 (Cork) font encoding used by the manual.
T1_LIGATURE_CODES = {0x1B: "ff", 0x1C: "fi", 0x1D: "fl", 0x1E: "ffi", 0x1F: "ffl"}

errors = []


def fail(msg):
    errors.append(msg)


def run(*args):
    return subprocess.run(args, check=True, capture_output=True).stdout


def norm(s):
    return re.sub(r"\s+", " ", s).strip()


def roman(n):
    out = ""
    for v, r in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"),
                 (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"),
                 (5, "v"), (4, "iv"), (1, "i")):
        while n >= v:
            out += r
            n -= v
    return out


def letters(n):
    return chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)


def label_string(d):
    if d is None:
        return None
    style = d.get("/S")
    st = int(d.get("/St", 1))
    prefix = d.get("/P", "")
    if isinstance(prefix, str) and prefix.startswith("u:"):
        prefix = prefix[2:]
    body = {"/D": str(st), "/r": roman(st), "/R": roman(st).upper(),
            "/a": letters(st), "/A": letters(st).upper()}.get(style, "")
    return prefix + body


def pdfinfo():
    info = {}
    for line in run("pdfinfo", PDF).decode("utf-8").splitlines():
        k, _, v = line.partition(":")
        info[k.strip()] = v.strip()
    return info


def page_texts(n, raw):
    texts = []
    for p in range(1, n + 1):
        args = ["pdftotext"] + (["-raw"] if raw else []) + ["-f", str(p), "-l", str(p), PDF, "-"]
        texts.append(run(*args).decode("utf-8"))
    return texts


def glib_texts(n):
    """Page texts and labels from poppler_page_get_text (what ManualKit uses),
    or None when no C compiler / poppler-glib headers are available."""
    if os.environ.get("FACTS_NO_GLIB"):
        return None
    try:
        cflags = run("pkg-config", "--cflags", "--libs", "poppler-glib").decode().split()
    except (OSError, subprocess.CalledProcessError):
        fail("poppler-glib not found (apt-get install gcc pkg-config libpoppler-glib-dev, "
             "or set FACTS_NO_GLIB=1 to skip that mode)")
        return None
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "glibtext")
        try:
            subprocess.run(["cc", os.path.join(HERE, "glibtext.c"), "-o", exe] + cflags,
                           check=True, capture_output=True)
        except (OSError, subprocess.CalledProcessError) as e:
            fail(f"cannot compile glibtext.c: {e}")
            return None
        out = run(exe, PDF).decode("utf-8")
    pages = out.split("\x0c")[:-1]
    if len(pages) != n:
        fail(f"poppler-glib sees {len(pages)} pages, pdfinfo {n}")
    return [tuple(pg.split("\x1e", 1)) for pg in pages]


def qpdf_json():
    return json.loads(run("qpdf", "--json=2", "--json-key=pages", "--json-key=outlines", PDF))


def outline(js):
    pages = {pg["object"]: pg["pageposfrom1"] for pg in js["pages"]}
    out = []

    def dest_page(item):
        if item.get("destpageposfrom1"):
            return item["destpageposfrom1"]
        d = item.get("dest")
        if isinstance(d, dict):
            d = d.get("/D")
        if isinstance(d, list) and d and isinstance(d[0], str):
            return pages.get(d[0])
        return None

    def walk(items, level):
        for it in items:
            out.append({"title": it["title"], "page": dest_page(it), "level": level})
            walk(it.get("kids", []), level + 1)

    walk(js["outlines"], 1)
    return out


def find_pages(phrase, normtexts):
    """Pages (1-based) containing phrase and the total number of occurrences."""
    pages, count = [], 0
    for i, t in enumerate(normtexts):
        c = t.count(phrase)
        if c:
            pages.append(i + 1)
            count += c
    return pages, count


def check_phrase(phrase, page, modes, what):
    phrase = norm(phrase)
    for mode, texts in modes.items():
        pages, count = find_pages(phrase, texts)
        if pages != [page] or count != 1:
            fail(f"{what}: {phrase!r} expected once on physical page {page}, "
                 f"{mode} finds it {count}x on pages {pages}")


def tex_source():
    return "\n".join(open(f, encoding="utf-8").read()
                     for f in sorted(glob.glob(os.path.join(SRC, "*.tex"))))


def body_lines(text):
    return [l for l in text.split("\n") if l.strip() and l != "\f"]


def hyphenation(raw_texts, default_texts, src):
    """Line-end hyphens that LaTeX inserted (not real compound hyphens)."""
    within, across, compound = [], [], []
    low = src.lower()

    def classify(a, b):
        if re.search(re.escape((a + "-" + b).lower()), low):
            return "compound"
        if re.search(r"(?<![a-z])" + re.escape((a + b).lower()) + r"(?![a-z])", low):
            return "hyphenation"
        return None

    for i, t in enumerate(raw_texts):
        lines = body_lines(t)
        for j in range(len(lines) - 1):
            m1 = re.search(r"([A-Za-z]+)-$", lines[j])
            m2 = re.match(r"([a-z]+)", lines[j + 1])
            if not (m1 and m2):
                continue
            a, b = m1.group(1), m2.group(1)
            kind = classify(a, b)
            entry = {"joined": a + b, "page": i + 1, "before": a + "-", "after": b}
            if kind == "hyphenation":
                entry["pdftotextJoins"] = (a + b) in default_texts[i]
                within.append(entry)
            elif kind == "compound":
                compound.append({"text": a + "-" + b, "page": i + 1})
        # A word broken across the page break: last body line before the footer
        # of this page, first body line after the running header of the next.
        if i + 1 < len(raw_texts) and len(lines) >= 2:
            nxt = body_lines(raw_texts[i + 1])
            m1 = re.search(r"([A-Za-z]+)-$", lines[-2])
            m2 = re.match(r"([a-z]+)", nxt[1]) if len(nxt) > 1 else None
            if m1 and m2 and classify(m1.group(1), m2.group(1)) == "hyphenation":
                across.append({"joined": m1.group(1) + m2.group(1),
                               "pages": [i + 1, i + 2],
                               "before": m1.group(1) + "-", "after": m2.group(1)})
    return within, across, compound


def ligatures_in_pdf():
    """Count ligature glyphs actually drawn, from the content streams."""
    counts = {name: 0 for name in T1_LIGATURE_CODES.values()}
    with tempfile.TemporaryDirectory() as tmp:
        q = os.path.join(tmp, "q.pdf")
        subprocess.run(["qpdf", "--qdf", "--object-streams=disable", PDF, q], check=True)
        data = open(q, "rb").read()
    # Font encodings must map the codes to the ligature glyph names.
    names = set(re.findall(rb"/(ff|fi|fl|ffi|ffl)\b", data))
    for m in re.finditer(rb"\[(.*?)\]\s*TJ|(\((?:\\.|[^\\)])*\))\s*Tj", data, re.S):
        chunk = m.group(1) or m.group(2)
        for lit in re.finditer(rb"\(((?:\\.|[^\\)])*)\)|<([0-9a-fA-F]*)>", chunk, re.S):
            if lit.group(2) is not None:
                bs = bytes.fromhex(lit.group(2).decode() + ("0" if len(lit.group(2)) % 2 else ""))
            else:
                s = lit.group(1)
                bs = bytearray()
                k = 0
                while k < len(s):
                    c = s[k]
                    if c == 0x5C and k + 1 < len(s):
                        o = re.match(rb"[0-7]{1,3}", s[k + 1:k + 4])
                        if o:
                            bs.append(int(o.group(0), 8) & 0xFF)
                            k += 1 + len(o.group(0))
                            continue
                        bs.append({ord("n"): 10, ord("r"): 13, ord("t"): 9,
                                   ord("b"): 8, ord("f"): 12}.get(s[k + 1], s[k + 1]))
                        k += 2
                        continue
                    bs.append(c)
                    k += 1
            for byte in bs:
                if byte in T1_LIGATURE_CODES:
                    counts[T1_LIGATURE_CODES[byte]] += 1
    return {k: v for k, v in counts.items() if v and k.encode() in names}


def dumps(obj):
    """JSON with one line per top-level key and per list element (diff-friendly)."""
    def one(v):
        return json.dumps(v, ensure_ascii=False)
    parts = []
    for k, v in obj.items():
        if isinstance(v, list) and v and isinstance(v[0], dict):
            body = "[\n" + ",\n".join("  " + one(x) for x in v) + "\n ]"
        else:
            body = one(v)
        parts.append(f" {one(k)}: {body}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main():
    check_only = "--check" in sys.argv
    fin = json.load(open(FACTS_IN, encoding="utf-8"))
    info = pdfinfo()
    n = int(info["Pages"])
    js = qpdf_json()
    labels = {str(pg["pageposfrom1"]): label_string(pg.get("label")) for pg in js["pages"]}
    if n != len(js["pages"]):
        fail(f"pdfinfo says {n} pages, qpdf {len(js['pages'])}")
    if "pageCount" in fin and fin["pageCount"] != n:
        fail(f"page count changed: facts.in.json says {fin['pageCount']}, PDF has {n}")

    default = page_texts(n, raw=False)
    raw = page_texts(n, raw=True)
    nd = [norm(t) for t in default]
    nr = [norm(t) for t in raw]
    modes = {"pdftotext": nd, "pdftotext -raw": nr}
    glib = glib_texts(n)
    if glib is not None:
        modes["poppler_page_get_text"] = [norm(t) for _, t in glib]
        for p, (lab, _) in enumerate(glib, 1):
            if lab != labels.get(str(p)):
                fail(f"page {p}: poppler-glib label {lab!r} != qpdf label {labels.get(str(p))!r}")
    else:
        print("build_facts: note: poppler-glib helper unavailable, checking pdftotext modes only",
              file=sys.stderr)

    # Metadata.
    for key in ("title", "author", "subject"):
        got = info.get(key.capitalize())
        if got != fin[key]:
            fail(f"PDF {key} is {got!r}, expected {fin[key]!r}")

    # Labels: checked-in expectation (front matter roman, main matter from 1).
    exp = fin["labelRanges"]
    for r in exp:
        for p in range(r["first"], r["last"] + 1):
            want = roman(r["start"] + p - r["first"]) if r["style"] == "roman" \
                else str(r["start"] + p - r["first"])
            if labels.get(str(p)) != want:
                fail(f"page {p}: label {labels.get(str(p))!r}, expected {want!r}")

    # Running header / footer.
    header = fin["header"]
    hf_pages = []
    for p in range(1, n + 1):
        lines = body_lines(raw[p - 1])
        has_h = bool(lines) and lines[0].startswith(header)
        has_f = bool(lines) and lines[-1] == "Page " + labels[str(p)]
        if has_h != has_f:
            fail(f"page {p}: header present={has_h} but footer present={has_f}")
        if has_h and has_f:
            hf_pages.append(p)
    want_hf = list(range(fin["headerFooterFrom"], n + 1))
    if hf_pages != want_hf:
        fail(f"header+footer pages {hf_pages} != expected {want_hf}")

    # Outline.
    ol = outline(js)
    for item in ol:
        if not item["page"]:
            fail(f"outline entry {item['title']!r} has no resolvable page")
    for want in fin["outlineSpotChecks"]:
        if not any(o["title"] == want["title"] and o["page"] == want["page"]
                   and o["level"] == want["level"] for o in ol):
            fail(f"outline lacks {want}")

    # Facts.
    for f in fin["facts"]:
        check_phrase(f["phrase"], f["page"], modes, f"fact[{f.get('kind', '')}]")
    for key in ("first", "second"):
        check_phrase(fin["pageBreakParagraph"][key]["phrase"], fin["pageBreakParagraph"][key]["page"],
                     modes, f"pageBreakParagraph.{key}")
    check_phrase(fin["deliberateSentence"]["phrase"], fin["deliberateSentence"]["page"], modes,
                 "deliberateSentence")
    # Table rows read left to right only in `pdftotext -raw`; the default mode
    # and poppler_page_get_text emit tables column by column.
    for row in fin["tableRows"]:
        check_phrase(row["row"], row["page"], {"pdftotext -raw": nr}, "tableRow")
    pb = fin["pageBreakParagraph"]
    if pb["second"]["page"] != pb["first"]["page"] + 1:
        fail("pageBreakParagraph halves must be on consecutive pages")

    # Hyphenation and ligatures.
    src = tex_source()
    within, across, compound = hyphenation(raw, default, src)
    if len(within) < fin["minHyphenated"]:
        fail(f"only {len(within)} hyphenated words found, expected >= {fin['minHyphenated']}")
    lig_text = sorted({LIGATURES[ord(c)] for t in default + raw for c in t if ord(c) in LIGATURES},
                      key=list(LIGATURES.values()).index)
    lig_pdf = ligatures_in_pdf()
    for name in fin["ligatureGlyphsExpected"]:
        if not lig_pdf.get(name):
            fail(f"ligature glyph {name} not found in the PDF content streams")

    # Questions and their evidence.
    questions = [json.loads(l) for l in open(QUESTIONS, encoding="utf-8") if l.strip()]
    evidence = json.load(open(EVIDENCE, encoding="utf-8"))
    ids = [q["id"] for q in questions]
    if len(set(ids)) != len(ids):
        fail("duplicate question ids")
    whole = " ".join(nd).lower()
    for q in questions:
        ev = evidence.get(q["id"])
        if ev is None:
            fail(f"{q['id']}: no evidence entry")
            continue
        for key in ("id", "doc", "question", "pages", "answer", "kind"):
            if key not in q:
                fail(f"{q['id']}: missing key {key}")
        if q["kind"] == "unanswerable":
            if q["doc"] is not None or q["pages"] != []:
                fail(f"{q['id']}: unanswerable questions need doc null and pages []")
            for word in ev.get("absent", []):
                if re.search(r"(?<![a-z])" + re.escape(word.lower()) + r"(?![a-z])", whole):
                    fail(f"{q['id']}: {word!r} must not occur in the manual but does")
            continue
        if q["doc"] != fin["file"]:
            fail(f"{q['id']}: doc should be {fin['file']}")
        seen = set()
        for ph in ev.get("phrases", []):
            # A plain string must be found on the same pages in every mode; a
            # {"raw": "..."} item (a table row) is looked up in pdftotext -raw only.
            use = modes
            if isinstance(ph, dict):
                ph, use = ph["raw"], {"pdftotext": nr}
            ph = norm(ph)
            found = {mode: find_pages(ph, texts)[0] for mode, texts in use.items()}
            pd = found["pdftotext"]
            if not pd or any(v != pd for v in found.values()):
                fail(f"{q['id']}: evidence {ph!r} missing or on different pages per mode: {found}")
            seen.update(pd)
        if sorted(seen) != sorted(q["pages"]):
            fail(f"{q['id']}: evidence found on pages {sorted(seen)}, question lists {q['pages']}")

    if errors:
        print("build_facts: FAILED", file=sys.stderr)
        for e in errors:
            print("  - " + e, file=sys.stderr)
        sys.exit(1)

    facts = [{k: f[k] for k in ("phrase", "page", "kind") if k in f} for f in fin["facts"]]
    facts.append(dict(fin["deliberateSentence"], kind="deliberate-sentence"))
    facts.append(dict(pb["first"], kind="page-break-paragraph-first-half"))
    facts.append(dict(pb["second"], kind="page-break-paragraph-second-half"))
    facts.sort(key=lambda f: f["page"])
    result = {
        "file": fin["file"],
        "pageCount": n,
        "title": info["Title"],
        "author": info["Author"],
        "subject": info["Subject"],
        "labels": labels,
        "outline": ol,
        "facts": facts,
        "deliberateSentence": fin["deliberateSentence"],
        "pageBreakParagraph": pb,
        "tableRows": fin["tableRows"],
        "hyphenated": within,
        "hyphenatedAcrossPages": across,
        "compoundHyphenBreaks": compound,
        "ligatures": lig_text,
        "ligatureGlyphsInPdf": lig_pdf,
        "header": header,
        "headerAscii": fin["headerAscii"],
        "footerPattern": "Page N",
        "headerFooterPages": hf_pages,
        "matching": fin["matching"],
        "verifiedWith": sorted(modes),
    }
    if not check_only:
        with open(OUT, "w", encoding="utf-8") as fh:
            fh.write(dumps(result))
    print(f"build_facts: OK: {n} pages, {len(facts)} facts, {len(questions)} questions, "
          f"{len(within)} hyphenated words, ligatures in text {lig_text}, in PDF {lig_pdf}")


if __name__ == "__main__":
    main()
