"""Turns `manual query -` JSON Lines (stdin) into the results format of ../shared/eval/FORMAT.md.

Answers come back in question order, so the questions file supplies the ids.
"""
import json
import sys

questions = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
answers = [json.loads(line) for line in sys.stdin if line.strip()]
if len(answers) != len(questions):
    sys.exit(f"got {len(answers)} answers for {len(questions)} questions")
for question, answer in zip(questions, answers):
    print(json.dumps({
        "id": question["id"],
        "ranked": [{"doc": r["file"], "page_start": r["firstPage"], "page_end": r["lastPage"]}
                   for r in answer["results"][:10]],
        # A sentence that runs over a page break cites every page it stands on ("[pp. 32-33]").
        "cited": [{"doc": c["file"], "page": p} for c in answer["citations"]
                  for p in range(c["page"], c.get("lastPage", c["page"]) + 1)],
        "confidence": answer["confidence"],
        "answer": answer["answer"],
    }))
