"""The privacy tables through the terminal chat, with a careless extraction model and a well-behaved one.

Each case is one member (its own id) saying its messages in the terminal chat; the chat
model echoes them back and the careless extractor keeps every line it is shown. Afterwards
a case's secret values must be found nowhere: memories, topics, slot keys, the profile, its
history, the LLM log, or the extractor's input. A special-category statement, a claim
about someone else and a role asserted in chat must leave the member with nothing kept.

The tables (tests/privacy/tables) were written before the rules, from outside sources;
the ``held`` third was not looked at while the rules were written, and its figure is the
one reported.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pytest
from careless import careless_extractor, holds, well_behaved_extractor
from careless_chat import Extractor, Outcome, member_name, run_cases
from fake_llm import FakeLLM
from privacy_tables import load
from settings_factory import SettingsFactory


@dataclass(frozen=True)
class Floor:
    """What one wave's cases must reach, by part, and how its honest figure got there.

    A floor guards the figure measured when a round of rules was done; it is not a target to tune the rules on. The
    ``held`` third of each wave was never read row by row, only run when a round was done."""

    dev: float
    held: float
    history: str

    def of(self, part: str) -> float:
        return self.dev if part == "dev" else self.held


NO_TRACE_SHARE: dict[str, Floor] = {
    "earlier": Floor(
        0.99,
        0.96,
        "Waves 1–3; the rules were written against dev (395 of 396). Held: 174 of 216 after the first round, 190 "
        "(88.0%) after wave 4, 197 (91.2%) after wave 5's round, 201 (93.1%) after wave 6's, 204 (94.4%) after "
        "wave 7's and wave 8's and wave 9's, 205 (94.9%) after wave 10's (landed main before the layers: 102)."
        " After the round of locked things, identity numbers, hidden values, claims and look-alikes: held 208 (96.3%).",
    ),
    "wave 4": Floor(
        0.99,
        0.98,
        "Dev only, written from new sources after the rules, to tune on: 83 of 213 before the screen and "
        "conversation layers, 179 after them, 204 after wave 5's round, 205 after wave 6's, 7's and 8's, 207 after "
        "wave 9's, 209 after wave 10's."
        " After round 21 (the disguised, split, others and look-alike tables of fresh21):"
        " 2 of dev, 0 of held leave a trace.",
    ),
    "wave 5": Floor(
        0.99,
        0.96,
        "Written from new sources before its round of rules. Dev: 83 of 110 when it arrived, 105 after its round, "
        "104 after wave 6's, 108 after wave 7's, 109 after wave 9's. Held: 45 of 54 (83.3%), then 47 (87.0%), 50 "
        "(92.6%), 51 (94.4%), 52 (96.3%) after wave 9's round; dev 110 after wave 10's."
        " After round 21 (the disguised, split, others and look-alike tables of fresh21):"
        " 0 of dev, 2 of held leave a trace.",
    ),
    "wave 6": Floor(
        0.99,
        0.91,
        "Written by someone who had not read the rules, before its round. On arrival: dev 104 of 142, held 46 of 71 "
        "(64.8%); after its round (tuned on dev only): dev 134, held 54 (76.1%); 59 (83.1%) after wave 7's round, "
        "63 (88.7%) after wave 8's (dev 138), 64 (90.1%) after wave 9's (dev 141). After wave 11's round one dev row "
        "(disguised-w6-001) left a trace in a memory in one careless run of two (not in the other; screened alone its "
        "message loses the value): dev 140 or 141."
        " After round 21 (the disguised, split, others and look-alike tables of fresh21):"
        " 0 of dev, 6 of held leave a trace.",
    ),
    "wave 7": Floor(
        0.99,
        0.9,
        "Written by someone who had not read the rules while the next round was built by others who never saw it. "
        "On arrival: dev 67 of 107, held 31 of 54 (57.4%); after the round: dev 88, held 42 (77.8%); after wave 8's "
        "round (its dev rows tuned on): dev 104, held 45 (83.3%); after wave 9's: dev 107, held 45; after wave 10's: "
        "dev 106, held 47 (87.0%); after wave 11's: held 48 (88.9%)."
        " After round 21 (the disguised, split, others and look-alike tables of fresh21):"
        " 0 of dev, 5 of held leave a trace.",
    ),
    "wave 8": Floor(
        0.99,
        0.94,
        "Written from new sources and disguises by someone who had not read the rules, while the next round was "
        "built, first in branches cut before it existed, then on its dev rows. On arrival: dev 77 of 104, held 38 "
        "of 52 (73.1%); after the round: dev 100, held 43 (82.7%); after wave 9's round: dev 103, held 44 (84.6%); "
        "after wave 10's: dev 104, held 44; after wave 11's: held 45 (86.5%); after the next round (values no format "
        "names, secret words as languages build them; no wave's held rows read): held 46 (88.5%)."
        " After round 21 (the disguised, split, others and look-alike tables of fresh21):"
        " 0 of dev, 3 of held leave a trace.",
    ),
    "wave 9": Floor(
        0.98,
        0.8,
        "Written from sources and disguises no earlier wave used by someone who had not read the rules, while the "
        "next round was built in branches cut before it existed; later helpers of the round tuned on its dev rows. "
        "On arrival: dev 89 of 125, held 45 of 62 (72.6%); after the branches cut before it: dev 91, held 45; "
        "after the round: dev 109, held 49 (79.0%); after wave 10's round (tuned on wave 10's dev rows): dev 123, "
        "held 49. Dev 0.98 -> 0.97 after the round of disguised_fresh17 and claims_fresh17: dev 122 — one split row's "
        "last message stays in a log row when the whole dev table is said in one chat, and is taken out when its "
        "wave is said alone (not yet understood; the dev table as a whole went 1576 -> 1584). Back to 0.98 (dev 123): "
        "the log's flush wrote that row in a later batch of a flush already under way without the scrub its member's "
        "conversation had owed it meanwhile, and the scrub of the written row could no longer find the value the log's "
        "own screen had cut up. Held 51 before the round of public codes, threads and edits, 50 after it (one row of "
        "values with no format, counted only; which change let it through was not looked for, so that no held row "
        "would steer a rule)."
        " After round 21 (the disguised, split, others and look-alike tables of fresh21):"
        " 2 of dev, 12 of held leave a trace.",
    ),
    "wave 10": Floor(
        0.96,
        0.82,
        "Written from sources and disguises no earlier wave used by someone who had not read the rules, while the "
        "next round was built in branches cut before it existed; later helpers of the round tuned on its dev rows. "
        "On arrival: dev 102 of 138, held 54 of 69 (78.3%); after the round: dev 123, held 55 (79.7%), the freshest "
        "honest figure (dev rose by 21 rows, held by one); after wave 11's round: dev 128, held 56 (81.2%)."
        " After round 21 (the disguised, split, others and look-alike tables of fresh21):"
        " 5 of dev, 12 of held leave a trace.",
    ),
    "wave 11": Floor(
        0.93,
        0.82,
        "Written from sources, formats and disguises no earlier wave used (machine-made recovery codes given bare, "
        "wrong keyboard layouts, programs' own output) by someone who had not read the rules, while the next round was "
        "built in branches cut before it existed. On arrival: dev 69 of 105, held 32 of 51 (62.7%); after the round "
        "(the log and the extractor's input withhold a secret's sentence, generated runs read by how random they are, "
        "both from branches cut before it): dev 74, held 34 (66.7%); after the next round (tuned on its dev rows: "
        "letters-only and lowercase generated codes, wrong keyboard layouts, secret words with clitics and endings): "
        "dev 84, held 36 (70.6%)."
        " After the round of locked things, identity numbers, hidden values, claims and look-alikes: dev 94, held 40 (78.4%)."
        " After round 21 (the disguised, split, others and look-alike tables of fresh21):"
        " 7 of dev, 9 of held leave a trace.",
    ),
    "wave 12": Floor(
        0.94,
        0.84,
        "Written from sources, formats and disguises no earlier wave used (values in other programs' output, answers "
        "across languages, values corrected twice, in lists, jokes and roleplay) by someone who had not read the "
        "rules, while the next round was built in branches cut before it existed. On arrival: dev 70 of 92, held 36 "
        "of 46 (78.3%); after the branches cut before it (the log as strong as the store, labelled seed phrases): dev "
        "72, held 36; after the round tuned on its dev rows (more numeral systems, spelled and alternating-case seed "
        "phrases, codes named by what they open, month names as digits, Irish addresses): dev 84, held 36 (78.3%) — "
        "what was built for its dev rows did not reach its held third."
        " After the round of locked things, identity numbers, hidden values, claims and look-alikes: dev 86, held 38 (82.6%)."
        " After round 21 (the disguised, split, others and look-alike tables of fresh21):"
        " 5 of dev, 7 of held leave a trace.",
    ),
    "wave 13": Floor(
        0.89,
        0.86,
        "Written from sources, formats and disguises no earlier wave used (values in CI logs, crash dumps, vCards, "
        "calendar invites and QR payloads; ciphers, Punycode, tag characters, look-alike scripts; new numeral systems "
        "and number words) by someone who had read neither the rules nor the layer tables, while five branches were "
        "built beside it. Its rows alone through this harness: on arrival dev 71 of 87, held 38 of 45 (84.4%); after "
        "the branches cut before it (split values, claims and roles, special categories, disguised values, cost): the "
        "same; final (look-alikes, a bracket ending a CJK value): in the full tables dev 72, held 38 (84.4%) — the "
        "layers that lifted their own tables' asides moved nothing of its held third."
        " After the round of locked things, identity numbers, hidden values, claims and look-alikes: dev 73, held 39 (86.7%)."
        " After round 21 (the disguised, split, others and look-alike tables of fresh21):"
        " 9 of dev, 6 of held leave a trace.",
    ),
}
"""The share of each wave's secret cases that must leave no trace."""

