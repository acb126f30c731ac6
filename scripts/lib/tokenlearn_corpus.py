"""The training text of `scripts/tokenlearn`: passages of Debian's own documentation on this machine.

Man pages (sections 1, 5, 7 and 8, English only) and the READMEs, `.txt` and `.md` files under
/usr/share/doc, each read with its owning package (dpkg's file lists). Every package of the evaluation
corpus, the dev set and the check set (../shared/eval/fetch-corpus.sh: CORE, EXTRAS and CHECKSET, with the
programs they document) is left out, so no manual the figures are measured on teaches the table.

A passage is a run of whole paragraphs of at most `PASSAGE_WORDS` words (a paragraph longer than that is
cut at that many words), so the teacher (256 pieces at most) reads all of it and the student reads the
same text. At most `PER_PACKAGE` passages come from one package, so a few huge manuals do not drown the
rest; passages repeated word for word are kept once. Everything is visited in sorted order: the same
machine gives the same passages.
"""
import hashlib
import os
import random
import re

from distill_embeddings import package_of_files, read_text

PASSAGE_WORDS = 120
MIN_WORDS = 12
PER_PACKAGE = 1000
# Stems of the packages whose manuals the evaluation uses (../shared/eval/fetch-corpus.sh: CORE, EXTRAS,
# CHECKSET) and of the programs they document: no text of theirs may train the table.
EXCLUDED_STEMS = ("nut", "simh", "avrdude", "gutenprint", "libgutenprint", "hackrf", "libhackrf", "eyes17",
                  "ngspice", "libngspice", "octave", "liboctave", "freedombox", "r-doc", "r-base", "r-cran",
                  "r-recommended", "sdcc", "gpsbabel", "bacula", "libbacula")

ROOTS = ["/usr/share/man/man1", "/usr/share/man/man5", "/usr/share/man/man7", "/usr/share/man/man8",
         "/usr/share/doc"]
DOC_NAME = re.compile(r"(README|\.txt|\.md)(\.gz)?$", re.I)
# roff requests whose arguments are text (headings, fonts, tagged paragraphs), kept without the request
TEXT_REQUESTS = re.compile(r"^\.(SH|SS|B|I|BR|RB|IR|RI|BI|IB|SM|SB|TP|IP|It|Nm|Nd|Sh|Ss|Fl|Ar|Op|Xr|Pa)\b\s*", re.M)
REQUEST = re.compile(r"^['.].*$", re.M)
ESCAPES = re.compile(r"\\f(\[[^]]*\]|\(..|.)|\\s[-+]?\d+|\\\(..|\\\[[^]]*\]|\\[*n]\(?..|\\[&|^%:c]|\\e|\\-")
MARKUP = re.compile(r"[`*#_<>|]{1,3}|\[([^]]*)\]\([^)]*\)")


def excluded(package):
    return any(package == s or package.startswith(s + "-") or package.startswith(s + ".")
               or (s.startswith("lib") and package.startswith(s)) for s in EXCLUDED_STEMS)


def plain(text, is_man):
    """The readable text: roff requests and escapes dropped (their text arguments kept), Markdown marks
    dropped; paragraphs are separated by blank lines (a roff .PP/.SH is a paragraph break)."""
    if is_man:
        if text.startswith(".so "):
            return ""
        text = re.sub(r"^\.(PP|LP|P|SH|SS|TP|IP|Pp|Sh|Ss|sp|br)\b", "\n\\g<0>", text, flags=re.M)
        text = TEXT_REQUESTS.sub("", text)
        text = REQUEST.sub("", text)
        text = ESCAPES.sub("", text).replace("\\", "")
    else:
        text = MARKUP.sub(lambda m: m.group(1) or " ", text)
    return text


def passages_of(text):
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text)]
    out, current = [], []
    for paragraph in paragraphs:
        words = paragraph.split()
        if not words:
            continue
        if current and len(current) + len(words) > PASSAGE_WORDS:
            out.append(current)
            current = []
        current.extend(words[:PASSAGE_WORDS])
    if current:
        out.append(current)
    kept = []
    for words in out:
        letters = sum(w.isalpha() for w in words)
        if len(words) >= MIN_WORDS and letters >= len(words) // 2:
            kept.append(" ".join(words))
    return kept


