"""Load test of `manual serve` (scripts/bench-serve): see that script for what is measured."""
import json, os, re, shutil, statistics, subprocess, sys, tempfile, threading, time, urllib.parse, urllib.request

binary, corpus = os.path.abspath(sys.argv[1]), sys.argv[2]
work = tempfile.mkdtemp(prefix="manual-bench-serve-")
library = os.path.join(work, "library.sqlite")
good = sorted(f for f in os.listdir(corpus) if f.endswith("-manual.pdf") or f in ("nut-cables.pdf", "octave-refcard.pdf", "simh-pdp11.pdf"))
upload_name = "avrdude-manual.pdf"
library_files = [os.path.join(corpus, f) for f in good if f != upload_name]
subprocess.run([binary, "ingest", "-q", "--db", library] + library_files, check=True)

# Questions of our own, in a manual owner's words (not the evaluation set's).
QUESTIONS = ["how do I install it", "what are the command line options", "how do I reset the device",
             "which file formats are supported", "how do I update the firmware", "what voltage does it need",
             "how to configure the serial port", "print quality settings", "how do I run a simulation",
             "what does the error message mean", "how do I connect the cable", "supported operating systems",
             "how do I change the sample rate", "where is the configuration file", "how to calibrate",
             "what is the default baud rate"]
lua = os.path.join(work, "questions.lua")
with open(lua, "w") as f:
    f.write("local paths = {" + ",".join('"/api/query?q=%s"' % urllib.parse.quote(q) for q in QUESTIONS) + "}\n")
    # Each wrk thread keeps the server's own time per request (its Server-Timing header); `done`
    # gathers them from the threads and prints their median and 99th percentile.
    f.write("""
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) durations = {}; i = 0 end
function request()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
function response(status, headers, body)
  local timing = headers["Server-Timing"] or headers["server-timing"]
  if timing then
    local d = tonumber(string.match(timing, "dur=([%d%.]+)"))
    if d then durations[#durations + 1] = d end
  end
end
function done(summary, latency, requests)
  local all = {}
  for _, t in ipairs(threads) do
    for _, d in ipairs(t:get("durations")) do all[#all + 1] = d end
  end
  table.sort(all)
  local function pct(p) if #all == 0 then return -1 end return all[math.max(1, math.ceil(#all * p))] end
  io.write(string.format("RESULT %d %d %d %.3f %.3f %.3f\\n", summary.requests,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.duration, latency:percentile(50)/1000, latency:percentile(99)/1000, latency.max/1000))
  io.write(string.format("SERVER %.3f %.3f\\n", pct(0.5), pct(0.99)))
end
""")

server = subprocess.Popen([binary, "serve", "--db", library, "--port", "0"], stdout=subprocess.PIPE, text=True)
line = server.stdout.readline()
base = re.search(r"http://[^ ]+/", line).group(0).rstrip("/")
pid = server.pid
# The peak resident set (VmHWM), and apart the peak of the server's private memory (RssAnon: its heap and
# stacks): the rest of the resident set is file pages mapped (the binary with its embedding table, the vector
# file, SQLite's memory map of the library, once per pooled connection), which the kernel shares and can drop.
peak_rss = [0]
peak_anon = [0]
stop_sampling = threading.Event()
def sample():
    while not stop_sampling.is_set():
        try:
            for row in open(f"/proc/{pid}/status"):
                if row.startswith("VmHWM:"):
                    peak_rss[0] = max(peak_rss[0], int(row.split()[1]))
                elif row.startswith("RssAnon:"):
                    peak_anon[0] = max(peak_anon[0], int(row.split()[1]))
        except OSError:
            pass
        time.sleep(0.05)
threading.Thread(target=sample, daemon=True).start()

def get(path):
    with urllib.request.urlopen(base + path, timeout=60) as r:
        return r.status, r.read()

for q in QUESTIONS:  # warm the page cache of the library file
    get("/api/query?q=" + urllib.parse.quote(q))

