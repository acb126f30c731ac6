"""Fits the answer stage's weights under leave-one-manual-out cross-validation (scripts/fit-answer-weights).

Two models, both read from `manual query - --json --explain`:
- sentence choice: a listwise logistic model over each question's candidate sentences (their
  `SentenceFeature`s): the probability mass of the candidates standing on a right page is maximised;
- answerability: two logistic models over the answer's `AnswerFeature`s, measured under the sentence
  weights of the same fold: "a manual answers the question" (with the decline threshold that maximises
  abstain-correct + citation accuracy - over-abstain on the training folds) and "the answer cites a right
  page" (the answer's score; its bands are the confidence levels).

Every figure printed is on held-out manuals: each manual's questions are answered with weights fitted on
the other manuals' questions (unanswerable questions are dealt round-robin to the folds). Deterministic: no
randomness, fixed optimiser settings, sorted inputs.
"""
import argparse
import hashlib
import json
import math
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from scipy.optimize import minimize

VERSION = "1"
HIGH = 0.8   # Answerability.high in Swift
SENTENCE_L2 = (0.0003, 0.001, 0.003, 0.01)  # chosen by cross-validation
ANSWER_L2 = 1.0
THRESHOLDS = [round(0.05 * i, 2) for i in range(1, 19)]
REACH_FLOORS = [round(0.1 * i, 1) for i in range(0, 7)]
ANSWER_NAMES = []         # the answer features' names, in the order of a row's values
MAX_OVER_ABSTAIN = 0.08   # the answerable questions declined or `low` that the thresholds may cost (issue 54)


def read_questions(specs):
    questions = []
    for spec in specs:
        name, path = spec.split("=", 1)
        for line in open(path):
            if line.strip():
                q = json.loads(line)
                q["set"] = name
                questions.append(q)
    docs = sorted({q["doc"] for q in questions if q.get("doc")})
    unanswerable = sorted((q for q in questions if not q.get("doc")), key=lambda q: (q["set"], q["id"]))
    for i, q in enumerate(unanswerable):
        q["fold"] = docs[i % len(docs)]
    for q in questions:
        q.setdefault("fold", q.get("doc"))
    return questions, docs


