"""Credentials in pasted configuration, code, URLs and command lines, measured on a layer table written before the
rules for it (tests/privacy/layer_tables ``config_fresh18``).

Kinds: ``keyed`` (a key's name and its value in an ecosystem's own file: docker-compose ``environment:``, ``.env``,
Kubernetes Secrets' base64 ``data:``, Helm values, tfvars, Ansible vars, systemd ``Environment=``, CI YAML,
``application.properties``, ``settings.py``, ``wp-config.php``, ``web.config``, ``.netrc``, ``.pgpass``, AWS and Docker
credential files, after ``:``, ``=``, ``=>`` or ``:=``, quoted or not, with a comment on the line), ``uri`` (a URL's
userinfo, a token in a URL's path or query, the password field of a JDBC, ODBC, ADO.NET or Npgsql connection string),
``flag`` (a command line's argument: ``curl -u``/``-H``, ``mysql -p…``, ``sshpass -p``, ``PGPASSWORD=… psql``,
``ConvertTo-SecureString … -AsPlainText``, ``net use /user:``, ``-passout pass:``, ``vault login``), ``game`` (game
servers' configs and launch lines: ``rcon.password``, ``rcon_password``, Valheim ``-password``, ARK
``ServerAdminPassword``, Palworld, Terraria, Factorio, FiveM), ``foreign`` (the key named in another language:
contraseña, passwort, mot_de_passe, senha, пароль, 密码, パスワード, hasło, şifre, salasana, 비밀번호…), ``token`` (a
credential handed to a client in code: Discord bot tokens, API keys); ``lookalike`` must pass unchanged: the same
shapes holding placeholders, variables and templates, masks, vendors' documented example keys, empty values,
booleans, policies, digests and checksums, public hosts and ports.

A secret row is right when every one of its ``pieces`` is gone from the message (case-blind) and the line is refused as
a memory or kept without them. The aside third is counted, never read row by row.
"""

from __future__ import annotations

import pytest
from layer_tables import PARTS, pieces_at_floors, pieces_table_is_well_formed, third_aside

NAME = "config_fresh18"
KINDS = ("keyed", "uri", "flag", "game", "foreign", "token", "lookalike")


RIGHT_AT_LEAST = {
    "tune": {"keyed": 24, "uri": 14, "flag": 14, "game": 10, "foreign": 13, "token": 8, "lookalike": 59},
    "aside": {"keyed": 12, "uri": 7, "flag": 7, "game": 5, "foreign": 7, "token": 4, "lookalike": 23},
}
"""Rows right per kind and part (the aside part never tuned on). On arrival, before any rule was written for the table:
tune 123/145 (keyed 24/24, uri 14/14, flag 11/14, game 10/10, foreign 13/13, token 8/8, look-alikes 43/62), aside
64/73 (12/12, 7/7, 7/7, 5/5, 7/7, 4/4, 22/31). After the round (what a configuration line puts where a value goes when it
gives none, a key's name, a value ending with its line, ``redis-cli -a '…'``, ``htpasswd -b``, ``net use /user:… X``, an
action pinned with ``@``): tune 142/145 (24/24, 14/14, 14/14, 10/10, 13/13, 8/8, 59/62), aside 65/73 (12/12, 7/7, 7/7,
5/5, 7/7, 4/4, 23/31). The tune look-alikes left are a vendor's example or default in a file that names no guide or
default (AWS's EXAMPLE keys in a credentials file, the Kubernetes docs' Secret, MinIO's minioadmin), which the screen
keeps taking for a value there as its own tests ask."""


@pytest.mark.parametrize("part", PARTS)
def test_the_table_stays_at_its_measured_figure(part: str) -> None:
    pieces_at_floors(NAME, part, KINDS, RIGHT_AT_LEAST[part])


def test_the_table_is_well_formed_with_a_third_aside() -> None:
    split = third_aside(NAME)
    pieces_table_is_well_formed(split, KINDS, languages=18)
    rows = split.tune + split.aside
    assert sum(row["kind"] == "lookalike" for row in rows) >= 0.4 * len(rows)
