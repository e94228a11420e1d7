"""The README is where operators look: every setting it documents exists, every command it names runs."""

from __future__ import annotations

import importlib.util
import re
import shlex
from pathlib import Path

import pytest
import yaml

import bot
from bench.__main__ import parse as bench_parse
from scripts.terminal_chat import CHAT_EPILOG
from utils.bootstrap import SKIP_VARIABLE
from utils.config import COMPOSE_ONLY, ENV_FILE_VARIABLE, Settings

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
SETTINGS = {name.upper() for name in Settings.model_fields}
OTHER_VARIABLES = {ENV_FILE_VARIABLE, SKIP_VARIABLE, "OLLAMA_HOST", "BENCH_DB_URL", "MSSQL_TEST_URL", "LOCOMO_GLOB"}
"""Variables the README may name that are not settings: read by the config loader, the set-up step, Ollama, the bench
or the tests, and the privacy classifier's trainer (where LoCoMo is)."""
SQL_SERVER_NAMES = {"READ_COMMITTED_SNAPSHOT", "MIN_ACTIVE_ROWVERSION", "INFORMATION_SCHEMA", "REFERENTIAL_CONSTRAINTS"}
"""A database option, a function and a catalog view of SQL Server that docs/sql-server.md explains: T-SQL, not
settings."""
SETTING_LIKE = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
CODE_BLOCK = re.compile(r"```[a-z]*\n(.*?)```", re.S)
SHELL_BLOCK = re.compile(r"```(?:bash|sh|console)\n(.*?)```", re.S)
LINK = re.compile(r"\]\(((?!https?://|#)[^)#]+)(?:#[^)]*)?\)")


def readme() -> str:
    return README.read_text(encoding="utf-8")


def all_docs() -> str:
    """The README and docs/*.md, which the README links to."""
    return "\n".join(path.read_text(encoding="utf-8") for path in [README, *sorted((ROOT / "docs").glob("*.md"))])


def documented_names(text: str) -> set[str]:
    """Names written as settings: `NAME` or `NAME=…` in backticks, and `NAME=` lines of code blocks."""
    names = {m for span in re.findall(r"`([^`\n]+)`", text) for m in SETTING_LIKE.findall(span.split("=")[0])}
    for block in CODE_BLOCK.findall(text):
        names |= set(re.findall(r"^([A-Z][A-Z0-9_]*)=", block, re.M))
    return names


def commands_in(text: str) -> list[list[str]]:
    """Every `python …`/`python3 …` command of the README's shell blocks, cut at comments, pipes and `&&`."""
    found = []
    for block in SHELL_BLOCK.findall(text):
        for line in block.splitlines():
            line = line.split(" #")[0].split("|")[-1].split("&&")[-1].strip()
            start = re.search(r"\bpython3? ", line)
            if start and "<" not in line:
                found.append(shlex.split(line[start.start() :]))
    return found


def test_readme_settings_table_lists_every_setting_with_its_description() -> None:
    text = readme()
    for name, field in Settings.model_fields.items():
        assert f"| `{name.upper()}` |" in text, name
        assert field.description in text, name


def test_every_setting_the_readme_names_exists() -> None:
    """A setting renamed or removed leaves no stale name for an operator to copy into `.env`."""
    names = documented_names(all_docs())
    assert {"DISCORD_TOKEN", "LLM_MODEL", "BOT_DB_PASSWORD", "DOCKER_LLM_BASE_URL"} <= names, "the scan finds names"
    unknown = names - SETTINGS - COMPOSE_ONLY - OTHER_VARIABLES - SQL_SERVER_NAMES
    assert unknown == set()
    assert documented_names("set `DISCORD_TOKNE=x`\n```ini\nLLM_MODLE=y\n```\n") == {"DISCORD_TOKNE", "LLM_MODLE"}


def test_every_recipe_block_is_a_valid_env_file(tmp_path: Path) -> None:
    """Each copy-paste `ini` block loads as settings (placeholders aside) with the values it shows."""
    blocks = [b for b in re.findall(r"```ini\n(.*?)```", readme(), re.S) if "LLM_BASE_URL=" in b]
    assert len(blocks) >= 3, "Ollama, OpenAI and LM Studio"
    for block in blocks:
        env = tmp_path / "recipe.env"
        env.write_text(block.replace("…your key…", "x"), encoding="utf-8")
        settings = Settings(_env_file=env)
        model = re.search(r"^LLM_MODEL=(.+)$", block, re.M)[1]
        assert settings.llm_model == model.strip()


def test_the_ollama_recipe_pulls_the_model_it_configures() -> None:
    text = readme()
    recipe = text[text.index("### Ollama") : text.index("### OpenAI")]
    model = re.search(r"^LLM_MODEL=(.+)$", recipe, re.M)[1].strip()
    assert f"ollama pull {model}" in recipe
    assert model == Settings.model_fields["llm_model"].default, "the recipe is the defaults"


