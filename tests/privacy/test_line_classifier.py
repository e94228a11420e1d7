"""The scored classifier behind the kept-line rules (utils/privacy/line_classifier.py) and its trainer.

It must refuse wordings the rules miss (measured on the tune rows the rules get wrong), leave the ordinary lines
the rules keep, add a reason only where the rules had none, learn only from dev and tune parts, and come out of
its trainer the same every time.
"""

from __future__ import annotations

import builtins
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from layer_tables import load, must_refuse

from utils.privacy import line_classifier_training as trainer
from utils.privacy.categories import special_category
from utils.privacy.line_classifier import WEIGHTS, features, line_reason, load_model
from utils.privacy.normalise import normalise
from utils.privacy.others import about_someone_else
from utils.privacy.roles import asserts_role
from utils.privacy.screen import personal_reasons, screen, screen_key, screen_topics

TABLES = Path(__file__).resolve().parent / "tables"
TUNED = ("special", "others", "model_lines", "general", "broad", "roles_chat", "model_free")


def _rules_refuse(text: str) -> bool:
    return special_category(text) is not None or about_someone_else(text) or asserts_role(text)


def _dev(name: str) -> list[dict[str, Any]]:
    with (TABLES / f"{name}.dev.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


CAUGHT_AT_LEAST = 12
"""Of the tune lines the rules miss, the ones the committed model refuses (its threshold is set for precision:
cross-validated, it refuses 1,097 of 2,796 lines to refuse and none of 4,511 ordinary lines). 35 when first trained;
31 once retrained with the next wave's development rows (threshold 0.994 → 0.995). 28 once the two-field rules
(semantic_fields.py) refused some of the lines it had caught and it was retrained with fresh_special's tune part: the
rules miss 108 (were 113) and 80 stay kept in all (were 81); cross-validated 1,139 of 2,918 and none of 4,590. 27 once
retrained with the next wave's development rows at one ordinary line in 4,000 (cross-validated 1,131 of 2,986 and 1
of 4,680; at none the threshold rose to 0.998 for a single line and it caught 11). 26 once the rules read parties
and hearsay (a line it caught is now the rules'). 22 once the fields read treatments, observances, same-gender pairs
and misdeeds told of a named person: the rules miss 95 (were 107), four of them lines it had caught, and 73 stay kept
in all (were 81). 21 once the fields took wave 12's kinds of evidence (medicines, pilgrimages, pride events, parties
and peoples from outside lists): the rules miss 94, one of them a line it had caught.
Still 21 once retrained after those rules (they keep fewer lines, so its ordinary examples changed):
cross-validated 1,151 of 3,095 and 1 of 4,836, threshold 0.995. 21 still once the rules read time on hormones
("I've been on T for a year", a line it did not catch): the rules miss 93. 19 once retrained with the next wave's
development rows and the tables of its round (8,104 examples): the second-highest ordinary score cross-validated rose
to 0.9958 ("Is a dentist.", "door?", "Uses fingerprint unlock on their Pixel."), so the threshold is 0.996 (1,105 of
3,142 lines refused, none of 4,906 ordinary; at 0.995 three ordinary lines). 15 once the rules read conditions by
their abbreviation, orientation words in Cyrillic, people of one's game circle and more peoples' names: four lines it
had caught are now the rules' ("Has POTS.", "я би", a guildmate's divorce, "Is Moluks van afkomst."), and the rules
miss 89 (were 93); no line it caught is kept. Still 15 once retrained after the rules of that round (8,104 examples,
threshold 0.996, 1,105 of 3,142 and none of 4,911 ordinary). kept_fresh15's tune part is not among its tables: with
it, its look-alikes (a pet's diabetes, a game's ECG, a party's roles) scored ordinary lines higher, the threshold rose
to 0.997, it caught 11 here and ten development lines of the end-to-end tables were kept again. 13 once the rules read
transition words in Vietnamese and Indonesian party names: two lines it had caught are now the rules' ("Là người
chuyển giới nữ.", "Simpatisan PDI-P sejak kuliah."), and the rules miss 87 (were 89); not retrained. 12 once a
Cyrillic line's one-letter words stay Cyrillic in the matching form and the rules read Ukrainian possessives before a
relation and a private life's word: a line it had caught is now the rules' ("мій брат у в'язниці"), the rules miss 86
(were 87)."""


def test_it_refuses_tune_lines_the_rules_miss() -> None:
    missed = [r["text"] for name in TUNED for r in load(name, "tune") if must_refuse(r) and not _rules_refuse(r["text"])]
    caught = [text for text in missed if line_reason(normalise(text).text)]
    print(f"\nrules miss {len(missed)} tune lines; the classifier refuses {len(caught)}")
    assert len(missed) >= 85
    assert len(caught) >= CAUGHT_AT_LEAST
    assert all(personal_reasons(text) for text in caught)


def test_it_leaves_the_ordinary_lines_the_rules_keep() -> None:
    ordinary = [r["text"] for r in load("ordinary", "tune")] + [r["text"] for r in _dev("harmless") + _dev("gaming")]
    ordinary += [r["text"] for r in _dev("others") if r["kind"] == "relationship"]
    kept = [text for text in ordinary if not _rules_refuse(text)]
    refused = [text for text in kept if line_reason(normalise(text).text)]
    print(f"\nordinary lines kept by the rules {len(kept)}; the classifier refuses {len(refused)}")
    assert len(kept) >= 1200
    assert len(refused) <= 2, refused


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        # refused when first trained, below the threshold once retrained; the rules read it now (an observance kept)
        ("Elle fait ses prières cinq fois par jour.", "special-category"),
        ("Le escanearon el iris en el aeropuerto para el registro.", "special-category"),
        pytest.param(
            "राहुल की नौकरी चली गई है।",
            "other-person",
            marks=pytest.mark.xfail(strict=True, reason="below the threshold once retrained at 0.996; no rule reads it"),
        ),
        ("mains a holy paladin, loves healing raids", None),
        ("Likes hiking in the Alps.", None),
        ("Member profile.", None),  # a heading of the record, once scored as membership of something
    ],
)
def test_a_few_readings(text: str, reason: str | None) -> None:
    got = personal_reasons(text)
    assert (reason in got) if reason else not got, got


