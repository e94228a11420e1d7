"""What a configuration line puts where a value goes when it gives none passes; a value after the same key does not."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen

STAND_INS = [
    "POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-}",
    'password: "{{ .Values.mariadb.auth.password }}"',
    "  password: ${{ secrets.REGISTRY_TOKEN }}",
    "db_password: <%= ENV['DB_PASSWORD'] %>",
    'TOKEN = os.environ["DISCORD_TOKEN"]',
    'api_key = os.getenv("OPENAI_API_KEY")',
    "password = faker.password(length=16, special_chars=True)",
    "$cred = Get-Credential -UserName admin",
    'MYSQL_ALLOW_EMPTY_PASSWORD: "yes"',
    "require_password: false",
    "password: null",
    "ADMIN_PASSWORD=changeme",
    "keystore.password=changeit",
    "Server=sql01;Database=shop;User Id=sa;Password=myPassword;",
    'wachtwoord = "<vul hier in>"',
    "api_token: xxx",
    "rcon.password=\nserver-port=25565\nmotd=A Minecraft Server",
    "senha_minima: 10\nsenha_expira_dias: 60",
    "db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256",
    "      - uses: actions/checkout@v4",
]

VALUES = [
    ("POSTGRES_PASSWORD: Wq8-lamp-Orbit", "Wq8-lamp-Orbit"),
    ('password: "{{ Kx81-tulip }}z"', "Kx81-tulip"),
    ('api_key = os.getenv("KEY", "9f8e7d6c5b4a39281706f5e4d3c2b1a0")', "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
    ("s3 = boto3.client('s3', aws_secret_access_key='q7Gm2vXk9Lp3Rt8Wz1Yb5Nc4Hd6Fj0Sa2Ue7Io9P')", "q7Gm2vXk9Lp3Rt8Wz1Yb5N"),
    ("rcon.password=\nbackup_password=Lime-Kite-75", "Lime-Kite-75"),
    ("ADMIN_PASSWORD=changeme42!", "changeme42!"),
    ("export RDS_PASSWORD='dummy-pass'", "dummy-pass"),
    ("Password=myPassword2024;Database=shop;", "myPassword2024"),
]


@pytest.mark.parametrize("line", STAND_INS)
def test_a_stand_in_passes_unchanged(line: str) -> None:
    said = screen(line, "message")
    assert said.text == line and not said.kinds
    assert not screen(line, "memory").refused


@pytest.mark.parametrize(("line", "value"), VALUES)
def test_a_value_after_the_same_key_is_screened_out(line: str, value: str) -> None:
    assert value not in screen(line, "message").text
    assert screen(line, "memory").refused
