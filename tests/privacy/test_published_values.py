"""Values the world publishes pass (utils/privacy/published_values.py); the same shapes handed over stay caught.

Written after the rule, in forms ``lookalike_fresh16`` lacks.
"""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from layer_tables import load

from utils.privacy import published_values
from utils.privacy.screen import screen


@pytest.mark.parametrize(
    "line",
    [
        "AWS docs: aws configure → AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "im AWS-Beispiel steht AKIAI44QH8DHBEXAMPLE mit je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY",
        "the Stripe quickstart uses pk_test_TYooMQauvdEDq54NiTphI7jx on the client",
        "the example in the README is ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "Slack's guide says SLACK_BOT_TOKEN=xoxb-your-bot-token",
        "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 is the empty file's digest",
        "FROM python:3.12-slim@sha256:2c3a1a7c8b5f4d6e9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f",
        '"integrity": "sha1-2zD/4dIhTuG3P5Qh7C4MFqBqdWA="',
        "golang.org/x/text v0.14.0 h1:ScX5w1eTa3QqT8oi6+ziP7dTV1S2+ALU0bI+0zXKWiQ=",
        "argocd-server-5d9c8f7b6d-x2kqp keeps restarting",
        "Grafana's default login is admin / admin",
        "la contraseña por defecto del router es admin, cámbiala",
        "初期パスワードは admin です",
    ],
)
def test_a_published_value_passes(line: str) -> None:
    assert screen(line, "message").text == line
    assert not screen(line, "memory").refused


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("AKIAIOSFODNN7EXAMPLE is the key", "AKIAIOSFODNN7EXAMPLE"),  # no guide named: handed over as a key
        ("my key is AKIA4MZQ7R2XKPL9WB3T, the docs say to keep it safe", "AKIA4MZQ7R2XKPL9WB3T"),
        ("secret: 3f29a8c1d8e2b4f6a9c7d5e8b1f3a6c9d2e5f8b1a4c7d0e3f6a9c2d5e8b1f4a7", "3f29a8c1d8e2b4f6"),
        ("my password is here-comes-the-sun-42", "here-comes-the-sun-42"),
        ("I changed the default admin:admin to admin:Gurkenglas!77", "Gurkenglas!77"),
        ("the default is gone, my password is Kettle-Harbor-91", "Kettle-Harbor-91"),
        ("the docs say my password is admin", "admin"),  # a guide's pair passes, a lone value only as a default
        ("sk_live_51HqL2xKf8ZtR3mVbN9wQ4cY7pD is our example of what not to paste", "sk_live_51HqL2xKf8ZtR3mVbN9wQ4cY7pD"),
    ],
)
def test_a_value_beside_them_is_still_caught(line: str, value: str) -> None:
    assert value not in screen(line, "message").text


_POSTED = (
    "lookalike_fresh16",
    "lookalike_fresh15",
    "lookalike_fresh14",
    "disguised_fresh16",
    "identity_fresh16",
    "secret_lines_fresh15",
)


def _long_posts() -> list[str]:
    """Lines of the look-alike and value tables' tune parts run together into posts of 1,500 characters and more, published
    values among them."""
    lines = [row["text"] for name in _POSTED for row in load(name, "tune")]
    posts, post = [], ""
    for line in lines:
        post += line + ("\n" if len(post) % 3 else " ")
        if len(post) > 1_500:
            posts.append(post)
            post = ""
    return posts


def test_a_long_posts_spans_settle_around_themselves_as_among_all_its_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past a length, only the tokens a span touches are judged: every span a word, or a word and its neighbour,
    a word's tail or head (a value found inside a token), settles as when all of the post's tokens are judged."""
    posts = _long_posts()
    assert len(posts) >= 10
    settled_somewhere = 0
    for text in posts:
        words = [(m.start(), m.end(), "value") for m in re.finditer(r"\S+", text)]
        pairs = [(a[0], b[1], "value") for a, b in pairwise(words)]
        tails = [(start + (end - start) // 2, end, kind) for start, end, kind in words]  # "TOKEN=xoxb-…": a value inside
        heads = [(start, end - (end - start) // 3, kind) for start, end, kind in words]
        for found in (words, pairs, words[::7], tails, heads):
            walked = published_values.settled(found, text)
            with monkeypatch.context() as patched:
                patched.setattr(published_values, "_WALKED_FROM", 10**9)
                whole = published_values.settled(found, text)
            assert walked == whole
            settled_somewhere += len(whole) < len(found)
    assert settled_somewhere >= 10
