"""Prompt-format markers of chat templates, which small local models write into their answers.

A server that formats the conversation with one template while the model was
trained on another (Gemma answering through a Llama-2 format, SmolLM2 through
ChatML) makes the model go on writing the format itself: ``[INST] <<SYS>>`` at the
start of every reply, ``<|im_end|>`` or a whole ``<|im_start|>user`` turn at the end.
No member writes these, so both the reply trimmer and memory vetting cut them.
"""

from __future__ import annotations

import re

_ROLE = r"(?:assistant|bot|model|ai|gpt|user|human|system|member)"
OPENING = re.compile(
    r"<\|im_start\|>[ \t]*(?:" + _ROLE + r")?[ \t]*:?"
    r"|<start_of_turn>[ \t]*(?:" + _ROLE + r")?"
    r"|<\|start_header_id\|>[ \t]*(?:" + _ROLE + r")?[ \t]*<\|end_header_id\|>"
    r"|<\|(?:assistant|user|system|human|bot|model)\|>"
    r"|<\|begin_of_text\|>"
    r"|\[INST\]|<<SYS>>"
    r"|^[ \t]*#{2,4}[ \t]*(?:Instruction|Input|User|Human|System)[ \t]*:",
    re.IGNORECASE | re.MULTILINE,
)
"""Where a turn or a section of the template starts (a role header may follow on the same line)."""
CLOSING = re.compile(
    r"<\|im_end\|>|<\|eot_id\|>|<\|end\|>|<\|endoftext\|>|<\|end_of_text\|>|<end_of_turn>|</s>|<eos>"
    r"|\[/INST\]|<</SYS>>|<\|eom_id\|>|<\|end_header_id\|>|<\|file_separator\|>|<pad>|<unk>",
    re.IGNORECASE,
)
"""Where a turn or a section ends."""
ANY = re.compile(f"(?:{OPENING.pattern})|(?:{CLOSING.pattern})", re.IGNORECASE | re.MULTILINE)
_SPECIAL_TOKEN = re.compile(r"<\|[a-z][a-z0-9_]{1,40}\|>", re.IGNORECASE)
"""Any ``<|name|>`` token: the families above and their kin (``<|tool_call|>``, ``<|reserved_special_token_3|>``)."""

_OTHER_ROLE = re.compile(r"user|human|system|member", re.IGNORECASE)
"""A leading turn of one of these roles is the prompt copied back: skipped to its end."""
RESPONSE_HEADING = re.compile(r"#{2,4}[ \t]*(?:Response|Assistant|Answer|Output|Bot)[ \t]*:?|<bos>|<s>", re.IGNORECASE)
"""An Alpaca-style heading or a start-of-text token in front of the answer; only at the start (mid-reply
"### Answer" may be the member's markdown and "<s>" an HTML tag)."""


def has_marker(text: str) -> bool:
    """Whether ``text`` holds any prompt-format marker."""
    return bool(ANY.search(text) or _SPECIAL_TOKEN.search(text))


def first_answer(text: str) -> str:
    """The part of a model's answer that is its own turn, with the template's markers taken out.

    Markers and role headers at the start are dropped; a system block the model
    copied first (``[INST] <<SYS>> … <</SYS>> … [/INST]``) goes with them; the answer
    ends where the next marker starts (another turn, or its end). What is left may be
    empty: an answer made of nothing but markers.
    """
    rest = text
    while True:
        stripped = rest.lstrip()
        opening = (
            OPENING.match(stripped)
            or CLOSING.match(stripped)
            or _SPECIAL_TOKEN.match(stripped)
            or RESPONSE_HEADING.match(stripped)
        )
        if opening is None:
            break
        rest = stripped[opening.end() :]
        if re.fullmatch(r"\[INST\]|<<SYS>>", opening.group(), re.IGNORECASE):
            rest = _after_copied_turn(rest)
        elif _OTHER_ROLE.search(opening.group()):
            closing = CLOSING.search(rest)
            rest = rest[closing.end() :] if closing else ""
    cut = [m.start() for m in (*ANY.finditer(rest), *_SPECIAL_TOKEN.finditer(rest)) if not _in_code(rest, m.start())]
    return rest[: min(cut, default=len(rest))].strip()


def _in_code(text: str, at: int) -> bool:
    """Whether ``at`` is inside a code block or inline code: a bot explaining a prompt format shows its markers."""
    if text.count("```", 0, at) % 2:
        return True
    line_start = text.rfind("\n", 0, at) + 1
    return text.count("`", line_start, at) % 2 == 1


def _after_copied_turn(rest: str) -> str:
    """After an opening ``[INST]`` or ``<<SYS>>``: the prompt the model copied, up to its ``[/INST]``.

    Without a closing ``[/INST]``, only a ``<<SYS>>`` block is skipped (to ``<</SYS>>``); an
    ``[INST]`` with no close is a marker in front of the answer.
    """
    closing = re.search(r"\[/INST\]", rest, re.IGNORECASE)
    if closing is not None:
        return rest[closing.end() :]
    system_end = re.search(r"<</SYS>>", rest, re.IGNORECASE)
    if system_end is not None and re.match(r"\s*(?:<<SYS>>)", rest, re.IGNORECASE) is None:
        return rest[system_end.end() :]
    return rest


def without_markers(text: str) -> str:
    """``text`` with every marker removed (for memory texts: the words around a leaked token are kept)."""
    return " ".join(_SPECIAL_TOKEN.sub(" ", ANY.sub(" ", text)).split())
