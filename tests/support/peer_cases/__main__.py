"""``PYTHONPATH=.:tests/support python -m peer_cases [-v]``: the peer material's hit rates for the screen here."""

from __future__ import annotations

import sys

from peer_cases import measure
from utils.privacy.screen import screen


def _kept(text: str) -> str:
    return screen(text, "memory").text


result = measure(_kept)
print("\n".join(result.lines()))
if "-v" in sys.argv:
    for case in result.missed:
        print("MISSED", case.kind, repr(case.text))
    for text in result.negatives_changed:
        print("CHANGED", repr(text), "->", repr(_kept(text)))
    for text in result.ids_changed[:20]:
        print("ID", repr(text), "->", repr(_kept(text)))
