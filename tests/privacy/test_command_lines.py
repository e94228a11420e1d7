"""Passwords given to a command as an argument, and password-file lines: no word says "password" there."""

from __future__ import annotations

import pytest

from utils.privacy.screen import screen

GIVEN = [
    ("mysql -u root -pwalrus#6509 -h 127.0.0.1 wiki < dump.sql", "walrus#6509"),
    ("mysqldump -uadmin -pQ9x!mP2z --all-databases > all.sql", "Q9x!mP2z"),
    ("mariadb -h db -u app -pKaffeeTasse77 shop", "KaffeeTasse77"),
    ("`mysqladmin -u root -pR00tPw status` dice access denied", "R00tPw"),
    ("sshpass -p Hunter22 ssh pi@10.0.0.2", "Hunter22"),
    ("sshpass -pLinux4ever scp a.txt me@host:", "Linux4ever"),
    ("curl -u alice:Sup3rS3cret https://api.example.com/v1", "Sup3rS3cret"),
    ("curl --user 'bob:p4ss-w0rd' https://nexus.local", "p4ss-w0rd"),
    ("wget --http-user=me --http-password=x http://a --user me:Wg3tPass", "Wg3tPass"),
    ("redis-cli -h cache -a R3dis!pw ping", "R3dis!pw"),
    ('redis-cli -p 6380 -a "Zugspitze_29" info', "Zugspitze_29"),
    ("htpasswd -bc /etc/apache2/.htpasswd editor Kranich-Flug8", "Kranich-Flug8"),
    ("sudo htpasswd -b /etc/nginx/.htpasswd ops 'Dune.Sand.41'", "Dune.Sand.41"),
    ("net use \\\\fileserver\\media /user:WORKGROUP\\anna Spargel2Zeit /persistent:yes", "Spargel2Zeit"),
    ("db.example.net:5432:*:admin:ljM3BbIGGAepziqk", "ljM3BbIGGAepziqk"),
    ("mi .pgpass:\n```\nlocalhost:5432:app:app_user:Zs8#kq1Lm\n```", "Zs8#kq1Lm"),
    ("*:*:*:postgres:postgresPW2024", "postgresPW2024"),
]

UNCHANGED = [
    "mysql -u root -p mydb",
    "ran mysql -p then typed it at the prompt",
    "mysql -p is safer than putting it on the command line",
    "curl -u $USER:$TOKEN https://api.example.com",
    "the match was 12:30:45:00:01 long",
    "timestamps 10:20:30:40:50 in the log",
    "curl -I https://example.com returns 301",
    "redis-cli -h cache ping",
    "ssh -p 2222 me@host",
    "htpasswd -c /etc/nginx/.htpasswd editor",
    "net use Z: \\\\nas\\share /user:HOME\\anna *",
    "net use Z: \\\\nas\\share /persistent:yes",
    "ipv6 fe80:0:0:0:202:b3ff:fe1e:8329 is link-local",
]


@pytest.mark.parametrize(("line", "secret"), GIVEN)
def test_a_password_given_to_a_command_is_screened_out(line: str, secret: str) -> None:
    screened = screen(line, "message")
    assert secret not in screened.text, screened.text
    assert screen(line, "memory").refused


@pytest.mark.parametrize("line", UNCHANGED)
def test_commands_without_a_password_are_left_as_they_are(line: str) -> None:
    assert screen(line, "message").text == line
