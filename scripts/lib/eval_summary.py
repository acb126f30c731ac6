"""Prints two tables of aggregate figures for several runs of scripts/eval: per run (weights) the overall
hit@1, hit@5 and MRR@10, then hit@5 / hit@1 / MRR by kind of question; and per run the citation accuracy,
citation precision, abstain-correct and over-abstain.

Only aggregates: no question, id or single result is ever printed, so this is what the check set may be
scored with (../shared/eval/CHECK-SET.md).

    python3 eval_summary.py SCORE_PY QUESTIONS LABEL=RESULTS...
"""
import json
import subprocess
import sys

KINDS = ("lookup", "paraphrase", "procedure", "spec")


def scored(score_py, questions, results):
    out = subprocess.run([sys.executable, score_py, questions, results, "--json"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def cell(group, metric):
    value = group.get(metric)
    return "   n/a" if value is None else f"{value:6.3f}"


def main(argv):
    score_py, questions, runs = argv[1], argv[2], argv[3:]
    header = f"{'run':<22} {'n':>3} {'hit@1':>6} {'hit@5':>6} {'MRR':>6}"
    for kind in KINDS:
        header += f" | {kind[:10]:>10} h@5   h@1   MRR"
    print(header)
    for run in runs:
        label, path = run.split("=", 1)
        data = scored(score_py, questions, path)
        total = data["overall"]
        line = f"{label:<22} {total['answerable']:>3} {cell(total, 'hit@1')} {cell(total, 'hit@5')} {cell(total, 'MRR@10')}"
        for kind in KINDS:
            group = data["by_kind"].get(kind, {})
            line += f" | {group.get('n', 0):>4} {cell(group, 'hit@5')}{cell(group, 'hit@1')}{cell(group, 'MRR@10')}"
        print(line)
    print()
    print(f"{'run':<22} {'cite':>6} {'prec.':>6} {'abstain':>8} {'over-abstain':>13}")
    for run in runs:
        label, path = run.split("=", 1)
        total = scored(score_py, questions, path)["overall"]
        print(f"{label:<22} {cell(total, 'citation_accuracy')} {cell(total, 'citation_precision')}"
              f"   {cell(total, 'abstain_correct')}        {cell(total, 'over_abstain')}")


if __name__ == "__main__":
    main(sys.argv)
