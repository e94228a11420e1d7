"""Passphrases of joined words with no digit (utils/privacy/joined_phrases.py): taken where the line hands a value over,
names a password manager or generator, or names a secret; runs of joined words elsewhere stay."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("just use maple_cinder_orbit_lagoon for now", "maple_cinder_orbit_lagoon"),
        ("it's HarborQuietMarbleSpruce now, the old one leaked", "HarborQuietMarbleSpruce"),
        ("prueba con NubeLimonGatoTierra a ver", "NubeLimonGatoTierra"),
        ("keepassxc gave me tulipe.orage.brindille for the nas", "tulipe.orage.brindille"),
        ("mot de passe généré par Bitwarden : flute-orange-tiroir", "flute-orange-tiroir"),
    ],
)
def test_a_handed_or_named_passphrase_is_taken(text: str, value: str) -> None:
    assert value not in screen(text, "message").text


@pytest.mark.parametrize(
    "text",
    [
        "the clip is called SleepyCuteOtterKappa lol",
        "check out my mod SuperSimpleTrainsPack on the workshop",
        "kubectl get pods | grep CrashLoopBackOff",
        "just use ModuleNotFoundHandlerError as the base",
        "set password_min_length=12 in the policy",
        "use hide-and-seek rules this round",
        "try sub.domain.example.com instead",
    ],
)
def test_joined_words_that_are_not_handed_over_stay(text: str) -> None:
    assert screen(text, "message").text == text
