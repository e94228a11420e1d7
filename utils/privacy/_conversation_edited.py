"""An edited message read as the conversation it belongs to.

Members fix and complete what they sent by editing it: a bare value edited to say what it opens ("3391" → "3391 ←
lucchetto della bici"), a message after it edited to point back ("ok" → "ok that was my phone pin"). The edit is
read as if sent then (`ConversationScreen.edited`); these are the readings only an edit needs.
"""

from __future__ import annotations

from collections.abc import Collection

from utils.privacy._conversation_asked import labelled_after_value
from utils.privacy._conversation_revealed import revealed, revealed_without_kind
from utils.privacy._conversation_words import Said, lone_value


def labelled_in_place(old: Said, text: str) -> list[tuple[str, str]]:
    """A bare value edited to say what it is ("3391" → "3391 ← lucchetto della bici", "9157" → "9157 é o pin do
    cartão"): the words the edit added are read as a message sent after the value."""
    lone = lone_value(old.text) if old.lone else None
    if lone is None or lone[0] not in text:
        return []
    added = text.replace(lone[0], " ", 1).strip(_ADDED_AROUND)
    return pointing_back([old], added) if added else []


_ADDED_AROUND = " \t\n-–—←→:;,.()[]"
"""What sets the words an edit added apart from the value they follow or precede."""


def pointing_back(window: Collection[Said], text: str) -> list[tuple[str, str]]:
    """The values of ``window`` that ``text``, sent after it, says were secrets ("^ that's the wifi pw")."""
    return revealed(window, text) or revealed_without_kind(window, text) or labelled_after_value(window, text)