def run(args, questions, weights, tag, variable="MANUAL_ANSWER_WEIGHTS"):
    """Answers every question with `weights` given in the environment variable `variable` (cached by their
    hash); returns the answers in order."""
    blob = variable + json.dumps(weights, sort_keys=True)
    key = hashlib.sha256((args.binary_sha + blob + "\n".join(q["question"] for q in questions)).encode()).hexdigest()[:16]
    cache = os.path.join(args.out, "runs", f"{key}.jsonl")
    if os.path.exists(cache):
        return [json.loads(line) for line in open(cache)]
    os.makedirs(os.path.dirname(cache), exist_ok=True)
    path = os.path.join(args.out, "runs", f"{key}.weights.json")
    with open(path, "w") as f:
        f.write(json.dumps(weights, sort_keys=True))
    env = dict(os.environ, **{variable: path})
    halves = [questions[: len(questions) // 2], questions[len(questions) // 2:]]

    def ask(part):
        text = "".join(q["question"].replace("\n", " ") + "\n" for q in part)
        out = subprocess.run([args.bin, "query", "-", "--db", args.library, "--no-history", "--top-k", "10",
                              "--json", "--explain"], input=text, capture_output=True, text=True, env=env, check=True)
        return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]

    with ThreadPoolExecutor(2) as pool:
        answers = [a for part in pool.map(ask, halves) for a in part]
    assert len(answers) == len(questions), (tag, len(answers))
    with open(cache, "w") as f:
        for a in answers:
            f.write(json.dumps(a, sort_keys=True) + "\n")
    print(f"   ran {tag}: {len(answers)} questions", file=sys.stderr)
    return answers


def on_right_page(q, file, first, last):
    return bool(q.get("doc")) and file == q["doc"] and any(p in q["pages"] for p in range(first, last + 1))


def cites_right(q, answer):
    return any(on_right_page(q, c["file"], c["page"], c.get("lastPage", c["page"])) for c in answer["citations"])


# ---------------------------------------------------------------- sentence choice

class SentenceData:
    def __init__(self, questions, answers, names):
        self.names = names
        self.groups = []   # (question index, X, y)
        for i, (q, a) in enumerate(zip(questions, answers)):
            scoring = a.get("scoring") or {}
            cands = scoring.get("candidates") or []
            if not q.get("doc") or not cands:
                continue
            assert scoring["sentenceFeatures"] == names
            X = np.array([c["features"] for c in cands], dtype=np.float64)
            y = np.array([on_right_page(q, c["file"], c["page"], c["lastPage"]) for c in cands], dtype=bool)
            self.groups.append((i, X, y))


def fit_sentence(data, train, mask, l2):
    groups = [(X[:, mask], y) for i, X, y in data.groups if i in train and y.any() and not y.all()]
    dims = int(mask.sum())
    if not groups:
        return np.zeros(dims)

    def loss(w):
        total, grad = 0.0, np.zeros(dims)
        for X, y in groups:
            s = X @ w
            m = s.max()
            e = np.exp(s - m)
            p_all = e / e.sum()
            p_pos = np.where(y, e, 0.0)
            p_pos = p_pos / p_pos.sum()
            total += (m + math.log(e.sum())) - (m + math.log(np.where(y, e, 0.0).sum()))
            grad += X.T @ (p_all - p_pos)
        n = len(groups)
        return total / n + 0.5 * l2 * w @ w, grad / n + l2 * w

    result = minimize(loss, np.zeros(dims), jac=True, method="L-BFGS-B", options={"maxiter": 500, "gtol": 1e-9})
    return result.x


def top_right(data, test, mask, w):
    """Held-out answerable questions whose best candidate stands on a right page, and their number."""
    right = total = 0
    for i, X, y in data.groups:
        if i not in test:
            continue
        total += 1
        right += bool(y[int(np.argmax(X[:, mask] @ w))])
    return right, total


def cv_sentence(data, questions, folds, mask, l2):
    right = total = 0
    for fold in folds:
        test = {i for i, q in enumerate(questions) if q["fold"] == fold}
        train = set(range(len(questions))) - test
        w = fit_sentence(data, train, mask, l2)
        r, t = top_right(data, test, mask, w)
        right, total = right + r, total + t
    return right / max(total, 1)


# ---------------------------------------------------------------- answerability

def answer_rows(questions, answers, names):
    rows = []
    for q, a in zip(questions, answers):
        s = a.get("scoring") or {}
        x = None if s.get("probability") is None else [s["answer"].get(n, 0.0) for n in names]
        rows.append((x, bool(q.get("doc")) and cites_right(q, a), bool(q.get("doc"))))
    return rows


def fit_logistic(X, y, l2):
    X1 = np.hstack([np.ones((len(X), 1)), X])

    def loss(w):
        z = X1 @ w
        p = 1 / (1 + np.exp(-z))
        eps = 1e-12
        reg = 0.5 * l2 * (w[1:] @ w[1:])
        ll = -(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)).mean()
        grad = X1.T @ (p - y) / len(y)
        grad[1:] += l2 * w[1:] / len(y)
        return ll + reg / len(y), grad

    result = minimize(loss, np.zeros(X1.shape[1]), jac=True, method="L-BFGS-B", options={"maxiter": 1000, "gtol": 1e-10})
    return result.x


def probability(w, x):
    return 1 / (1 + math.exp(-(w[0] + sum(a * b for a, b in zip(w[1:], x)))))


def confidence(item, threshold):
    """The band score.py sees for `item` (answerability, citation probability, reach, by meaning): none when
    declined (a rule before the models; too few of the question's words in any passage, unless one is close
    in meaning; or answerability below the decline threshold); low below the low threshold of the citation
    probability; high from max(HIGH, low threshold)."""
    pa, pc, reach, by_meaning = item
    decline, low, reach_floor = threshold
    if pa is None or pa < decline or (reach < reach_floor and not by_meaning):
        return "none"
    if pc < low:
        return "low"
    return "high" if pc >= max(HIGH, low) else "medium"


