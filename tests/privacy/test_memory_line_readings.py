"""The memory line's cheaper readings find what the readings they replace found.

A memory line goes through the special categories, the others' and roles' shapes and the scored classifier; each
reading made cheaper here is a cost decision, never a screening one, and is checked against the full reading behind
it on every dev and tuning row of the privacy tables (many languages and scripts) and on chat lines written to sit at
its edge: dashes, curly quotes and emoji beside Latin words (read as Latin now), the few symbols a category is written
with, and the scripts whose letters and marks do send a line down the long path.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import unicodedata
import zlib
from pathlib import Path

import numpy as np
import pytest

from bench.long_messages import long_messages
from utils.privacy import categories, line_classifier, role_claims, roles, script_gate, semantic_fields
from utils.privacy._others_vocabulary import line_words
from utils.privacy.memoised_lines import forget_memoised_lines
from utils.privacy.normalise import normalise
from utils.privacy.whole_words import NOT_INSIDE_A_WORD_BEFORE, whole_words

_TABLES = Path(__file__).parent

EDGES = [
    "I hit rank 500 in GTA on 2026-12-01 at 12:30 — call me at 06 12 34 56 78",
    "my phone is a Pixel 8 and the battery is still fine — id <@1163284750943812347> in <#815728376104349716>",
    "I passed the exam!! finally 🎉 — my password is Tr0ub4dor&3",
    "my cat knocked my coffee over the keyboard 😭",
    "“Has diabetes” — that’s what the form said",
    "Uses a wheelchair 🦽 since the accident",
    "🦼 at the con again, the ramps were fine",
    "pregnant 🤰 with our second",
    "Is 🫃 lol (the emoji, not me)",
    "got my hearing aid 🦻 fixed — finally",
    "on crutches 🩼 for six weeks – broke my ankle skiing",
    "votes for the Greens… apparently",
    "Fine Gael voter since forever — don't @ me",
    "my dog is sick — and I have the flu",
    "the main character gets cancer — spoilers!",
    "Stellaris run: the spiritualists won — my empire is Protestant lol",
    "ce jeu est une maladie — sérieux",
    "wir treffen uns um 19:30 Uhr vor dem Kino — bring Snacks",
    "¿alguien juega esta noche? — tengo 2 horas libres",
    "bu akşam oynayan var mı? — saat 21'de",
    "«Он православный» — сказал он",
    "Ist Muslimin — und stolz darauf",
    "东京でラーメンを食べた、最高だった — 糖尿病なのに",
    "私はADHDです — 薬を飲んでる",
    "나 adhd 약 먹어 — 진짜로",
    "मुझे मधुमेह है — डॉक्टर ने बताया",
    "ਮੈਨੂੰ ਸ਼ੂਗਰ ਹੈ",
    "எனக்கு நீரிழிவு நோய் உள்ளது",
    "ฉันเป็นเบาหวาน — ต้องฉีดอินซูลิน",
    "مصاب بالسكري — منذ سنتين",
    "Εχει διαβήτη — από παιδί",
    "Jest gejem — i co z tego",
    "pass\u200bword: hunter22 — don't tell",
    "Ｆｕｌｌ　ｗｉｄｔｈ — ｄｉａｂｅｔｅｓ",
    "Highscore: 1 048 576 points after 3 hours ★★★",
    "→ left the guild ← no drama",
    "Takes antidepressants • sleeps badly • loves Valorant",
    "Ryzen 7 7800X3D with 32 GB — runs everything at 144 fps ✓",
    "‘Is bi’, says the bio — ok",
    "Is gay 🏳️‍🌈",
    "Gey.",
    "—",
    "",
]


def _texts(path: Path) -> list[str]:
    texts = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            texts += [t for t in [row.get("text"), *(row.get("messages") or ())] if isinstance(t, str)]
    return texts


def _rows() -> list[str]:
    paths = sorted((_TABLES / "tables").glob("*.dev.jsonl")) + sorted((_TABLES / "layer_tables").glob("*.tune.jsonl"))
    return [*EDGES, *(text for path in paths for text in _texts(path))]


ROWS = _rows()
MATCHING = [normalise(text).text for text in ROWS]


def test_the_rows_are_many_and_hold_both_sides_of_the_script_gate() -> None:
    assert len(ROWS) > 4000
    beyond = [t for t in MATCHING if categories._BEYOND_LATIN.search(t.casefold())]
    latin_only = [t for t in beyond if not script_gate.another_script(t.casefold())]
    assert len(latin_only) > 40, "lines beyond Latin by a dash or an emoji alone"
    assert len(beyond) - len(latin_only) > 400, "lines in another script"


def test_every_entry_read_only_beyond_latin_opens_the_gate() -> None:
    """The gate's reason to be right: an entry read in such lines only holds what opens it."""
    index = categories._index()
    beyond_roots = [root for root in index.inside if categories._BEYOND_LATIN.search(root)]
    assert beyond_roots and index.anywhere
    for entry in [*index.anywhere, *beyond_roots]:
        assert script_gate.another_script(entry), entry
    for entry in categories._vocabulary()["not_people"]["unspaced"]:
        assert script_gate.another_script(entry.casefold()), entry