def collect(allowed=None):
    """([(package, passage)] in a fixed shuffled order, {package: [files, bytes, passages]}), from the
    packages in `allowed` only when it is given (the committed list, so that packages installed later for
    other reasons do not change the text)."""
    owner = package_of_files()
    per_package, seen, passages = {}, set(), []
    for root in ROOTS:
        for folder, dirs, files in sorted(os.walk(root)):
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(folder, name)
                if root == "/usr/share/doc" and not DOC_NAME.search(name):
                    continue
                package = owner.get(path)
                if package is None or excluded(package) or (allowed is not None and package not in allowed):
                    continue
                stats = per_package.setdefault(package, [0, 0, 0])
                if stats[2] >= PER_PACKAGE:
                    continue
                raw = read_text(path, 1_000_000)
                stats[0] += 1
                stats[1] += len(raw.encode("utf-8", "replace"))
                for passage in passages_of(plain(raw, root != "/usr/share/doc")):
                    key = hashlib.sha1(passage.encode()).digest()
                    if key in seen or stats[2] >= PER_PACKAGE:
                        continue
                    seen.add(key)
                    passages.append((package, passage))
                    stats[2] += 1
    # A fixed shuffle, so that the first N passages are a fair sample of all of them: a run asked for fewer
    # passages learns from a prefix of the same order, and the teacher's vectors of a prefix are reusable.
    rng = random.Random(0)
    rng.shuffle(passages)
    return passages, per_package


def summary(passages, per_package):
    """Per package of `passages`: the files and bytes of its documentation read, and its passages kept."""
    used = {}
    for package, _ in passages:
        used[package] = used.get(package, 0) + 1
    return {p: {"files": s[0], "bytes": s[1], "passages": used[p]} for p, s in sorted(per_package.items()) if p in used}


# Short texts shaped like questions, cut from the passages: sentences, their first clause, a man page's
# NAME line's description and an option's description without the option. Retrieval compares a question
# of a few words with a passage, so the table must imitate the teacher for short texts as for long ones.
SPAN_WORDS = (3, 24)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"'])")
CLAUSE_END = re.compile(r"[,;:(]\s")
NAME_LINE = re.compile(r"\bNAME (\S+(?:, \S+)*) -{1,2} (.+?)(?= SYNOPSIS\b|$)")
OPTION = re.compile(r"^(?:(?:-{1,2}[\w-]+(?:[= ]\S+)?|\[\S+\]),? )+")


def spans_of(passage):
    """The short texts of one passage, in order, each SPAN_WORDS long (words), no repeats."""
    found = []
    for match in NAME_LINE.finditer(passage):
        found.append(match.group(2))
        found.append(f"{match.group(1)} - {match.group(2)}")
    for sentence in SENTENCE_END.split(passage):
        found.append(sentence)
        clause = CLAUSE_END.split(sentence, maxsplit=1)[0]
        if clause != sentence:
            found.append(clause)
        option = OPTION.match(sentence)
        if option:
            found.append(sentence[option.end():])
    out, low, high = [], SPAN_WORDS[0], SPAN_WORDS[1]
    for text in found:
        words = text.split()
        if low <= len(words) <= high and sum(w.isalpha() for w in words) * 2 >= len(words) and text not in out:
            out.append(" ".join(words))
    return out


def spans(passages, count):
    """The first `count` short texts of `passages` (a list of texts in the fixed order), taking at most
    three from each passage in turn so that they come from as many passages and packages as the
    passages do; repeats anywhere are kept once."""
    seen, out = set(), []
    for passage in passages:
        taken = 0
        for text in spans_of(passage):
            key = text.lower()
            if key in seen:
                continue
            seen.add(key)
            out.append(text)
            taken += 1
            if taken == 3 or len(out) == count:
                break
        if len(out) == count:
            break
    return out
