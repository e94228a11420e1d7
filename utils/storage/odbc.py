"""The ODBC connection string the bot hands its driver, said the way that driver understands it.

`DB_CONNECTION_STRING` is written for Microsoft's ODBC Driver 18 (the docs' and most operators'
form). FreeTDS — the driver Debian and Ubuntu ship, and the only one on a machine without
Microsoft's package repository — reads some of those keys differently and silently ignores
others: `SERVER=host,1433` is not a port to it, `Encrypt=yes` is its `Encryption=require` (left
as it is, nothing is encrypted), `LongAsMax` means nothing. So for FreeTDS the string is said
again in its words, and whatever it would still ignore is listed for the doctor to name.

SQLAlchemy's URL form (`mssql+pyodbc://user:pass@host:1433/db?driver=…`) is first rendered the
way SQLAlchemy renders it, so both forms take the same path. Other drivers get the string as it
is: Microsoft's driver is never rewritten.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import sqlalchemy as sa

FREETDS_KEYS = frozenset(
    {
        "driver", "dsn", "server", "servername", "port", "database", "uid", "pwd", "app", "wsid", "language",
        "tds_version", "clientcharset", "encryption", "trusted_connection", "timeout", "connectiontimeout",
        "attachdbfilename", "mars_connection", "readonly", "appname",
    }
)  # fmt: skip
"""The connection-string keys FreeTDS's ODBC driver reads (its user guide, "ODBC connection attributes")."""

_SECRET_KEY = re.compile(r"(?i)pwd|password")
_YES = {"yes", "true", "mandatory", "strict", "1"}
_NO = {"no", "false", "optional", "0"}


class NotSayable(ValueError):
    """A value the driver cannot be given in a connection string at all (FreeTDS: one holding ``};``)."""


@dataclass
class DriverString:
    """The connection string for the driver, what was said again for it, and what it will still ignore."""

    odbc: str
    driver: str
    translated: list[str] = field(default_factory=list)
    """Keys said in the driver's own words, e.g. ``Encrypt=yes sent as Encryption=require``."""
    ignored: list[str] = field(default_factory=list)
    """Keys the driver does not read (each with its value hidden when it is a secret)."""

    @property
    def freetds(self) -> bool:
        return is_freetds(self.driver)


def is_freetds(driver: str) -> bool:
    """Whether an ODBC driver name (or the path of its library) is FreeTDS's."""
    name = driver.strip().strip("{}").lower()
    return "freetds" in name or "libtdsodbc" in name


def parse(odbc: str) -> list[tuple[str, str]]:
    """``KEY=value`` pairs of an ODBC string, in order; a value in braces may hold ``;`` and ``=`` (``}}`` is ``}``)."""
    pairs: list[tuple[str, str]] = []
    at = 0
    while at < len(odbc):
        end_of_key = odbc.find("=", at)
        if end_of_key < 0:
            break
        key = odbc[at:end_of_key].strip().strip(";").strip()
        at = end_of_key + 1
        if at < len(odbc) and odbc[at] == "{":
            value, at = _braced(odbc, at + 1)
        else:
            end = odbc.find(";", at)
            end = len(odbc) if end < 0 else end
            value, at = odbc[at:end], end
            if not _SECRET_KEY.search(key):  # a password's spaces are its own; elsewhere they are layout
                value = value.strip()
        at += 1  # the ';'
        if key:
            pairs.append((key, value))
    return pairs


def _braced(odbc: str, at: int) -> tuple[str, int]:
    """The value of a braced field starting after its ``{``, and where its closing ``}`` stands."""
    value = []
    while at < len(odbc):
        char = odbc[at]
        if char == "}":
            if odbc[at + 1 : at + 2] == "}":
                value.append("}")
                at += 2
                continue
            return "".join(value), at + 1
        value.append(char)
        at += 1
    return "".join(value), at


def render(pairs: list[tuple[str, str]]) -> str:
    """An ODBC string from pairs; a value holding ``;``, braces or outer spaces goes in braces (``}`` doubled)."""
    return ";".join(f"{key}={_quoted(value)}" for key, value in pairs)


