"""A question and its answer in one message: the asked-then-answered reading of the conversation screen
(:mod:`utils.privacy._conversation_asked`) within a line.

Members quote the question they answer ("> what's the door code again?" then the code on the next line), lay a
reply out as "Q: … A: …", or write both sides of a dialogue with dashes ("—¿y la del candado? —la de siempre:
3-7-0-2"). Each question mark closes a question; what follows it, to the end of its line or the next line when it
ends its own, is read as the next message would be: a value there answers a question that names what it opens (a
door, the wifi, a padlock), and only then. Ordinary questions answered in the same message (a time, a count, a year)
stay, as they do across messages. A security question named in a line is answered in it after a word for its
answer ("Antwort war Lindenhof"). A line that says it answers an earlier question ("you asked about the gate — it's
4471") gives the value of what it names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from utils.privacy import vocabulary
from utils.privacy._conversation_asked import NOT_ASKING, answer_value, asks_for_an_opener, names_an_opener
from utils.privacy._conversation_words import PHRASE_KIND_IN, PHRASE_KINDS, YEAR, kindless_kind
from utils.privacy.rule import Rule, Span, literal_trie

_QUESTION_MARK = re.compile(r"[?？]")
_CLAUSE_START = re.compile(r".*(?:[.!\n—–]|^)", re.DOTALL)
_QUESTION_LABEL = re.compile(r"(?i)^[\s>*_`\"'“”«»]*(?:(?:q|p|f|question|frage|pregunta|pergunta|domanda)\s*[:.)]\s*)?")
_FIRST_CLAUSE = re.compile(r"[,;.!](?:\s|$)")
"""An answer's first clause: the value, before what to do with it ("4 9 1 6, hit the # after")."""
_ANSWER = re.compile(r"[ \t]*(?:\n[ \t]*)?(?P<answer>[^\n]+)")
_ANSWER_LABEL = re.compile(
    r"(?i)^[\s>*_`\"'“”«»]*(?:(?:a|r|ans|answer|antwort|respuesta|réponse|resposta|risposta|antwoord|odpowiedź|ответ)"
    r"\s*[:.)]\s*|[—–-]+\s*|→\s*)?"
)


def _question_before(text: str, mark: int) -> str:
    """The clause a question mark closes: from the last sentence end, dash or line start before it."""
    head = text[: mark + 1]
    start = _CLAUSE_START.match(head[:-1])
    clause = head[start.end() if start else 0 :]
    return _QUESTION_LABEL.sub("", clause, count=1)


_ASKED_KINDS = frozenset({"password", "wifi", "pin", "code", "login"})
_QUESTION_WORDS = 10


def _asks_for_a_value(question: str) -> bool:
    """A question naming what a value opens ("door?"), or naming the secret itself ("pin for the bike lock?")."""
    if asks_for_an_opener(question):
        return True
    if any(c.isdigit() for c in question) or len(question.split()) > _QUESTION_WORDS:
        return False
    if NOT_ASKING.search(question.casefold()) is not None:
        return False  # "what's the wifi called?" asks for its name
    return any(word.kind in _ASKED_KINDS for word in vocabulary.find(question))


@dataclass(frozen=True)
class _AskedInLineRule(Rule):
    """Reads a line only when it holds a question mark; a question first, its value after."""

    def spans(self, text: str) -> Iterator[Span]:
        if "?" not in text and "？" not in text:
            return
        for mark in _QUESTION_MARK.finditer(text):
            answer = _ANSWER.match(text, mark.end())
            if answer is None or not _asks_for_a_value(_question_before(text, mark.start())):
                continue
            label = _ANSWER_LABEL.match(answer.group("answer"))
            said = answer.group("answer")[label.end() if label else 0 :]
            value = answer_value(said) or answer_value(_FIRST_CLAUSE.split(said, maxsplit=1)[0])
            if value is None:
                continue
            at = text.find(value, answer.start("answer"))
            if at != -1:
                yield at, at + len(value), "password" if kindless_kind(value) == "password" else "code"


_ANSWER_WORD = re.compile(
    r"(?i)(?<![^\W\d_])(?:answer|antwort|respuesta|réponse|resposta|risposta|antwoord|odpowiedź|odpowiedz|ответ|cevap"
    r"|cevabı|svar|svaret|vastaus|jawaban|jawabannya|sagot)(?![^\W\d_])"
)
_GIVEN_AFTER = re.compile(
    r"(?i)[ \t]*(?:(?:[:=→—–]|->|is|was|war|ist|es|est|é|è|era|jest|это|är|var|on|oli|adalah|ay)(?![^\W\d_])[ \t]*)+"
    r"[\"'“„«]?(?P<secret>[^\W\d_][^\n,.;!?\"'”“»]{1,40}?)[\"'”“»]?[ \t]*(?=[\n,.;!?]|$)"
)
"""A security question named, and its answer given after it in the same line, after a word for the answer or after
the question's own name when a word for the answer came before it ("security question 'first pet' → answer: Pickles",
"Sicherheitsfrage … – Antwort war Lindenhof", "réponse à la question secrète : Médor"): a few plain words, the
answer is the secret."""
_ANSWER_WORDS = 4