def utility(items, threshold):
    """abstain-correct + citation accuracy - over-abstain, as score.py counts them (`low` counts as abstaining
    for an answerable question, and not as a correct abstention for an unanswerable one, since it cites).
    `items`: (probabilities, cites right, answerable)."""
    answerable = [(item, right) for item, right, has_doc in items if has_doc]
    unanswerable = [item for item, right, has_doc in items if not has_doc]
    cite = sum(1 for item, right in answerable if confidence(item, threshold) != "none" and right)
    over = sum(1 for item, right in answerable if confidence(item, threshold) in ("none", "low"))
    # An unanswerable question is declined correctly only when nothing is cited: a `low` answer cites.
    abstain = sum(1 for item in unanswerable if confidence(item, threshold) == "none")
    return abstain / max(len(unanswerable), 1) + (cite - over) / max(len(answerable), 1)


def fit_answerability(rows, train, names_mask, label):
    """`label` 1: the question is answerable; 2: the answer cites a right page."""
    idx = [i for i in sorted(train) if rows[i][0] is not None]
    X = np.array([np.array(rows[i][0])[names_mask] for i in idx], dtype=np.float64)
    y = np.array([rows[i][label] for i in idx], dtype=np.float64)
    return fit_logistic(X, y, ANSWER_L2)


def probabilities(rows, i, wa, wc, masks):
    """(answerability, citation probability, reach, by meaning) of row i; None probabilities when a rule
    declined before the models."""
    x = rows[i][0]
    if x is None:
        return None, None, 0.0, False
    x = np.array(x)
    return (probability(wa, x[masks[2]]), probability(wc, x[masks[1]]),
            float(x[ANSWER_NAMES.index("reach")]), bool(x[ANSWER_NAMES.index("byMeaning")]))


def over_abstain(items, threshold):
    answerable = [item for item, right, has_doc in items if has_doc]
    return sum(1 for item in answerable if confidence(item, threshold) in ("none", "low")) / max(len(answerable), 1)


def choose_threshold(rows, train, wa, wc, masks):
    """The (decline, low, reach) thresholds of the best utility among those that leave at most MAX_OVER_ABSTAIN
    of the training folds' answerable questions declined or `low` (the least over-abstaining when none does)."""
    items = [(probabilities(rows, i, wa, wc, masks), rows[i][1], rows[i][2]) for i in sorted(train)]
    grid = [(d, l, r) for d in THRESHOLDS for l in THRESHOLDS for r in REACH_FLOORS]
    allowed = [t for t in grid if over_abstain(items, t) <= MAX_OVER_ABSTAIN]
    if not allowed:
        return min(grid, key=lambda t: (round(over_abstain(items, t), 9), t))
    return max(allowed, key=lambda t: (round(utility(items, t), 9), -t[0], -t[1], -t[2]))


# ---------------------------------------------------------------- results and report

def result_row(q, a, item, threshold):
    conf = confidence(item, threshold)
    declined = conf == "none"
    return {
        "id": q["id"],
        "ranked": [{"doc": r["file"], "page_start": r["firstPage"], "page_end": r["lastPage"]} for r in a["results"][:10]],
        "cited": [] if declined else [{"doc": c["file"], "page": pg} for c in a["citations"]
                                      for pg in range(c["page"], c.get("lastPage", c["page"]) + 1)],
        "confidence": conf,
        "answer": "" if declined else a["answer"],
    }


