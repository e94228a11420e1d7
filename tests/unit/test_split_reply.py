"""Replies cut into Discord messages: within 2,000 characters, fences balanced, nothing lost or broken (tables)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from itertools import pairwise

import pytest
import regex

import utils.conversation.text as text_module
from utils.conversation.text import DISCORD_LIMIT, MAX_REOPEN_TAG, _is_boundary, _still_open, clean_input, split_reply

ZWJ, VS16 = "\u200d", "\ufe0f"


@pytest.fixture(autouse=True)
def no_endless_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """A split that stops making progress raises instead of filling memory forever (no clock involved)."""
    calls = 0
    real: Callable[[str, int], int] = text_module._cut_point

    def counted(text: str, room: int) -> int:
        nonlocal calls
        calls += 1
        if calls > 10_000:
            raise AssertionError("split_reply made no progress")
        return real(text, room)

    monkeypatch.setattr(text_module, "_cut_point", counted)


def fence_lines(chunk: str) -> list[str]:
    return [line for line in chunk.split("\n") if line.lstrip().startswith("```")]


def words(text: str) -> list[str]:
    return text.split()


def _python(lines: int) -> str:
    body = "\n".join(f"    value_{i} = compute({i})  # étape {i} 🧪" if i % 3 else f"def step_{i}():" for i in range(lines))
    return f"Here is the script:\n```python\n{body}\n```\nRun it with `python x.py`."


PROSE = [
    "short answer",
    "word " * 1000,
    "Das ist ein ziemlich langer Satz über Katzen und Kaffee. " * 80,
    "これは猫についての長い文章です。" * 300,  # no spaces at all
    "مرحبا بالجميع، هذا نص طويل باللغة العربية. " * 120,
    "שלום לכולם! זה טקסט ארוך בעברית. " * 150,
    "🎮🔥👾 " * 900,
    "🎮" * 2500,
    ("Paragraph one is here.\n\n" + "line " * 50 + "\n") * 40,
    ("windows line " * 20 + "\r\n") * 60,
    "https://example.com/" + "a" * 4500 + " trailing words",
    "see https://example.com/" + "path/" * 600 + "?q=1 for details " * 3,
    "x" * 2000,
    "x" * 2001,
    ("y" * 1999 + " ") * 3,
    "\n" * 3000 + "only this" + "\n" * 3000,
    " " * 5000 + "padded" + " " * 5000,
]


@pytest.mark.parametrize("text", PROSE)
def test_every_chunk_fits_and_none_is_empty(text: str) -> None:
    chunks = split_reply(text)
    assert chunks
    assert all(0 < len(c) <= DISCORD_LIMIT for c in chunks)
    assert all(c.strip() for c in chunks)


@pytest.mark.parametrize("text", PROSE)
def test_no_word_is_lost_or_reordered(text: str) -> None:
    """Without fences, the chunks hold exactly the reply's non-blank characters, in order."""
    joined = "".join(split_reply(text))
    assert "".join(joined.split()) == "".join(text.split())


@pytest.mark.parametrize("text", PROSE[1:])
def test_cuts_fall_on_a_space_or_line_break_when_there_is_one(text: str) -> None:
    chunks = split_reply(text)
    if " " not in text.strip() and "\n" not in text.strip():
        return
    reply_words = set(words(text))
    for chunk in chunks[:-1]:
        last = chunk.split()[-1]
        if len(last) < DISCORD_LIMIT // 3:  # a word longer than a third of a message may be cut
            assert last in reply_words, last


@pytest.mark.parametrize(("text", "chunks"), [("", []), ("   ", []), ("\n\r\n\t", []), ("hi", ["hi"]), ("  hi  \n", ["hi"])])
def test_blank_and_tiny(text: str, chunks: list[str]) -> None:
    assert split_reply(text) == chunks


@pytest.mark.parametrize("size", [DISCORD_LIMIT - 1, DISCORD_LIMIT])
def test_a_reply_that_fits_is_one_message_unchanged(size: int) -> None:
    text = ("ab " * size)[: size - 1] + "z"
    assert len(text) == size
    assert split_reply(text) == [text]


def test_crlf_never_leaves_a_stray_carriage_return_at_a_cut() -> None:
    chunks = split_reply(("Zeile mit Wörtern " * 12 + "\r\n") * 80)
    assert len(chunks) > 1
    assert not any(c.startswith(("\r", "\n")) or c.endswith(("\r", "\n")) for c in chunks)


