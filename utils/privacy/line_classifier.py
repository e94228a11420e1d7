"""A scored reading of one kept line: is its point a special category of personal data, or someone else's life?

The hand-written rules (:mod:`utils.privacy.categories`, :mod:`utils.privacy.others`, :mod:`utils.privacy.roles`)
name the frames they know; a careless model words the same facts in ways no list foresaw ("Sairastaa masennusta",
"Enrolled their fingerprint at the kiosk"). This is a linear model over hashed features of the *normalised* line —
character 3–5-grams inside words (they carry a stem across languages and inflections), words and word pairs, the
first word (a pronoun or a possessive that opens a claim) and a capitalised word after the first (a named subject)
— trained by :mod:`utils.privacy.line_classifier_training` (``python3 -m scripts.train_privacy_classifier``) on the
development and tuning tables only.

It is consulted after the rules said nothing and can only add a refusal. Roles are left to their rules: a role
word in a game's or another site's sense ("bannata dal mod") is too close to a claimed one for a bag of n-grams.
Its weights are data (``data/line_classifier.npz``), loaded once per process on first use; scoring a line costs a
few dozen microseconds, since the n-grams are hashed as whole arrays.
"""

from __future__ import annotations

import itertools
import re
import zlib
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

WEIGHTS = Path(__file__).resolve().parent / "data" / "line_classifier.npz"
REASONS = ("", "special-category", "other-person")
"""The model's classes in order; the first (nothing to say) keeps the line."""
BITS = 18
"""Features are hashed into 2**BITS buckets."""
CHAR_SIZES = (3, 4, 5)

_NOT_A_LETTER = re.compile(r"[\W_]+")
_DIGITS = re.compile(r"\d")
_CAPITALISED_LATER = re.compile(r"(?<![.!?:]) +[A-ZÀ-ÖØ-ÞĀ-Ž\u0400-\u042f][\w'’-]")
_MULTIPLIERS = np.array(
    [0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0x27D4EB2F165667C5, 0xFF51AFD7ED558CCD], dtype=np.uint64
)
_NARROWEST, _WIDEST = CHAR_SIZES[0], CHAR_SIZES[-1]
_MIX = np.uint64(0xD6E8FEB86659FD93)
_SHIFT = np.uint64(64 - BITS)
_SPACE = ord(" ")

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float32]


_ASCII_FORM = {
    code: ("0" if char.isdigit() else char.lower() if char.isalpha() else " ")
    for code, char in ((code, chr(code)) for code in range(128))
}
"""An ASCII character as :func:`_word_form` reads it, for a translation in C: a digit as 0, a letter in lower case
(its case-folded form in ASCII), anything else a space."""


def _word_form(matching: str) -> str:
    """The line as the features read it: case folded, every run of non-letters one space, digits as 0. An ASCII
    line (most chat) is one translation and a split rather than two passes of ``re``."""
    if matching.isascii():
        return " ".join(matching.translate(_ASCII_FORM).split())
    return " ".join(_NOT_A_LETTER.sub(" ", _DIGITS.sub("0", matching.casefold())).split())


