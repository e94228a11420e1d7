"""Disguised values and secrets split over messages with no keyword, measured on two layer tables written before
the rules for them (tests/privacy/layer_tables: ``disguised_values``, ``split_kindless``).

``disguised_values``: a value spelled in a spelling alphabet (ICAO/NATO, DIN 5009, the French, Italian, Spanish,
Russian, Greek, Dutch, Polish, Swedish and Portuguese ones), typed reversed, in ROT13 with the hint, a passphrase
of words with no digit, a pronounceable generated password (pwgen, apg), a value a hint spells, fullwidth or
mathematical letters, zero-width characters inside, keycap digits, one letter at a time between separators — and
ordinary lines with the same shapes (place names, team names, CamelCase titles, a word spelled for its spelling),
which must pass unchanged.

``characters_apart``: a value laid out one character at a time (down a column, across a Markdown table row, between
dashes, dots or slashes, in flag letters); ``worked_out``: a value worked out from parts the line gives, after an equals
sign or an arrow; ``described_then_given``: a value ending the line past a colon after a long description of how it is
made; look-alikes: team lists, tic-tac-toe rows, fighting-game inputs, sums in a game, ranks going up, a
score or a nickname after a sentence that named a password and ended. ``corrected_values``: a secret given, then
mended in the next message; ordinary exchanges mend a time, a score, a level or a room number the same way.
``keypad_words``: a PIN given as the word it spells on a phone keypad; look-alikes: a word that types a number beside
it in a line naming no secret. ``dictated``: a value dictated after its secret word, its capitals, spaces and symbols
said as words, in 13 languages; look-alikes: rules about capitals and commas, "capital of France".

``encoded_values``: a value in Morse code or Unicode Braille, spelled in a national spelling alphabet (Finnish,
Hungarian, Romanian, Croatian, Norwegian, Czech), given by a password hint after saying how it is made, or encoded
with the line naming a secret; look-alikes: "SOS" in a puzzle, Morse practice, a word shown in Braille, lists of
first names that are spelling-alphabet words ("Anton und Karel kommen").

``decoded``: a value in a disguise the general decoding step reads (digits of other numeral systems, interleaved words,
an array of characters, one character per list item, upside-down text, Roman numerals, mixed scripts, alternating
case); look-alikes: numbers in other scripts in ordinary chat, Markdown lists, code arrays of game data, "sUrE jAn",
"Final Fantasy XIV".

``digit_notations``: a code given as the digits of board squares, clock faces, tally marks, a time or a date;
look-alikes: chess openings, Battleship chat, dice, clock emoji in scheduling, kill tallies, dates of events.
``script_loanwords``: a value after "code", "OTP", "password", "passcode" written in a Brahmic script; look-alikes:
counts, prices and a coat in the same scripts. ``mirrored_styled``: a value in mirrored text or drawn in Fraktur,
script or double-struck letters; look-alikes: styled usernames and greetings, mirrored jokes. ``sentence_initials``:
a password made of a sentence's initials, the sentence beside it; look-alikes: acronyms beside their meaning.
``seed_reversed``: a recovery phrase with each word back to front; look-alikes: reversed-text jokes.
``seed_ordinals``: a recovery phrase numbered "1st", "2e", "3º"; look-alikes: rankings and dates with ordinals.
``numerals_more``: a code's digits as Mayan numerals, counting rods or Chinese radio digit words (幺 洞 拐 两 勾);
look-alikes: numerals in history talk, 洞 (hole), 拐 (turn), 勾 (hook) and a roll call in ordinary Chinese.
``seed_spelled``: a recovery phrase spelled out letter by letter or in alternating case; look-alikes: spaced-out
emphasis, mocking case, acronyms spelled apart.
``named_more``: a code named by what it opens (a padlock, an alarm system), then given after a key press ("*52 18 #"),
a label's colon or a word for having found it; ordinary exchanges: prices, years, times, errands after the same names.
``words_more``: the loanword "password" with another language's link ("a minha password é …"), six-character recovery
codes ("R51932"), CNIE and CIN card numbers; look-alikes: the same words with no value, error codes and versions.
``address_eircode``: Irish addresses with an Eircode; look-alikes: Irish street names alone, Eircode-shaped codes,
"Co." as a company or a county team.
``month_digits``: a code's digits as month names ("mars, juli, januari, oktober"); look-alikes: months of seasons,
schedules and birthdays with no secret named.

``split_kindless``: a member asks and answers over two or three messages ("what's the wifi?" / "it's
BlueMoon-44", "door?" / "4471"), answers then says what for ("4471" / "that's for the door"), or gives a
security question's answer ("respuesta de la pregunta de seguridad" / "mi perro se llama toby"); ordinary
exchanges of the same shapes must pass unchanged.

A third of each kind is in the ``.aside.jsonl`` files, never tuned on: its figure is measured and printed, with
a floor at the figure measured when the rules were done (:data:`RIGHT_AT_LEAST`).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from layer_tables import TABLES

from utils.privacy.conversation import ConversationScreen
from utils.privacy.screen import Seen, screen

NAMES = (
    "disguised_values",
    "split_kindless",
    "encoded_values",
    "named_given",
    "spelled_loose",
    "symbol_words",
    "seed_counted",
    "parts_kindless",
    "characters_apart",
    "worked_out",
    "described_then_given",
    "corrected_values",
    "keypad_words",
    "dictated",
    "decoded",
    "digit_notations",
    "script_loanwords",
    "mirrored_styled",
    "sentence_initials",
    "seed_reversed",
    "seed_ordinals",
    "numerals_more",
    "seed_spelled",
    "named_more",
    "words_more",
    "address_eircode",
    "month_digits",
)
KEPT = "lookalike", "ordinary"
SPLIT = ("split_kindless", "named_given", "parts_kindless", "corrected_values", "named_more")


def _load(name: str, part: str) -> list[dict[str, Any]]:
    with (TABLES / f"{name}.{part}.jsonl").open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _value_gone(value: str, texts: list[str]) -> bool:
    return not any(value.casefold() in text.casefold() for text in texts)


def disguised_right(row: dict[str, Any]) -> bool:
    """A value taken out of the message and the line never kept with it; a look-alike passes unchanged."""
    said, kept = screen(row["text"], "message"), screen(row["text"], "memory")
    if row["kind"] in KEPT:
        return said.text == row["text"] and not said.kinds and not kept.refused
    return _value_gone(row["value"], [said.text]) and (kept.refused or _value_gone(row["value"], [kept.text]))


def split_right(row: dict[str, Any]) -> bool:
    """Every copy of the member's messages without the secret; an ordinary exchange passes unchanged."""
    window, texts, found = ConversationScreen(), [], Seen()
    for message in row["messages"]:
        joint = window.take(7, 100, message)
        texts.append(joint.said.text)
        found.add(joint.found)
    if row["kind"] in KEPT:
        return texts == row["messages"] and not found
    copies = [found.scrub(text) for text in texts]
    return all(_value_gone(secret, copies) for secret in row["secrets"])


