"""LOG_FILE: the log also goes to a file that rotates by size, so months of running fill a bounded space."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

import bot


@pytest.fixture
def root_handlers() -> Iterator[None]:
    """The handlers a test adds to the root logger are closed and removed again."""
    before = list(logging.getLogger().handlers)
    yield
    for handler in logging.getLogger().handlers:
        if handler not in before:
            handler.close()
            logging.getLogger().removeHandler(handler)


@pytest.mark.usefixtures("root_handlers")
@pytest.mark.parametrize("where", ["logs/bot.log", "deeper/still/bot.log"])
def test_log_lines_reach_the_file_created_with_its_folder(tmp_path: Path, where: str) -> None:
    path = tmp_path / where
    bot.configure_logging("INFO", str(path))
    logging.getLogger("bcs").warning("Could not reach the LLM at %s", "http://127.0.0.1:11434/v1")
    logging.getLogger("bcs").debug("not at INFO")
    text = path.read_text(encoding="utf-8")
    assert "WARNING bcs: Could not reach the LLM at http://127.0.0.1:11434/v1" in text
    assert "not at INFO" not in text


@pytest.mark.usefixtures("root_handlers")
def test_the_file_rotates_and_keeps_a_bounded_number(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot, "LOG_FILE_BYTES", 300)
    path = tmp_path / "bot.log"
    bot.configure_logging("INFO", str(path))
    for n in range(200):
        logging.getLogger("bcs").warning("line %d of a long run", n)
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == ["bot.log", *(f"bot.log.{n}" for n in range(1, bot.LOG_FILE_KEPT + 1))]
    assert "line 199 of a long run" in path.read_text(encoding="utf-8")
    assert all(p.stat().st_size <= 300 for p in tmp_path.iterdir())


def test_an_unwritable_log_file_is_one_line_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("LOG_FILE", str(blocker / "bot.log"))
    monkeypatch.setenv("DB_CONNECTION_STRING", f"sqlite:///{tmp_path / 'bot.db'}")
    assert bot.main(["migrate"]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(f"error: LOG_FILE={blocker / 'bot.log'} cannot be written (")
