"""Write a table as dev/held JSON Lines with a stratified, seeded third held aside."""

import json
import os
import random
from collections import defaultdict

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED = 28


def split(rows, key, wave=1):
    """Stratify by (label, lang); a later wave is split on its own so the earlier waves' parts never change."""
    strata = defaultdict(list)
    for r in rows:
        strata[(r[key] if key else "", r["lang"])].append(r)
    heldids = set()
    for k in sorted(strata):
        # One generator per stratum: adding a family never moves another family's rows between parts.
        rng = random.Random(f"{SEED}|{k[0]}|{k[1]}" if wave == 1 else f"{SEED}|wave{wave}|{k[0]}|{k[1]}")
        group = sorted(strata[k], key=lambda r: r["id"])
        rng.shuffle(group)
        start = rng.randrange(3)
        heldids.update(r["id"] for i, r in enumerate(group) if (i + start) % 3 == 0)
    dev = [r for r in rows if r["id"] not in heldids]
    held = [r for r in rows if r["id"] in heldids]
    return dev, held


def write(name, waves, key, parts=("dev", "held")):
    rows = [r for wave in waves for r in wave]
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)), "duplicate ids"
    os.makedirs(OUT, exist_ok=True)
    heldids = set()
    for number, wave in enumerate(waves, start=1):
        heldids.update(r["id"] for r in split(wave, key, number)[1])
    dev = [r for r in rows if r["id"] not in heldids]
    held = [r for r in rows if r["id"] in heldids]
    for part, data in (("dev", dev), ("held", held)):
        if part not in parts:
            continue
        with open(f"{OUT}/{name}.{part}.jsonl", "w", encoding="utf-8") as f:
            for r in data:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(name, "dev", len(dev), "held", len(held))
    return dev, held