def test_a_dash_a_quote_or_an_emoji_alone_is_not_another_script() -> None:
    for text in ["a — b", "“quoted” ‘too’", "gg 🎉😭🏳️‍🌈", "→ ← • ★ ✓", "20 € or 17 £"]:
        assert not script_gate.another_script(text), text
    for text in ["на", "東京", "मधुमेह", "é" + "\u0301" * 0 + "ł" + "ก", "🦽"]:
        assert script_gate.another_script(text), text


def test_special_categories_read_as_with_every_line_beyond_latin_sent_down_the_long_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gated = [categories.special_category(text, normalised=True, words=line_words(text)) for text in MATCHING]
    monkeypatch.setattr(categories, "another_script", lambda text: True)  # the reading before the gate
    full = [categories.special_category(text, normalised=True, words=line_words(text)) for text in MATCHING]
    differing = [text for text, a, b in zip(MATCHING, gated, full, strict=True) if a != b]
    assert differing == []
    assert sum(found is not None for found in full) > 500  # the reading finds categories: the check is not vacuous


def _features_as_read_before(matching: str) -> tuple[np.ndarray, np.ndarray]:
    """The classifier's features as written before its cheaper reading: two passes of ``re`` for the word form,
    each token's string hashed, ``np.unique``."""
    form = " ".join(re.sub(r"[\W_]+", " ", re.sub(r"\d", "0", matching.casefold())).split())
    words = form.split()
    tokens = [f"w {w}" for w in words] + [f"b {a} {b}" for a, b in itertools.pairwise(words)]
    if words:
        tokens += [f"^ {words[0]}", f"^^ {' '.join(words[:2])}"]
    if line_classifier._CAPITALISED_LATER.search(matching):
        tokens.append("named later")
    mask = (1 << line_classifier.BITS) - 1
    token_buckets = np.array([zlib.crc32(t.encode()) & mask for t in tokens], dtype=np.int64)
    buckets = np.concatenate([line_classifier._char_buckets(form), token_buckets])
    if not len(buckets):
        return buckets, np.zeros(0, dtype=np.float32)
    unique, counts = np.unique(buckets, return_counts=True)
    values = counts.astype(np.float32)
    return unique, values / np.float32(np.sqrt(float(values @ values)))


def test_the_classifier_reads_every_row_into_the_features_it_read_before() -> None:
    for text in MATCHING:
        buckets, values = line_classifier.features(text)
        expected_buckets, expected_values = _features_as_read_before(text)
        assert buckets.dtype == expected_buckets.dtype and values.dtype == expected_values.dtype
        assert np.array_equal(buckets, expected_buckets), text
        assert values.tobytes() == expected_values.tobytes(), text  # bit for bit: a score at the threshold stays