def _no_three_items_left(value: str, texts: list[str]) -> bool:
    """No three items of a spelled value left in a row: a value spelled out is given away by its pieces, not only by
    the whole run as written."""
    items = value.split()
    return all(_value_gone(" ".join(items[i : i + 3]), texts) for i in range(max(1, len(items) - 2)))


def spelled_right(row: dict[str, Any]) -> bool:
    """A spelled value with no three of its items left in a row in the message or a kept line; a look-alike passes
    unchanged."""
    if row["kind"] in KEPT:
        return disguised_right(row)
    said, kept = screen(row["text"], "message"), screen(row["text"], "memory")
    return _no_three_items_left(row["value"], [said.text]) and (kept.refused or _no_three_items_left(row["value"], [kept.text]))


def pieces_right(row: dict[str, Any]) -> bool:
    """Every piece of a value read out with its symbols as words gone from the message and any kept line; a look-alike
    passes unchanged."""
    if row["kind"] in KEPT:
        return disguised_right(row)
    said, kept = screen(row["text"], "message"), screen(row["text"], "memory")
    return all(_value_gone(p, [said.text]) and (kept.refused or _value_gone(p, [kept.text])) for p in row["pieces"])


RIGHT = {
    "disguised_values": disguised_right,
    "split_kindless": split_right,
    "encoded_values": disguised_right,
    "named_given": split_right,
    "spelled_loose": spelled_right,
    "symbol_words": pieces_right,
    "seed_counted": disguised_right,
    "parts_kindless": split_right,
    "characters_apart": disguised_right,
    "worked_out": disguised_right,
    "described_then_given": disguised_right,
    "corrected_values": split_right,
    "keypad_words": pieces_right,
    "dictated": spelled_right,
    "decoded": disguised_right,
    "digit_notations": disguised_right,
    "script_loanwords": disguised_right,
    "mirrored_styled": disguised_right,
    "sentence_initials": disguised_right,
    "seed_reversed": disguised_right,
    "seed_ordinals": disguised_right,
    "numerals_more": disguised_right,
    "seed_spelled": disguised_right,
    "named_more": split_right,
    "words_more": disguised_right,
    "address_eircode": disguised_right,
    "month_digits": disguised_right,
}
RIGHT_AT_LEAST = {
    ("disguised_values", "tune"): 108,
    ("disguised_values", "aside"): 53,
    ("split_kindless", "tune"): 57,
    ("split_kindless", "aside"): 29,
    ("encoded_values", "tune"): 28,
    ("encoded_values", "aside"): 14,
    ("named_given", "tune"): 50,
    ("named_given", "aside"): 24,
    ("spelled_loose", "tune"): 28,
    ("spelled_loose", "aside"): 14,
    ("symbol_words", "tune"): 32,
    ("symbol_words", "aside"): 16,
    ("seed_counted", "tune"): 30,
    ("seed_counted", "aside"): 15,
    ("parts_kindless", "tune"): 20,
    ("parts_kindless", "aside"): 10,
    ("characters_apart", "tune"): 22,
    ("characters_apart", "aside"): 11,
    ("worked_out", "tune"): 22,
    ("worked_out", "aside"): 9,
    ("described_then_given", "tune"): 21,
    ("described_then_given", "aside"): 10,
    ("corrected_values", "tune"): 22,
    ("corrected_values", "aside"): 11,
    ("keypad_words", "tune"): 12,
    ("keypad_words", "aside"): 8,
    ("dictated", "tune"): 18,
    ("dictated", "aside"): 8,
    ("decoded", "tune"): 54,
    ("decoded", "aside"): 28,
    ("digit_notations", "tune"): 30,
    ("digit_notations", "aside"): 15,
    ("script_loanwords", "tune"): 24,
    ("script_loanwords", "aside"): 11,
    ("mirrored_styled", "tune"): 18,
    ("mirrored_styled", "aside"): 8,
    ("sentence_initials", "tune"): 16,
    ("sentence_initials", "aside"): 7,
    ("seed_reversed", "tune"): 15,
    ("seed_reversed", "aside"): 7,
    ("seed_ordinals", "tune"): 13,
    ("seed_ordinals", "aside"): 6,
    ("numerals_more", "tune"): 17,
    ("numerals_more", "aside"): 9,
    ("seed_spelled", "tune"): 22,
    ("seed_spelled", "aside"): 11,
    ("named_more", "tune"): 24,
    ("named_more", "aside"): 12,
    ("words_more", "tune"): 20,
    ("words_more", "aside"): 9,
    ("address_eircode", "tune"): 12,
    ("address_eircode", "aside"): 6,
    ("month_digits", "tune"): 15,
    ("month_digits", "aside"): 8,
}
"""Rows right per table and part, measured when the rules were done (the aside part never tuned on). Before the
rules: disguised values 84/110 tune, 39/56 aside; split without a keyword 31/58 tune, 14/29 aside. After: 107/110,
53/56; 57/58, 29/29 (disguised values 108/110 tune once the pronounceable words of a named generator were read).
Values in Morse code or Braille, national spelling alphabets, hints that give their value: 11/24 tune, 5/12 aside
before their rules, 24/24 and 12/12 after; with a value on a diff block's "+" line: 27/28 and 14/14 before its rule,
28/28 and 14/14 after. The split aside figure was 28/29 once, an ordinary exchange altered: its
count, never its row, led to a question back not answering a security question (the guard is general; the row was not read).
A secret named anywhere in a message, its value in the next: 35/52 tune, 17/26 aside before the rule, 50/52 and 24/26
after (named 30/30 and 14/15; ordinary exchanges 20/22 and 10/11 both before and after). A spelled value with a stray
item among its alphabet words (right when no three items are left in a row): 11/31 tune, 7/15 aside before the rule,
28/31 and 14/15 after (spelled 3/20 -> 20/20, 3/10 -> 10/10; look-alikes 8/11 and 4/5 both before and after). A value
read out with its symbols as words (right when every piece is gone): 11/32 tune, 5/16 aside before the rule, 32/32 and
16/16 after (look-alikes 11/11 and 5/5 both before and after). Part of a seed phrase given with its count or positions:
10/30 tune, 5/15 aside before the rule, 30/30 and 15/15 after (aside 12/15 until a tune row showed a counting word that
is a list word too, "слов", opening the run; look-alikes 10/10 and 5/5 both before and after). Something sent in
parts after a message naming no secret: 8/22 tune, 4/11 aside before the rule, 20/22 and 10/11 after (parts 0/14 ->
12/14, 0/7 -> 6/7: parts under four characters are found but too short to follow into the copies; ordinary 8/8 and 4/4
both before and after). A value laid out one character at a time (down a column, across a Markdown table row, between
dashes, dots or slashes, in flag letters): 15/22 tune, 8/11 aside before the rule, 22/22 and 11/11 after (look-alikes
10/10 and 5/5 both before and after). A value worked out from parts the line gives, after an equals sign or an arrow:
11/22 tune, 4/11 aside before the rule, 22/22 and 9/11 after (results 1/12 -> 12/12, 1/6 -> 6/6; look-alikes 10/10
and 3/5 both before and after: two aside look-alikes were altered before the rule by the readings already there).
A value given after a long description of how it is made, past the line's last colon: 13/22 tune, 4/11 aside before the
rule, 21/22 and 10/11 after (values 4/12 -> 12/12, 0/6 -> 6/6; look-alikes 9/10 and 4/5 both before and after; a held
harmless line was altered, 7/278 against 6, until the value had to hold a digit: counted, never read). A secret
corrected in the next message (two characters swapped, one changed, added or dropped): 16/22 tune, 5/11 aside before
the rule, 22/22 and 11/11 after (corrected 6/12 -> 12/12, 0/6 -> 6/6; ordinary 10/10 and 5/5 both before and after).
A PIN given as the word it spells on a phone keypad, word and digits both gone: 4/16 tune, 3/8 aside before the rule,
12/16 and 8/8 after (PINs 0/10 -> 8/10, 0/5 -> 5/5: three-letter words are below the rule's four keys; look-alikes 4/6
and 3/3 both before and after).
A value dictated as voice typing writes it (capitals, spaces, symbols and digits said as words; right when no three
items are left in a row): 7/16 tune, 5/8 aside before the rule, 16/16 and 8/8 after (values 1/10 -> 10/10, 2/5 ->
5/5; look-alikes 6/6 and 3/3 both before and after). Three rows (Swedish, Russian, Turkish) were written after the rule
to reach twelve languages, one of them aside: 18/18 tune, 8/9 aside with them.
A value in a disguise the decoding step reads (digits of another numeral system, two words interleaved in alternating
case, an array of characters, one character per list item, upside-down text, Roman numerals for digits, mixed scripts):
41/59 tune, 20/30 aside before the step, 54/59 and 28/30 after (look-alikes 20/20 and 9/10 both before and after;
the tune misses are a safe's "combo"/"szyfr" and a Thai, Tibetan and Lao line whose secret word stands apart from
its value, none of them a decoding).
Digits given in another notation (chess or Battleship squares, clock faces, tally marks, a time or a day and month
where the line names a secret): 13/31 tune, 6/15 aside before the rule, 30/31 and 15/15 after (notations 2/20 -> 19/20,
1/10 -> 10/10; look-alikes 11/11 and 5/5 both before and after; the tune miss is a date after "c'est une date,", which
no reading takes as a value). Secret loanwords in a Brahmic script (कोड, ਕੋਡ, ಕೋಡ್, ઓટીપી): 18/24 tune, 8/12 aside
before the rule, 24/24 and 11/12 after (loanwords 10/16 -> 16/16, 4/8 -> 7/8; look-alikes 8/8 and 4/4 both before
and after). Values in mirrored text or in styled mathematical letters: 12/18 tune, 7/9 aside before the rules, 18/18
and 8/9 after (values 6/12 -> 12/12, 4/6 -> 6/6; look-alikes 6/6 before and after, 3/3 -> 2/3 aside: a styled word
beside a word for a secret is taken as the secret, a styled product name there too — counted, not tuned). A
password made of a sentence's initials with the sentence beside it: 8/16 tune, 3/8 aside before the rule, 16/16 and
7/8 after (initials 2/10 -> 10/10, 0/5 -> 4/5; look-alikes 6/6 and 3/3 both before and after). A recovery phrase
with every word written back to front: 7/15 tune, 3/7 aside before the rule, 15/15 and 7/7 after (reversed 2/10 ->
10/10, 1/5 -> 5/5; look-alikes 5/5 and 2/2 both before and after). A recovery phrase numbered with ordinal endings
("1st: make", "2e", "3º"; this table was written after a first try of the rule, measured with the rule taken out):
8/14 tune, 5/7 aside before, 13/14 and 6/7 after (ordinals 4/10 -> 9/10, 3/5 -> 4/5; look-alikes 4/4 and 2/2 both
before and after). Digits as Mayan numerals, counting rods (units and tens forms) or Chinese radio digit words (幺 洞
拐 两 勾): 9/19 tune, 3/9 aside before the rules, 17/19 and 9/9 after (values 2/12 -> 10/12, 0/6 -> 6/6; look-alikes
7/7 and 3/3 both before and after; the tune misses are a "lol" between the word and the value and a traditional-script
門禁碼 no reading names, neither a numeral). A recovery phrase spelled out letter by letter or in alternating case per
word: 7/17 tune, 5/8 aside before the rules, 17/17 and 8/8 after (phrases 1/11 -> 11/11, 1/4 -> 4/4; look-alikes 6/6
and 4/4 both before and after). Nine rows (-026 to -034) were written after the rules to reach twelve chat languages
and measured with the rules taken out and in: with them 10/23 and 5/11 before, 22/23 and 11/11 after (the tune miss a
Russian phrase spelled apart, whose single letters read as their Latin look-alikes one by one). A code named by what
it opens (a padlock, an alarm system) or given after a key press, a label's colon or a word for having found it:
13/24 tune, 7/12 aside before the rules, 24/24 and 12/12 after (named 5/16 -> 16/16, 3/8 -> 8/8; ordinary 8/8 and 4/4
both before and after). The loanword "password" with the chat language's own link, six-character recovery codes and
the Maghreb identity card's acronyms: 8/21 tune, 4/10 aside before the rules, 14/21 and 6/10 after (values 1/14 ->
7/14, 1/7 -> 3/7; look-alikes 7/7 and 3/3 before and after). The misses are the loanword's rows: read as each
language's own word it took them all (21/21, 10/10), but its look-alikes fell to 6/7 and 1/3 ("password é fraca",
"c'est quoi", "это вечная" read as values, as the native words' are), and marked ambiguous in those languages it made
the English and Italian word ambiguous too (the vocabulary joins a word's entries): the loanword was left out.
Links chat puts after a word of any language, read only before a value that looks like one (secret_words.json
``loose_links``, written for the disguised_fresh14 table), then took the loanword's rows without its look-alikes:
20/21 tune, 9/10 aside (values 13/14 and 6/7; look-alikes 7/7 and 3/3 before and after).
Irish addresses (streets in Irish, "Co." and a county, an Eircode after a comma): 4/12 tune, 2/6 aside before the
rules, 12/12 and 6/6 after (addresses 0/8 -> 8/8, 0/4 -> 4/4; look-alikes 4/4 and 2/2 before and after).
A code's digits as month names: 5/15 tune, 3/8 aside before the rule, 15/15 and 8/8 after (codes 0/10 -> 10/10, 0/5 ->
5/5; look-alikes 5/5 and 3/3 before and after; the last look-alike, never altered, was moved aside to make its third)."""
KEPT_RIGHT_AT_LEAST = {
    ("disguised_values", "tune"): 32,
    ("disguised_values", "aside"): 15,
    ("split_kindless", "tune"): 20,
    ("split_kindless", "aside"): 10,
    ("encoded_values", "tune"): 10,
    ("encoded_values", "aside"): 5,
    ("named_given", "tune"): 20,
    ("named_given", "aside"): 10,
    ("spelled_loose", "tune"): 8,
    ("spelled_loose", "aside"): 4,
    ("symbol_words", "tune"): 11,
    ("symbol_words", "aside"): 5,
    ("seed_counted", "tune"): 10,
    ("seed_counted", "aside"): 5,
    ("parts_kindless", "tune"): 8,
    ("parts_kindless", "aside"): 4,
    ("characters_apart", "tune"): 10,
    ("characters_apart", "aside"): 5,
    ("worked_out", "tune"): 10,
    ("worked_out", "aside"): 3,
    ("described_then_given", "tune"): 9,
    ("described_then_given", "aside"): 4,
    ("corrected_values", "tune"): 10,
    ("corrected_values", "aside"): 5,
    ("keypad_words", "tune"): 4,
    ("keypad_words", "aside"): 3,
    ("dictated", "tune"): 6,
    ("dictated", "aside"): 3,
    ("decoded", "tune"): 20,
    ("decoded", "aside"): 9,
    ("digit_notations", "tune"): 11,
    ("digit_notations", "aside"): 5,
    ("script_loanwords", "tune"): 8,
    ("script_loanwords", "aside"): 4,
    ("mirrored_styled", "tune"): 6,
    ("mirrored_styled", "aside"): 2,
    ("sentence_initials", "tune"): 6,
    ("sentence_initials", "aside"): 3,
    ("seed_reversed", "tune"): 5,
    ("seed_reversed", "aside"): 2,
    ("seed_ordinals", "tune"): 4,
    ("seed_ordinals", "aside"): 2,
    ("numerals_more", "tune"): 7,
    ("numerals_more", "aside"): 3,
    ("seed_spelled", "tune"): 9,
    ("seed_spelled", "aside"): 4,
    ("named_more", "tune"): 8,
    ("named_more", "aside"): 4,
    ("words_more", "tune"): 7,
    ("words_more", "aside"): 3,
    ("address_eircode", "tune"): 4,
    ("address_eircode", "aside"): 2,
    ("month_digits", "tune"): 5,
    ("month_digits", "aside"): 3,
}
"""Look-alikes and ordinary exchanges passed unchanged, per table and part (before the rules: 32/32, 15/16, 19/20,
10/10; after: 32/32, 15/16, 20/20, 10/10): a rule may not alter more of them."""


