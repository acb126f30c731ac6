"""The soak test behind scripts/soak: rounds of concurrent manual processes with injected faults."""
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

binary, budget, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
work = tempfile.mkdtemp(prefix="manual-soak.")
library = os.path.join(work, "library.sqlite")
questions = ["What tire pressure is recommended?", "How do I descale the kettle?", "inflate the tyres",
             "How often should I change the oil?", "jump start a flat battery"]
stats = {"rounds": 0, "processes": 0, "kills": 0, "read_only_flips": 0, "disk_full": 0, "failures": []}

# Distinct copies of the fixture manuals (a comment after %%EOF gives each its own sha256).
sources = []
for n in range(6):
    for name in ("sample-manual.pdf", "edge/small.pdf"):
        target = os.path.join(work, f"m{n}-{os.path.basename(name)}")
        with open(os.path.join(root, "Fixtures", name), "rb") as src, open(target, "wb") as dst:
            dst.write(src.read())
            dst.write(f"\n% soak copy {n}\n".encode())
        sources.append(target)


def fail(message):
    stats["failures"].append(f"round {stats['rounds']}: {message}")
    print("FAIL:", message, file=sys.stderr)


def manual(*args, db=None):
    return [binary, *args, "--db", db or library]


def answers(db=None):
    out = []
    for q in questions:
        p = subprocess.run(manual("query", "--json", "--no-history", q, db=db), capture_output=True, text=True)
        out.append(p.stdout if p.returncode == 0 else f"exit {p.returncode}: {p.stderr}")
    return out


def documents(db=None):
    """id -> (pages stored, page_count, chunks) straight from the file (no FTS needed)."""
    con = sqlite3.connect(f"file:{db or library}?mode=ro", uri=True, timeout=30)
    try:
        rows = con.execute("""SELECT d.id, d.page_count, (SELECT count(*) FROM pages p WHERE p.document_id = d.id),
                                     (SELECT count(*) FROM chunks c WHERE c.document_id = d.id) FROM documents d""").fetchall()
    finally:
        con.close()
    return {r[0]: (r[2], r[1], r[3]) for r in rows}


def check_clean(db=None):
    p = subprocess.run(manual("check", "--json", db=db), capture_output=True, text=True)
    if p.returncode != 0:
        fail(f"check: exit {p.returncode}: {p.stdout.strip()[:300]} {p.stderr.strip()[:300]}")


subprocess.run(manual("ingest", "-q", *sources[:2]), check=True, stdout=subprocess.DEVNULL)
settled = answers()
deadline = time.monotonic() + budget
while time.monotonic() < deadline:
    stats["rounds"] += 1
    # The library is as the last round left it: it must still answer the same way.
    if answers() != settled:
        fail("answers changed between rounds with nothing written")
    known = documents()
    commands = [manual("ingest", "--json", *rng.sample(sources, 2)),
                manual("reindex", "-q", rng.choice(["--all", "--stale", str(rng.choice(list(known) or [1]))])),
                manual("backup", "--force", os.path.join(work, "backup.sqlite"))]
    if known and rng.random() < 0.5:
        commands.append(manual("remove", str(rng.choice(list(known)))))
    commands += [manual("query", "--json", q) for q in rng.sample(questions, 3)]
    rng.shuffle(commands)
    read_only = rng.random() < 0.2
    if read_only:
        stats["read_only_flips"] += 1
        os.chmod(library, 0o444)
    running = [(c, subprocess.Popen(c, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)) for c in commands]
    stats["processes"] += len(running)
    if rng.random() < 0.6:
        time.sleep(rng.uniform(0, 0.4))
        victim = rng.choice(running)[1]
        if victim.poll() is None:
            victim.send_signal(signal.SIGKILL)
            stats["kills"] += 1
    removed_now = {int(c[2]) for c, _ in running if c[1] == "remove"}
    added, cited = [], []
    for command, process in running:
        out, err = process.communicate(timeout=300)
        if process.returncode < 0:
            continue  # killed
        if "Fatal error" in err or "Stack dump" in err:
            fail(f"{command[1]} crashed: {err[:300]}")
        if command[1] == "ingest":
            for line in out.splitlines():
                event = json.loads(line)
                if event.get("outcome") in ("added", "replaced"):
                    added.append(event["documentID"])
        if command[1] == "query" and process.returncode == 0:
            cited += [(c["documentID"], c["page"]) for c in json.loads(out)["citations"]]
        if process.returncode not in (0, 22, 23, 25, 30, 41) and not (command[1] == "reindex" and process.returncode == 30):
            fail(f"{' '.join(command[1:3])}: exit {process.returncode}: {err.strip()[:300]}")
        if read_only and command[1] in ("ingest", "remove", "reindex") and process.returncode not in (0, 22, 30):
            fail(f"{command[1]} on a read-only library: exit {process.returncode}")
    if read_only:
        os.chmod(library, 0o600)
    check_clean()
    now = documents()
    for doc in added:
        if doc in now and now[doc][0] != now[doc][1]:
            fail(f"document #{doc} was reported added but has {now[doc][0]} of {now[doc][1]} pages")
    for doc, page in cited:
        whole = doc in now and now[doc][0] == now[doc][1] and 1 <= page <= now[doc][1]
        if not whole and doc not in removed_now and doc not in known:
            fail(f"an answer cited page {page} of document #{doc}, which is not a whole document")
    settled = answers()

# A disk that fills up: a library on a 3 MB tmpfs, ingested until it is full (root with CAP_SYS_ADMIN only).
mount = os.path.join(work, "tmpfs")
os.makedirs(mount)
if os.geteuid() == 0 and subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", mount],
                                        capture_output=True).returncode == 0:
    try:
        small = os.path.join(mount, "library.sqlite")
        for source in sources:
            p = subprocess.run(manual("ingest", "-q", source, db=small), capture_output=True, text=True)
            if p.returncode == 23:
                stats["disk_full"] += 1
                check_clean(small)
                if answers(small)[0].startswith("exit"):
                    fail("a full disk stopped a question from being answered")
                break
            if p.returncode != 0:
                fail(f"ingest onto the small disk: exit {p.returncode}: {p.stderr.strip()[:200]}")
    finally:
        subprocess.run(["umount", mount], capture_output=True)
else:
    print("soak: no tmpfs could be mounted here; the full-disk phase was skipped", file=sys.stderr)

shutil.rmtree(work, ignore_errors=True)
print(f"soak: {stats['rounds']} rounds, {stats['processes']} processes, {stats['kills']} SIGKILLs, "
      f"{stats['read_only_flips']} read-only flips, {stats['disk_full']} full disks, {len(stats['failures'])} failures")
sys.exit(1 if stats["failures"] else 0)