def score(args, name, questions, rows):
    qpath = os.path.join(args.out, f"cv-{name}-questions.jsonl")
    rpath = os.path.join(args.out, f"cv-{name}-results.jsonl")
    with open(qpath, "w") as f:
        for q in questions:
            f.write(json.dumps({k: q[k] for k in ("id", "doc", "question", "pages", "answer", "kind")}) + "\n")
    with open(rpath, "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    out = subprocess.run([sys.executable, args.score, "--json", qpath, rpath], capture_output=True, text=True)
    if out.returncode != 0:
        out = subprocess.run([sys.executable, args.score, qpath, rpath], capture_output=True, text=True, check=True)
        return out.stdout
    return json.loads(out.stdout)


RULES = ("unknownName", "valueAbsent")


def answered_figures(questions, answers):
    """(abstain-correct, citation accuracy, over-abstain) of answers as given, score.py's way."""
    answerable = [(q, a) for q, a in zip(questions, answers) if q.get("doc")]
    unanswerable = [a for q, a in zip(questions, answers) if not q.get("doc")]
    cite = sum(1 for q, a in answerable if a["confidence"] != "none" and cites_right(q, a)) / max(len(answerable), 1)
    over = sum(1 for q, a in answerable if a["confidence"] in ("none", "low")) / max(len(answerable), 1)
    abstain = sum(1 for a in unanswerable if a["confidence"] == "none") / max(len(unanswerable), 1)
    return abstain, cite, over


def rule_ablation(args, questions, weights):
    """What each decline rule earns: every question answered with the final weights, then with each rule
    left out (`AnswerWeights.ablated`). The rules have no fitted parameter, so this is not in-sample for them."""
    print("== decline rules: abstain-correct, citation accuracy, over-abstain, and their utility (abstain + cite - over)")
    for label, ablated in [("every rule", [])] + [(f"without {r}", [r]) for r in RULES]:
        answers = run(args, questions, dict(weights, ablated=ablated) if ablated else weights, f"rules {label}")
        abstain, cite, over = answered_figures(questions, answers)
        print(f"   {label:28s} {abstain:.3f} {cite:.3f} {over:.3f}  {abstain + cite - over:.3f}")


def write_resource(path, script, name, parameters):
    """Writes `parameters` as the Swift resource `name` (an enum holding their JSON) that `script` generates."""
    text = json.dumps(parameters, indent=2, sort_keys=True)
    with open(path, "w") as f:
        f.write(f"// Generated by {script}: do not edit. The parameters' provenance is in `source`.\n")
        f.write(f"enum {name} {{\n    static let json = #\"\"\"\n" + text + "\n\"\"\"#\n}\n")


def arguments(*required):
    """The fitting scripts' arguments: the binary, the library, the output folder, the question files, the
    resource to write, and `required` others; with the binary's sha256, which keys the cached runs."""
    ap = argparse.ArgumentParser()
    for name in ("--bin", "--library", "--out") + required:
        ap.add_argument(name, required=True)
    ap.add_argument("--questions", action="append", required=True)
    ap.add_argument("--write")
    ap.add_argument("--without", help="answer features (comma-separated) the answer models never read")
    args = ap.parse_args()
    args.binary_sha = hashlib.sha256(open(args.bin, "rb").read()).hexdigest()
    return args


def main():
    args = arguments("--score")

    questions, folds = read_questions(args.questions)
    print(f"== {len(questions)} questions, {len(folds)} manuals (folds)")
    base = {"sentence": {}, "answerability": {}, "confidence": {}, "declineBelow": 0.0, "lowBelow": 0.0, "reachBelow": 0.0, "source": "features"}
    answers = run(args, questions, base, "features")
    names = next(a["scoring"]["sentenceFeatures"] for a in answers if (a.get("scoring") or {}).get("sentenceFeatures"))
    data = SentenceData(questions, answers, names)
    full = np.ones(len(names), dtype=bool)

    # The regularisation, by cross-validation.
    scores = {l2: cv_sentence(data, questions, folds, full, l2) for l2 in SENTENCE_L2}
    l2 = max(SENTENCE_L2, key=lambda v: (round(scores[v], 9), v))
    print("== sentence choice: held-out share of answerable questions whose best sentence is on a right page")
    print("   regularisation " + ", ".join(f"{v}: {s:.3f}" for v, s in scores.items()) + f" -> {l2}")

    # Ablation: each feature's gain is what removing it costs under cross-validation.
    gains = {}
    for j, name in enumerate(names):
        mask = full.copy()
        mask[j] = False
        gains[name] = scores[l2] - cv_sentence(data, questions, folds, mask, l2)
    # Backward elimination: the features that gained nothing alone are removed one at a time, least useful
    # first, for as long as the held-out share does not fall.
    kept = full.copy()
    kept_score = scores[l2]
    for name in sorted((n for n in names if gains[n] <= 0), key=lambda n: (gains[n], n)):
        trial = kept.copy()
        trial[names.index(name)] = False
        trial_score = cv_sentence(data, questions, folds, trial, l2)
        if trial_score >= kept_score:
            kept, kept_score = trial, trial_score
    print("   feature gains (held-out share lost without it):")
    for n in names:
        print(f"     {n:26s} {gains[n]:+.3f}  {'kept' if kept[names.index(n)] else 'dropped'}")
    print(f"   all features {scores[l2]:.3f}; kept features {kept_score:.3f}")

    # --without: answer features left out from the start, to compare the figures with and without them.
    left_out = set(filter(None, (args.without or "").split(",")))
    answer_names = sorted({k for a in answers for k in ((a.get("scoring") or {}).get("answer") or {})} - left_out)
    if left_out:
        print("== answer features left out: " + ", ".join(sorted(left_out)))
    ANSWER_NAMES[:] = answer_names
    amask = np.ones(len(answer_names), dtype=bool)

    def sentence_weights(w):
        ws = {}
        it = iter(w)
        for n, k in zip(names, kept):
            ws[n] = round(float(next(it)), 6) if k else 0.0
        return {n: v for n, v in ws.items() if v != 0.0}

    # Leave one manual out: sentence weights, then the answer's features measured under them.
    fold_rows = {}
    fold_answers = {}
    for fold in folds:
        test = {i for i, q in enumerate(questions) if q["fold"] == fold}
        train = set(range(len(questions))) - test
        w = fit_sentence(data, train, kept, l2)
        weights = {"sentence": sentence_weights(w), "answerability": {}, "confidence": {}, "declineBelow": 0.0,
                   "lowBelow": 0.0, "reachBelow": 0.0, "source": f"fold {fold}"}
        fold_answers[fold] = run(args, questions, weights, f"fold {fold}")
        fold_rows[fold] = (answer_rows(questions, fold_answers[fold], answer_names), train, test)

    def cv_logloss(mask, label):
        total, n = 0.0, 0
        for fold in folds:
            rows, train, test = fold_rows[fold]
            w = fit_answerability(rows, train, mask, label)
            for i in test:
                if rows[i][0] is None:
                    continue
                p = min(max(probability(w, np.array(rows[i][0])[mask]), 1e-9), 1 - 1e-9)
                total -= math.log(p if rows[i][label] else 1 - p)
                n += 1
        return total / max(n, 1)

    # Each answer model keeps a feature only if the held-out log-loss grows without it (backward elimination,
    # least useful first, as for the sentences).
    masks = {}
    for label, title in ((2, "answerable"), (1, "cites a right page")):
        full_loss = cv_logloss(amask, label)
        gains = {}
        for j, n in enumerate(answer_names):
            mask = amask.copy()
            mask[j] = False
            gains[n] = cv_logloss(mask, label) - full_loss
        mask, loss = amask.copy(), full_loss
        for n in sorted(answer_names, key=lambda n: (gains[n], n)):
            trial = mask.copy()
            trial[answer_names.index(n)] = False
            if trial.any() and cv_logloss(trial, label) <= loss:
                mask, loss = trial, cv_logloss(trial, label)
        masks[label] = mask
        print(f"== model of '{title}': held-out log-loss {full_loss:.4f} with every feature, {loss:.4f} with the kept;"
              " log-loss added without each feature:")
        for j, n in enumerate(answer_names):
            print(f"     {n:26s} {gains[n]:+.4f}  {'kept' if mask[j] else 'dropped'}")

    held_out = {}
    thresholds = []
    for fold in folds:
        rows, train, test = fold_rows[fold]
        wa = fit_answerability(rows, train, masks[2], 2)
        wc = fit_answerability(rows, train, masks[1], 1)
        t = choose_threshold(rows, train, wa, wc, masks)
        thresholds.append(t)
        for i in sorted(test):
            item = probabilities(rows, i, wa, wc, masks)
            held_out[i] = (result_row(questions[i], fold_answers[fold][i], item, t), item[1], rows[i][1])
    print(f"   thresholds (decline, low, reach) of the folds: {sorted(thresholds)}")

    # The held-out figures, per question set, scored by score.py.
    print("== leave-one-manual-out figures (score.py)")
    by_set = {}
    for i, q in enumerate(questions):
        by_set.setdefault(q["set"], []).append(i)
    summary = {}
    for name, idx in sorted(by_set.items()):
        result = score(args, name, [questions[i] for i in idx], [held_out[i][0] for i in idx])
        summary[name] = result
        if isinstance(result, dict):
            o = result.get("overall", result)
            print(f"   {name:20s} " + " ".join(f"{k}={o[k]}" for k in
                  ("hit@1", "hit@5", "mrr@10", "citation_accuracy", "abstain_correct", "over_abstain") if k in o))
        else:
            print(f"   {name}:\n" + "\n".join("     " + line for line in result.splitlines()[:12]))
    # The reliability diagram of every held-out answer (docs/quality.md shows it).
    for kind in ("questions", "results"):
        with open(os.path.join(args.out, f"cv-all-{kind}.jsonl"), "w") as out:
            for name in sorted(by_set):
                out.write(open(os.path.join(args.out, f"cv-{name}-{kind}.jsonl")).read())
    subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "reliability_diagram.py"),
                    os.path.join(args.out, "cv-all-questions.jsonl"), os.path.join(args.out, "cv-all-results.jsonl"),
                    os.path.join(args.out, "reliability-diagram.svg"),
                    f"confidence against right citations, held-out manuals (leave-one-manual-out, {len(questions)} questions)"],
                   check=True, capture_output=True)
    # Reliability of the bands on held-out questions (answerable ones: the band against a right citation).
    print("== bands on held-out answerable questions: right / answered")
    counts = {}
    for i, (row, p, right) in held_out.items():
        if questions[i].get("doc"):
            c = counts.setdefault(row["confidence"], [0, 0])
            c[0] += right
            c[1] += 1
    for b in ("high", "medium", "low", "none"):
        if b in counts:
            print(f"   {b:7s} {counts[b][0]}/{counts[b][1]}")

    if not args.write:
        return
    # The final weights: every labelled question.
    everything = set(range(len(questions)))
    w = fit_sentence(data, everything, kept, l2)
    weights = {"sentence": sentence_weights(w), "answerability": {}, "confidence": {}, "declineBelow": 0.0, "lowBelow": 0.0, "reachBelow": 0.0, "source": "final"}
    final_answers = run(args, questions, weights, "final")
    rows = answer_rows(questions, final_answers, answer_names)
    wa = fit_answerability(rows, everything, masks[2], 2)
    wc = fit_answerability(rows, everything, masks[1], 1)
    t = choose_threshold(rows, everything, wa, wc, masks)

    def model(w, mask):
        kept_names = [n for n, k in zip(answer_names, mask) if k]
        return dict([("intercept", round(float(w[0]), 6))] + [(n, round(float(v), 6)) for n, v in zip(kept_names, w[1:])])
    digest = hashlib.sha256()
    for spec in sorted(args.questions):
        digest.update(open(spec.split("=", 1)[1], "rb").read())
    weights = {
        "sentence": sentence_weights(w),
        "answerability": model(wa, masks[2]),
        "confidence": model(wc, masks[1]),
        "declineBelow": t[0],
        "lowBelow": t[1],
        "reachBelow": t[2],
        "source": f"scripts/fit-answer-weights v{VERSION}; {len(questions)} questions "
                  f"({', '.join(sorted(by_set))}; sha256 {digest.hexdigest()[:16]}); {len(folds)} manuals; "
                  f"sentence L2 {l2}, answerability L2 {ANSWER_L2}",
    }
    write_resource(args.write, "scripts/fit-answer-weights", "FittedAnswerWeights", weights)
    rule_ablation(args, questions, weights)
    print(f"== wrote {args.write} (decline below {t[0]}, low below {t[1]}, reach below {t[2]})")


if __name__ == "__main__":
    main()
