"""The PostgreSQL library against the SQLite file (scripts/bench-postgres): see that script for what is measured."""
import json, os, re, shutil, statistics, subprocess, sys, tempfile, threading, time, urllib.parse, urllib.request

binary, corpus, server_url, rounds = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
given = sys.argv[5] if len(sys.argv) > 5 and sys.argv[5] else None  # an SQLite library to use instead of the corpus
work = tempfile.mkdtemp(prefix="manual-bench-postgres-")
sqlite = os.path.join(work, "library.sqlite")
database = "bench"
subprocess.run(["psql", "-q", server_url + "/postgres", "-c", f"CREATE DATABASE {database}"], check=True)
postgres = server_url + "/" + database
env = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"))

if given:  # a copy: opening it may bring its schema up to date
    shutil.copyfile(given, sqlite)
    count = len(json.loads(subprocess.run([binary, "list", "--json", "--db", sqlite], capture_output=True, check=True).stdout))
else:
    good = sorted(f for f in os.listdir(corpus) if f.endswith("-manual.pdf") or f in ("nut-cables.pdf", "octave-refcard.pdf", "simh-pdp11.pdf"))
    subprocess.run([binary, "ingest", "-q", "--db", sqlite] + [os.path.join(corpus, f) for f in good], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    count = len(good)
start = time.monotonic()
subprocess.run([binary, "migrate", "--db", sqlite, "--to", postgres], check=True, env=env, stdout=subprocess.DEVNULL)
migrate_seconds = time.monotonic() - start
print(f"library: {count} manuals; migrate to PostgreSQL: {migrate_seconds:.2f} s")

# Questions of our own, in a manual owner's words (not the evaluation set's), as scripts/bench-serve asks.
QUESTIONS = ["how do I install it", "what are the command line options", "how do I reset the device",
             "which file formats are supported", "how do I update the firmware", "what voltage does it need",
             "how to configure the serial port", "print quality settings", "how do I run a simulation",
             "what does the error message mean", "how do I connect the cable", "supported operating systems"]

def ask(library, question):
    started = time.monotonic()
    out = subprocess.run([binary, "query", "--json", "--no-history", "--db", library, question],
                         capture_output=True, env=env).stdout
    return time.monotonic() - started, out

for library in (sqlite, postgres):  # the vector file of each is made once, outside the timing
    ask(library, QUESTIONS[0])
times = {sqlite: [], postgres: []}
differ = 0
for _ in range(rounds):
    for question in QUESTIONS:
        a_time, a = ask(sqlite, question)
        b_time, b = ask(postgres, question)
        times[sqlite].append(a_time)
        times[postgres].append(b_time)
        differ += a != b
s, p = statistics.median(times[sqlite]) * 1000, statistics.median(times[postgres]) * 1000
print(f"question, whole process (median of {len(times[sqlite])}): SQLite {s:.1f} ms, PostgreSQL {p:.1f} ms, "
      f"ratio {p / s:.2f} (target <= 1.5); answers differing: {differ}")

def serve_p50(library, connections=8, seconds=15):
    server = subprocess.Popen([binary, "serve", "--db", library, "--port", "0"], stdout=subprocess.PIPE, text=True, env=env)
    base = re.search(r"http://[^ ]+/", server.stdout.readline()).group(0).rstrip("/")
    paths = ["/api/query?q=" + urllib.parse.quote(q) for q in QUESTIONS]
    for path in paths:
        urllib.request.urlopen(base + path, timeout=60).read()
    latencies, errors, lock = [], [0], threading.Lock()
    deadline = time.monotonic() + seconds
    def worker(index):
        i = index
        while time.monotonic() < deadline:
            started = time.monotonic()
            try:
                with urllib.request.urlopen(base + paths[i % len(paths)], timeout=60) as reply:
                    reply.read()
                with lock:
                    latencies.append(time.monotonic() - started)
            except Exception:
                with lock:
                    errors[0] += 1
            i += 1
    threads = [threading.Thread(target=worker, args=(n,)) for n in range(connections)]
    for t in threads: t.start()
    for t in threads: t.join()
    server.terminate()
    server.wait()
    return statistics.median(latencies) * 1000, len(latencies), errors[0]

results = {}
for library, name in ((sqlite, "SQLite"), (postgres, "PostgreSQL"), (sqlite, "SQLite"), (postgres, "PostgreSQL")):
    p50, count, errors = serve_p50(library)
    results.setdefault(name, []).append(p50)
    print(f"serve, 8 connections, 15 s: {name} p50 {p50:.1f} ms over {count} requests, {errors} errors")
s, p = statistics.median(results["SQLite"]), statistics.median(results["PostgreSQL"])
print(f"serve p50 at 8 connections: SQLite {s:.1f} ms, PostgreSQL {p:.1f} ms, ratio {p / s:.2f} (target <= 1.5)")

# The vector file catching up on one added manual (another process ingests it), against a question with the file
# current and one that makes it whole, each round in turn; status says it caught up rather than made it whole.
# A manual the library does not hold: a corpus one for the nine, a fixture for a given library (which may hold the corpus).
added = os.path.abspath("Fixtures/answers/dishwasher-guide.pdf") if given else os.path.join(corpus, "damaged-xref.pdf")
def vector_file():
    out = subprocess.run([binary, "status", "--json", "--db", postgres], capture_output=True, env=env).stdout
    return json.loads(out).get("vectorFile", {})
catch_up, warm, whole = [], [], []
for _ in range(rounds):
    subprocess.run([binary, "ingest", "-q", "--db", postgres, added], check=True, env=env, stdout=subprocess.DEVNULL)
    before = vector_file()
    catch_up.append(ask(postgres, QUESTIONS[1])[0])
    after = vector_file()
    assert after["builtWholeAt"] == before["builtWholeAt"] and after["catchUps"] == before["catchUps"] + 1, (before, after)
    warm.append(ask(postgres, QUESTIONS[1])[0])
    for name in os.listdir(os.path.join(work, "cache", "manual")):
        if name.endswith(".vectors"): os.unlink(os.path.join(work, "cache", "manual", name))
    whole.append(ask(postgres, QUESTIONS[1])[0])
    subprocess.run([binary, "remove", "--db", postgres, added], check=True, env=env, stdout=subprocess.DEVNULL)
    ask(postgres, QUESTIONS[1])
c, w, m = (statistics.median(x) * 1000 for x in (catch_up, warm, whole))
print(f"vector file, one added manual (median of {rounds}): question catching up {c:.1f} ms, with the file current {w:.1f} ms "
      f"(catch-up {c - w:.1f} ms, target < 1000), making it whole {m:.1f} ms")
shutil.rmtree(work, ignore_errors=True)