def test_every_python_command_in_the_readme_exists() -> None:
    commands = commands_in(all_docs())
    assert ["python3", "bot.py", "doctor", "--skip-discord"] in commands, "the scan finds commands"
    assert ["python3", "-m", "bench", "--tiny"] in commands
    assert ["python", "scripts/migrate_notes_to_profiles.py", "--dry-run"] in commands, "inside the container: python"
    for command in commands:
        parse = {"bot.py": bot.parse_args, "bench": bench_parse}.get(command[1] if command[1] != "-m" else command[2])
        if parse is not None:
            try:
                parse(command[2:] if command[1] != "-m" else command[3:])
            except SystemExit as exc:
                pytest.fail(f"{' '.join(command)}: rejected ({exc})")
        elif command[1] == "-m":
            module = command[2]
            assert module in {"pytest", "venv"} or importlib.util.find_spec(module), module
        elif command[1].endswith(".py"):
            assert (ROOT / command[1]).is_file(), command
    with pytest.raises(SystemExit):
        bot.parse_args(["doctor", "--skip-discrod"])  # the check can fail


def test_docker_compose_services_the_readme_names_exist() -> None:
    services = set(yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))["services"])
    named = set(re.findall(r"docker compose (?:logs -f|run --rm|stop|start|run --build --rm) ([a-z-]+)", readme()))
    assert named and named <= services, named - services
    for row in re.findall(r"^\| `([a-z-]+)` \|", readme(), re.M):
        if row.islower() and "_" not in row:
            assert row in services, row


