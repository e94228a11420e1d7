"""What may stand between a secret word and its value (utils/privacy/_secret_tails.py): words before the link, links
chat puts after a borrowed word, passphrases that run on; the value must look like one after such a gap."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("la contraseña nueva que me dieron en el curro es Verano_2026", "Verano_2026"),
        ("il codice nuovo provvisorio che mi hanno mandato è 558204", "558204"),
        ("nova senha temporária do e-mail da escola é Lapis#2025", "Lapis#2025"),
        ("yeni wifi şifremiz artık Martı_1903", "Martı_1903"),
        ("sandi baru sementara akun bank aku adalah Melati88", "Melati88"),
        ("mera naya wala password hai Gulab_4521", "Gulab_4521"),
        ("kennwort: Apfel Regen Baum Stein (aus KeePassXC)", "Apfel Regen Baum Stein"),
        ("passordet er nå Fjell Bro Lykt Skog", "Fjell Bro Lykt Skog"),
    ],
)
def test_a_value_past_words_or_a_loose_link_is_gone(text: str, value: str) -> None:
    assert value not in screen(text, "message").text


@pytest.mark.parametrize(
    "text",
    [
        "the password they gave me is wrong again",
        "la clave nueva provisoria te llega por SMS en 5 minutos",
        "a senha nova do app tem que ter 8 dígitos agora",
        "naya password kam se kam 8 characters ka hona chahiye",
        "my password on the old laptop was weak",
    ],
)
def test_words_after_a_gap_that_are_no_value_stay(text: str) -> None:
    assert screen(text, "message").text == text
