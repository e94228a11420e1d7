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

import io
import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pytest
from careless import Body, careless_extractor, echoing_chat, holds, stored_for, stored_texts, well_behaved_extractor
from fake_llm import FakeLLM
from privacy_tables import load
from settings_factory import SettingsFactory

from scripts.terminal_chat import Speaker, TerminalChat, finish_background_work
from utils.runtime import Services

NO_TRACE_SHARE = {"dev": 0.99, "held": 0.94}
"""The share of secret cases (waves 1–3) that must leave no trace. The rules were written against ``dev``; ``held``
was run when a round of them was done, never read row by row: 174 of 216 after the first round, 190 (88.0%) after
wave 4, 197 (91.2%) after wave 5's round, 201 (93.1%) after wave 6's, 204 (94.4%) after wave 7's and wave 8's
(landed main before the layers: 102). Its floor
guards that honest figure from falling; it is not a target to tune the rules on. Dev (waves 1–3): 395 of 396."""
WAVE_4_NO_TRACE_SHARE = 0.96
"""Wave 4 (dev only, ids ``-w4-``) was written from new sources after the rules, to tune on: its own floor guards what
the general rules reached on it (screen and conversation layers: 179 of 213; before them 83; 204 after wave 5's
round, 205 after wave 6's, 7's and 8's)."""
_WAVE_4 = "-w4-"
WAVE_5_NO_TRACE_SHARE = {"dev": 0.98, "held": 0.94}
"""Wave 5 (ids ``-w5-``), written from new sources before its round of rules. Dev: 83 of 110 when it arrived, 105
after the round of general rules that followed it, 104 after wave 6's, 108 after wave 7's. Its held third, run once
when each round was done: 45 of 54 (83.3%), then 47 (87.0%), then 50 (92.6%), then 51 (94.4%)."""
_WAVE_5 = "-w5-"
WAVE_6_NO_TRACE_SHARE = {"dev": 0.97, "held": 0.88}
"""Wave 6 (ids ``-w6-``), written from new sources by someone who had not read the rules, before its round of rules.
When it arrived: dev 104 of 142, held 46 of 71 (64.8%); after its round (tuned on dev only): dev 134, held 54 (76.1%),
then 59 (83.1%) after wave 7's round and 63 (88.7%) after wave 8's (dev 138)."""
_WAVE_6 = "-w6-"
WAVE_7_NO_TRACE_SHARE = {"dev": 0.97, "held": 0.83}
"""Wave 7 (ids ``-w7-``), written from new sources by someone who had not read the rules, while the next round of
rules was built by others who were not to see it: no rule was tuned on its rows. When it arrived: dev 67 of 107, held
31 of 54 (57.4%); after the round: dev 88, held 42 (77.8%); after wave 8's round (its dev rows tuned on): dev 104,
held 45 (83.3%)."""
_WAVE_7 = "-w7-"
WAVE_8_NO_TRACE_SHARE = {"dev": 0.96, "held": 0.82}
"""Wave 8 (ids ``-w8-``), written from new sources and disguises by someone who had not read the rules, while the
next round was built, first in branches cut before it existed, then on its dev rows. When it arrived: dev 77 of
104, held 38 of 52 (73.1%); after the round: dev 100, held 43 (82.7%), the freshest honest figure."""
_WAVE_8 = "-w8-"
KEPT_AT_MOST = {"dev": 0, "held": 10}
"""Special-category, claim and role cases (waves 1–4) of which something was kept: none of dev; of 140 held, 36 after
the first round, 23 after wave 4, 17 after wave 5's round, 12 after wave 6's, 10 after wave 7's and 8's (main before the
layers: 9 kept nothing)."""
WAVE_5_KEPT_AT_MOST = {"dev": 0, "held": 6}
"""Wave 5's special, claim and role cases: none of 71 dev; of its 37 held, run once when the round was done, 10
kept something (27 nothing: 73%); 7 after wave 6's round (30: 81%), 6 after wave 8's (31: 84%)."""
WAVE_6_KEPT_AT_MOST = {"dev": 0, "held": 7}
"""Wave 6's special, claim and role cases, when they arrived: of 99 dev, 29 kept something; of 52 held, 14 (38
nothing: 73%); after its round (tuned on dev only): none of dev, 13 of held (39 nothing: 75%); after wave 7's: 9
(43 nothing: 83%); after wave 8's: 7 (45 nothing: 87%)."""
WAVE_7_KEPT_AT_MOST = {"dev": 0, "held": 3}
"""Wave 7's special, claim and role cases, on arrival: of 72 dev, 11 kept something; of 36 held, 6 (30 nothing: 83%);
after the round that never tuned on them: 9 of dev, 3 of held (33 nothing: 92%); after the general frames of the
next round (tuned on dev): none of dev, 3 of held."""
WAVE_8_KEPT_AT_MOST = {"dev": 0, "held": 5}
"""Wave 8's special, claim and role cases, on arrival: of 72 dev, 16 kept something; of 33 held, 5 (28 nothing:
85%); after the round (its dev rows tuned on): none of dev, still 5 of held."""
FIRST_MEMBER = 700_000_000_000_000_000

