"""A code said as digit words or digits standing alone with no secret word (utils/privacy/spoken_runs.py), a value
dictated with no secret word (utils/privacy/dictated.py) and a value mended in the same line (decoding.echoed_spans)."""

from __future__ import annotations

import random
import re

import pytest

from utils.privacy import decoding
from utils.privacy.screen import screen
from utils.privacy.spoken_runs import said_code


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("um reinzukommen tippst du drei null neun sechs und dann Enter", "drei null neun sechs"),
        ("the garage opens with seven two nine four", "seven two nine four"),
        ("le cadenas s'ouvre avec cinq huit un trois", "cinq huit un trois"),
        ("przy bramce wpisz siedem dwa dwa osiem", "siedem dwa dwa osiem"),
        ("для шкафчика: восемь один ноль пять", "восемь один ноль пять"),
        ("kapıya sekiz iki dört dört yaz", "sekiz iki dört dört"),
        ("da mi codul: unu nouă patru doi", "unu nouă patru doi"),
        ("numerus arcae: septem duo novem quattuor", "septem duo novem quattuor"),
        ("lock on the locker at the gym is 4 9 0 7 now", "4 9 0 7"),
    ],
)
def test_a_code_said_as_words_or_lone_digits_is_gone(line: str, value: str) -> None:
    assert value not in screen(line, "message").text


@pytest.mark.parametrize(
    "line",
    [
        "one, two, three, four, here we go",
        "cinq quatre trois deux un, bonne année !",
        "two four six eight, who do we appreciate",
        "one two one two, is this mic on?",
        "sieben acht null drei Punkte in der Saison, Rekord",
        "at the show he scored nine four six two points in total",
        "Vier drei acht eins war die Startnummer, wie damals",
        "không một năm ba lần gì đâu, đi chơi thôi",
        "ratings so far 1 2 3 4 in order, then it got better",
    ],
)
def test_counts_chants_scores_and_prose_stay(line: str) -> None:
    said = screen(line, "message")
    assert said.text == line and not said.kinds


def test_a_code_is_one_language_and_no_count() -> None:
    assert said_code(["vier", "neun", "null", "zwei"])
    assert not said_code(["vier", "nine", "null", "two"])  # words of two languages are no one's code
    assert not said_code(["eins", "zwei", "drei", "vier"])
    assert not said_code(["one", "oh", "one", "oh"])


@pytest.mark.parametrize(
    ("line", "gone"),
    [
        ("[voice note] capital R little o little s little e dash four one seven", "four one seven"),
        ("transcript: großes M, a, u, s, Unterstrich, zwei acht vier", "zwei acht vier"),
        ("okay it's echo dash six six two dash bravo", "six six two"),
    ],
)
def test_a_value_dictated_with_no_secret_word_is_gone(line: str, gone: str) -> None:
    assert gone not in screen(line, "message").text


@pytest.mark.parametrize(
    "line",
    [
        "(auto transcript) the capital of Spain is Madrid, right",
        "it was minus five at night, then minus two by noon",
        "[voice note] bring two bags and six eggs please",
    ],
)
def test_dictation_words_in_their_other_meanings_stay(line: str) -> None:
    assert screen(line, "message").text == line


def test_a_value_mended_in_the_same_line_is_gone_too() -> None:
    said = screen("mi password è Girasole88, no scusa, è Girasole89", "message").text
    assert "Girasole88" not in said and "Girasole89" not in said
    swapped = screen("my password is Otter2291, written halves swapped it's 2291Otter", "message").text
    assert "2291Otter" not in swapped
    kept = screen("my password is Otter2291 and the match id was 9912830", "message").text
    assert "9912830" in kept


@pytest.mark.parametrize(
    "line",
    [
        "my password is Tulipan991, not Großmut99x",  # "ß" folds to "ss"
        "mein Passwort ist Kastanie7, STRAẞE7xy nicht",  # capital sharp s
        "şifrem Kelebek42, İstanbul4 değil",  # Turkish dotted capital I folds to two characters
        "password: Flower2024 — ﬁnal2024 was the old one",  # a ligature folds to two letters
        "password: Arev2023, ոչ թե և2023xyz",  # Armenian "և" folds to two letters
        "κωδικός: Delfini77, όχι ΐδιο77ab",  # a Greek letter with two marks folds to three
    ],
)
def test_a_token_folding_to_another_length_beside_a_value_is_read_without_error(line: str) -> None:
    """A token as long as the found value may fold longer ("ß" to "ss"); the mended-value reading compares it only
    with values as long as its folded form, and the value itself is still gone in every field."""
    for field in ("message", "memory", "log"):
        screened = screen(line, field)
        assert screened.changed, (field, line)