def _figures(name: str, part: str) -> tuple[Counter[str], Counter[str], list[str]]:
    right, total, wrong = Counter[str](), Counter[str](), []
    for row in _load(name, part):
        total[row["kind"]] += 1
        if RIGHT[name](row):
            right[row["kind"]] += 1
        elif part == "tune":
            wrong.append(row["id"])
    return right, total, wrong


@pytest.mark.parametrize("part", ["tune", "aside"])
@pytest.mark.parametrize("name", NAMES)
def test_the_table_stays_at_its_measured_figure(name: str, part: str) -> None:
    right, total, wrong = _figures(name, part)
    by_kind = ", ".join(f"{kind} {right[kind]}/{total[kind]}" for kind in sorted(total))
    print(f"\n{name} {part}: {sum(right.values())}/{sum(total.values())} right ({by_kind}); wrong: {wrong}")
    assert sum(right.values()) >= RIGHT_AT_LEAST[name, part]
    kept = next(kind for kind in KEPT if kind in total)
    assert right[kept] >= KEPT_RIGHT_AT_LEAST[name, part], f"{name} {part}: an ordinary line altered"


@pytest.mark.parametrize("name", NAMES)
def test_the_tables_are_well_formed_with_a_third_aside(name: str) -> None:
    tune, aside = _load(name, "tune"), _load(name, "aside")
    rows = tune + aside
    assert len({row["id"] for row in rows}) == len(rows)
    for row in rows:
        assert {"id", "kind", "lang", "source"} <= row.keys(), row["id"]
        if name not in SPLIT:
            assert (row["value"] in row["text"]) and (bool(row["value"]) is (row["kind"] not in KEPT)), row["id"]
        else:
            assert all(any(s in m for m in row["messages"]) for s in row["secrets"]), row["id"]
            assert bool(row["secrets"]) is (row["kind"] not in KEPT) and 2 <= len(row["messages"]) <= 4, row["id"]
    for kind, count in Counter(row["kind"] for row in rows).items():
        held = sum(row["kind"] == kind for row in aside)
        assert held == round(count / 3), (name, kind)
    assert len({row["lang"] for row in rows}) >= 12, name
