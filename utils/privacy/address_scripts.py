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

A unit word alone ("上海市", "강남구") is a place, not an address: every pattern needs a
number after its units. The gate is cheap: the scripts' characters and a digit.
"""

from __future__ import annotations

import re

from utils.privacy.rule import Rule

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

RULES: tuple[Rule, ...] = (
    Rule("address", _CJK_ADDRESS, tuple(_ADMIN), digits=1),
    Rule("address", _KOREAN_ADDRESS, ("로 ", "길 "), digits=1),
    Rule("address", _THAI_ADDRESS, ("ซอย", "ซ.", "ถนน", "ถ.", "หมู่"), digits=1),
)
