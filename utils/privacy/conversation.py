"""A member's consecutive messages screened together: a secret split over two messages is still a secret.

The screen reads one message at a time, and members split what they say: "ok my new steam
password:" then "Kx8-tundra-44"; "9514" then "that was my bank pin btw". Neither message
alone holds "password" next to its value. :class:`ConversationScreen` keeps, per member and
place, the last few messages (at most :data:`WINDOW_MESSAGES`, no older than
:data:`WINDOW_SECONDS`) and reads each new one against them, both ways:

- *announced then given*: the earlier message ends by naming a secret ("my PIN", "wifi
  password is", "mein Passwort:") and the new one is a lone value: the value is screened out of
  the new message;
- *given then revealed*: the new message is short, names a secret and points back ("^", "that
  was my …", "das war mein Passwort", "ese era mi pin"): the credential-like words of the
  earlier message become values, and every copy of it held elsewhere (the chat context, the
  queued extraction, the log) is screened with them (:attr:`InContext.found`).

- *asked by another*: another member's question in the same place names a secret ("wifi pw?", "qual è il codice
  del cancello?") and the member's next message there, short, answers it: read as if the member had asked;
- *in pieces*: a code's digits one or two a message, a long value wrapped onto the next line or message, a value in
  halves (:mod:`utils.privacy._conversation_pieces`).

It is precise rather than broad: an ordinary exchange ("what's your favourite game?" /
"Hades") is read with a few dictionary look-ups and passes unchanged. The window holds the
messages as screened (what the screen already took out is not kept again), in RAM only,
bounded, and dropped when the member is forgotten (:meth:`ConversationScreen.forget`).
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace

from utils.privacy import seed
from utils.privacy._conversation_announced import given_across, given_after_lead_in, given_over_lines, value_given
from utils.privacy._conversation_asked import (
    KEPT_THROUGH,
    answered_after_question,
    labelled_after_value,
    names_an_opener,
    question_in,
)
from utils.privacy._conversation_corrected import corrected_earlier, corrected_values
from utils.privacy._conversation_edited import labelled_in_place, pointing_back
from utils.privacy._conversation_locked import answers_a_lock, given_beside
from utils.privacy._conversation_named import given_after_naming
from utils.privacy._conversation_parts import (
    handed_over,
    handed_value,
    labelled_parts,
    part_after_announcement,
    parts_after_kindless,
)
from utils.privacy._conversation_pieces import (
    continued_value,
    digit_piece,
    halves,
    spelled_across,
    spelled_lines,
    wrapped_lines,
)
from utils.privacy._conversation_revealed import chatter, revealed, revealed_without_kind
from utils.privacy._conversation_words import SHORT_MESSAGE_CHARS, SPACED_DIGITS, Said, lone_value, may_be_revealed
from utils.privacy.memoised_lines import forget_memoised_lines
from utils.privacy.screen import LOGGED_ONLY, SECRET_KINDS, Screened, Seen, screen

WINDOW_MESSAGES = 3
WINDOW_SECONDS = 300.0
"""A value given, or revealed, later than this is a new conversation: nothing is read across it."""
MAX_MEMBERS = 10_000
"""Members whose window is kept (the least recently heard from go first): a bound on the RAM, not a policy."""
MAX_PLACES = 10_000
"""Places whose last question is kept (the least recently spoken in go first)."""
_ANSWER_WORDS = 3
"""Words of a message that answers another member's question ("5830", "é Tapioca_Doce5")."""


@dataclass(frozen=True)
class InContext:
    """One message as its conversation reads it.

    ``said``: the message as screened, with what the conversation showed it gives (the value
    an earlier message announced). ``found``: the values only the conversation showed — given
    in this message after an announcement, or in an earlier one it revealed — for every copy of
    the member's messages held elsewhere (a `Screened` with ``values`` only).
    """

    said: Screened
    found: Screened
    lone_value: bool = False
    """The message is one bare value ("Gr33nTeaLatte", "5519"), or only hands one over after a label ("new one:
    Kettle-Harbor-91", "Hälfte eins: Bergsee"): alone it tells nothing about the member, and a later message may still
    show it was a secret ("that was my bank PIN"), so nothing is learned from it."""

    @property
    def seen(self) -> Seen:
        return Seen([self.found])