def wrk(connections, seconds):
    out = subprocess.run(["wrk", "-t", str(min(connections, 2)), "-c", str(connections), "-d", f"{seconds}s", "--timeout", "10s",
                          "-s", lua, base + "/"], capture_output=True, text=True, check=True).stdout
    m = re.search(r"RESULT (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+)", out)
    requests, errors, duration_us = int(m.group(1)), int(m.group(2)), int(m.group(3))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    server_side = re.search(r"SERVER ([\d.-]+) ([\d.-]+)", out)
    return {"connections": connections, "requests": requests, "errors": errors + (int(non2xx.group(1)) if non2xx else 0),
            "rps": round(requests / (duration_us / 1e6), 1), "p50_ms": float(m.group(4)), "p99_ms": float(m.group(5)),
            "max_ms": float(m.group(6)), "server_p50_ms": float(server_side.group(1)), "server_p99_ms": float(server_side.group(2))}

results = {"manuals": len(library_files)}
results["load_1"] = wrk(1, 10)
results["load_8"] = wrk(8, 10)

# 8 connections while another process ingests ngspice-manual.pdf (715 pages) into a library of its own,
# over and over: the CPU a batch ingest takes from the server (issue 51: p50 at most 2x idle).
ngspice = os.path.join(corpus, "ngspice-manual.pdf")
if os.path.exists(ngspice):
    other = os.path.join(work, "other.sqlite")
    stop_other = threading.Event()
    other_runs = [0]
    def ingest_other():
        while not stop_other.is_set():
            for suffix in ("", "-wal", "-shm", ".vectors"):
                if os.path.exists(other + suffix):
                    os.remove(other + suffix)
            p = subprocess.Popen([binary, "ingest", "-q", "--db", other, ngspice], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            while p.poll() is None:
                if stop_other.is_set():
                    p.terminate()
                time.sleep(0.05)
            other_runs[0] += 1
    ingester = threading.Thread(target=ingest_other)
    ingester.start()
    time.sleep(1)  # the ingest under way before the load starts
    results["load_8_during_ingest"] = wrk(8, 10)
    stop_other.set()
    ingester.join()
    results["load_8_during_ingest"]["ingest_runs"] = other_runs[0]

# Page images: first render (cold cache, each page once) and cached, at 1000 px.
documents = json.loads(get("/api/documents")[1])
pages = []
for d in documents:
    for n in (1, max(1, d["pageCount"] // 2), d["pageCount"]):
        pages.append(f"/api/documents/{d['id']}/pages/{n}.png?width=1000")
first, cached = [], []
for p in pages:
    t = time.perf_counter(); status, _ = get(p); first.append((time.perf_counter() - t) * 1000); assert status == 200
for p in pages:
    t = time.perf_counter(); status, _ = get(p); cached.append((time.perf_counter() - t) * 1000); assert status == 200
results["png_first_p50_ms"] = round(statistics.median(first), 1)
results["png_cached_p50_ms"] = round(statistics.median(cached), 2)
results["png_pages"] = len(pages)

# An upload ingested through the API while 8 connections ask questions.
upload_result = {}
def do_upload():
    body = open(os.path.join(corpus, upload_name), "rb").read()
    req = urllib.request.Request(base + "/api/documents?filename=" + upload_name, data=body, method="POST",
                                 headers={"Content-Type": "application/pdf"})
    t = time.perf_counter()
    with urllib.request.urlopen(req, timeout=600) as r:
        upload_result.update(json.loads(r.read()), status=r.status, seconds=round(time.perf_counter() - t, 2))
uploader = threading.Thread(target=do_upload)
uploader.start()
results["load_8_during_upload"] = wrk(8, 10)
uploader.join()
results["upload"] = {k: upload_result.get(k) for k in ("status", "outcome", "pages", "chunks", "seconds")}
chunks = json.loads(get(f"/api/documents/{upload_result['documentID']}/chunks")[1])
results["upload_whole"] = len(chunks) == upload_result["chunks"]

stop_sampling.set()
server.terminate()
server.wait(timeout=30)
results["server_peak_rss_mb"] = round(peak_rss[0] / 1024, 1)
results["server_peak_private_mb"] = round(peak_anon[0] / 1024, 1)
print(json.dumps(results, indent=2))
shutil.rmtree(work, ignore_errors=True)
