"""What a pasted DISCORD_TOKEN is, told from its shape alone (no network).

A bot token is three base64url parts joined by dots; the first decodes to the application's
numeric id. The developer portal shows other values near it that get pasted instead: the
OAuth2 client secret (32 characters, no dots) and the application id (17–20 digits). A token
copied with its `Bot ` prefix or its quotes is the right value with something around it. Each
gets its own line, since all of them look alike to Discord's login: "cannot log in".
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import NamedTuple

TOKEN_PART = re.compile(r"^[A-Za-z0-9_-]+$")
SNOWFLAKE = re.compile(r"^\d{17,20}$")
RESET_TOKEN = "copy the bot's token: developer portal → your application → Bot → Reset Token"


class TokenProblem(NamedTuple):
    what: str
    fix: str


def application_id(token: str) -> int | None:
    """The application id a well-formed bot token starts with, or None when the token is not shaped like one."""
    parts = token.split(".")
    if len(parts) != 3 or not all(TOKEN_PART.match(part) for part in parts):
        return None
    try:
        first = base64.urlsafe_b64decode(parts[0] + "=" * (-len(parts[0]) % 4)).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return int(first) if SNOWFLAKE.match(first) else None


def token_problem(raw: str) -> TokenProblem | None:
    """What DISCORD_TOKEN holds instead of a bot token and what to do, or None when it is shaped like one."""
    token = raw.strip()
    if len(token) >= 2 and token[0] == token[-1] and token[0] in "'\"":
        return TokenProblem("DISCORD_TOKEN is wrapped in quotes", "remove the quotes around the token")
    if token.lower().startswith("bot "):
        return TokenProblem("DISCORD_TOKEN starts with 'Bot '", "remove 'Bot ': the bot adds it itself")
    if any(char.isspace() for char in token):
        return TokenProblem("DISCORD_TOKEN contains spaces or line breaks", "paste the token alone, on one line")
    if SNOWFLAKE.match(token):
        return TokenProblem(f"DISCORD_TOKEN is an application or user id ({len(token)} digits), not the bot's token", RESET_TOKEN)
    if len(token) == 32 and TOKEN_PART.match(token):
        return TokenProblem(
            "DISCORD_TOKEN looks like the OAuth2 client secret (32 characters, no dots), not the bot's token", RESET_TOKEN
        )
    if len(token.split(".")) != 3 or not all(token.split(".")):
        return TokenProblem(
            f"DISCORD_TOKEN is not shaped like a bot token (three parts joined by dots; it has {len(token)} characters)",
            RESET_TOKEN,
        )
    if application_id(token) is None:
        return TokenProblem("DISCORD_TOKEN's first part does not decode to an application id: it is not a bot token", RESET_TOKEN)
    return None
