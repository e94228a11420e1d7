"""The one place that decides what text may be stored, logged or shown to the extractor.

``screen.screen(text, field)`` is the entry point (``screen_profile``, ``screen_topics``, ``screen_key`` for
the model's other fields); ``conversation.ConversationScreen`` reads a member's consecutive messages together
and carries what was screened out as ``Seen``; ``others`` says whom a kept line is about. The rules live in
one module per family (``passwords``, ``keys``, ``numbers``, ``contact``, ``seed``, ``categories``, ``roles``,
…) with their vocabularies in ``data/``; other packages use only the names below. No module of the package
imports this file, so re-exporting makes no cycle.
"""

# ``screen`` and ``normalise`` are the modules, as before: their main function has the module's name, and
# binding the function here would hide the module from ``from utils.privacy import screen``.
from utils.privacy import normalise, screen
from utils.privacy.conversation import (
    WINDOW_SECONDS,
    ConversationScreen,
    with_lone_value,
)
from utils.privacy.memoised_lines import forget_memoised_lines, memoised
from utils.privacy.others import (
    about_someone_else,
    mentioned_names,
    names_of_the_member,
)
from utils.privacy.screen import (
    PLACEHOLDER,
    Screened,
    Seen,
    cut_screened,
    screen_key,
    screen_profile,
    screen_topics,
)
from utils.privacy.warm_up import compile_rules


def train_line_classifier(argv: list[str] | None = None) -> None:
    """Train the kept-line classifier and write its weights (``python3 -m scripts.train_privacy_classifier``).

    The trainer is imported only when it is called: it reads tables, LoCoMo and argparse, none of which the bot needs,
    and every start of the bot imports this package."""
    from utils.privacy.line_classifier_training import main

    main(argv)


def train_generated_runs(argv: list[str] | None = None) -> None:
    """Learn the generated-run model's weights and threshold (``python3 -m scripts.train_generated_runs``); imported
    only when called, like :func:`train_line_classifier`: it reads spelling lists and installed code."""
    from utils.privacy.generated_runs_training import main

    main(argv)


def train_keyboard_layouts(argv: list[str] | None = None) -> None:
    """Learn the wrong-keyboard-layout models and margin (``python3 -m scripts.train_keyboard_layouts``); imported only
    when called: it reads the ``wordfreq`` package's lists, which only the trainer's machine installs."""
    from utils.privacy.keyboard_layouts_training import main

    main(argv)


__all__ = [
    "PLACEHOLDER",
    "WINDOW_SECONDS",
    "ConversationScreen",
    "Screened",
    "Seen",
    "about_someone_else",
    "compile_rules",
    "cut_screened",
    "forget_memoised_lines",
    "memoised",
    "mentioned_names",
    "names_of_the_member",
    "normalise",
    "screen",
    "screen_key",
    "screen_profile",
    "screen_topics",
    "train_generated_runs",
    "train_keyboard_layouts",
    "train_line_classifier",
    "with_lone_value",
]
