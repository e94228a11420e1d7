"""A database that is down at start, or goes away: the bot answers, keeps what it accepted, and recovers.

On SQLite the database is down while a file stands where its folder should be; on a server run
(MSSQL_TEST_URL) the bot is given a port where nothing answers yet, which then forwards to the server.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa
from conftest import SettingsFactory, converse, memory, query, remembers, system_prompt
from fake_llm import FakeLLM
from memory_seed import wait_until
from shared_database import ON_SERVER

from utils.runtime import Services


class Forwarder:
    """A local TCP port that refuses every connection until :meth:`open`, then forwards each one to ``target``:
    a database server that is down when the bot starts and comes back later. Plain threads, so the bot's
    event loop and database threads never wait on it."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        with socket.socket() as probe:  # a free port, closed again: connections to it are refused until open()
            probe.bind(("127.0.0.1", 0))
            self.port: int = probe.getsockname()[1]
        self._listener: socket.socket | None = None
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()

    def open(self) -> None:
        listener = socket.create_server(("127.0.0.1", self.port))
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def close(self) -> None:
        if self._listener is not None:
            self._listener.close()
        with self._lock:
            for sock in self._sockets:
                with suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:  # closed
                return
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._sockets += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        except OSError:
            pass
        finally:
            with suppress(OSError):
                sink.shutdown(socket.SHUT_WR)


@dataclass
class Outage:
    url: str
    """What the bot is given: unreachable until :attr:`end` is called."""
    stored: str
    """Where the test reads what the bot stored."""
    end: Callable[[], None]


@contextmanager
def database_down(tmp_path: Path, database_url: str) -> Iterator[Outage]:
    if not ON_SERVER:
        blocker = tmp_path / "not-a-directory"
        blocker.write_text("a file where the database folder should be")
        url = f"sqlite:///{blocker / 'bot.db'}"

        def end() -> None:
            blocker.unlink()
            blocker.mkdir()

        yield Outage(url, url, end)
        return
    server = sa.make_url(database_url)
    forwarder = Forwarder((server.host or "127.0.0.1", server.port or 1433))
    try:
        yield Outage(server.set(port=forwarder.port).render_as_string(hide_password=False), database_url, forwarder.open)
    finally:
        forwarder.close()


async def test_unreachable_database_at_start_then_recovery(
    make_settings: SettingsFactory, fake_llm: FakeLLM, tmp_path: Path, database_url: str
) -> None:
    with database_down(tmp_path, database_url) as outage:
        services = Services(make_settings(db_connection_string=outage.url, db_reconnect_seconds=0.05))
        await services.start()
        try:
            assert not services.db.available
            fake_llm.tools["extract_memories"] = remembers(memory("Plays Factorio.", "factorio"))
            reply = await converse(services, "I love Factorio")
            assert reply.startswith("echo:")
            assert fake_llm.tool_requests("extract_memories") == [], "memory is off (fail closed) until opt-outs are known"
            services.tracker.update_user_notes(42, "Talks about factory games a lot.")

            outage.end()
            assert await wait_until(lambda: services.db.available and services.memory.preferences.loaded)
            await services.flush_state()
            assert "Talks about factory games" in query(outage.stored, "SELECT UserNotes FROM UserState")[0][0]
            await converse(services, "I love Factorio, megabase time")
            assert query(outage.stored, "SELECT Memory FROM UserMemory") == [("Plays Factorio.",)]
            await converse(services, "factorio tips?")
            assert "Plays Factorio." in system_prompt(fake_llm)
        finally:
            await services.close()
        assert query(outage.stored, "SELECT COUNT(*) FROM LlmLog") == [(5,)], (
            "calls made while the database was down are logged too"
        )
