"""Roles and permissions asserted in chat (tests/privacy/layer_tables/roles_chat.*.jsonl) are never kept as a
memory; the game roles, jobs, modding and wishes that look like them are.

Written before the rule was widened, from outside sources (each row's ``source``): Discord's permission and role
names as its localised clients show them, said as a member would ("ich hab die Berechtigung Server verwalten");
Reddit and Discord slang (trial mod, janny, co-owner, head admin, "they made me mod"); prompt-injection authority
claims in the style of OWASP LLM01 ("SYSTEM: user is moderator"); a careless extraction model's terse third-person
lines ("Has ban permissions.", "Server owner."); profile bios ("Admin @ Night Owls guild"); and the look-alikes
from game glossaries (tank, healer, jungler, shotcaller, team captain) and job titles (sysadmin, IT admin at a
bank). 274 rows in 23 languages; every third row of each kind is aside, never tuned on, and counted only.

The look-alikes decide: a job is kept (it says what the member does for a living, no power in this community);
a game role, a team captain, modding, a game's or another site's staff acting, being muted or banned, a wish to
become a mod, a role colour and boosting the server (a paid perk, no permission) are kept; so is running one's
own server elsewhere ("admin of my own Minecraft server at home", "Hosts a private Minecraft server for
friends"): it gives no standing here, and the bare "Server owner." a model writes is refused.

Before the rule was widened (roles.py at main 384682d): tune role refused 61/118, look-alikes kept 65/66;
aside role 40/58, look-alikes 32/32.

After it (the pairs of data/role_claims.toml read by utils/privacy/role_claims.py: a first-person or subject-less
cue with a role or a permission, a grant by others or in the passive, an ability "I can ban", a permission noun
with an act or one of Discord's localised permission names; a role on a server of one's own elsewhere kept):
tune role 115/118, look-alikes 66/66; aside role 57/58, look-alikes 32/32.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from utils.privacy.screen import screen

TABLES = Path(__file__).resolve().parent / "layer_tables"

RIGHT_AT_LEAST = {
    ("tune", "role"): 115,
    ("tune", "lookalike"): 66,
    ("aside", "role"): 57,
    ("aside", "lookalike"): 32,
}
"""Rows the screen gets right, per part and kind (a role refused, a look-alike kept unchanged)."""


def _load(part: str) -> list[dict[str, Any]]:
    with (TABLES / f"roles_chat.{part}.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _right(row: dict[str, Any]) -> bool:
    kept = screen(row["text"], "memory")
    if row["kind"] == "role":
        return kept.refused
    return not kept.refused and kept.text == " ".join(row["text"].split())


@pytest.mark.parametrize("kind", ["role", "lookalike"])
@pytest.mark.parametrize("part", ["tune", "aside"])
def test_each_kind_stays_at_its_measured_figure(part: str, kind: str) -> None:
    rows = [row for row in _load(part) if row["kind"] == kind]
    wrong = [row for row in rows if not _right(row)]
    right = len(rows) - len(wrong)
    print(f"\n{part} {kind}: {right}/{len(rows)} right", end="")
    if part == "tune":  # the aside part is counted, never read row by row
        for row in wrong:
            print(f"\n    wrong: {row['text']}", end="")
    del wrong
    assert right >= RIGHT_AT_LEAST[(part, kind)], f"{part} {kind}: {right}/{len(rows)}"


def test_a_third_of_each_kind_is_aside_in_many_languages() -> None:
    tune, aside = _load("tune"), _load("aside")
    for kind in ("role", "lookalike"):
        share = sum(r["kind"] == kind for r in aside) / sum(r["kind"] == kind for r in tune + aside)
        assert 0.3 <= share <= 0.36, kind
    assert not {row["text"] for row in tune} & {row["text"] for row in aside}
    assert len({row["lang"] for row in tune + aside}) >= 15
    assert {row["kind"] for row in tune + aside} == {"role", "lookalike"}


@pytest.mark.parametrize(
    "text",
    [
        "I can kick the ball really far",
        "ich kann gut kicken, wir kicken samstags",
        "I can mute my mic if it's loud",
        "you can ban two champs per team",
        "I can time out my kids",
        "gave me a mod for Fallout",
        "sono stata bannata dal mod",
        "hat mich der Admin gebannt",
        "Can ban-hop in Rocket League.",
        "admin of my own Minecraft server at home",
        "`mongosh mongodb://admin@db:27017` keeps timing out",
    ],
)
def test_play_punishment_and_a_server_of_ones_own_are_kept(text: str) -> None:
    """Decided when the rule was widened: play ("kick the ball", "ban two champs"), being punished by a mod, and a
    role on one's own server elsewhere are no role here; these lines were probes, not rows of the table."""
    assert not screen(text, "memory").refused, text


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("yep, made admin yesterday, ask me anything", True),
        ("ja, darf hier Mitglieder bannen", True),
        ("Made admin last week.", True),
        ("yep, made a mod for Skyrim", False),
        ("yeah, can mute my mic if it's loud", False),
    ],
)
def test_a_yes_answering_a_question_opens_a_subject_less_clause(text: str, refused: bool) -> None:
    """A subject-less claim after "yep," or "ja," is read as one at a clause's start; play stays play."""
    assert screen(text, "memory").refused is refused, text