def _char_buckets(words: str) -> IntArray:
    """Buckets of every 3–5 character window that does not cross a word (a window may start or end on one).

    Whole arrays, one size after the other: a window's hash is the one a character shorter plus its last
    character's term, and it stays inside a word while no space comes strictly between its ends."""
    padded = f" {words} "
    length = len(padded)
    codes = np.frombuffer(padded.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    spaces = codes == _SPACE
    size = _NARROWEST
    hashed: npt.NDArray[np.uint64] = np.full(length - size + 1, size, dtype=np.uint64)
    for k in range(size):
        hashed += codes[k : length - size + 1 + k] * _MULTIPLIERS[k]
    inside = ~spaces[1 : length - 1]
    found = []
    while True:
        found.append(hashed[inside & ~(spaces[: length - size + 1] & spaces[size - 1 :])])
        size += 1
        if size > _WIDEST or size > length:
            break
        hashed = hashed[:-1] + codes[size - 1 :] * _MULTIPLIERS[size - 1] + np.uint64(1)
        inside = inside[:-1] & ~spaces[size - 2 : length - 1]
    chosen = np.concatenate(found)
    chosen ^= chosen >> np.uint64(31)
    return ((chosen * _MIX) >> _SHIFT).astype(np.int64)


def _token_buckets(words: list[str], capitalised_later: bool) -> IntArray:
    """Buckets of the words, adjacent word pairs, the first word and the first two, and a named later subject."""
    crc32, encoded = zlib.crc32, [word.encode() for word in words]
    # a token's CRC carried on from its prefix's (``crc32(b, crc32(a)) == crc32(a + b)``): no token string is built
    hashed = [crc32(word, _WORD_PREFIX) for word in encoded]
    hashed += [crc32(b, crc32(b" ", crc32(a, _PAIR_PREFIX))) for a, b in itertools.pairwise(encoded)]
    if words:
        hashed += [zlib.crc32(f"^ {words[0]}".encode()), zlib.crc32(f"^^ {' '.join(words[:2])}".encode())]
    if capitalised_later:
        hashed.append(_NAMED_LATER)
    buckets = np.array(hashed, dtype=np.int64)
    buckets &= (1 << BITS) - 1
    return buckets


_WORD_PREFIX, _PAIR_PREFIX, _NAMED_LATER = zlib.crc32(b"w "), zlib.crc32(b"b "), zlib.crc32(b"named later")


def features(matching: str) -> tuple[IntArray, FloatArray]:
    """The line's distinct feature buckets and their weights (counts scaled to unit length)."""
    form = _word_form(matching)
    words = form.split()
    buckets = np.concatenate([_char_buckets(form), _token_buckets(words, bool(_CAPITALISED_LATER.search(matching)))])
    if not len(buckets):
        return buckets, np.zeros(0, dtype=np.float32)
    unique, counts = _counted(buckets)
    values = counts.astype(np.float32)
    return unique, values / np.float32(np.sqrt(float(values @ values)))


def _counted(buckets: IntArray) -> tuple[IntArray, IntArray]:
    """``np.unique(buckets, return_counts=True)`` (the buckets in order, each with its count), without the checks and
    wrappers a general call pays for on every line."""
    ordered = np.sort(buckets)
    edges = np.empty(len(ordered) + 1, dtype=bool)
    edges[0] = edges[-1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=edges[1:-1])
    starts = np.flatnonzero(edges)
    return ordered[starts[:-1]], np.diff(starts)


@dataclass(frozen=True)
class Model:
    """Weights per bucket and class (half precision, as stored: a line's scattered rows stay in the cache beside
    the rest of the screen's tables), a bias per class, and the share of "something to say" that refuses."""

    weights: npt.NDArray[np.float16]
    bias: npt.NDArray[np.float32]
    threshold: float

    def probabilities(self, matching: str) -> npt.NDArray[np.float64]:
        """The class probabilities (in the order of :data:`REASONS`) for one normalised line."""
        buckets, values = features(matching)
        scores = values @ self.weights[buckets].astype(np.float32) + self.bias if len(buckets) else self.bias.copy()
        scores = scores.astype(np.float64)
        exp = np.exp(scores - scores.max())
        return np.asarray(exp / exp.sum(), dtype=np.float64)

    def reason(self, matching: str) -> str | None:
        """Why the line may not be kept, or None: refused when the classes with a reason hold at least the
        threshold between them, for the likeliest of them."""
        probabilities = self.probabilities(matching)
        if 1.0 - probabilities[0] < self.threshold:
            return None
        return REASONS[1 + int(np.argmax(probabilities[1:]))]


def load_model(path: Path = WEIGHTS) -> Model:
    with np.load(path) as stored:
        return Model(
            weights=stored["weights"].astype(np.float16),
            bias=stored["bias"].astype(np.float32),
            threshold=float(stored["threshold"]),
        )


@cache
def model() -> Model:
    """The committed model, read once per process."""
    return load_model()


_HEADING_WORDS = frozenset(
    "member user profile profiles notes note summary about memory memories facts latest update updated".split()
)
"""Words a heading of the record itself is made of ("Member profile.", "User notes:", "Latest:")."""


def line_reason(matching: str, words: AbstractSet[str] | None = None) -> str | None:
    """The classifier's reason to refuse one normalised kept line ("special-category", "other-person"), or None.

    A heading made only of words naming the record ("Member profile.") says nothing of anyone: the model writes such
    headings into profiles, and the classifier, trained on statements, scored one as membership of something.
    ``words``: the line's runs of letters, case-folded, when the caller has read them (the screen's other layers
    read the same)."""
    if words is None:
        words = frozenset(re.findall(r"[^\W\d_]+", matching.casefold()))
    if words and words <= _HEADING_WORDS:
        return None
    return model().reason(matching)
