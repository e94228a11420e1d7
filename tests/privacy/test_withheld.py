"""A sentence that held a secret, and the rest of its line, keep only their placeholders in the log and the
extractor's input.

Written after the rule, as its reading cases (the measure is the end-to-end tables, written before it): what the
rules missed beside a value they found — the rest of a password given in pieces, a second code, a link title —
leaves with it, and so does the rest of its line (a value given after a "?" or a full stop); the sentences before it,
the lines around it, a contact detail's line, a server error's own words and quoted lines' marks stay.
"""

from __future__ import annotations

import pytest

from utils.notes_migration import notes_for_prompt
from utils.privacy.screen import SECRET_KINDS, Seen, screen
from utils.privacy.withheld import withhold_secret_sentences

WITHHELD = [
    # (text, what the log and the extractor's input keep, a piece that must be gone)
    ("pw is quokka, no spaces, then 1264, then the word vexillum", "[redacted:password]", "1264"),
    ('hover the link for the pw [wifi](https://example.net "Vaxholm_tunna55")', "[redacted:password]", "Vaxholm"),
    ('la password sta nel mio CSS: `.x::after { content: "Pelikan2290"; }`', "[redacted:password]", "Pelikan"),
    ("kartica mi je 5145 2320 6814 6525 vrijedi do 09/29 a cvv 417, kupi karte", "[redacted:card]", "417"),
    ("Mein Passwort ist Sommerwind7 und dahinter noch eine 8. Sag's keinem!", "[redacted:password]", "8."),
    ("mot de passe : Grenouille42 puis un tiret. Merci !", "[redacted:password]", "tiret"),
    ("我的密码是 qwerty8899，后面再加上 !! 就行", "[redacted:password]", "!!"),
    # a value in the sentence after the one that held the secret (the rules took "shared" for it) goes with the rest
    # of the line; the sentences before the secret's stay
    ("The Netflix password is shared. ꓟꓮꓐ88x for now.", "[redacted:password]", "88x"),
    ("ok. the shared GCash pass? eto, from my notes: Qv7-lamp-Tide", "ok. the shared GCash pass? [redacted:password]", "Qv7"),
    (
        "Bonjour ! Le code Wi-Fi ? Le voici : Mouette-Grise-83. Bonne soirée",
        "Bonjour ! Le code Wi-Fi ? [redacted:password]",
        "soirée",
    ),
    ("gg. pin for the shed is 4471. then 9902 for the gate", "gg. [redacted:password]", "9902"),
    ("> my pin is 4471 and the shed one is 9902\n> thanks", "> [redacted:password]\n> thanks", "9902"),
]


@pytest.mark.parametrize(("text", "kept", "gone"), WITHHELD)
@pytest.mark.parametrize("field", ["log", "input"])
def test_a_sentence_that_held_a_secret_keeps_only_its_placeholders(field: str, text: str, kept: str, gone: str) -> None:
    screened = screen(text, field)  # type: ignore[arg-type]
    assert screened.text == kept and gone not in screened.text and not screened.refused


@pytest.mark.parametrize(("text", "kept", "gone"), WITHHELD)
def test_a_message_only_loses_the_values_found(text: str, kept: str, gone: str) -> None:
    """What the conversation screen reads is the member's message with its values replaced, nothing more."""
    screened = screen(text, "message")
    assert "[redacted:" in screened.text and screened.text != kept


@pytest.mark.parametrize(
    "text",
    [
        "mail me at jo.martin@example.org, I'm in Lyon till Friday",
        "Ruf mich an: +49 151 23456789. Ich bin ab 18 Uhr da.",
        "GG everyone. The seed for tonight's world is -4172, it's public.",
        "my password manager is Bitwarden and I love it",
        "ticket 88213 is still open. Patch 1.2.3 broke it.",
    ],
)
def test_a_line_without_a_secret_keeps_its_sentences(text: str) -> None:
    """A contact detail or a number is not a secret's mark: the log keeps the sentence around it."""
    for field in ("log", "input"):
        screened = screen(text, field)  # type: ignore[arg-type]
        assert not any(f"[redacted:{kind}]" in screened.text for kind in SECRET_KINDS)
        words = [w for w in text.split() if not any(c.isdigit() for c in w) and "@" not in w]
        assert all(word in screened.text for word in words), screened.text


def test_a_server_error_keeps_its_words_and_loses_the_quoted_request() -> None:
    """An error quoting the request in a key's value loses that value only: its own words are why it is logged."""
    seen = Seen([screen("my password is hunter2x9", "message")])
    error = "HTTP 400: Error code: 400 - {'input': 'hunter2x9 and then 1264 lol', 'msg': 'Input should be a valid string'}"
    logged = screen(error, "log", seen=seen).text
    assert logged == "HTTP 400: Error code: 400 - {'input': '[redacted:password]', 'msg': 'Input should be a valid string'}"
    body = '{"error": {"message": "bad input: hunter2x9 then 1264", "code": 400}}'
    assert screen(body, "log", seen=seen).text == '{"error": {"message": "[redacted:password]", "code": 400}}'


def test_a_members_quoted_value_is_not_a_field() -> None:
    """Quotes in a sentence are not structure: the sentence goes whole, the number after the quote with it."""
    assert screen('my password is "hunter2x9" and then 1264', "log").text == "[redacted:password]"


def test_every_line_break_ends_a_sentence() -> None:
    """Python's line breaks, as the requests' quoting splits lines: a secret on one line leaves the next alone."""
    for brk in ("\n", "\r\n", "\r", "\u2028", "\u2029"):
        logged = screen(f"pin: 4471 then 9902{brk}see you at the raid", "log").text
        assert logged.startswith("[redacted:password]") and logged.endswith("see you at the raid"), repr(brk)
        assert "9902" not in logged and "then" not in logged, repr(brk)


def test_text_without_placeholders_is_returned_as_it_is() -> None:
    text = "a plain line. Another one!"
    assert withhold_secret_sentences(text, SECRET_KINDS) is text


def test_the_notes_migration_shows_its_model_the_notes_as_an_input() -> None:
    """Old notes are a model's input too: the profile it writes could keep neither the secret's sentence nor a long
    number, so it is not shown them; the other lines stay as written."""
    notes = "[2024-01-02] Likes chess.\n[2024-01-03] wifi pw is quokka then 1264\n[2024-01-04] Friend code 4821 7730 1954"
    shown = notes_for_prompt(notes)
    assert "[2024-01-02] Likes chess." in shown and "[redacted:password]" in shown
    assert not any(piece in shown for piece in ("quokka", "1264", "4821 7730 1954"))