Extractor = Callable[[Body], Body]


@dataclass(frozen=True)
class Outcome:
    places: dict[str, str]
    """Every stored text by place, and the extractor's input ("input")."""
    kept: dict[int, dict[str, list[str]]]
    """What was kept about each case's member, by the case's index."""


async def run_cases(
    make_settings: SettingsFactory, fake_llm: FakeLLM, database_url: str, cases: Sequence[Sequence[str]], extractor: Extractor
) -> Outcome:
    """Each case's messages said by its own member in the terminal chat, then everything the bot kept."""
    fake_llm.chat = echoing_chat
    fake_llm.tools["extract_memories"] = extractor
    settings = make_settings()
    services = Services(settings, chat_cooldown_seconds=0)
    await services.start()
    out = io.StringIO()
    chat = TerminalChat(services, Speaker(FIRST_MEMBER, "Member", "general", 1), out)
    services.chat.on_notice(chat.notice)
    try:
        for index, messages in enumerate(cases):
            await chat.handle_line(f"/as {FIRST_MEMBER + index} Member{index}")
            for message in messages:
                await chat.handle_line(message)
        await finish_background_work(services, settings, io.StringIO())
    finally:
        await services.close()
    places = stored_texts(database_url)
    places["input"] = json.dumps(fake_llm.tool_requests("extract_memories"), ensure_ascii=False)
    kept = {index: stored_for(database_url, FIRST_MEMBER + index) for index in range(len(cases))}
    return Outcome(places, kept)


def leaked(row: dict, outcome: Outcome) -> list[str]:
    return [f"{place}: {value}" for value in row["secrets"] for place, text in outcome.places.items() if holds(text, value)]


def report(title: str, total: int, failures: Sequence[tuple[dict, object]]) -> str:
    """The figure and, for ``dev``, each failing row; ``held`` rows are counted by family only, so that running
    the test never shows what the held-out third says."""
    lines = [f"{title}: {total - len(failures)}/{total} held"]
    if title.endswith(" held"):
        families = Counter(_family(row) for row, _why in failures)
        lines.append("  failing, by family: " + ", ".join(f"{name} {n}" for name, n in families.most_common()))
        newest = Counter(_family(row) for row, _why in failures if _WAVE_8 in row["id"])
        lines.append("  of them wave 8: " + ", ".join(f"{name} {n}" for name, n in newest.most_common()))
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
    assert failed["earlier"] <= (1 - NO_TRACE_SHARE[part]) * total["earlier"], why
    assert failed["wave 4"] <= (1 - WAVE_4_NO_TRACE_SHARE) * total["wave 4"], why
    assert failed["wave 5"] <= (1 - WAVE_5_NO_TRACE_SHARE[part]) * total["wave 5"], why
    assert failed["wave 6"] <= (1 - WAVE_6_NO_TRACE_SHARE[part]) * total["wave 6"], why
    assert failed["wave 7"] <= (1 - WAVE_7_NO_TRACE_SHARE[part]) * total["wave 7"], why
    assert failed["wave 8"] <= (1 - WAVE_8_NO_TRACE_SHARE[part]) * total["wave 8"], why


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
    assert failed["earlier"] + failed["wave 4"] <= KEPT_AT_MOST[part], why
    assert failed["wave 5"] <= WAVE_5_KEPT_AT_MOST[part], why
    assert failed["wave 6"] <= WAVE_6_KEPT_AT_MOST[part], why
    assert failed["wave 7"] <= WAVE_7_KEPT_AT_MOST[part], why
    assert failed["wave 8"] <= WAVE_8_KEPT_AT_MOST[part], why


def _by_wave(rows: Iterable[dict]) -> Counter[str]:
    """Rows counted by the wave that wrote them (``earlier``: waves 1–3), every wave present even when none is."""
    counts = Counter({"earlier": 0, "wave 4": 0, "wave 5": 0, "wave 6": 0, "wave 7": 0, "wave 8": 0})
    waves = ((4, _WAVE_4), (5, _WAVE_5), (6, _WAVE_6), (7, _WAVE_7), (8, _WAVE_8))
    for row in rows:
        marker = next((f"wave {n}" for n, m in waves if m in row["id"]), "earlier")
        counts[marker] += 1
    return counts


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
