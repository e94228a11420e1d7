"""Postal addresses written the way their own scripts build them: Chinese, Japanese, Korean, Thai.

These addresses run from the largest unit to the smallest and carry their own unit words, so
their structure — not a list of street names — says what they are:

- Chinese and Japanese: a province, prefecture, city or ward (省, 市, 区/區, 县, 都, 道, 府,
  県) followed, within a few characters, by a street's number ("科苑路88号", "一段390號"), a
  Japanese block ("2丁目", "21番地") or block number "3-1-3", then what follows of the same
  kind (a building, a room: "2单元801", "グランドハイツ702", "5樓之2"); an optional 〒
  postcode first. A number with a unit that is not a street's ("北京市2号线", line 2; "3室",
  three rooms) is no address.
- Korean road-name addresses: a city or province (시, 도), one to three districts (시, 군, 구),
  a road (…로, …길, "235번길") and its building number, then a block and flat ("203동 1502호").
- Thai: a house number ("99/12") before a soi or road (ซอย, ถนน) and the districts after it, to
  the postcode.
- A street named by its own word, with no unit word at all ("Hraunbraut 17, 200 Kópavogur", "Ilica 152,
  10000 Zagreb", "Slovenska cesta 54, 1000 Ljubljana"): a capitalised name, a house number, a comma, a
  postcode of three to five digits (a year is none) and a capitalised town. The postcode after the comma
  is what a score seldom has; a word a number counts ("Level 50, 1000 Gold", "Wave 20, 500 Zombies") is
  neither the street's name nor the town's.

A unit word alone ("上海市", "강남구") is a place, not an address: every pattern needs a
number after its units. The gate is cheap: the scripts' characters and a digit.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from utils.privacy.rule import Rule

_COUNTED = frozenset(json.loads((Path(__file__).with_name("data") / "address_units.json").read_text(encoding="utf-8"))["counted"])
"""Words a number counts or ranks ("Level 50, 1000 Gold"): no street's name nor town's."""

_HAN = "\u3400-\u9fff"
_KANA = "\u3040-\u30ff"
_ADMIN = "省市区區县縣都道府県州郡镇鎮"
_UNIT = r"(?:号室|號室|号楼|號樓|号院|号|號|番地|番|丁目|室|楼|樓|幢|栋|棟|单元|單元|F|之)"
_CJK_ADDRESS = re.compile(
    rf"(?:〒\s?\d{{3}}-?\d{{4}}\s*)?"
    rf"[{_HAN}{_KANA}]{{1,8}}?[{_ADMIN}]"  # the first unit: 广东省, 東京都, 台北市
    rf"[{_HAN}{_KANA}\d\-－\s]{{0,30}}?"  # the rest of the units and the street: 深圳市南山区科苑路
    rf"(?:[路街道巷弄里段]\s?\d+\s?[号號]|\d+\s?(?:番地|番|丁目)|\d+(?:-\d+){{2,3}})"  # 路88号, 2丁目, 3-1-3
    rf"(?:\s?[{_HAN}{_KANA}]{{0,10}}?\d+(?:-\d+)*\s?{_UNIT}?){{0,5}}"  # building, floor, room
)
_KOREAN_ADDRESS = re.compile(
    r"(?:[가-힣]+(?:특별시|광역시|특별자치시|특별자치도|시|도)\s+)?"
    r"(?:[가-힣]+(?:시|군|구)\s+){1,3}(?:[가-힣]+(?:동|읍|면)\s+)?"
    r"[가-힣0-9]+(?:로|길)(?:\s?\d+번?길)?\s+\d+(?:-\d+)?"
    r"(?:,?\s*\d+동)?(?:,?\s*\d+호)?"
)
_THAI_ADDRESS = re.compile(
    r"(?<![\d/])\d{1,5}(?:/\d{1,4})?\s+(?:ซอย|ซ\.|ถนน|ถ\.|หมู่)[^\s\d]*"
    r"(?:\s+(?:\d{1,4}(?!\d)|[\u0e00-\u0e7f]\S*)){0,6}(?:\s+\d{5})?"
)

_NAMED_STREET = re.compile(
    r"(?<![\w.,:/-])\d{1,4}[^\W\d_]?(?:[-/]\d{1,4})?(?![\w/-])"  # the house number: 17, 14a, 7-21
    r"(?:\s[A-H]\s?\d{1,3}(?![\w/-]))?"  # a stairway and a flat, as Finland writes them: "12 B 24"
    r"(?:,?\s*[^\W\d_]{2,6}\.?\s*\d{1,4}[^\W\d_]?)?"  # a flat: "íbúð 201", "stan 12", "lgh 1204"
    r",\s+(?:[A-Z]{2}-)?(?!(?:19|20)\d\d(?!\d))\d{3,5}(?:\s\d\d)?\s+[^\W\d_][\w-]+"  # postcode and town
)
_TOWN = re.compile(r"[^\W\d_][\w-]+$")
_WORD_BEFORE = re.compile(r"([^\W\d_][\w'’-]*)\s+$")


def _named_street(match: re.Match[str]) -> bool | tuple[int, int]:
    """The street's capitalised name before the number ("Slovenska cesta": a lower-case word after a name)."""
    town = _TOWN.search(match.group())
    if town is None or not town.group()[0].isupper() or _counted(town.group()):
        return False
    text, start = match.string, match.start()
    word = _WORD_BEFORE.search(text, max(0, start - 40), start)
    if word is None or len(word.group(1)) < 3:
        return False
    if not word.group(1)[0].isupper():
        name = _WORD_BEFORE.search(text, max(0, word.start() - 40), word.start())
        if name is None or not name.group(1)[0].isupper():
            return False
        word = name
    if _counted(word.group(1)):
        return False
    return word.start(), match.end()


def _counted(word: str) -> bool:
    """A word a number counts: listed, or an English plural ("Zombies", "Thieves"), which no town's name is."""
    folded = word.casefold()
    return folded in _COUNTED or (word.isascii() and folded.endswith("s") and len(folded) > 3 and folded[-2] not in "su")


RULES: tuple[Rule, ...] = (
    Rule("address", _CJK_ADDRESS, tuple(_ADMIN), digits=1),
    Rule("address", _KOREAN_ADDRESS, ("로 ", "길 "), digits=1),
    Rule("address", _NAMED_STREET, digits=3, accept=_named_street),
    Rule("address", _THAI_ADDRESS, ("ซอย", "ซ.", "ถนน", "ถ.", "หมู่"), digits=1),
)