def test_the_classifier_given_the_screens_words_says_what_it_says_alone() -> None:
    said = 0
    for text in MATCHING:
        reason = line_classifier.line_reason(text)
        assert line_classifier.line_reason(text, line_words(text)) == reason, text
        said += reason is not None
    for heading in ["Member profile.", "User notes:", "Latest:", "notes", "Summary — about"]:
        matching = normalise(heading).text
        assert line_classifier.line_reason(matching, line_words(matching)) is None, heading
    assert said > 100


def test_semantic_fields_drop_the_marks_they_dropped_character_by_character() -> None:
    def before(text: str) -> str:
        folded = text.casefold().replace("’", "'")
        if folded.isascii():
            return folded
        return "".join(c for c in unicodedata.normalize("NFD", folded) if not unicodedata.combining(c))

    odd = ["ﬁ x\u0301 ẞ", "\U0001d400\U0001f600\u0300", "ᄀ가각", "\ud800 lone", "a\u0308\u0323"]
    for text in [*ROWS, *odd]:
        assert semantic_fields.plain(text) == before(text), text


def test_the_role_stems_a_line_starts_are_those_a_flat_alternation_finds() -> None:
    stems = sorted(role_claims._shorter_stems(), key=len, reverse=True)
    flat = re.compile(" (" + "|".join(map(re.escape, stems)) + ")")  # longest first: the longest at each place
    started = 0
    for text in [*MATCHING, " ".join(stems), " ".join(stem + "x" for stem in stems)]:
        joined = role_claims._joined(line_words(text))
        found = role_claims._longest_stem().findall(joined)
        assert found == flat.findall(joined), text
        started += bool(found)
    assert started > 200


def test_a_category_word_found_by_its_letters_first_is_found_where_the_word_test_first_found_it() -> None:
    vocabulary = categories._vocabulary()
    after = categories._NOT_INSIDE_A_WORD_AFTER
    words = [w for spec in vocabulary["categories"].values() for key in ("words", "framed") for w in spec.get(key, ())]
    pairs = [
        (whole_words(categories._phrase(w), after), re.compile(NOT_INSIDE_A_WORD_BEFORE + categories._phrase(w) + after))
        for w in words
    ]
    assert len(pairs) > 500
    # every fourth special and harmless dev row: the old patterns cost a pass each over every character read
    rows = [*EDGES, *(text for name in ("special", "harmless") for text in _texts(_TABLES / "tables" / f"{name}.dev.jsonl")[::4])]
    lines = [normalise(text).text.casefold().replace("’", "'") for text in rows]
    lines += [" ".join(words), "-".join(w + "s" for w in words)]
    read = "\n".join(lines)  # one text: each pattern read once along every row (a row's edges are a line's)
    found = 0
    for fast, written in pairs:
        spans = [m.span() for m in fast.finditer(read)]
        assert spans == [m.span() for m in written.finditer(read)], fast.pattern
        found += len(spans)
    assert found > 1000


def test_semantic_fields_hit_what_reading_every_word_for_stems_hit() -> None:
    index = semantic_fields._word_index()

    def before(line: str, words: frozenset[str]) -> set[str]:
        hits = {name for word in words & index.whole.keys() for name in index.whole[word]}
        candidates = [pair for word in words & index.phrases.keys() for pair in index.phrases[word]]
        for word in words:
            for stem, name in index.stems.get(word[:3], ()):
                if name not in hits and word.startswith(stem):
                    hits.add(name)
            candidates += index.stem_phrases.get(word[:3], ())
        hits.update(name for phrase, name in candidates if name not in hits and phrase.in_line(line, words))
        return hits

    hit = 0
    for text in ROWS:
        line = semantic_fields.plain(text)
        words = semantic_fields._words(line)
        assert semantic_fields._hits(line, words) == before(line, words), text
        hit += bool(before(line, words))
    assert hit > 300


_WITH_A_DIGIT = re.compile(r"(?<![^\W_])(?=[^\W_]*\d)(?=[^\W_]*[^\W\d_])[^\W_]+")
"""The regex the semantic fields found a line's words of letters and digits with, tried at every place of it."""


