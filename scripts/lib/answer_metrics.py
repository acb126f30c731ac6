"""Answer-text metrics for scripts/eval (issue 17): over answerable questions answered with medium or
high confidence, the share whose first citation is a labelled page (among those whose labelled page is
in the top 5), the precision of all citations, answer length in words (median, 90th percentile), the
number of answers that quote a navigation line (dot leaders, index entries), and the share of the
reference answers' numbers found in the answer.

    python3 scripts/lib/answer_metrics.py QUESTIONS RESULTS
"""
import json
import re
import statistics
import sys

questions = {q["id"]: q for q in (json.loads(l) for l in open(sys.argv[1]) if l.strip())}
results = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
marker = re.compile(r"\[[^\[\]]*p\. \d+(?:-\d+)?\]")
navigation = re.compile(r"(\.\s?){4,}|…{2,}|(,\s*\d+){2,}\s*\[")
number = re.compile(r"\d+(?:[.,]\d+)?")

first_right = first_total = cited_right = cited_total = nav = 0
lengths, found, wanted = [], 0, 0
for r in results:
    q = questions[r["id"]]
    if q.get("doc") is None or r["confidence"] not in ("medium", "high"):
        continue
    right = [c for c in r["cited"] if c["doc"] == q["doc"] and c["page"] in q["pages"]]
    cited_total += len(r["cited"])
    cited_right += len(right)
    in_top5 = any(x["doc"] == q["doc"] and any(x["page_start"] <= p <= x["page_end"] for p in q["pages"])
                  for x in r["ranked"][:5])
    if in_top5 and r["cited"]:
        first_total += 1
        first = r["cited"][0]
        first_right += first["doc"] == q["doc"] and first["page"] in q["pages"]
    text = marker.sub("", r["answer"])
    lengths.append(len(text.split()))
    if navigation.search(r["answer"]):
        nav += 1
    reference = set(number.findall(q.get("answer", "")))
    wanted += len(reference)
    found += sum(1 for n in reference if n in text)

n = len(lengths)
lengths.sort()
p90 = lengths[min(n - 1, int(0.9 * n))] if n else 0
print(f"answers (medium/high)  {n}")
print(f"first citation right   {first_right / first_total if first_total else 0:.3f} ({first_right}/{first_total})")
print(f"citation precision     {cited_right / cited_total if cited_total else 0:.3f} ({cited_right}/{cited_total})")
print(f"length words med/p90   {statistics.median(lengths) if n else 0:.0f} / {p90}")
print(f"navigation quotes      {nav}")
print(f"reference numbers      {found / wanted if wanted else 0:.3f} ({found}/{wanted})")
