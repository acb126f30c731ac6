"""Paired timings of two manual binaries; see scripts/bench-compare."""
import functools
import os
import statistics
import subprocess
import sys
import tempfile
import time

old, new, corpus, sample = sys.argv[1:5]
work = tempfile.mkdtemp(prefix="bench-compare.")
questions = ["tire pressure", "how often should I change the oil", "inflate the tyres", "jump start a flat battery",
             "default baud rate", "erase the chip before programming", "transient analysis step", "give the emulated machine more memory",
             "ups shutdown when battery low", "printer head alignment", "maximum input voltage", "plot a function"]


# Each binary keeps its own cache folder. The Tesseract version record there names the binary that wrote
# it (`TesseractVersionRecord`): with one folder for both, each run of one binary found the other's record
# and loaded Tesseract and its ~50 libraries again (7-15 ms), a cost no user running one binary pays.
caches = {}


def environment(binary):
    if binary not in caches:
        caches[binary] = tempfile.mkdtemp(prefix="bench-compare-cache.")
    return dict(os.environ, XDG_CACHE_HOME=caches[binary])


def timed(args):
    start = time.perf_counter()
    subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                   env=environment(args[0]) if args[0] in (old, new) else None)
    return time.perf_counter() - start


def peak_mb(args):
    p = subprocess.run(["/usr/bin/time", "-f", "%M"] + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                       env=environment(args[0]))
    return int(p.stderr.strip().splitlines()[-1]) / 1024


def library(binary, name, files):
    db = os.path.join(work, name)
    subprocess.run([binary, "ingest", "-q", "--db", db] + files, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=environment(binary))
    subprocess.run([binary, "query", "--no-history", "--db", db, "warm up"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=environment(binary))
    return db


pdfs = sorted(os.path.join(corpus, f) for f in os.listdir(corpus) if f.endswith(".pdf")) if os.path.isdir(corpus) else []
for label, binary in (("old", old), ("new", new)):
    print(f"{label}: {binary}, {os.path.getsize(binary) / 1e6:.1f} MB")
libraries = {b: {"1 manual": library(b, f"{i}-one.sqlite", [sample])} for i, b in enumerate((old, new))}
if pdfs:
    for i, b in enumerate((old, new)):
        libraries[b]["corpus"] = library(b, f"{i}-corpus.sqlite", pdfs)
for name in libraries[old]:
    samples = {old: [], new: []}
    for _ in range(3):
        for q in questions:
            for b in (old, new):  # interleaved, so both see the same machine
                samples[b].append(timed([b, "query", "--no-history", "--db", libraries[b][name], q]) * 1000)
    o, n = statistics.median(samples[old]), statistics.median(samples[new])
    print(f"query p50, {name}: old {o:.1f} ms, new {n:.1f} ms, new/old {n / o:.2f}")


@functools.cache
def normal_priority(binary):
    """`--normal-priority` when `binary` knows it: its ingest then runs at pdftotext's priority, not nice 10
    (the default since 0.1.0), so a busy machine does not make the ratio measure the priority."""
    usage = subprocess.run([binary, "ingest", "--help"], capture_output=True, text=True).stdout
    return ("--normal-priority",) if "--normal-priority" in usage else ()


big = next((p for p in pdfs if p.endswith("ngspice-manual.pdf")), max(pdfs, key=os.path.getsize) if pdfs else sample)
times = {old: [], new: [], "pdftotext": []}
for r in range(5):
    for key in (old, new, "pdftotext"):
        if key == "pdftotext":
            times[key].append(timed(["pdftotext", big, "/dev/null"]))
        else:
            db = os.path.join(work, f"ingest-{r}.sqlite")
            times[key].append(timed([key, "ingest", "-q", "--db", db, big, *normal_priority(key)]))
            for suffix in ("", "-wal", "-shm", ".vectors"):
                if os.path.exists(db + suffix):
                    os.remove(db + suffix)
ref = statistics.median(times["pdftotext"])
for label, b in (("old", old), ("new", new)):
    m = statistics.median(times[b])
    print(f"ingest {os.path.basename(big)}: {label} {m:.2f} s = {m / ref:.2f}x pdftotext ({ref:.2f} s)")
for label, b in (("old", old), ("new", new)):
    db = os.path.join(work, f"mem-{label}.sqlite")
    print(f"ingest peak RSS, {label}: {peak_mb([b, 'ingest', '-q', '--db', db, big]):.1f} MB")
