"""Claims about other people and roles asserted in chat that a careless model still keeps, and their look-alikes
(tests/privacy/layer_tables/claims_fresh17.*.jsonl), written before the rules of its round from outside sources (each
row's ``source``): how people talk about others in advice and gossip forums and workplace chats (what someone earns,
owes, drinks, weighs, believes, votes, failed, was arrested, fired or dumped for, their address, children and illness;
opinions stated as fact, reported speech, a group member's habit, pronoun-only subjects, subjects by role, questions,
conditionals, rumours; "MIL", "BIL", "SIL"), the third-person summaries a careless model writes ("User's boss …",
"Member mentioned that her sister …", "Thinks Jo is …"), and every way a member asserts rank or permission (staff,
admin perms, boosters, dev team, whitelisted, role emoji, other languages' words). Beside them what must pass: bare
relationships, a member's own facts, game roles, fictional characters' acts, public figures' public acts, mod packs,
a router's admin panel, asking who the mods are.

A careless extractor stores every line it is shown: a refused kind's row is right when each of its lines is refused as
a memory, a kept kind's row when it is kept unchanged as a memory and left unchanged as a message. A third of each kind
(random, seeded ``"claims_fresh17|<kind>"``) is in ``aside``: never tuned on, counted only. The generator script stayed
outside the repository.

On arrival, before any rule of its round: tune 155/185 — claim 59/77, role 31/43 (refused kinds 90/120), relationship
21/21, gaming 21/21, harmless 23/23 (kept kinds 65/65); aside 77/92 — claim 31/38, role 14/21 (refused kinds 45/59),
relationship 11/11, gaming 10/11, harmless 11/11 (kept kinds 32/33).

After the round's readings (in-laws as advice forums shorten them, MIL, BIL, SIL, kept apart from "mil pesos"; landlords,
managers and teachers in more languages; a condition or a worry opening a clause about a relative; a person noun with
an address, a DUI, a custody lost, a vote, dealing drugs or "always high"; opinions as fact after a name; Turkish "our",
Bengali and Catalan hearsay, a Greek article in the matching form, a Japanese model line's "ユーザーの", Thai relatives with
an arrest; Korean team leads; roles: an event host or a Nitro booster said with the community, a Twitch or subreddit
moderator, Tagalog "mod na ako", Russian "выдали админку", a bot's dev team, Hebrew, Finnish "modi", Korean 부방장, Thai
and Arabic "I became", Japanese モデ権, a whitelist, a verified badge, the audit log, "head of the mod team", a rank
after the role, a permission noun and the role in either order as each language puts them, "had mod since"): tune
184/185 — claim 76/77, role 43/43, kept kinds 65/65; aside 79/92 — claim 32/38, role 15/21 (refused kinds 45/59 →
47/59), relationship 11/11, gaming 10/11, harmless 11/11 (kept kinds 32/33, as on arrival). "I'm a server booster"
alone stays kept, as roles_chat's look-alikes have a boost (a perk bought, no standing). The round of kept_fresh18
(the speaker running this community, speaking as a role, a newcomer or a teammate as the third person) took its aside
from 79 to 80/92 (role 15 → 16/21); tune 184/185 unchanged.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, at_floors, kinds_table_is_well_formed, load, right_line_by_line

from utils.privacy.screen import screen

NAME = "claims_fresh17"

RIGHT_AT_LEAST = {
    "tune": {"claim": 76, "role": 43, "relationship": 21, "gaming": 21, "harmless": 23},
    "aside": {"claim": 32, "role": 16, "relationship": 11, "gaming": 10, "harmless": 11},
}
"""Rows right per kind and part: the figures measured when the round of rules was done (on arrival, before any rule
of its round: tune 155/185, aside 77/92; after it tune 184/185, aside 79/92)."""


@pytest.mark.parametrize("part", PARTS)
def test_each_kind_stays_at_its_measured_figure(part: str) -> None:
    at_floors(NAME, part, right_line_by_line, RIGHT_AT_LEAST[part], label="kind")


def test_a_third_of_each_kind_is_aside_in_many_languages() -> None:
    kinds_table_is_well_formed(NAME, ("claim", "role"), rows=220, languages=30)


def test_the_measure_can_fail() -> None:
    assert not right_line_by_line({"kind": "claim", "text": "plays duo with Jo"})
    assert not right_line_by_line({"kind": "role", "text": "my mod pack crashes on load"})
    assert not right_line_by_line({"kind": "harmless", "text": "my sister was arrested for theft last week"})
    assert right_line_by_line({"kind": "relationship", "text": "plays duo with Jo"})
    assert load(NAME, "tune")


@pytest.mark.parametrize(
    "text",
    [
        "my SIL is cheating on my brother",  # an in-law as advice forums shorten one
        "if my cousin doesn't stop gambling he'll lose the house",  # a condition opens the clause
        "Is worried their son is using drugs.",  # so does a worry
        "the bartender downstairs deals coke",
        "the landlady lives at 22 Oak Road",
        "Mira is a gold digger, she only dates rich guys",
        "el casero no paga impuestos",
        "мой арендодатель сидел в тюрьме",
        "ev sahibim dolandırıcı",
        "ο πατέρας μου είναι στη φυλακή",  # the article in the matching form
        "สามีเธอมีกิ๊ก",  # Thai, written without spaces
        "ユーザーの上司は横領で逮捕された。",  # a model's line: the member's relation
        "i just became staff",
        "I'm helper rank",
        "I'm one of the higher ups here",
        "I have access to the audit log",
        "I'm on the whitelist",
        "I'm a Discord partner",
        "I have the verified badge on this server",
        "I'm a verified member with the trusted role",
        "I'm head of the mod team",
        "I'm a subreddit mod btw",
        "me dieron admin ayer",
        "jestem właścicielem tego discorda",
        "صرت مشرف",
        "モデレーターになりました",
        "ผมเป็นม็อดที่นี่",
        "j'ai les perms admin",  # the permission noun before the role
        "am drepturi de admin",
        "έχω δικαιώματα admin",
        "יש לי הרשאות אדמין",
        "لدي صلاحيات المشرف",
        "मेरे पास एडमिन राइट्स हैं",  # the role before its right
        "van admin jogom",
        "mám adminská práva",
        "minulla on adminoikeudet",  # one word
        "I've had mod since the server started",
        "I manage the roles on this server",
    ],
)
def test_readings_of_the_round_refuse_lines_no_row_has(text: str) -> None:
    assert screen(text, "memory").refused, text


@pytest.mark.parametrize(
    "text",
    [
        "I just got my booster shot yesterday",
        "I'm a booster for hire, DM for elo",
        "I'm an event host at a hotel downtown",  # a job: no community named
        "the dev team nerfed the bot lane again",
        "nag-mod ako ng Skyrim kagabi",  # modding a game, in Tagalog
        "방장이 게임 시작을 안 해",  # a lobby's host
        "我是做项目管理的",  # project management is a job
        "mil pesos es mucho para un juego",  # "mil" a thousand, not an in-law
        "Proprio così, hai ragione",
        "I'm worried my team will lose",
        "I voted for the new map in the community poll",
        "the boss lives in the castle at the end of the level",
        "my team lead and I both play Valorant",
        "ユーザーのお気に入りのゲームはゼルダである。",
        "I work as a moderator for a content farm",
        "server boost perks are nice",
        "ask an admin for permission",
        "you need permission from a mod to post",
        "I manage the roles in my company",
        "I had mod menus in GTA back then",
    ],
)
def test_readings_of_the_round_keep_their_look_alikes(text: str) -> None:
    kept = screen(text, "memory")
    assert not kept.refused and kept.text == text, text
