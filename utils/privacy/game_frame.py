"""A line set inside a named game speaks of the game's world, not of the member: "hab in The Long Dark
Lebensmittelvergiftung, zwei Tage Antibiotika und Bettruhe", "in Kenshi la Holy Nation mi ha arrestato", "в Workers &
Resources профсоюз снова устроил забастовку". Its illness, arrest, union or people belong to a character, so the
special categories and the claims about others are not read in it.

The frame is a preposition ("in", "im", "в", "w", "en", "dans", "no", "nel", "på") among the line's first words
followed by a game's title (a listed title; one that is also a word, "Rust", "Metro", "Prey", only with a capital), or
"in-game" ("im Spiel", "в игре") there. A line is framed only when it is one sentence and says nothing of real life
("irl", "in real life"): "In Minecraft rn. Also I have diabetes" is the member's second sentence, not the game's. Nor
does it hold a real person or a telling — a relation ("my guildie", "mi hermano"), a pronoun for someone, an
@mention, "told", "said": "in WoW my guildie told me she's pregnant" is about a person, whatever game it happened in.

The vocabulary is data (``data/game_frame.json``): titles are read case-folded, longest first.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from utils.privacy._others_vocabulary import alternation
from utils.privacy.game_saves import set_in_a_save

_DATA = Path(__file__).with_name("data") / "game_frame.json"
_FIRST_WORDS = 2
"""Words before the preposition: "hab in The Long Dark …", "ich war in Kenshi …"."""
_SECOND_SENTENCE = re.compile(r"[.!?;]\s+\S|\n\s*\S")


@cache
def _frame() -> tuple[re.Pattern[str], frozenset[str], re.Pattern[str]]:
    data = json.loads(Path(_DATA).read_text(encoding="utf-8"))
    word = r"[^\W\d_]+(?:['’-][^\W\d_]+)*"
    opening = rf"^\W*(?:{word}\W+){{0,{_FIRST_WORDS}}}?"
    titled = rf"(?:{alternation(data['before_a_title'])})\s+(?P<title>{alternation(data['titles'])})(?![\w'’])"
    framed = re.compile(opening + rf"(?:{titled}|(?:{alternation(data['in_game'])})(?![\w-]))", re.IGNORECASE)
    outside = [*data["real_life"], *data["people_and_speech"]]
    real_life = re.compile(r"(?<![^\W\d_])(?:" + alternation(outside) + r")(?![^\W\d_])", re.IGNORECASE)
    return framed, frozenset(data["capitalised_only"]), real_life


def set_in_a_game(text: str) -> bool:
    """True when ``text`` is one sentence set inside a named game (see the module)."""
    framed, capitalised_only, real_life = _frame()
    match = framed.match(text)
    if match is None:
        return set_in_a_save(text)  # "… in his FFX save", "my city has the flu … Cities Skylines"
    if "@" in text or _SECOND_SENTENCE.search(text.strip()) or real_life.search(text):
        return False
    title = match.group("title")
    return title is None or title.casefold() not in capitalised_only or title[:1].isupper()