KEPT_AT_MOST: dict[str, Floor] = {
    "earlier": Floor(
        0,
        9,
        "Waves 1–3: none of dev; of 140 held, 36 kept something after the first round, 23 after wave 4, 17 after "
        "wave 5's round, 12 after wave 6's, 10 after wave 7's, 8's and 9's (main before the layers: 9 kept nothing)."
        " After the round of locked things, identity numbers, hidden values, claims and look-alikes: 0 of dev, 9 of held.",
    ),
    "wave 4": Floor(0, 0, "Dev only: none kept since wave 4's round."),
    "wave 5": Floor(
        0,
        2,
        "None of 71 dev; of 37 held, run once when its round was done, 10 kept something (27 nothing: 73%); 7 after "
        "wave 6's round (30: 81%), 6 after wave 8's (31: 84%), 5 after wave 9's (32: 86%), 4 after wave 10's (33: 89%)."
        " After the round of kept_fresh15 (the classifier retrained without it): 0 of dev, 2 of held.",
    ),
    "wave 6": Floor(
        0,
        3,
        "On arrival: of 99 dev, 29 kept something; of 52 held, 14 (73% nothing); after its round (dev only): none "
        "of dev, 13 of held; after wave 7's: 9 (83%); after wave 8's: 7 (87%); after wave 10's: 6 (88%)."
        " After the round of special_fresh20 (medicines by brand, practices without the faith named, general"
        " wordings a careless model writes): 0 of dev, 4 of held."
        " After round 21 (the disguised, split, others and look-alike tables of fresh21):"
        " 0 of dev, 3 of held.",
    ),
    "wave 7": Floor(
        0,
        3,
        "On arrival: of 72 dev, 11 kept something; of 36 held, 6 (83% nothing); after the round that never tuned "
        "on them: 9 of dev, 3 of held (92%); after the next round's general frames (tuned on dev): none of dev, 3.",
    ),
    "wave 8": Floor(
        0,
        3,
        "On arrival: of 72 dev, 16 kept something; of 33 held, 5 (85% nothing); after the round (its dev rows "
        "tuned on): none of dev, still 5 of held."
        " After the round of kept_fresh15 (the classifier retrained without it): 0 of dev, 3 of held.",
    ),
    "wave 9": Floor(
        0,
        4,
        "On arrival: of 78 dev, 16 kept something; of 38 held, 10 (74% nothing); after the round (the classifier "
        "retrained with its dev rows, frames tuned on them): 3 of dev, 9 of held (76% nothing); after wave 10's round "
        "(two fields of meaning, hearsay, parties, peoples): 1 of dev, 7 of held (82%)."
        " After the round of kept_fresh15 (the classifier retrained without it): 0 of dev, 5 of held."
        " After the round of special_fresh20 (medicines by brand, practices without the faith named, general"
        " wordings a careless model writes): 0 of dev, 4 of held.",
    ),
    "wave 10": Floor(
        0,
        13,
        "On arrival: of 79 dev, 27 kept something; of 42 held, 20 (52% nothing); after the round (its dev rows tuned "
        "on): none of dev, 19 of held (55% nothing) — what was built for its dev rows barely reached its held third. "
        "After wave 11's round, with the classifier held at its last threshold: 1 of dev, 19 of held. Once the "
        "classifier was retrained with wave 13's dev rows (threshold 0.995 → 0.996): 2 of dev (an endometriosis "
        "flare, a friend's coeliac disease in Irish), 16 of held."
        " After the round of kept_fresh15 (the classifier retrained without it): 0 of dev, 16 of held."
        " After the round of locked things, identity numbers, hidden values, claims and look-alikes: 0 of dev, 15 of held."
        " After the round of special_fresh20 (medicines by brand, practices without the faith named, general"
        " wordings a careless model writes): 0 of dev, 14 of held."
        " After round 21 (the disguised, split, others and look-alike tables of fresh21):"
        " 0 of dev, 13 of held.",
    ),
    "wave 11": Floor(
        0,
        6,
        "On arrival: of 72 dev, 22 kept something; of 33 held, 8 (76% nothing); after the round (the classifier "
        "retrained with its dev rows, saves and reactions read as ordinary): 4 of dev, 8 of held."
        " After the round of kept_fresh15 (the classifier retrained without it): 0 of dev, 6 of held.",
    ),
    "wave 12": Floor(
        0,
        9,
        "On arrival: of 55 dev, 25 kept something; of 31 held, 13 (58% nothing); after the branches cut before it "
        "(fields of meaning: treatments, observances, partners, misdeeds told): 22 of dev, 11 of held; after the round "
        "tuned on its dev rows (medicines, pilgrimages, pride events, parties and peoples from outside lists): none "
        "of dev, 9 of held (71% nothing).",
    ),
    "wave 13": Floor(
        0,
        12,
        "Its rows alone on arrival: of 56 dev, 23 kept something; of 32 held, 15 (47% nothing); after the branches "
        "cut before it (claims and roles, special categories): 22 of dev, 15 of held; final (the classifier retrained "
        "with its dev rows): 15 of dev, 15 of held (53% nothing)."
        " After the round of kept_fresh15 (the classifier retrained without it): 0 of dev, 13 of held."
        " After the round of special_fresh20 (medicines by brand, practices without the faith named, general"
        " wordings a careless model writes): 0 of dev, 12 of held.",
    ),
}
"""How many of each wave's special-category, claim and role cases may have something kept."""
_WAVE = re.compile(r"-w(\d+)-")