def test_the_words_of_letters_and_digits_are_those_the_regex_found() -> None:
    rng = random.Random(19)
    alphabet = "ab Z9_0²½٣३-.:xé'\u0345İ漢 \n\t1Ⅻ"
    odd = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 24))) for _ in range(20_000)]
    mixed = 0
    for text in [*ROWS, *odd]:
        line = semantic_fields.plain(text)
        expected = _WITH_A_DIGIT.findall(line) if any(c.isdigit() for c in line) else []
        assert semantic_fields._mixed_words(line) == expected, line
        mixed += bool(expected)
    assert mixed > 2000


def _stated_every_rule_read(text: str, words: frozenset[str] | None) -> tuple[str, ...]:
    """``semantic_fields._stated`` as it read a rule before its unless fields were looked up in the hits first."""
    line = semantic_fields.plain(text)
    words = semantic_fields._with_digits(line, words) if words is not None and text.isascii() else semantic_fields._words(line)
    not_traits = semantic_fields._not_traits()
    blanked = [p for key in not_traits.keys() & words for p in not_traits[key] if p.in_line(line, words)]
    if blanked:
        for phrase in blanked:
            line = phrase.pattern.sub(" ", line)
        words = semantic_fields._words(line)
    beyond = not line.isascii() and semantic_fields._BEYOND_SPACED_SCRIPTS.search(line) is not None
    hits = semantic_fields._hits(line, words)
    found: dict[str, None] = {}
    for rule in semantic_fields._rules():
        if rule.category in found or not (rule.needed if beyond else rule.needed_in_spaced_scripts) <= hits:
            continue
        stated = all(f.in_line(line, words, hits, beyond) for f in rule.fields)
        if stated and not any(f.in_line(line, words, hits, beyond) for f in rule.unless):
            found[rule.category] = None
    return tuple(found)


def test_the_rules_state_what_they_stated_with_every_field_read() -> None:
    """Every rule and field read as before, and the unspaced entries read in every line past the spaced scripts (an
    emoji after each row, and every entry in a line of its own)."""
    entries = [e for spec in semantic_fields._spec()["fields"].values() for e in spec.get("unspaced", [])]
    emoji = [f"{text} 🎉" for text in MATCHING[::2]]
    own = [f"🎉 {semantic_fields.plain(entry)} and more" for entry in entries]
    assert all(semantic_fields._may_hold_unspaced(semantic_fields.plain(line)) for line in own)
    own += [normalise(f"🎉 {entry} and more").text for entry in entries]
    closed = sum(not semantic_fields._may_hold_unspaced(semantic_fields.plain(line)) for line in emoji)
    assert closed > 1000, "lines past the spaced scripts by an emoji alone"
    stated = skipped = 0
    for text in [*MATCHING, *emoji, *own, *(normalise(line).text for line in long_messages(4000).values())]:
        words = line_words(text)
        forget_memoised_lines()
        found = semantic_fields._stated(text, words)
        assert found == _stated_every_rule_read(text, words), text[:80]
        stated += bool(found)
        hits = semantic_fields._hits(semantic_fields.plain(text), semantic_fields._words(semantic_fields.plain(text)))
        skipped += any(not rule.unless_held.isdisjoint(hits) for rule in semantic_fields._rules())
    assert stated > 300
    assert skipped > 300


def test_the_last_line_read_is_forgotten_and_answers_every_layer_as_a_fresh_reading() -> None:
    """The three layers ask of one line in turn, each with its own words (the roles' hold a stem's mark): the memo of
    the last line read answers each as a fresh reading would, and forgetting a member empties it."""
    for text in MATCHING[::3]:
        words = line_words(text)
        asked = [words, None, words | {roles._A_ROLE_STEM}]
        fresh = []
        for given in asked:
            forget_memoised_lines()
            fresh.append(semantic_fields._stated(text, given))
        assert fresh == [fresh[0]] * len(asked), text[:80]
        assert [semantic_fields._stated(text, given) for given in asked] == fresh  # the memo's answers
    semantic_fields.field_category("Registered his fingerprints for the new office door.")
    assert semantic_fields._last_read.cache_info().currsize == 1
    forget_memoised_lines()
    assert semantic_fields._last_read.cache_info().currsize == 0
