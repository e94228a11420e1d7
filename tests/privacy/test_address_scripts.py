"""Addresses in the scripts that build them from the largest unit down: the units and a number, never a place alone."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen

FOUND = [
    ("寄到 上海市徐汇区漕溪北路398号 谢谢", "上海市徐汇区漕溪北路398号"),
    ("四川省成都市武侯区人民南路四段11号2单元302", "四川省成都市武侯区人民南路四段11号2单元302"),
    ("高雄市前鎮區中山二路5號12樓", "高雄市前鎮區中山二路5號12樓"),
    ("〒530-0001 大阪府大阪市北区梅田1丁目3番1号", "〒530-0001 大阪府大阪市北区梅田1丁目3番1号"),
    ("京都府京都市下京区四条通2-5-10 サンハイツ305", "京都府京都市下京区四条通2-5-10 サンハイツ305"),
    ("인천광역시 연수구 컨벤시아대로 165 301동 1203호", "인천광역시 연수구 컨벤시아대로 165 301동 1203호"),
    ("서울특별시 마포구 월드컵북로 21길 8", "서울특별시 마포구 월드컵북로 21길 8"),
    ("88/7 ซอยอารีย์ 2 แขวงสามเสนใน เขตพญาไท กรุงเทพฯ 10400", "88/7 ซอยอารีย์ 2 แขวงสามเสนใน เขตพญาไท กรุงเทพฯ 10400"),
    ("osoite Mannerheimintie 5 A 7, 00100 Helsinki", "5 A 7, 00100"),  # a stairway and a flat after the number
    ("skicka till Storgatan 12 lgh 1102, 753 20 Uppsala", "1102, 753 20"),  # a flat with no comma, a split postcode
    ("mijn adres: Prinsengracht 263-II, 1016 GV Amsterdam", "263-II, 1016 GV"),  # a Dutch floor mark
    ("envíalo a C/ Alcalá 77, 2º A, 28009 Madrid", "Alcalá 77"),  # "C/" names a street
    ("Οδός Κυκλάμινου 47, Τ.Κ. 546 42 Θεσσαλονίκη", "546 42"),  # a postcode of three and two
    ("nhà mình ở 12 Ngõ 58 Nguyễn Khánh Toàn", "12 Ngõ 58"),  # a lane between two numbers
    ("вул. Франка, 9, кв. 3, м. Тернопіль, 46001", "46001"),  # the town's abbreviation, then the postcode
]
PASSES = [
    "北京市2号线又晚点了",  # line 2 of the Beijing metro
    "上海市的气温今天30度",
    "我住在市中心，3室1厅",  # three rooms, one hall
    "第3章 東京都の2-3話",
    "東京都で3日間遊んだ",
    "서울시 강남구 맛집 3곳 추천",
    "부산 해운대구 2박 3일 여행",
    "ซอยนี้มีร้านอร่อย 3 ร้าน",
    "take bus 46 down Kenyatta Avenue",  # a bus line's number, not a house's
    "basi namba 23 linaenda Moi Avenue",
]


@pytest.mark.parametrize(("text", "address"), FOUND)
def test_an_address_is_screened(text: str, address: str) -> None:
    screened = screen(text, "message")
    assert address not in screened.text
    assert "[redacted:address]" in screened.text, screened.text


@pytest.mark.parametrize("text", PASSES)
def test_a_place_or_a_count_passes(text: str) -> None:
    assert screen(text, "message").text == text