def test_halves_swapped_are_found_as_every_cut_would_find_them() -> None:
    """The swapped-halves check looks the word up in the value written twice; it must answer as trying every cut of
    two or more characters a side does, on letters, digits and repeats."""
    rng = random.Random(17)
    found = 0
    for _ in range(20_000):
        alphabet = rng.choice(["ab", "a1", "xyz789", "0123456789"])
        value = "".join(rng.choice(alphabet) for _ in range(rng.randint(4, 12)))
        cut = rng.randint(0, len(value))
        word = value[cut:] + value[:cut] if rng.random() < 0.7 else "".join(rng.choice(alphabet) for _ in value)
        every_cut = any(word == value[c:] + value[:c] for c in range(2, len(value) - 1)) and not value.isdigit()
        assert decoding.halves_swapped(word, value) == every_cut, (word, value)
        found += every_cut
    assert found >= 2_000


def _variants_compared_with_every_value(text: str, values: set[str]) -> list[tuple[int, int]]:
    """The mended-value reading as it compared each token with every found value as long (no index)."""
    found = []
    shortest, longest = min(map(len, values)), max(map(len, values)) + len(decoding._EDGE)
    for token in re.finditer(decoding._SIZED.format(shortest=shortest), text):
        if token.end() - token.start() > longest:
            continue
        word = token.group().rstrip(decoding._EDGE)
        folded = word.casefold()
        if any(len(word) == len(v) and folded != v and len(folded) == len(v) and decoding._a_variant(folded, v) for v in values):
            found.append((token.start(), token.start() + len(word)))
    return found


def test_mended_values_are_found_as_comparing_every_value_finds_them() -> None:
    """Each token is compared only with the found values sharing a third in place or its sorted characters; it must
    find what comparing it with every value as long finds: one, two and three characters changed, halves swapped,
    repeats, case and folding ("ß"), on tokens as long as the values and around them."""
    rng = random.Random(18)
    hits = 0
    for _ in range(1_500):
        alphabet = rng.choice(["ab", "a1", "xyz789", "0123456789", "Kß1e", "abcdefghij0123"])
        values = {"".join(rng.choice(alphabet) for _ in range(rng.randint(6, 14))).casefold() for _ in range(6)}
        values = {v for v in values if len(v) >= decoding._MIN_VARIED}
        words = []
        for value in values:
            for _ in range(4):
                chars = list(value)
                how = rng.random()
                if how < 0.5:
                    for at in rng.sample(range(len(chars)), rng.randint(1, 3)):
                        chars[at] = rng.choice(alphabet)
                elif how < 0.75:
                    cut = rng.randint(0, len(chars))
                    chars = chars[cut:] + chars[:cut]
                else:
                    chars = [rng.choice(alphabet) for _ in chars]
                word = "".join(chars)
                words.append(word.upper() if rng.random() < 0.2 else word + rng.choice(["", ".", ")"]))
        text = " ".join(words)
        found = [(start, end) for start, end, _ in decoding._variants(text, [], values)]
        assert found == _variants_compared_with_every_value(text, values), (text, values)
        hits += len(found)
    assert hits >= 2_000


def test_an_ascii_lines_digit_words_looked_up_at_once_are_those_read_one_by_one() -> None:
    from screen_lines import screen_lines

    from utils.privacy import spoken_runs

    def two_words(text: str) -> bool:
        words = re.findall(r"[^\W\d_]+", text.casefold())
        return len({word for word in words if word in spoken_runs._ALL}) >= 2

    def four_in_a_row(text: str) -> bool:
        run = 0
        for word in spoken_runs._SPLIT.split(text.casefold()):
            run = run + 1 if word in spoken_runs._ALL else 0
            if run >= 4:
                return True
        return False

    lines = [line for line in screen_lines(["one two three four", "eins, zwei; drei-vier", "ONE two Three"], seed=20)]
    lines = [line for line in lines if line.isascii()]
    assert len(lines) > 2000
    assert [spoken_runs._may_hold_one(line) for line in lines] == [two_words(line) for line in lines]
    assert [spoken_runs._four_in_a_row(line) for line in lines] == [four_in_a_row(line) for line in lines]
    assert sum(map(spoken_runs._four_in_a_row, lines)) >= 3