# ----------------------------------------------------------------------------- code fences
FENCED = [
    _python(700),
    "```\n" + "plain fence line\n" * 400 + "```",
    "Intro\n  ```js\n" + "".join(f"  let x{i} = {i};\n" for i in range(500)) + "  ```\nOutro " * 3,
    "```sql\n"
    + "SELECT * FROM UserMemory WHERE UserId = 1;\n" * 120
    + "```\n\nAnd a second:\n```bash\n"
    + "echo 'bonjour 👋'\n" * 200
    + "```",
    "```json\n" + '{"key": "' + "v" * 5000 + '"}\n```',  # one line longer than a message inside a fence
    "```\r\n" + "crlf code line\r\n" * 300 + "```",
]


@pytest.mark.parametrize("text", FENCED)
def test_fences_are_balanced_in_every_chunk(text: str) -> None:
    chunks = split_reply(text)
    assert len(chunks) > 1
    for chunk in chunks:
        assert len(chunk) <= DISCORD_LIMIT
        assert len(fence_lines(chunk)) % 2 == 0, chunk[:80]


@pytest.mark.parametrize("text", FENCED)
def test_a_reopened_fence_keeps_its_language(text: str) -> None:
    chunks = split_reply(text)
    continued = 0
    for before, after in pairwise(chunks):
        if before.endswith("\n```") and after.startswith("```"):
            continued += 1
            opening = [line.strip() for line in fence_lines(before)][-2]
            assert after.split("\n", 1)[0] == opening, (opening, after[:30])
    assert continued


def test_indentation_inside_code_survives_the_cut() -> None:
    text = _python(700)
    chunks = split_reply(text)
    code = [line for line in text.split("\n") if line.startswith("    value_")]
    shown = {line for chunk in chunks for line in chunk.split("\n")}
    assert all(line in shown for line in code)


LANG_TAGS = ["python", "typescriptreact", "x" * 1992, "y" * 2500]


def test_an_absurd_language_tag_cannot_hang_or_overflow() -> None:
    for tag in LANG_TAGS:
        chunks = split_reply("```" + tag + "\n" + "code line\n" * 300 + "```")
        assert all(len(c) <= DISCORD_LIMIT for c in chunks)


@pytest.mark.parametrize("tag", ["z" * (MAX_REOPEN_TAG + 1), "x" * 1992, "y" * 2500, "q" * 1996, "w" * 1997, "t" * 3990])
@pytest.mark.parametrize("limit", [DISCORD_LIMIT, 200])
def test_an_absurd_language_tag_loses_no_code_and_reopens_a_bare_fence(tag: str, limit: int) -> None:
    text = "```" + tag + "\n" + "".join(f"code line {i}\n" for i in range(300)) + "```"
    chunks = split_reply(text, limit)
    assert all(len(c) <= limit for c in chunks)
    shown = [line for chunk in chunks for line in chunk.split("\n")]
    assert all(f"code line {i}" in shown for i in range(300))
    assert all(len(fence_lines(c)) % 2 == 0 for c in chunks)
    assert all(c.split("\n", 1)[0] == "```" for c in chunks[1:])


@pytest.mark.parametrize("tag", LANG_TAGS[:2])
def test_ordinary_language_tags(tag: str) -> None:
    chunks = split_reply("```" + tag + "\n" + "code line\n" * 300 + "```")
    assert all(len(c) <= DISCORD_LIMIT for c in chunks)
    assert all(c.startswith("```" + tag + "\n") for c in chunks)


# ----------------------------------------------------------------------------- characters never split in half
def _joined(left: str, right: str) -> bool:
    """Whether a cut between ``left`` and ``right`` splits one visible character (a grapheme, roughly)."""
    a, b = left[-1], right[0]
    regional = lambda c: 0x1F1E6 <= ord(c) <= 0x1F1FF  # noqa: E731
    if regional(a) and regional(b):
        run = len(left) - len(left.rstrip("".join(chr(c) for c in range(0x1F1E6, 0x1F200))))
        return run % 2 == 1
    return a == ZWJ or b in (ZWJ, VS16) or 0x1F3FB <= ord(b) <= 0x1F3FF or unicodedata.category(b) in ("Mn", "Me", "Mc")


def _boundaries(chunks: list[str]) -> list[tuple[str, str]]:
    return [(x, y) for x, y in pairwise(chunks) if not x.endswith("```")]


GRAPHEMES = ["🇫🇷", "👍🏽", "👨\u200d👩\u200d👧\u200d👦", "❤\ufe0f", "e\u0301", "क्षि", "🏳\ufe0f\u200d🌈"]


@pytest.mark.parametrize("grapheme", GRAPHEMES)
def test_surrogate_pairs_never_end_up_halved(grapheme: str) -> None:
    """Every chunk is valid UTF-8 on its own (a Python string slice cannot halve a code point)."""
    for pad in range(1990, 2001):
        for chunk in split_reply("a" * pad + grapheme * 20):
            chunk.encode("utf-8")