def test_every_link_to_a_file_points_at_one() -> None:
    for path in [README, ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md")]:
        for target in LINK.findall(path.read_text(encoding="utf-8")):
            assert (path.parent / target).exists(), f"{path.name}: {target}"


def test_readme_quick_start_is_the_two_commands_and_ci_runs_the_test_one_literally() -> None:
    """Nothing to set up first: the quick start's only block is the bot's command and the tests' command."""
    text = readme()
    assert text.index("## Quick start") < text.index("## What you need") < text.index("## 2. Create the Discord")
    quick = text[text.index("## Quick start") : text.index("## What you need")]
    [block] = SHELL_BLOCK.findall(quick)
    commands = [line.split(" #")[0].strip() for line in block.splitlines() if line.strip()]
    assert commands == ["python3 bot.py", "python3 -m tests"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^python3 -m tests 2>&1 \| tee ", ci, re.M), "CI runs the README's test command as written"
    assert "pip install -e" not in ci and "--no-deps -e" not in all_docs(), "nothing is installed editable"


def test_readme_states_the_python_version_the_project_requires() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'requires-python = ">=3.11"' in pyproject
    assert "Python 3.11 or newer" in readme() and bot.MINIMUM_PYTHON == (3, 11)


def test_the_readme_names_the_terminal_chat_commands_its_help_lists() -> None:
    for command in ("/as <user-id> <name>", "/channel <name>", "/memory show", "/help"):
        assert command in readme() and command in CHAT_EPILOG, command


def test_the_layout_table_maps_every_package_cog_and_script() -> None:
    """A newcomer finds any behaviour from docs/development.md: nothing in the tree is missing from its map."""
    layout = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    expected = [f"utils/{p.name}/" for p in (ROOT / "utils").iterdir() if (p / "__init__.py").exists()]
    expected += [f"cogs/{p.name}" for p in (ROOT / "cogs").glob("*.py") if p.name != "__init__.py"]
    expected += [f"scripts/{p.name}" for p in (ROOT / "scripts").glob("*.py") if p.name != "__init__.py"]
    expected += ["bench/", "migrations/", "prompts/", "tests/", "bot.py"]
    assert len(expected) > 15
    missing = [path for path in expected if f"`{path}`" not in layout]
    assert missing == []
    assert README.read_text(encoding="utf-8").count("docs/development.md") >= 1, "the README links to the layout"


README_LINES_BEFORE_SETTINGS = 250
"""An owner reads down to the settings: the steps before them stay short enough to read in one sitting."""


def test_the_readme_is_short_before_its_settings() -> None:
    lines = readme().splitlines()
    [heading] = [i for i, line in enumerate(lines) if line.startswith("## ") and "Settings" in line]
    assert heading <= README_LINES_BEFORE_SETTINGS, f"{heading} lines before the settings"


def test_the_settings_open_with_what_owners_change_first_and_end_with_sharding() -> None:
    text = readme()
    settings = text[text.index("## Settings") :]
    order = [
        settings.index(f"| `{name}` |") for name in ("DISCORD_TOKEN", "LLM_BASE_URL", "SENTIMENT_CHANNEL_IDS", "SHARD_COUNT")
    ]
    assert order == sorted(order)
    assert settings.index("| `SHARD_COUNT` |") > max(
        settings.index(f"| `{n.upper()}` |")
        for n in Settings.model_fields
        if not n.startswith(("shard", "housekeeping", "coherence", "db_migrate"))
    )


def test_the_quick_start_marks_the_test_command_for_contributors() -> None:
    text = readme()
    quick = text[text.index("## Quick start") : text.index("## What you need")]
    [block] = SHELL_BLOCK.findall(quick)
    tests_line = next(line for line in block.splitlines() if line.startswith("python3 -m tests"))
    assert "for contributors" in tests_line
    flat = " ".join(quick.split())
    assert re.search(r"\b\d+ s from a fresh clone", flat) and re.search(r"about \d+ minutes on 2 cores", flat), "measured times"


def test_the_doctor_sample_is_at_the_current_schema() -> None:
    """The sample is the doctor's real output: a new migration makes the old revision in it stale."""
    from utils.storage.migrate import head_revision

    text = readme()
    sample = text[text.index("## 4. Check everything") : text.index("## 5. Start the bot")]
    [line] = [line for line in sample.splitlines() if line.startswith("✓ database: ")]
    assert f"schema at {head_revision()} (head), nothing to do" in line


def test_the_end_of_input_wait_is_stated_as_the_terminal_chat_computes_it() -> None:
    from scripts.terminal_chat import end_of_input_wait

    defaults = Settings(_env_file=None)
    bound = f"({end_of_input_wait(defaults):.0f} s with the defaults)"
    assert bound == "(190 s with the defaults)"
    for text in (readme(), CHAT_EPILOG):
        flat = " ".join(text.replace("`", "").split())
        assert "MEMORY_EXTRACTION_DELAY_SECONDS + LLM_TIMEOUT_SECONDS" in flat and "(LLM_MAX_RETRIES + 1) + 5 s" in flat
        assert bound in flat
    for delay, timeout, retries in [(5.0, 60.0, 2), (0.0, 20.0, 0), (30.0, 120.0, 5)]:
        settings = Settings(
            _env_file=None, memory_extraction_delay_seconds=delay, llm_timeout_seconds=timeout, llm_max_retries=retries
        )
        assert end_of_input_wait(settings) == delay + timeout * (retries + 1) + 5


def test_which_commands_the_readme_says_are_hidden_is_what_discord_is_told() -> None:
    """A group with default_permissions is hidden from members without them; the README may claim hiding for those only."""
    from cogs.memory import MemoryCog
    from cogs.monitor import MonitorCog

    groups = (MemoryCog.admin, MemoryCog.memory, MonitorCog.bcs, MonitorCog.mod)
    hidden = {group.name: group.default_permissions is not None for group in groups}
    flat = " ".join(readme().split())
    assert "Moderator commands are hidden" not in flat
    claim = "`/memory-admin` and `/mod` are shown only to members with *Manage Server*"
    assert claim in flat
    assert hidden["memory-admin"] and hidden["mod"]
    assert not hidden["memory"] and not hidden["bcs"]  # every member's own commands stay listed for everyone


def test_the_docs_list_every_benchmark_only_takes() -> None:
    from bench.child import MODULES

    line = next(line for line in all_docs().splitlines() if "python3 -m bench --only memory_block " in line)
    listed = re.search(r"repeatable: ([a-z_, ]+)\)", line)[1].split(", ")
    assert listed == list(MODULES)


def test_the_readmes_docker_table_lists_every_service_an_owner_starts() -> None:
    """`docker compose up` starts every service outside a profile (the tests' ones are for contributors)."""
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))["services"]
    started = {name for name, service in services.items() if not service.get("profiles")}
    rows = set(re.findall(r"^\| `([a-z-]+)` \| ", readme(), re.M))
    assert {"mssql", "db-init", "migrate", "bot"} <= started <= rows, started - rows


def test_the_log_lines_and_replies_the_readme_quotes_are_the_codes() -> None:
    """An owner searches the log, or a member's screen, for the words the README quotes."""
    from utils.conversation.service import FALLBACK_REPLY

    flat = " ".join(readme().split())
    assert f'"{FALLBACK_REPLY}"' in flat, "the fallback reply, word for word"
    source = (ROOT / "bot.py").read_text(encoding="utf-8")
    quoted = re.search(r"`(Synced N [a-z ]+\.)`", flat)[1]
    assert f'"{quoted.replace("N", "%d")}"' in source, quoted


def test_the_docker_table_says_what_the_bot_service_waits_for() -> None:
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))["services"]
    waits = services["bot"]["depends_on"]
    assert waits["migrate"]["condition"] == "service_completed_successfully"
    [row] = [line for line in readme().splitlines() if line.startswith("| `bot` |")]
    assert "`migrate` has finished" in row
    [migrate] = [line for line in readme().splitlines() if line.startswith("| `migrate` |")]
    assert " ".join(services["migrate"]["command"]) in migrate
