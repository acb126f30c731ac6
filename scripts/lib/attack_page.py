"""Another website, for the browser tests: a page on another local port that tries to change and read
the library of `manual serve` through the visitor's browser (cross-site form posts, `fetch` calls), and
the helpers to check that nothing changed and nothing was read."""

import hashlib
import json
import os
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# The page writes what each attempt saw into #result as JSON, then offers forms the test submits.
PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>A page elsewhere</title></head><body>
<pre id="result">pending</pre>
<form id="remove" method="post" action="{manual}/library/{doc}/remove"><button>remove</button></form>
<form id="upload" method="post" action="{manual}/library/upload" enctype="multipart/form-data">
<input type="hidden" name="title" value="planted"><button>upload</button></form>
<form id="rate" method="post" action="{manual}/api/history/1/rating"><input type="hidden" name="rating" value="unhelpful"><button>rate</button></form>
<script>
"use strict";
const manual = "{manual}", out = {{}};
async function attempt(name, run) {{
  try {{ out[name] = await run(); }} catch (error) {{ out[name] = "blocked: " + error.name; }}
}}
(async function () {{
  await attempt("read", async () => {{ const r = await fetch(manual + "/api/documents"); return "read " + (await r.text()).length; }});
  await attempt("readHistory", async () => {{ const r = await fetch(manual + "/api/history"); return "read " + (await r.text()).length; }});
  await attempt("delete", async () => {{ const r = await fetch(manual + "/api/documents/{doc}", {{ method: "DELETE" }}); return "status " + r.status; }});
  await attempt("blindDelete", async () => {{ await fetch(manual + "/api/documents/{doc}", {{ method: "POST", mode: "no-cors" }}); return "sent"; }});
  await attempt("blindRate", async () => {{
    await fetch(manual + "/api/history/1/rating", {{ method: "POST", mode: "no-cors", body: "rating=unhelpful",
      headers: {{ "Content-Type": "application/x-www-form-urlencoded" }} }});
    return "sent";
  }});
  await attempt("blindAsk", async () => {{ await fetch(manual + "/api/query?q=planted+question", {{ mode: "no-cors" }}); return "sent"; }});
  document.getElementById("result").textContent = JSON.stringify(out);
}})();
</script></body></html>
"""


class AttackSite:
    """A plain HTTP server on another port of this machine: another origin than `manual serve`."""

    def __init__(self, manual_url, doc):
        page = PAGE.format(manual=manual_url, doc=doc).encode()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def library_state(manual_url, library):
    """What must not change: the library's files, byte for byte, and what the API lists."""
    digest = hashlib.sha256()
    for path in (library, library + "-wal"):
        if os.path.exists(path):
            with open(path, "rb") as f:
                digest.update(f.read())
    documents = json.load(urllib.request.urlopen(manual_url + "/api/documents"))
    history = json.load(urllib.request.urlopen(manual_url + "/api/history?limit=1000"))
    return digest.hexdigest(), [d["id"] for d in documents], [(q["id"], q.get("rating")) for q in history]
