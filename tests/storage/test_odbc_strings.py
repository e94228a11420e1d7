"""DB_CONNECTION_STRING said the way its ODBC driver reads it: FreeTDS's words, Microsoft's driver untouched.

A table of the forms operators write (the docs' URL form, old deployments' ODBC strings, `tcp:`, named
instances, every spelling of Encrypt, braced passwords) checked offline; and, on a server run reached through
FreeTDS, the same server through each form for real.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest
import sqlalchemy as sa
from shared_database import ON_SERVER, SERVER_URL

from utils.doctor.checks import driver_checks
from utils.doctor.result import Status
from utils.storage.engine import Database, create_engine_for, server_url_and_options
from utils.storage.odbc import for_driver, is_freetds, parse, render, render_for_freetds
from utils.storage.url import resolve_database_url

MS = "ODBC Driver 18 for SQL Server"


@pytest.mark.parametrize(
    ("odbc", "pairs"),
    [
        ("DRIVER={FreeTDS};SERVER=db,1433", [("DRIVER", "FreeTDS"), ("SERVER", "db,1433")]),
        ("PWD={se;cr}}et};UID=bot", [("PWD", "se;cr}et"), ("UID", "bot")]),
        ("Server = db ; Database=x;", [("Server", "db"), ("Database", "x")]),
        ("PWD={a=b;c}", [("PWD", "a=b;c")]),
        ("PWD={ spaced }", [("PWD", " spaced ")]),
        ("UID=b\u00f6t;PWD=\u5bc6\u7801", [("UID", "b\u00f6t"), ("PWD", "\u5bc6\u7801")]),
    ],
)
def test_an_odbc_string_is_read_field_by_field(odbc: str, pairs: list[tuple[str, str]]) -> None:
    assert parse(odbc) == pairs
    assert parse(render(pairs)) == pairs, "what is rendered reads back the same"


@pytest.mark.parametrize(
    "driver",
    ["FreeTDS", "{FreeTDS}", "freetds", "/usr/lib/x86_64-linux-gnu/odbc/libtdsodbc.so", "/opt/homebrew/lib/libtdsodbc.so"],
)
def test_freetds_is_known_by_name_or_by_its_library(driver: str) -> None:
    assert is_freetds(driver)


@pytest.mark.parametrize("driver", [MS, "{ODBC Driver 17 for SQL Server}", "SQL Server", "libmsodbcsql-18.so"])
def test_other_drivers_are_not_freetds(driver: str) -> None:
    assert not is_freetds(driver)


def said(raw: str) -> dict[str, str]:
    """The fields FreeTDS gets for ``raw`` (either form), by lower-cased key."""
    result = for_driver(resolve_database_url(raw))
    assert result.freetds and result.odbc.endswith(";"), result.odbc
    return {key.lower(): value for key, value in parse(result.odbc)}


# (what the operator wrote, fields FreeTDS must get, fields it must not get)
FREETDS_FORMS = [
    ("mssql+pyodbc://bot:pw@db.example.com:1433/Breehavior?driver=FreeTDS", {"server": "db.example.com", "port": "1433"}, set()),
    ("DRIVER={FreeTDS};SERVER=db.example.com,1433;UID=bot;PWD=pw", {"server": "db.example.com", "port": "1433"}, set()),
    ("DRIVER={FreeTDS};SERVER=tcp:10.0.0.5,14333;UID=bot;PWD=pw", {"server": "10.0.0.5", "port": "14333"}, set()),
    ("DRIVER={FreeTDS};SERVER=db;PORT=2000;UID=bot;PWD=pw", {"server": "db", "port": "2000"}, set()),
    ("DRIVER={FreeTDS};SERVER=db\\SQLEXPRESS;UID=bot;PWD=pw", {"server": "db\\SQLEXPRESS"}, {"port"}),
    ("DRIVER={FreeTDS};SERVER=db,1433;Encrypt=yes;UID=bot;PWD=pw", {"encryption": "require"}, {"encrypt"}),
    ("DRIVER={FreeTDS};SERVER=db;Encrypt=Mandatory", {"encryption": "require"}, {"encrypt"}),
    ("DRIVER={FreeTDS};SERVER=db;Encrypt=strict", {"encryption": "require"}, {"encrypt"}),
    ("DRIVER={FreeTDS};SERVER=db;Encrypt=no", {"encryption": "request"}, {"encrypt"}),
    ("DRIVER={FreeTDS};SERVER=db;LongAsMax=yes", {"clientcharset": "UTF-8"}, {"longasmax"}),
    ("mssql+pyodbc://bot:pw@db/B?driver=FreeTDS&Encrypt=yes&LongAsMax=yes", {"encryption": "require"}, {"longasmax"}),
    ("DRIVER={FreeTDS};SERVER=db;ClientCharset=ISO-8859-1", {"clientcharset": "ISO-8859-1"}, set()),
    ("DRIVER=/usr/lib/x86_64-linux-gnu/odbc/libtdsodbc.so;SERVER=db,1433", {"port": "1433"}, set()),
]


@pytest.mark.parametrize(("raw", "wanted", "absent"), FREETDS_FORMS)
def test_freetds_gets_the_string_in_its_own_words(raw: str, wanted: dict[str, str], absent: set[str]) -> None:
    fields = said(raw)
    assert {key: fields.get(key) for key in wanted} == wanted, fields
    assert not absent & set(fields), fields


@pytest.mark.parametrize(
    ("password", "written"),
    [
        ("se;cr}et=1{x", "PWD={se;cr}et=1{x};"),
        ("a}b;c", "PWD={a}b;c};"),
        ("{x;y}", "PWD={{x;y}};"),
        ("semi;", "PWD={semi;};"),
        (" sp ", "PWD={ sp };"),
        ("plain}brace", "PWD=plain}brace;"),
        ("p@ss+w%rd", "PWD=p@ss+w%rd;"),
    ],
)
def test_a_password_is_braced_the_way_freetds_reads_braces(password: str, written: str) -> None:
    """FreeTDS 1.3 ends a braced value at the first `};` and knows no `}}` (each verified against a real login)."""
    raw = f"DRIVER={{FreeTDS}};SERVER=db;UID=bot;PWD={{{password.replace('}', '}}')}}}"
    assert written in for_driver(resolve_database_url(raw)).odbc
    url = f"mssql+pyodbc://bot:{quote(password, safe='')}@db/B?driver=FreeTDS"
    assert written in for_driver(resolve_database_url(url)).odbc, "the URL form says the same"


async def test_a_password_freetds_cannot_read_is_one_clear_error_not_retried(caplog: pytest.LogCaptureFixture) -> None:
    with pytest.raises(ValueError, match="FreeTDS cannot read a PWD holding"):
        render_for_freetds([("PWD", "ab};c")])
    db = Database("DRIVER={FreeTDS};SERVER=db,1433;UID=bot;PWD={ab}};c}", reconnect_seconds=0.01)
    try:
        assert await db.connect() is False
        assert db.last_failure == "permanent" and db.last_error is not None
        assert db.last_error.startswith("DB_CONNECTION_STRING cannot be used as it is: FreeTDS cannot read a PWD")
        assert db._reconnect_task is None, "a string that can never work is not retried every 30 s"
    finally:
        await db.close()


@pytest.mark.parametrize(
    "raw",
    [
        f"DRIVER={{{MS}}};SERVER=db,1433;DATABASE=B;UID=bot;PWD={{se;cr}}}}et}};Encrypt=yes;LongAsMax=yes",
        f"mssql+pyodbc://bot:pw@db:1433/B?driver={MS.replace(' ', '+')}&Encrypt=yes&LongAsMax=yes",
    ],
)
def test_microsofts_driver_gets_the_string_as_written(raw: str) -> None:
    url = resolve_database_url(raw)
    result = for_driver(url)
    assert not result.freetds and result.translated == [] and result.ignored == []
    assert ("Encrypt", "yes") in parse(result.odbc) and ("LongAsMax", "yes") in parse(result.odbc)
    engine_url, options = server_url_and_options(url)
    assert engine_url is url and "use_setinputsizes" not in options


def test_freetds_binds_long_text_without_setinputsizes() -> None:
    """FreeTDS answers HY090 "Invalid string or buffer length" to a bound text over 2,000 characters sized that way."""
    engine_url, options = server_url_and_options(resolve_database_url("DRIVER={FreeTDS};SERVER=db,1433;UID=u;PWD=p"))
    assert options["use_setinputsizes"] is False and "PORT=1433;" in str(engine_url.query["odbc_connect"])


@pytest.mark.parametrize(
    ("raw", "marks", "words"),
    [
        ("DRIVER={FreeTDS};SERVER=127.0.0.1,1433;UID=u;PWD=p", ["✓"], "SERVER=127.0.0.1,1433 sent as"),
        ("DRIVER={FreeTDS};SERVER=db.example.com;UID=u;PWD=p", ["!", "✓"], "does not encrypt the connection to db.example.com"),
        ("DRIVER={FreeTDS};SERVER=db.example.com;Encrypt=yes;UID=u;PWD=p", ["✓"], "Encrypt=yes sent as Encryption=require"),
        ("DRIVER={FreeTDS};SERVER=localhost;ApplicationIntent=ReadOnly;UID=u;PWD=p", ["!", "✓"], "ignores ApplicationIntent"),
        (f"DRIVER={{{MS}}};SERVER=db.example.com;UID=u;PWD=p", [], ""),
        ("sqlite:///data/bot.db", [], ""),
    ],
)
def test_the_doctor_says_what_the_driver_makes_of_the_string(raw: str, marks: list[str], words: str) -> None:
    notes = driver_checks(resolve_database_url(raw))
    assert [note.status.value for note in notes] == marks
    assert all(note.status in (Status.OK, Status.WARNING) for note in notes), "a driver note never blocks"
    assert not words or any(words in note.line() for note in notes), [n.line() for n in notes]


def server_forms() -> list[str]:
    """The one test server, reached through each connection-string form an operator may write."""
    url = resolve_database_url(SERVER_URL)
    fields = {key.lower(): value for key, value in parse(for_driver(url).odbc)}
    host, port, database = fields["server"], fields.get("port", "1433"), fields.get("database", "")
    user, password = fields["uid"], fields["pwd"]
    braced = "{" + password.replace("}", "}}") + "}"
    return [
        f"mssql+pyodbc://{quote(user)}:{quote(password, safe='')}@{host}:{port}/{database}?driver=FreeTDS",
        f"DRIVER={{FreeTDS}};SERVER={host},{port};DATABASE={database};UID={user};PWD={braced}",
        f"DRIVER={{FreeTDS}};SERVER=tcp:{host},{port};DATABASE={database};UID={user};PWD={password};LongAsMax=yes",
        f"DRIVER={{FreeTDS}};SERVER={host};PORT={port};DATABASE={database};UID={user};PWD={password};Encrypt=no",
    ]


@pytest.mark.skipif(
    not ON_SERVER or not for_driver(resolve_database_url(SERVER_URL)).freetds,
    reason="needs MSSQL_TEST_URL reached through FreeTDS",
)
def test_every_form_reaches_the_server_through_freetds() -> None:
    for raw in server_forms():
        engine = create_engine_for(resolve_database_url(raw), 1)
        try:
            with engine.connect() as conn:
                assert conn.execute(sa.select(sa.literal(1))).scalar_one() == 1, raw
        finally:
            engine.dispose()