def leaked(row: dict, outcome: Outcome) -> list[str]:
    return [f"{place}: {value}" for value in row["secrets"] for place, text in outcome.places.items() if holds(text, value)]


def report(title: str, total: int, failures: Sequence[tuple[dict, object]]) -> str:
    """The figure and, for ``dev``, each failing row; ``held`` rows are counted by family only, so that running
    the test never shows what the held-out third says."""
    lines = [f"{title}: {total - len(failures)}/{total} held"]
    if title.endswith(" held"):
        families = Counter(_family(row) for row, _why in failures)
        lines.append("  failing, by family: " + ", ".join(f"{name} {n}" for name, n in families.most_common()))
        newest = max(NO_TRACE_SHARE, key=_wave_number)
        latest = Counter(_family(row) for row, _why in failures if _wave(row) == newest)
        lines.append(f"  of them {newest}: " + ", ".join(f"{name} {n}" for name, n in latest.most_common()))
        places = Counter(place for _row, why in failures for place in _places(why))
        lines.append("  where (rows by place): " + ", ".join(f"{name} {n}" for name, n in places.most_common()))
        return "\n".join(lines)
    lines += [f"  {_family(row)} {row['id']}: {why}" for row, why in failures]
    return "\n".join(lines)


def _places(why: object) -> set[str]:
    """Where a failing case left something: the places of its leaks, or the kinds of what was kept about it."""
    if isinstance(why, dict):
        return {kind for kind, texts in why.items() if texts}
    return {str(leak).split(":", 1)[0] for leak in why} if isinstance(why, list) else set()