def test_it_only_adds_a_refusal_and_the_screen_uses_it() -> None:
    line = "Har somalisk bakgrund."  # "Stemt al jaren op de VVD." until the rules read parties
    assert not _rules_refuse(line)
    screened = screen(line, "memory")
    assert screened.refused and "special-category" in screened.kinds
    assert not screen(line, "message").refused  # the chat itself may talk about anything


def test_features_are_the_same_in_every_process() -> None:
    buckets, values = features("Has a brother named Theo.")
    assert buckets.dtype == np.int64 and len(buckets) == len(set(buckets.tolist())) > 20
    assert abs(float(values @ values) - 1.0) < 1e-5
    assert int(buckets.sum()) == int(features("Has a brother named Theo.")[0].sum())


def test_the_trainer_reads_no_held_or_aside_part(monkeypatch: pytest.MonkeyPatch) -> None:
    for path in trainer.sources():
        assert path.name.endswith((".dev.jsonl", ".tune.jsonl")), path
        assert "held" not in path.name and "aside" not in path.name
    opened: list[str] = []
    real_open, real_path_open = builtins.open, Path.open

    def spy(file: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    def path_spy(self: Path, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(self))
        return real_path_open(self, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", spy)
    monkeypatch.setattr(Path, "open", path_spy)
    trainer.table_examples()
    trainer.locomo_examples()
    assert opened
    names = [Path(name).name for name in opened]  # the file's name: a checkout's folder may be called anything
    assert not [name for name in names if ".held." in name or ".aside." in name]


def test_the_committed_weights_were_trained_on_the_examples_the_rules_and_tables_give_now() -> None:
    """Quick twin of the slow test below: a change of rules or tables that changes the examples needs a retraining
    (``python3 -m scripts.train_privacy_classifier``), and this says so without training."""
    if not trainer.locomo_files():
        pytest.skip("LoCoMo's conversations (outside the repository) are not here: the weights were trained with them")
    now = trainer.examples_digest(trainer.table_examples() + trainer.locomo_examples())
    assert trainer.stored_digest() == now, "the examples changed since the weights were trained: retrain them"


def test_the_digest_changes_with_any_example() -> None:
    example = trainer.Example("Has a brother named Theo.", 0, True)
    base = trainer.examples_digest([example])
    assert base != trainer.examples_digest([trainer.Example(example.text, 1, True)])
    assert base != trainer.examples_digest([trainer.Example(example.text, 0, False)])
    assert base != trainer.examples_digest([trainer.Example("Has a brother named Theo!", 0, True)])
    assert base != trainer.examples_digest([example, example])
    assert base == trainer.examples_digest([trainer.Example("Has a brother named Theo.", 0, True)])


@pytest.mark.slow
def test_a_fresh_training_decides_as_the_committed_weights() -> None:
    if not trainer.locomo_files():
        pytest.skip("LoCoMo's conversations (outside the repository) are not here: the weights were trained with them")
    examples = trainer.table_examples() + trainer.locomo_examples()
    labels = np.array([e.label for e in examples], dtype=np.int64)
    weights, bias = trainer.fit(trainer.matrix([e.text for e in examples]), labels)
    committed = load_model(WEIGHTS)
    fresh = type(committed)(weights.astype(np.float16), bias.astype(np.float32), committed.threshold)
    probe = [r["text"] for name in ("model_free", "ordinary") for r in load(name, "tune")]
    differing = [t for t in probe if fresh.reason(normalise(t).text) != committed.reason(normalise(t).text)]
    assert not differing, differing


def test_the_trainer_refuses_to_train_without_locomo(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Weights trained without LoCoMo's ordinary sentences would differ from the committed ones: no silent retraining."""
    monkeypatch.setenv("LOCOMO_GLOB", str(tmp_path / "none" / "*.json"))
    assert trainer.locomo_files() == []
    with pytest.raises(SystemExit, match="LoCoMo"):
        trainer.main(["--check"])


def test_a_topic_or_a_slot_key_is_a_label_the_classifier_does_not_read() -> None:
    """It learnt from statements; a topic names what a memory is about ("relationship" for "Is single.")."""
    labels = ["relationship", "dating", "family", "pets", "work"]
    assert list(screen_topics(labels)) == labels
    assert screen_key("relationship_status") == "relationship_status"
    assert line_reason(normalise("relationship").text) is not None, "read as a line, the label would be refused"
