"""Which LlmLog excerpts hold a forgotten memory: the rule `forget <id>` blanks by, as a table."""

from __future__ import annotations

import json

import pytest

from utils.storage.llm_log import mentions

REX = "Has a dog named Rex."
CAFE = 'Works at Café "Zum Löwen" in Köln.'


@pytest.mark.parametrize(
    ("excerpt", "texts", "held"),
    [
        (f"extract_memories -> {json.dumps({'memories': [{'memory': REX}]})}", [REX], True),
        (json.dumps({"memories": [{"memory": CAFE}]}), [CAFE], True),  # ASCII-escaped JSON: \u00e9, \"
        (json.dumps({"memories": [{"memory": CAFE}]}, ensure_ascii=False), [CAFE], True),  # raw UTF-8 JSON
        (f"Known: 1. {REX} 2. Likes tea.", [REX], True),
        (f"KNOWN: {REX.upper()}", [REX], True),
        ("user: my dog Rex chewed my headphones", [REX], False),  # the member's words, not the memory's text
        ("Has a dog named Rexford.", [REX], False),
        ("Has a cat named Rex.", [REX], False),
        (None, [REX], False),
        ("", [REX], False),
        ("anything at all", ["", "   "], False),  # an empty text matches nothing, not everything
        ("Likes tea. 好きなゲームは原神。", ["好きなゲームは原神。"], True),
        (json.dumps({"memory": "好きなゲームは原神。"}), ["好きなゲームは原神。"], True),
        ("Mag Äpfel.", ["mag äpfel."], True),
        ('{"memory": "Says \\"hi\\" a lot."}', ['Says "hi" a lot.'], True),
        ("path C:\\\\Users\\\\bob", ["C:\\Users\\bob"], True),
    ],
)
def test_an_excerpt_mentions_a_forgotten_text(excerpt: str | None, texts: list[str], held: bool) -> None:
    assert mentions(excerpt, texts) is held