def _family(row: dict) -> str:
    return str(row.get("family", row.get("category", row.get("kind"))))


@pytest.mark.slow
@pytest.mark.parametrize("part", ["dev", "held"])
@pytest.mark.parametrize("extractor", [careless_extractor, well_behaved_extractor], ids=["careless", "well-behaved"])
async def test_secret_cases_leave_no_trace(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str, part: str, extractor: Extractor
) -> None:
    rows = load("secrets", part)
    outcome = await run_cases(make_settings, fake_llm, database_url, [r["messages"] for r in rows], extractor)
    failures = [(row, found) for row in rows if (found := leaked(row, outcome))]
    print("\n" + report(f"secrets {part}", len(rows), failures))
    total, failed = _by_wave(rows), _by_wave(row for row, _found in failures)
    print(f"secrets {part}: " + ", ".join(f"{wave} {total[wave] - failed[wave]}/{total[wave]}" for wave in total))
    why = report(f"secrets {part}", len(rows), failures)
    assert set(total) <= set(NO_TRACE_SHARE), f"a wave without a floor: {sorted(set(total) - set(NO_TRACE_SHARE))}"
    for wave, floor in NO_TRACE_SHARE.items():
        assert failed[wave] <= (1 - floor.of(part)) * total[wave], f"{wave}: {why}"