@pytest.mark.parametrize("grapheme", GRAPHEMES)
def test_a_visible_character_is_never_split_between_messages(grapheme: str) -> None:
    for pad in range(1990, 2001):
        chunks = split_reply("a" * pad + grapheme * 20)
        assert not any(_joined(x, y) for x, y in _boundaries(chunks)), pad


@pytest.mark.parametrize("grapheme", GRAPHEMES)
@pytest.mark.parametrize("limit", [50, 333])
def test_a_visible_character_is_never_split_whatever_the_limit(grapheme: str, limit: int) -> None:
    text = "".join(grapheme + ("a" * (i % 5)) for i in range(400))
    chunks = split_reply(text, limit)
    assert all(len(c) <= limit for c in chunks)
    assert "".join(chunks) == text
    assert not any(_joined(x, y) for x, y in _boundaries(chunks))


def test_one_character_longer_than_a_message_is_cut_anyway() -> None:
    """Combining-mark spam (Zalgo) is one grapheme of thousands of code points: cut it rather than hang."""
    text = "Z" + "\u0301\u0323" * 3000
    chunks = split_reply(text)
    assert all(len(c) <= DISCORD_LIMIT for c in chunks)
    assert "".join(chunks) == text


# Text in many scripts; every cut _is_boundary allows must be a boundary of the regex package's \X
# (UAX #29 extended grapheme clusters). regex is installed as sqlfluff's dependency; the product does not use it.
BOUNDARY_TEXTS = [
    "🇫🇷🇩🇪🇯🇵x🇺",
    "🇦" * 7,
    "👍🏽👋🏿 ok",
    "👩🏽\u200d💻 ok",
    "👨\u200d👩\u200d👧\u200d👦",
    "🧑\u200d🤝\u200d🧑 😶\u200d🌫\ufe0f 🐈\u200d⬛",
    "🏳\ufe0f\u200d🌈🏳\ufe0f\u200d⚧\ufe0f",
    "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland (tag sequence)
    "❤\ufe0f❤",
    "1\ufe0f\u20e3#\ufe0f\u20e3",
    "e\u0301a\u0308\u0323 ñ n\u0303 ﬁ",
    "Z̴̡̢a̷̛l̵g̶o̸",
    "क्षि नमस्ते हिन्दी",
    "বাংলা ক্ষ্ম",
    "ગુજરાતી ક્ષ",
    "മലയാളം ന്റ",
    "தமிழ் க்ஷ",
    "ภาษาไทย ที่นี่",
    "한국어 \u1100\u1161\u11a8 글",
    "مرحبا بالعالم \u0600١٢",
    "שָׁלוֹם",
    "日本語のテキスト「とても」",
    "a\r\nb\n\rc",
    "x\u200dy \u200d\u200d",
]


@pytest.mark.parametrize("text", BOUNDARY_TEXTS)
def test_boundaries_agree_with_uax29(text: str) -> None:
    real = set()
    for match in regex.finditer(r"\X", text):
        real.add(match.end())
    assert [i for i in range(1, len(text)) if _is_boundary(text, i) and i not in real] == []


def test_boundaries_are_not_too_cautious() -> None:
    """Keeping too much together is safe but costs room: at most a few cuts where UAX #29 allows one are refused."""
    refused = total = 0
    for text in BOUNDARY_TEXTS:
        real = {m.end() for m in regex.finditer(r"\X", text)} - {len(text)}
        total += len(real)
        refused += sum(not _is_boundary(text, i) for i in real)
    assert refused <= 3, (refused, total)


@pytest.mark.parametrize("grapheme", GRAPHEMES)
def test_graphemes_separated_by_spaces_are_never_split(grapheme: str) -> None:
    chunks = split_reply((grapheme + " ") * 1500)
    assert len(chunks) > 1
    assert not any(_joined(x, y) for x, y in _boundaries(chunks))


# ----------------------------------------------------------------------------- cleaning what members send
CLEAN = [
    ("  hello  ", "hello", False),
    ("zero\u200bwidth\u200cjoin\u200d", "zerowidthjoin", False),
    ("bidi \u202eevil\u202c override", "bidi evil override", False),
    ("isolates \u2066x\u2069", "isolates x", False),
    ("bom\ufeffhere", "bomhere", False),
    ("nul\x00 and bell\x07", "nul and bell", False),
    ("keeps\ttabs\nand lines", "keeps\ttabs\nand lines", False),
    ("مرحبا 👋 שלום", "مرحبا 👋 שלום", False),
    ("half \ud83d emoji", "half \ufffd emoji", False),
    ("🇫🇷 flag", "🇫🇷 flag", False),
    ("x" * 20, "x" * 10, True),
    ("word " * 4, "word word", True),
    ("\u200b" * 50 + "hi", "hi", False),
    # Spelling, not hiding: the joiners of scripts that need them stay between their letters.
    ("می\u200cخواهم بروم", "می\u200cخواهم بروم", False),  # Persian: "I want to go"
    ("کتاب\u200cها", "کتاب\u200cها", False),  # Persian plural
    ("क्\u200dष", "क्\u200dष", False),  # Devanagari half form
    ("ന്\u200d", "ന്", False),  # a joiner at the very end joins nothing
    ("ශ්\u200dරී ලංකා", "ශ්\u200dරී ලංකා", False),  # Sinhala
    ("می\u200c\u200cخواهم", "میخواهم", False),  # a run is not spelling
    ("pass\u200cword", "password", False),
    ("пар\u200dоль", "пароль", False),  # Cyrillic has no joiners
    ("a\u200cب", "aب", False),  # only between two letters of such a script
]