_NOTHING = Screened("", False, ())


class ConversationScreen:
    """The last few messages of each member in each place, read together with the next one (module docstring)."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic, max_members: int = MAX_MEMBERS) -> None:
        self._clock = clock
        self._max_members = max_members
        self._windows: OrderedDict[int, dict[int | None, deque[Said]]] = OrderedDict()
        self._asked: OrderedDict[int | None, tuple[int, Said, int]] = OrderedDict()
        """The last question asked in each place, who asked and how many messages of chatter came since: the next
        member to speak there may be answering it ("what's the code for the side door?" / "5830"), or a member a few
        lines later ("whats the garage code?" / "rip" / "2856")."""
        self._titled: OrderedDict[int, None] = OrderedDict()
        """Threads and posts whose title was read (:meth:`opened`)."""

    def __len__(self) -> int:
        """Members with a window held."""
        return len(self._windows)

    def take(
        self, user_id: int, place: int | None, text: str, *, message_id: int | None = None, parent: int | None = None
    ) -> InContext:
        """Screen ``text`` (a member's message in ``place``, a channel) with the member's messages just before it. A
        thread or a forum post names the channel it was opened from as its ``parent``: what is named or asked in the
        channel and given in the thread (or the reverse) is one conversation, read in the channel's window."""
        place = place if parent is None else parent
        now = self._clock()
        window = self._window(user_id, place, now)
        said, found, pending = _read(window, text, self._question_before(user_id, place, now))
        self._heard(user_id, place, Said(now, said.text, message_id))  # as screened, like the window
        lone = may_be_revealed(said.text)
        given_here = tuple(v for v in said.values if v[1] in SECRET_KINDS)
        found += [v for v in corrected_earlier(window, [*found, *given_here]) if v not in found]
        window.append(Said(now, text, message_id, lone and not found, given_here))
        _scrub(window, found)
        held = lone or (pending and not found) or handed_over(said.text)
        return _in_context(said, found, held)

    def opened(self, user_id: int, place: int, title: str, *, parent: int | None = None) -> None:
        """A thread or forum post ``user_id`` opened under ``title``: the title is read as their first line there (what
        it names may follow in their next message), and as a question put to whoever answers in it, with or without its
        question mark ("PIN do cartão da equipe" / "7361"), unless one asked there is still open. Nothing of it is kept
        but the window's line; a place's title is read once."""
        if place in self._titled:
            return
        self._titled[place] = None
        while len(self._titled) > MAX_PLACES:
            self._titled.popitem(last=False)
        self.take(user_id, place, title, parent=parent)
        root = place if parent is None else parent
        if question_in(title) is None and root is not None and root not in self._asked:  # a question asked stays open
            asked = Said(self._clock(), f"{title.rstrip()}?", None)
            self._asked[root] = (user_id, asked, 0)
            self._asked.move_to_end(root)

    def _window(self, user_id: int, place: int | None, now: float) -> deque[Said]:
        places = self._windows.get(user_id)
        if places is None:
            places = self._windows[user_id] = {}
            while len(self._windows) > self._max_members:
                self._windows.popitem(last=False)
        else:
            self._windows.move_to_end(user_id)
        window = places.get(place)
        if window is None:
            window = places[place] = deque(maxlen=WINDOW_MESSAGES)
        while window and now - window[0].at > WINDOW_SECONDS:
            window.popleft()
        for other in [p for p, w in places.items() if p != place and (not w or now - w[-1].at > WINDOW_SECONDS)]:
            del places[other]
        return window

    def _question_before(self, user_id: int, place: int | None, now: float) -> Said | None:
        """The question another member asked last in ``place``, when nothing was said there since."""
        asked = self._asked.get(place)
        if asked is None or asked[0] == user_id or now - asked[1].at > WINDOW_SECONDS:
            return None
        return asked[1]

    def _heard(self, user_id: int, place: int | None, said: Said) -> None:
        """Keep ``said``'s question as the place's last one, keep the one kept through a few messages of chatter, or
        drop it: an answer follows its question."""
        if place is None:
            return
        question = question_in(said.text)
        asked = self._asked.get(place)
        if question is not None:
            self._asked[place] = (user_id, replace(said, text=question), 0)
            self._asked.move_to_end(place)
            while len(self._asked) > MAX_PLACES:
                self._asked.popitem(last=False)
        elif asked is not None and asked[2] < KEPT_THROUGH and chatter(said):
            self._asked[place] = (asked[0], asked[1], asked[2] + 1)
        else:
            self._asked.pop(place, None)

    def forget(self, user_id: int) -> int:
        """Drop every message of the member held here (an erasure, a pause), and every reading memoised on members'
        words (they are copies too); returns how many messages."""
        forget_memoised_lines()
        for place in [p for p, (asker, _said, _since) in self._asked.items() if asker == user_id]:
            del self._asked[place]
        places = self._windows.pop(user_id, None)
        return sum(len(w) for w in places.values()) if places else 0

    def edited(self, message_id: int, text: str) -> InContext | None:
        """A member edited a message: the new text is read in its conversation, against the messages before it in its
        window as if sent then ("netflix pw" / "Koala-Drift-55" edited to "Koala-Drift-56", "3391" edited to "3391 ←
        lucchetto della bici") and by the later ones that point back at it ("^ that's the wifi pw"), and the window
        holds it. What the reading found is for every copy of the old text and the new one, as a later reveal's is;
        None when the message is not held here."""
        held = self._holding(message_id)
        return None if held is None else _read_again(held[1], held[2], text)

    def author_of(self, message_id: int) -> int | None:
        """Whose window holds the message (an edit names only the message)."""
        held = self._holding(message_id)
        return None if held is None else held[0]

    def _holding(self, message_id: int) -> tuple[int, deque[Said], int] | None:
        for user_id, places in self._windows.items():
            for window in places.values():
                for index, said in enumerate(window):
                    if said.message_id == message_id:
                        return user_id, window, index
        return None

    def deleted(self, message_ids: Collection[int]) -> int:
        """Messages the members deleted leave their windows; returns how many."""
        gone, dropped = set(message_ids), 0
        for place in [p for p, (_asker, said, _since) in self._asked.items() if said.message_id in gone]:
            del self._asked[place]
        for places in self._windows.values():
            for place, window in places.items():
                kept = [said for said in window if said.message_id is None or said.message_id not in gone]
                dropped += len(window) - len(kept)
                places[place] = deque(kept, maxlen=WINDOW_MESSAGES)
        return dropped


def _read(window: deque[Said], text: str, question: Said | None) -> tuple[Screened, list[tuple[str, str]], bool]:
    """``text`` as read after ``window`` (and another member's ``question`` in the place, if any): the message as
    screened with what the conversation showed it gives, the values found for every copy, and whether a value of a
    kind not yet named may be pending (:func:`parts_after_kindless`)."""
    said = screen(text, "message")
    found: list[tuple[str, str]] = []
    said, found = _typed_again(window, text, said)
    wrapped = wrapped_lines(text, said) or spelled_lines(said.text) or given_over_lines(said.text)
    if wrapped:
        found += wrapped
        said = _with_values(text, [*said.values, *wrapped])
    mended = [value for value in corrected_values(window, said.text) if value not in found]
    if mended:
        found += mended
        said = _with_values(text, found)
    pending = False
    if window:
        parts, pending = parts_after_kindless(window, said.text)  # all the parts at once, the earlier ones too
        given = (
            None
            if parts
            else (
                value_given(window[-1].text, said.text)
                or given_across([(earlier.text, earlier.lone or bool(earlier.values)) for earlier in window], said.text)
                or given_after_lead_in(window[-1].text, said.text)
                or answered_after_question(window, said.text)
                or part_after_announcement(window, said.text)
                or digit_piece(window, said.text)
                or continued_value(window, said.text)
            )
        )
        across = parts or (
            _seed_across(window, said.text)
            or labelled_parts(window, said.text)
            or halves(window, said.text)
            or given_after_naming(window, said.text)
            or spelled_across(window, said.text)
            if given is None
            else []
        )
        if across:
            found += across
            said = _with_values(text, across)
        elif given is not None:
            found.append(given)
            said = _with_value(text, given)
        else:
            found += (
                revealed(window, said.text)
                or revealed_without_kind(window, said.text)
                or labelled_after_value(window, said.text)
                or labelled_after_chatter(window, said.text)
            )
    beside = [] if found else given_beside(said.text)
    if beside:
        found += beside
        said = _with_values(text, beside)
    if not found and question is not None:
        answer = _answer_to(question, said.text)
        if answer:
            found += answer
            said = _with_values(text, answer)
    return said, found, pending


def _read_again(window: deque[Said], index: int, text: str) -> InContext:
    """The message at ``index`` of ``window`` edited to ``text``: read after the messages before it, then each later
    message read again after it (one that points back may now reveal the new value, and the next may be the value the
    edit now names); a slip of the old text that a value found corrects goes with it (:func:`corrected_earlier`)."""
    before, edited, after = deque(list(window)[:index]), window[index], list(window)[index + 1 :]
    old = Said(edited.at, edited.text, edited.message_id, edited.lone, edited.values)
    said, found, _pending = _read(before, text, None)
    if not found:
        found = labelled_in_place(old, text)
        said = _with_values(text, found) if found else said
    given_here = tuple(v for v in said.values if v[1] in SECRET_KINDS)
    edited.text, edited.lone, edited.values = text, may_be_revealed(said.text) and not found, given_here
    before.append(edited)
    for later in after:
        named = value_given(edited.text, later.text) if before[-1] is edited else None
        back = [named] if named is not None else pointing_back(before, later.text)
        found += [value for value in back if value not in found]
        before.append(later)
    found += [v for v in corrected_earlier([old], [*found, *given_here]) if v not in found]
    if any(value in text and (value, kind) not in said.values for value, kind in found):
        said = _with_values(text, found)  # a value a later message revealed stands in the edited text too
    _scrub(window, found)
    return _in_context(said, found, edited.lone or handed_over(said.text))


def _scrub(window: deque[Said], found: list[tuple[str, str]]) -> None:
    """The window's messages without the values the conversation found (they are copies too)."""
    if found:
        seen = Seen([Screened("", False, (), tuple(found))])
        for earlier in window:
            earlier.text = seen.scrub(earlier.text)


def _in_context(said: Screened, found: list[tuple[str, str]], held: bool) -> InContext:
    if not found:
        return InContext(said, _NOTHING, held)
    kinds = tuple(dict.fromkeys(kind for _value, kind in found))
    return InContext(said, Screened("", False, kinds, tuple(found)), held)


def _answer_to(question: Said, text: str) -> list[tuple[str, str]]:
    """The value ``text`` gives in answer to another member's question naming a secret ("wifi pw?" / "Corgi_Biscuit71",
    "qual è il codice del cancello?" / "2 7 4 9"): read as if the member had asked it; a public code, a room, a score
    is no answer the readings take."""
    if len(text.split()) > _ANSWER_WORDS and not (SPACED_DIGITS.fullmatch(text.strip()) or answers_a_lock(question.text, text)):
        return []  # an answer to someone else's question is short; a longer message is about something else
    given = value_given(question.text, text) or answered_after_question([question], text)
    return [given] if given is not None else given_after_naming([question], text)


def labelled_after_chatter(window: Collection[Said], text: str) -> list[tuple[str, str]]:
    """The bare value sent before a message or two of chatter, when ``text`` labels it with the lock or the place it
    opens ("9163" / "brb" / "thats the key box by the porch", "6702" / "un attimo" / "è del lucchetto della bici")."""
    said = list(window)
    if len(said) < 2 or said[-1].lone or len(text) > SHORT_MESSAGE_CHARS // 2 or not names_an_opener(text.casefold()):
        return []
    for earlier in reversed(said):
        if earlier.lone:
            return labelled_after_value([earlier], text)
        if not chatter(earlier):
            return []
    return []


def _typed_again(window: Collection[Said], text: str, said: Screened) -> tuple[Screened, list[tuple[str, str]]]:
    """A value an earlier message gave, typed again in this one however its case changed ("my password is
    puzzle-4249mushroom" / "*Puzzle-4249mushroom caps lock was on"): screened out here too, and found for the copies."""
    earlier = [value for said_before in window if said_before.values for value, _kind in said_before.values]
    if not earlier:
        return said, []
    folded = text.casefold()
    if not any(value.casefold() in folded for value in earlier):
        return said, []
    values = tuple(value for said_before in window for value in said_before.values)
    again = screen(text, "message", seen=Seen([Screened("", False, (), values)]))
    if again.text == said.text:
        return said, []
    return again, [value for value in again.values if value not in said.values]


def _seed_across(window: Collection[Said], text: str) -> list[tuple[str, str]]:
    """The parts of a seed phrase pasted over consecutive messages ("quiz monkey old alley" / "pole allow slide
    siege" / …): the messages read as one, and each message's share of a phrase found across them is a value."""
    if not window or not seed.touches(list(window)[-1].text, text) or seed.list_words(text) < _SEED_PART_WORDS:
        return []  # a phrase over two messages ends the one and opens the other: two look-ups rule most lines out
    earlier = [said.text for said in list(window)[-(WINDOW_MESSAGES - 1) :]]
    parts = [*earlier, text]
    joined = "\n".join(parts)
    starts, at = [], 0
    for part in parts:
        starts.append(at)
        at += len(part) + 1
    found: list[tuple[str, str]] = []
    for start, end, _kind in seed.spans(joined, joined.casefold()):
        if not any(start < s < end for s in starts[1:]):
            continue  # inside one message: the screen read it there
        for part, offset in zip(parts, starts, strict=True):
            share = joined[max(start, offset) : min(end, offset + len(part))].strip()
            if share:
                found.append((share, "seed-phrase"))
    return found


_SEED_PART_WORDS = 3
"""List words in a row a message must hold to be read as a part of a phrase pasted over several messages."""


def _with_values(text: str, given: list[tuple[str, str]]) -> Screened:
    """``text`` screened with its own share of ``given`` (the values found across the messages), each replaced."""
    own = [value for value in given if value[0] in text]
    if not own:
        return screen(text, "message")
    said = _with_value(text, own[0])
    for value, kind in own[1:]:
        if value in said.text:
            replaced = said.text.replace(value, f"[redacted:{kind}]")
            said = Screened(replaced, said.refused, tuple(dict.fromkeys([*said.kinds, kind])), (*said.values, (value, kind)))
    return said


def _with_value(text: str, given: tuple[str, str]) -> Screened:
    """``text`` screened with the value it gives, replaced as written even where `Seen` folds it ("ß" → "ss")."""
    said = screen(text, "message", seen=Seen([Screened("", False, (given[1],), (given,))]))
    value, kind = given
    if value in said.text:
        replaced = said.text.replace(value, f"[redacted:{kind}]")
        said = Screened(replaced, said.refused, tuple(dict.fromkeys([*said.kinds, kind])), (*said.values, given))
    return said


def with_lone_value(said: Screened) -> Screened:
    """``said`` (a message as screened) with the message's one value kept out of the log, when it is one bare value
    (:func:`may_be_revealed`) or only hands one over after a label (:func:`handed_over`): nothing is learned from such
    a message, and the chat's log rows may be written before the member says what it was."""
    lone = lone_value(said.text) if may_be_revealed(said.text) else None
    value = lone[0] if lone is not None else handed_value(said.text)
    if value is None:
        return said
    return replace(said, values=(*said.values, (value, LOGGED_ONLY)))
