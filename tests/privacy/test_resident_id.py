"""A Chinese resident id is 18 digits, as long as a Discord id: its region, birth date and check tell them apart."""

from __future__ import annotations

import random

import pytest
from stdnum.cn import ric

from utils.privacy.numbers import resident_id
from utils.privacy.screen import screen

REGIONS_AND_BIRTHS = [
    ("110101", "19960518"),  # Beijing, Dongcheng
    ("310104", "19880203"),  # Shanghai, Xuhui
    ("440305", "20010930"),  # Shenzhen, Nanshan
    ("510107", "19751112"),  # Chengdu, Wuhou
    ("330106", "19921224"),  # Hangzhou, Xihu
    ("420106", "19830707"),  # Wuhan, Wuchang
]


def _an_id(region: str, birth: str, serial: str) -> str:
    body = region + birth + serial
    return body + ric.calc_check_digit(body + "0")  # the function reads the digits before the last


RESIDENT_IDS = [_an_id(r, b, f"{i * 37 % 1000:03d}") for i, (r, b) in enumerate(REGIONS_AND_BIRTHS, start=1)]
WRAPPINGS = ["{id}", "身份证号 {id}", "我的身份证号码是{id}，别外传", "my chinese id: {id}", "ID {id} for the shipping form"]


@pytest.mark.parametrize("wrapping", WRAPPINGS)
@pytest.mark.parametrize("number", RESIDENT_IDS)
def test_a_resident_id_is_screened_out_with_or_without_its_word(number: str, wrapping: str) -> None:
    text = wrapping.format(id=number)
    assert resident_id(number.upper())
    assert number not in screen(text, "message").text, text


def _snowflakes(count: int) -> list[str]:
    """Discord ids as Discord makes them: milliseconds since 2015 shifted over 22 bits of worker and sequence
    (from 2016 on: 17 digits and more, as the ids members have)."""
    rng, year = random.Random(18), int(365.25 * 86_400_000)
    return [str((rng.randrange(year, 11 * year) << 22) | rng.randrange(1 << 22)) for _ in range(count)]


def test_a_discord_id_is_almost_never_a_resident_id_and_never_in_a_mention() -> None:
    snowflakes = _snowflakes(50_000)
    assert len([s for s in snowflakes if resident_id(s)]) <= len(snowflakes) // 10_000
    for s in snowflakes[:2_000]:
        for text in (f"<@{s}>", f"<#{s}>", f"<@&{s}>", f"<:kek:{s}>", f"https://discord.com/channels/1/{s}"):
            assert screen(text, "message").text == text