def _quoted(value: str) -> str:
    if any(c in value for c in ";{}") or value != value.strip():
        return "{" + value.replace("}", "}}") + "}"
    return value


def render_for_freetds(pairs: list[tuple[str, str]]) -> str:
    """An ODBC string as FreeTDS 1.3 parses one: every field ends with ``;``, and a braced value runs to the first
    ``};`` as it is (no ``}}`` escape), so a value holding ``};`` cannot be said at all (:class:`NotSayable`)."""
    fields = []
    for key, value in pairs:
        if "};" in value:
            raise NotSayable(
                f"FreeTDS cannot read a {key} holding '}};' in a connection string: change that value, "
                "or use Microsoft's ODBC Driver 18"
            )
        quoted = any(c in value for c in ";{") or value != value.strip()
        fields.append(f"{key}={{{value}}};" if quoted else f"{key}={value};")
    return "".join(fields)


def odbc_string(url: sa.URL) -> str:
    """The ODBC string SQLAlchemy's pyodbc dialect sends for ``url`` (either connection-string form)."""
    from sqlalchemy.dialects.mssql.pyodbc import MSDialect_pyodbc

    args, _kwargs = MSDialect_pyodbc().create_connect_args(url)
    return str(args[0])


def for_driver(url: sa.URL) -> DriverString:
    """The connection string of a ``mssql+pyodbc`` URL said the way its driver reads it."""
    pairs = parse(odbc_string(url))
    driver = next((value for key, value in pairs if key.lower() == "driver"), "")
    if not is_freetds(driver):
        return DriverString(render(pairs), driver)
    return _for_freetds(pairs, driver)


def _for_freetds(pairs: list[tuple[str, str]], driver: str) -> DriverString:
    said = DriverString("", driver)
    out: list[tuple[str, str]] = []
    keys = {key.lower() for key, _ in pairs}
    for key, value in pairs:
        lowered = key.lower()
        if lowered == "server":
            host, port = _host_and_port(value)
            out.append(("SERVER", host))
            if port and "port" not in keys:
                out.append(("PORT", port))
                said.translated.append(f"SERVER={value} sent as SERVER={host};PORT={port}")
        elif lowered == "encrypt":
            wanted = value.strip().lower()
            if wanted in _YES:
                out.append(("Encryption", "require"))
                said.translated.append(f"Encrypt={value} sent as Encryption=require")
            elif wanted in _NO:
                out.append(("Encryption", "request"))
                said.translated.append(f"Encrypt={value} sent as Encryption=request")
            else:
                said.ignored.append(f"Encrypt={value}")
        elif lowered == "longasmax":
            said.translated.append(f"{key}={value} left out (FreeTDS sends long text as NVARCHAR(max) by itself)")
        elif lowered == "trustservercertificate":
            if value.strip().lower() not in _YES and "encrypt" in keys:
                said.ignored.append(f"{key}={value} (FreeTDS checks a certificate only against freetds.conf's `ca file`)")
        elif lowered in FREETDS_KEYS:
            out.append((key, value))
        else:
            hidden = "***" if _SECRET_KEY.search(key) or "secret" in lowered else value
            said.ignored.append(f"{key}={hidden}")
    if not any(key.lower() == "clientcharset" for key, _ in out):
        out.append(("ClientCharset", "UTF-8"))  # names and text beyond Latin-1 arrive as written
    said.odbc = render_for_freetds(out)
    return said


def _host_and_port(server: str) -> tuple[str, str]:
    """``tcp:host,1433`` or ``host:1433`` as (host, port); a named instance (``host\\SQLEXPRESS``) keeps its name."""
    value = server.strip()
    if value.lower().startswith("tcp:"):
        value = value[4:]
    for separator in (",", ":"):
        host, found, port = value.rpartition(separator)
        if found and port.strip().isdigit() and host.strip():
            return host.strip(), port.strip()
    return value, ""