@pytest.mark.parametrize(("raw", "cleaned", "cut"), CLEAN)
def test_clean_input(raw: str, cleaned: str, cut: bool) -> None:
    assert clean_input(raw, 10 if cut else 1000) == (cleaned, cut)


@pytest.mark.parametrize("emoji", ["👩\u200d💻", "👨\u200d👩\u200d👧", "🏳\ufe0f\u200d🌈", "🧑\u200d🤝\u200d🧑"])
def test_clean_input_keeps_emoji_zwj_sequences(emoji: str) -> None:
    assert clean_input(f"I am {emoji} today", 1000) == (f"I am {emoji} today", False)


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [
        ("❤\ufe0f\u200d🔥 love", "❤\ufe0f\u200d🔥 love"),
        ("👨\u200d⚕\ufe0f doctor", "👨\u200d⚕\ufe0f doctor"),
        ("🐻\u200d❄\ufe0f bear", "🐻\u200d❄\ufe0f bear"),
        ("👩🏽\u200d💻 dev", "👩🏽\u200d💻 dev"),
        ("pass\u200dword", "password"),  # between letters: a hiding trick, not an emoji
        ("👋\u200dhello", "👋hello"),
        ("hello\u200d👋", "hello👋"),
        ("\u200d👋\u200d", "👋"),
        ("👩\u200b\u200d💻", "👩\u200d💻"),  # the zero-width space goes, the joiner between emoji stays
    ],
)
def test_clean_input_keeps_a_joiner_only_between_emoji(raw: str, cleaned: str) -> None:
    assert clean_input(raw, 1000) == (cleaned, False)


@pytest.mark.parametrize("grapheme", GRAPHEMES)
def test_clean_input_cuts_at_a_visible_character(grapheme: str) -> None:
    for size in range(5, 5 + 2 * len(grapheme)):
        text, cut = clean_input("abc" + grapheme * 10, size)
        assert cut and len(text) <= size
        assert text == "abc" + grapheme * ((len(text) - 3) // len(grapheme))


INLINE_TRIPLE = [
    "a" * 1990 + " ```x``` tail" * 300,
    "word " * 398 + "Run ```npm ci``` first, then " * 100,
]


@pytest.mark.parametrize("text", INLINE_TRIPLE)
def test_inline_triple_backticks_are_not_taken_for_a_fence(text: str) -> None:
    chunks = split_reply(text)
    assert len(chunks) > 1
    assert "".join("".join(chunks).split()) == "".join(text.split())


@pytest.mark.parametrize(
    ("chunk", "open_lang"),
    [
        ("```python\nx = 1", "python"),
        ("```\nplain", ""),
        ("  ```js\nlet x", "js"),
        ("```\r\ncrlf", ""),
        ("```python\nx = 1\n```", None),
        ("```python\nx = 1\n  ```  ", None),
        ("```npm ci``` first, then ```npm test```", None),  # inline code, not a fence
        ("Run ```npm ci``` first\n```bash\nnpm ci", "bash"),
        ("```bash\necho ```x``` inside", "bash"),  # inline backticks inside a block do not close it
        ("```sql\nSELECT 1\n```\ntext\n```sql\nSELECT 2", "sql"),
        ("```python title\nx", "python title"),
        ("text ``` more", None),
        ("", None),
    ],
)
def test_what_is_an_open_fence(chunk: str, open_lang: str | None) -> None:
    assert _still_open(chunk) == open_lang


def test_a_real_fence_after_inline_backticks_is_still_reopened() -> None:
    text = "Run ```npm ci``` first, then:\n```bash\n" + "npm run build --verbose\n" * 200 + "```\nDone."
    chunks = split_reply(text)
    assert len(chunks) > 1
    assert all(len(fence_lines(c)) % 2 == 0 for c in chunks)
    assert all(c.startswith("```bash\n") for c in chunks[1:])
