"""Runs schemathesis against `manual serve` and docs/openapi.json (see scripts/api-fuzz).

A library with the sample manual and a small second one is served on a free port; schemathesis runs
every check it has over every operation of the spec, with its default number of cases and a fixed seed,
then `manual check` must find the library clean and the server must stop cleanly on SIGTERM. Prints
`api-fuzz: N passed, M failed` (one per check of this script) and exits 1 when anything failed.
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SPEC = os.path.join(REPO, "docs", "openapi.json")
FIXTURES = os.path.join(REPO, "Fixtures")
VENV_BIN = os.path.dirname(sys.executable)

CONFIG = os.path.join(REPO, "scripts", "lib", "schemathesis.toml")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(REPO, ".build", "debug", "manual"))
    parser.add_argument("--seed", type=int, default=20261207)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    if not os.access(binary, os.X_OK):
        print(f"FAIL: no manual binary at {binary} (build it first: swift build)")
        print("api-fuzz: 0 passed, 1 failed")
        return 1

    passed, failed = 0, []

    def check(condition, message):
        nonlocal passed
        if condition:
            passed += 1
        else:
            failed.append(message)
            print(f"FAIL: {message}", flush=True)

    work = tempfile.mkdtemp(prefix="manual-api-fuzz-")
    library = os.path.join(work, "library.sqlite")
    server = None
    try:
        for pdf in ("sample-manual.pdf", os.path.join("edge", "small.pdf")):
            subprocess.run([binary, "ingest", "-q", "--db", library, os.path.join(FIXTURES, pdf)], check=True)
        log = open(os.path.join(work, "serve.log"), "w")
        server = subprocess.Popen([binary, "serve", "--db", library, "--port", "0"], stdout=subprocess.PIPE,
                                  stderr=log, text=True, start_new_session=True)
        line = server.stdout.readline()
        match = re.search(r"on (http://127\.0\.0\.1:\d+)/", line)
        if not match:
            raise RuntimeError(f"manual serve did not start: {line!r}")
        url = match.group(1)
        print(f"fuzzing {url} against docs/openapi.json", flush=True)
        started = time.monotonic()
        run = subprocess.run(
            [os.path.join(VENV_BIN, "st"), "--config-file", CONFIG, "run", SPEC, "--url", url, "--checks", "all",
             "--seed", str(args.seed), "--workers", "1",
             "--request-timeout", "60", "--no-color", "--generation-database", "none", "--suppress-health-check", "too_slow",
             "--report", "junit", "--report-dir", os.path.join(work, "report")],
            cwd=work, capture_output=True, text=True)
        output = run.stdout + run.stderr
        summary = [l for l in output.splitlines() if re.search(r"(passed|failed|errors?|skipped)\b", l)]
        print("\n".join(summary[-8:]), flush=True)
        print(f"schemathesis took {time.monotonic() - started:.0f} s", flush=True)
        if run.returncode != 0:
            with open(os.path.join(work, "schemathesis.txt"), "w") as out:
                out.write(output)
            print(output[-6000:], flush=True)
        check(run.returncode == 0, f"schemathesis found failures (exit {run.returncode})")
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        check(server.returncode == 0, f"manual serve exited {server.returncode} on SIGTERM")
        checked = subprocess.run([binary, "check", "--db", library], capture_output=True, text=True)
        check(checked.returncode == 0, f"manual check after fuzzing exited {checked.returncode}: {checked.stdout}{checked.stderr}")
    except Exception as error:
        check(False, f"setup: {error}")
    finally:
        if server is not None and server.poll() is None:
            server.kill()
            server.wait()
        if not failed:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"kept for a look: {work}")
    print(f"api-fuzz: {passed} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
