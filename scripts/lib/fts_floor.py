"""The FTS5 floor of a question (issue 51): what the keyword index alone costs, as the yardstick a whole
`manual query` process is measured against in the same run.

The chunks of a library are copied into a standard FTS5 table with the porter tokenizer (the sqlite3 shell
cannot load `manual`'s own tokenizer), and the floor of a question is one `sqlite3` shell process running
`SELECT rowid ... WHERE floor MATCH <the question's non-stopwords, OR'd> ORDER BY bm25(floor) LIMIT 50`.
Each question is timed as a whole process, interleaved: `manual query --no-history`, `manual query`
(recording its history) and the floor, `rounds` times; medians per question, then their ratios. The first
`--no-history` round of a question is also reported alone (`first_ms`): a question's first ask on a library
state checks its follow-ups, which the library then keeps for every later process (`KeptFollowUpChecks`).

    python3 scripts/lib/fts_floor.py BINARY LIBRARY [QUESTION...]     (prints one JSON object)
"""
import json, os, re, statistics, subprocess, sys, time

STOPWORDS = set("""a an and are as at be by can do does for from how i if in is it its me my of on or should
the this to was what when where which who why will with you your""".split())


def floor_copy(library):
    """The porter FTS5 copy of the library's chunks, beside it (made anew each call)."""
    floor = library + ".floor"
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(floor + suffix):
            os.remove(floor + suffix)
    script = (f"ATTACH '{library}' AS lib; CREATE VIRTUAL TABLE floor USING fts5(text, heading, tokenize='porter'); "
              "INSERT INTO floor(rowid, text, heading) SELECT id, text, heading FROM lib.chunks;")
    subprocess.run(["sqlite3", floor, script], check=True)
    return floor


def match_expression(question):
    words = [w for w in re.findall(r"[a-z0-9]+", question.lower()) if w not in STOPWORDS]
    return " OR ".join('"%s"' % w for w in words) or '"%s"' % question.lower()


def timed(args):
    start = time.perf_counter()
    subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return (time.perf_counter() - start) * 1000


def paired(binary, library, questions, rounds=3):
    """Per question: median ms of the floor, the query without and with history; and the ratios."""
    floor = floor_copy(library)
    rows = []
    for question in questions:
        sql = ("SELECT rowid FROM floor WHERE floor MATCH '%s' ORDER BY bm25(floor) LIMIT 50;"
               % match_expression(question).replace("'", "''"))
        floor_ms, bare_ms, recorded_ms = [], [], []
        for _ in range(rounds):
            floor_ms.append(timed(["sqlite3", floor, sql]))
            bare_ms.append(timed([binary, "query", "--no-history", "--db", library, question]))
            recorded_ms.append(timed([binary, "query", "--db", library, question]))
        f, b, r = (statistics.median(x) for x in (floor_ms, bare_ms, recorded_ms))
        rows.append({"question": question, "floor_ms": round(f, 1), "query_ms": round(b, 1), "with_history_ms": round(r, 1),
                     "ratio": round(b / f, 2), "with_history_ratio": round(r / f, 2),
                     "first_ms": round(bare_ms[0], 1), "first_ratio": round(bare_ms[0] / f, 2)})
    os.remove(floor)
    return {"questions": len(rows), "median_ratio": round(statistics.median(x["ratio"] for x in rows), 2),
            "median_with_history_ratio": round(statistics.median(x["with_history_ratio"] for x in rows), 2),
            "median_first_ratio": round(statistics.median(x["first_ratio"] for x in rows), 2),
            "worst_ratio": max(x["ratio"] for x in rows), "worst_query_ms": max(x["query_ms"] for x in rows),
            "query_p50_ms": round(statistics.median(x["query_ms"] for x in rows), 1),
            "floor_p50_ms": round(statistics.median(x["floor_ms"] for x in rows), 1), "rows": rows}


if __name__ == "__main__":
    qs = sys.argv[3:] or ["What is the maximum RX input power?", "default baud rate of the programmer",
                          "how do I run a transient analysis", "tire pressure"]
    print(json.dumps(paired(sys.argv[1], sys.argv[2], qs), indent=2))