@pytest.mark.slow
@pytest.mark.parametrize("part", ["dev", "held"])
async def test_nothing_is_kept_of_special_categories_claims_about_others_and_roles(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str, part: str
) -> None:
    special = load("special", part)
    others = [r for r in load("others", part) if r["kind"] in ("claim", "role")]
    rows = special + others
    outcome = await run_cases(make_settings, fake_llm, database_url, [[r["text"]] for r in rows], careless_extractor)
    failures = [(row, kept) for index, row in enumerate(rows) if any((kept := outcome.kept[index]).values())]
    print("\n" + report(f"special+others {part}", len(rows), failures))
    total, failed = _by_wave(rows), _by_wave(row for row, _kept in failures)
    print(f"special+others {part}: " + ", ".join(f"{wave} {total[wave] - failed[wave]}/{total[wave]}" for wave in total))
    why = report(f"special+others {part}", len(rows), failures)
    assert set(total) <= set(KEPT_AT_MOST), f"a wave without a floor: {sorted(set(total) - set(KEPT_AT_MOST))}"
    for wave, floor in KEPT_AT_MOST.items():
        assert failed[wave] <= floor.of(part), f"{wave}: {why}"


def _by_wave(rows: Iterable[dict]) -> Counter[str]:
    """Rows counted by the wave that wrote them (``earlier``: waves 1–3), every wave with a floor present even when
    none of its rows is."""
    counts = Counter(dict.fromkeys(NO_TRACE_SHARE, 0))
    counts.update(_wave(row) for row in rows)
    return counts


def _wave_number(wave: str) -> int:
    return 0 if wave == "earlier" else int(wave.removeprefix("wave "))


def _wave(row: dict) -> str:
    found = _WAVE.search(row["id"])
    return f"wave {found.group(1)}" if found and int(found.group(1)) >= 4 else "earlier"


def test_the_trace_finder_sees_a_value_however_it_is_kept() -> None:
    """The measure can fail: a value kept with its case changed, its digits regrouped or its words cut short is found."""
    assert holds("uses HUNTER2 everywhere", "hunter2")
    assert holds("card 4111-1111 1111.1111 saved", "4111 1111 1111 1111")
    assert holds("words: abandon ability able about above", "zoo abandon ability able about above absent")
    assert not holds("uses [redacted:password] everywhere", "hunter2")
    assert not holds("rank 500 on 2026-12-01", "4111 1111 1111 1111")
    assert holds("pin: 8015.", "8015")
    assert holds("密码是风花雪月吧", "风花雪月")
    assert not holds("UPN V801544329445", "8015"), "another number holding the digits is not the value"
    assert not holds("hunter22 is my tag", "hunter2")
    assert not holds("Member9: 1 9 7 8 - 0 4", "1 9 7 3"), "digits typed apart are a number, not a phrase of words"
    assert holds("Member9: 1 9 7 3", "1 9 7 3")


def test_every_wave_in_the_tables_has_its_own_floor() -> None:
    """A new wave's rows are counted under their own floor, never silently under another wave's or none."""
    assert _wave({"id": "identity-w8-001"}) == "wave 8"
    assert _wave({"id": "claim-w12-004"}) == "wave 12"
    assert _wave({"id": "split-017"}) == _wave({"id": "health-w2-003"}) == "earlier"
    assert max(["earlier", "wave 9", "wave 10"], key=_wave_number) == "wave 10"
    for table in ("secrets", "special", "others"):
        waves = set(_by_wave(load(table, "dev")))
        assert waves <= set(NO_TRACE_SHARE) and waves <= set(KEPT_AT_MOST), table


def test_a_members_display_name_holds_none_of_the_values_looked_for() -> None:
    """Each case's speaker is named in the log and the extractor's input; a name with the case's number in it would
    count as a leak of every short number ("Member341" for the PIN 341)."""
    names = [member_name(index) for index in range(3000)]
    assert len(set(names)) == len(names) and not any(char.isdigit() for name in names for char in name)
    assert not holds(f"{member_name(341)}: hi", "341")


def test_three_words_of_a_value_are_whole_words_and_say_something() -> None:
    """A seed phrase cut short is still held; three letters of a password typed apart are in anyone's spaced text."""
    assert holds("kept: zebra ocean violin and more", "apple zebra ocean violin tiger")
    assert not holds("m o d e r n e | s a v a n t", "G\nu\na\nv\na\n7\n1")
    assert not holds("kept: zebras oceanic violin", "apple zebra ocean violin tiger")