@dataclass(frozen=True)
class _SecurityAnswerRule(Rule):
    """Reads a line only when it names a security question (a phrase kind of the conversation's words)."""

    def spans(self, text: str) -> Iterator[Span]:
        folded = text.casefold()
        named = PHRASE_KIND_IN.search(folded)
        if named is None:
            return
        ends = [m.end() for m in _ANSWER_WORD.finditer(text)]
        if ends and len(folded) == len(text):  # the question named after its answer's word ("réponse à la question
            ends += [m.end() for m in PHRASE_KIND_IN.finditer(folded) if m.start() > ends[0]]  # secrète : Médor")
        for end in ends:
            given = _GIVEN_AFTER.match(text, end)
            if given is None or given.start("secret") < named.end():
                continue  # "the answer is obvious, security questions are useless": no question before it
            if len(given.group("secret").split()) <= _ANSWER_WORDS:
                yield given.start("secret"), given.end("secret"), self.kind


_ANSWERING_PHRASES = [
    "you asked",
    "you were asking",
    "your question",
    "re your q",
    "to answer your",
    "answering your",
    "tu demandais",
    "tu m'as demandé",
    "ta question",
    "pour répondre",
    "du hattest gefragt",
    "deiner frage",
    "du fragtest",
    "me preguntaste",
    "preguntabas",
    "tu pregunta",
    "respondiendo",
    "você perguntou",
    "vc perguntou",
    "perguntaste",
    "tua pergunta",
    "sua pergunta",
    "respondendo",
    "mi hai chiesto",
    "chiedevi",
    "la tua domanda",
    "rispondendo",
    "je vroeg",
    "jouw vraag",
    "je vraag",
    "antwoord op",
    "pytałeś",
    "pytałaś",
    "twoje pytanie",
    "odpowiadając",
    "ты спрашивал",
    "ты спрашивала",
    "твой вопрос",
    "отвечаю на",
    "sorduğun",
    "sormuştun",
    "kamu nanya",
    "pertanyaanmu",
    "tanong mo",
    "bạn hỏi",
    "du frågade",
    "din fråga",
    "du spurte",
    "du spurgte",
    "聞かれた",
    "聞いてた",
    "물어본",
    "물어봤던",
    "你问的",
    "你问过",
]
_ANSWERING = re.compile(literal_trie(_ANSWERING_PHRASES))
"""Words that say a line answers a question asked before ("you asked about the gate", "mi hai chiesto …"), looked
for in the line's folded form as one trie."""
_TOKEN = re.compile(r"\S+")


@dataclass(frozen=True)
class _AnsweringRule(Rule):
    """A line that answers an earlier question, names what a value opens and gives one value (not a year: "it was open
    since 2019"): the value."""

    def spans(self, text: str) -> Iterator[Span]:
        folded = text.casefold()
        said = _ANSWERING.search(folded)
        if said is None or len(folded) != len(text) or not names_an_opener(folded):
            return  # (a line whose folding moved its characters is not read: "ß" folds to two)
        rest = text[said.end() :]
        values = [v for v in (answer_value(t.group()) for t in _TOKEN.finditer(rest)) if v and not YEAR.fullmatch(v)]
        spaced = answer_value(_FIRST_CLAUSE.split(rest.split(":")[-1].split("—")[-1], maxsplit=1)[0])
        found = values if len(values) == 1 else [spaced] if spaced and not YEAR.fullmatch(spaced) else []
        for value in found:
            at = text.find(value, said.end())
            if at != -1:
                yield at, at + len(value), "password" if kindless_kind(value) == "password" else "code"


RULES: tuple[Rule, ...] = (
    _AskedInLineRule("code", re.compile("(?!)")),
    _SecurityAnswerRule("password", re.compile("(?!)"), needles=tuple(sorted(PHRASE_KINDS))),
    _AnsweringRule("code", re.compile("(?!)"), needles=tuple(_ANSWERING_PHRASES)),
)
"""The last two read a line only where the scanner found one of their phrases in its case-folded form (what each
searches its folded line for first): a long post without one costs them no search of its own."""
