"""Draws a reliability diagram: for each confidence level, the share of answers that cite a right page.

    python3 scripts/lib/reliability_diagram.py QUESTIONS RESULTS OUT.svg [TITLE]

Answerable questions only count for the bars ("cites a right page" = a cited page is one of the
question's pages in its document); the unanswerable ones are counted under each bar as "declined".
Plain SVG, no plotting library.
"""
import json
import sys

questions = {q["id"]: q for q in (json.loads(l) for l in open(sys.argv[1]) if l.strip())}
results = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
title = sys.argv[4] if len(sys.argv) > 4 else "Confidence against right citations"
levels = ["high", "medium", "low", "none"]
right = {level: 0 for level in levels}
total = {level: 0 for level in levels}
unanswerable = {level: 0 for level in levels}
for r in results:
    q = questions[r["id"]]
    level = r["confidence"]
    if q.get("doc") is None:
        unanswerable[level] += 1
        continue
    total[level] += 1
    if any(c["doc"] == q["doc"] and c["page"] in q["pages"] for c in r["cited"]):
        right[level] += 1

width, height, left, bottom, top = 560, 340, 70, 60, 50
plot_h = height - bottom - top
bar_w = 80
colours = {"high": "#1a7f37", "medium": "#9a6700", "low": "#bc4c00", "none": "#6e7781"}
svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="13">',
       f'<rect width="{width}" height="{height}" fill="white"/>',
       f'<text x="{width / 2}" y="24" text-anchor="middle" font-size="15">{title}</text>']
for tick in range(0, 101, 25):
    y = top + plot_h * (1 - tick / 100)
    svg.append(f'<line x1="{left}" y1="{y}" x2="{width - 20}" y2="{y}" stroke="#d0d7de"/>')
    svg.append(f'<text x="{left - 8}" y="{y + 4}" text-anchor="end">{tick}%</text>')
svg.append(f'<text x="18" y="{top + plot_h / 2}" transform="rotate(-90 18 {top + plot_h / 2})" text-anchor="middle">'
           'answers citing a right page</text>')
for i, level in enumerate(levels):
    x = left + 30 + i * 115
    share = right[level] / total[level] if total[level] else 0
    h = plot_h * share
    svg.append(f'<rect x="{x}" y="{top + plot_h - h}" width="{bar_w}" height="{h}" fill="{colours[level]}"/>')
    label = f"{share:.0%}" if total[level] else "–"
    svg.append(f'<text x="{x + bar_w / 2}" y="{top + plot_h - h - 6}" text-anchor="middle">{label}</text>')
    svg.append(f'<text x="{x + bar_w / 2}" y="{top + plot_h + 18}" text-anchor="middle" font-weight="bold">{level}</text>')
    svg.append(f'<text x="{x + bar_w / 2}" y="{top + plot_h + 34}" text-anchor="middle" fill="#57606a">'
               f'{right[level]}/{total[level]} answerable</text>')
    svg.append(f'<text x="{x + bar_w / 2}" y="{top + plot_h + 50}" text-anchor="middle" fill="#57606a">'
               f'{unanswerable[level]} unanswerable</text>')
svg.append("</svg>")
open(sys.argv[3], "w").write("\n".join(svg) + "\n")
for level in levels:
    print(f"{level:7} {right[level]:3}/{total[level]:3} answerable cite a right page; {unanswerable[level]} unanswerable")
