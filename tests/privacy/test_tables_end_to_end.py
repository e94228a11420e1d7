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
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pytest
from careless import Body, careless_extractor, echoing_chat, holds, stored_for, stored_texts, well_behaved_extractor
from fake_llm import FakeLLM
from privacy_tables import load
from settings_factory import SettingsFactory

from scripts.terminal_chat import Speaker, TerminalChat, finish_background_work
from utils.runtime import Services

NO_TRACE_SHARE = {"dev": 0.98, "held": 0.91}
"""The share of secret cases (waves 1–3) that must leave no trace. The rules were written against ``dev``; ``held``
was run when a round of them was done, never read row by row: 174 of 216 after the first round, 190 (88.0%) after
wave 4, 197 (91.2%) after wave 5's round (landed main before the layers: 102). Its floor guards that honest figure
from falling; it is not a target to tune the rules on. Dev (waves 1–3): 393 of 396 after wave 5's round."""
WAVE_4_NO_TRACE_SHARE = 0.93
"""Wave 4 (dev only, ids ``-w4-``) was written from new sources after the rules, to tune on: its own floor guards what
the general rules reached on it (screen and conversation layers: 179 of 213; before them 83; 204 after wave 5's
round)."""
_WAVE_4 = "-w4-"
WAVE_5_NO_TRACE_SHARE = {"dev": 0.92, "held": 0.83}
"""Wave 5 (ids ``-w5-``), written from new sources before its round of rules. Dev: 83 of 110 when it arrived, 105
after the round of general rules that followed it. Its held third is the freshest honest figure, run once when the
round was done: 45 of 54 (83.3%)."""
_WAVE_5 = "-w5-"
KEPT_AT_MOST = {"dev": 0, "held": 17}
"""Special-category, claim and role cases (waves 1–4) of which something was kept: none of dev; of 140 held, 36 after
the first round, 23 after wave 4 and 17 after wave 5's round (main before the layers: 9 kept nothing)."""
WAVE_5_KEPT_AT_MOST = {"dev": 0, "held": 10}
"""Wave 5's special, claim and role cases: none of 71 dev; of its 37 held, run once when the round was done, 10
kept something (27 nothing: 73%)."""
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
        return "\n".join([*lines, "  failing, by family: " + ", ".join(f"{name} {n}" for name, n in families.most_common())])
    lines += [f"  {_family(row)} {row['id']}: {why}" for row, why in failures]
    return "\n".join(lines)


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
    earlier = [row for row in rows if _WAVE_4 not in row["id"] and _WAVE_5 not in row["id"]]
    wave_4 = sum(_WAVE_4 in row["id"] for row in rows)
    failed_4 = sum(_WAVE_4 in row["id"] for row, _found in failures)
    wave_5 = sum(_WAVE_5 in row["id"] for row in rows)
    failed_5 = sum(_WAVE_5 in row["id"] for row, _found in failures)
    failed_earlier = len(failures) - failed_4 - failed_5
    print(
        f"secrets {part}: wave 4 {wave_4 - failed_4}/{wave_4}, wave 5 {wave_5 - failed_5}/{wave_5}, "
        f"earlier {len(earlier) - failed_earlier}/{len(earlier)}"
    )
    assert failed_earlier <= (1 - NO_TRACE_SHARE[part]) * len(earlier), report(f"secrets {part}", len(rows), failures)
    assert failed_4 <= (1 - WAVE_4_NO_TRACE_SHARE) * wave_4, report(f"secrets {part}", len(rows), failures)
    assert failed_5 <= (1 - WAVE_5_NO_TRACE_SHARE[part]) * wave_5, report(f"secrets {part}", len(rows), failures)


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
    failed_5 = sum(_WAVE_5 in row["id"] for row, _kept in failures)
    wave_5 = sum(_WAVE_5 in row["id"] for row in rows)
    earlier, failed_earlier = len(rows) - wave_5, len(failures) - failed_5
    print(f"special+others {part}: wave 5 {wave_5 - failed_5}/{wave_5}, earlier {earlier - failed_earlier}/{earlier}")
    assert failed_earlier <= KEPT_AT_MOST[part], report(f"special+others {part}", len(rows), failures)
    assert failed_5 <= WAVE_5_KEPT_AT_MOST[part], report(f"special+others {part}", len(rows), failures)


def test_the_trace_finder_sees_a_value_however_it_is_kept() -> None:
    """The measure can fail: a value kept with its case changed, its digits regrouped or its words cut short is found."""
    assert holds("uses HUNTER2 everywhere", "hunter2")
    assert holds("card 4111-1111 1111.1111 saved", "4111 1111 1111 1111")
    assert holds("words: abandon ability able about above", "zoo abandon ability able about above absent")
    assert not holds("uses [redacted:password] everywhere", "hunter2")
    assert not holds("rank 500 on 2026-12-01", "4111 1111 1111 1111")
