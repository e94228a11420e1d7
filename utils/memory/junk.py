"""Junk that real small models propose as memories and profiles, recognised by its form.

Recorded from SmolLM2-135M and Gemma 3 270M behind llama.cpp's server: file names
(``2e89467f5cdeaaebcaabcdccdddceadzx.txt``; a profile that became
``peak_camping_museum.jpg``), list items echoed from the prompt (``4. We're
planning…``), HTML entities (llama.cpp's chatml-function-calling format escapes every
message, sometimes twice: ``I&amp;#39;m``), the bot's own voice ("…with your sister",
"I'd love to hear more"), chat-template tokens (``<|im_end|>``, ``[INST]``), assistant
boilerplate ("I am an AI language model.", "Sure! Here are the memories:"), expiry
values and schema fields as text ("30d", "importance: high").

:func:`clean` comes first (entities unescaped, template tokens taken out), then
:func:`junk_reason` says why what is left is not a fact about a member.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from utils.llm import has_marker, without_markers

UNESCAPE_ROUNDS = 3
"""Entities escaped twice (``&amp;#39;``) need two rounds; three is the most seen."""
ECHO_WORDS = 5
"""A run of this many words copied from the bot's reply (and not said by the member) is the bot's text."""

_ENTITY = re.compile(r"&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});", re.IGNORECASE)
"""Only complete entities (with their ";"): "R&D", "AT&T" and "fish&chips" are left alone."""
_FILE_EXTENSIONS = (
    "txt|md|log|csv|json|xml|yaml|yml|ini|cfg|pdf|docx?|xlsx?|pptx?|odt|rtf|jpe?g|png|gif|webp|bmp|heic|svg|tiff?"
    "|mp3|wav|ogg|flac|m4a|mp4|mov|avi|mkv|webm|zip|rar|7z|tar|gz|exe|dll|bin|iso|apk|py|js|ts|html?|css|gguf"
)
_FILE_NAME = re.compile(rf"(?<![\w/.-])[\w~-]+(?:\.[\w-]+)*\.(?:{_FILE_EXTENSIONS})(?![\w.])", re.IGNORECASE)
_HASH = re.compile(r"(?<![\w-])(?=[a-z0-9_-]*\d)(?=[a-z0-9_-]*[a-z])[a-z0-9_-]{16,}(?![\w-])|\b[0-9a-f]{12,}\b", re.I)
_WORD = re.compile(r"[^\W\d_]{2,}(?:['’-][^\W\d_]+)*")
_LIST_ITEM = re.compile(
    r"^\s*(?:\d{1,3}|[a-h])[.)]\s+(?!(?:jan|feb|mär|mar|apr|mai|maj|may|jun|jul|aug|sep|okt|oct|nov|dez|dec)[a-zä]*\b)",
    re.IGNORECASE,
)
"""A memory that opens like a list item ("4. We're planning…", "2) Likes tea") is a line of the prompt's
numbered list. German and Nordic dates ("3. Mai", "1. januar") start the same way and are kept."""
_SECOND_PERSON = re.compile(
    r"(?<![\w'’])(?:you|your|yours|yourself|yourselves|you're|you've|you'll|you'd|y'all"
    r"|dein|deine|deinem|deinen|deiner|deines|dich|dir|euch|euer|eure"
    r"|tu|toi|vous|votre|vos|contigo|usted|ustedes|vosotros|você|vocês|tuo|tua|tuoi)(?![\w'’])"
)
"""Lower-case only: "Your Name" and "You Are My Sunshine" are titles a member likes, "your sister" is the bot talking."""
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|«[^»]*»|„[^“”]*[“”]|'[^']{2,}'(?!\w)|‘[^’]*’")
_BOT_OPENERS = re.compile(
    r"^\W*(?:i['’]d love|i would love|i['’]m glad|i am glad|i['’]m happy to|i am happy to|glad to hear|happy to hear"
    r"|sounds like|that sounds|it sounds|let me know|feel free|thanks for sharing|thank you for sharing|hope you"
    r"|how about|what about you|i['’]m sorry|i am sorry|sorry to hear|i apologi[sz]e|good luck"
    r"|congrats|congratulations|have fun|enjoy\b|wow\b|aww+\b|oh no\b|yay\b|nice!|great!|awesome!|cool!"
    r"|that['’]s (?:awesome|great|amazing|cool|nice|fun|exciting|wonderful|fantastic|lovely|sad|tough|rough|interesting|so)"
    r"|that is (?:awesome|great|amazing|cool|nice|fun|exciting|wonderful|fantastic|lovely|sad|tough|interesting)"
    r"|what an? (?:awesome|great|amazing|cool|nice|fun|lovely)|how (?:cool|nice|fun|exciting|lovely|awesome|sad)"
    r"|sure[!,.]|of course|certainly[!,.]|absolutely[!,.]|okay[!,.]|ok[!,.]|alright[!,.]|here (?:are|is|you go)"
    r"|based on (?:the|this|our) (?:conversation|exchange|chat|messages?)"
    r"|hier (?:sind|ist)|voici|aquí (?:están|tienes|está)|ecco)",
    re.IGNORECASE,
)
"""How the bot (or an assistant talking about its task) opens a sentence; no memory about a member does."""
_AI = r"(?:ai|a\.i\.|artificial intelligence|(?:large\s+)?language model|llm|chatbot|(?:ai|virtual|digital|helpful)\s+assistant)"
_BOT_PHRASES = re.compile(
    r"\b(?:love to hear (?:more|about|how)|hear more about|tell me more|can['’]t wait to (?:hear|see)|keep me posted"
    r"|sounds (?:adorable|amazing|awesome|lovely|wonderful|fantastic|like a blast|like fun|so fun))\b",
    re.IGNORECASE,
)
"""Phrases of the bot's replies wherever they stand ("Biscuit sounds adorable and would love to hear more")."""
_ASSISTANT_SELF = re.compile(
    rf"\b(?:i am|i['’]m)\s+(?:just\s+|only\s+|merely\s+)?(?:an?\s+)?(?:{_AI}|bot)\b"
    rf"|\bas\s+an?\s+{_AI}(?:\s+(?:language\s+)?model)?\s*(?:,|\bi\b|$)"
    r"|\bi (?:cannot|can['’]t|can not|am unable to|['’]m unable to|am not able to|don['’]t|do not) "
    r"(?:store|save|access|browse|extract|assist|have (?:access|personal|memories|feelings|the ability|any (?:personal|"
    r"memories|information)))\b"
    r"|\bals (?:ki|ki-sprachmodell|sprachmodell)\b|\bich bin (?:eine? )?(?:ki|sprachmodell|ki-sprachmodell|assistent)\b"
    r"|\ben tant qu['’](?:ia|intelligence artificielle|assistant|modèle)|\bje suis (?:une? )?(?:ia|assistant|modèle)\b"
    r"|\bcomo (?:una? )?(?:ia|modelo de lenguaje|asistente)\b|\bsoy (?:una? )?(?:ia|modelo de lenguaje|asistente)\b",
    re.IGNORECASE,
)
"""An assistant describing itself or its limits: "I am an AI language model.", "As an AI, I cannot store…"."""
_NOTHING_FOUND = re.compile(
    r"^\W*(?:there (?:is|are|was|were) |the (?:user|member|conversation) (?:has|had|contains|shares|shared|gave) )?"
    r"(?:no|nothing|none)\b(?:\s+(?:new|relevant|other|more|significant|personal|useful))?"
    r"(?:\s+(?:information|facts?|memories|updates?|details|to (?:remember|extract|store|add|note)|worth\b|new\b))"
    r"|\b(?:did not|didn['’]t|does not|doesn['’]t|has not|hasn['’]t)\s+(?:share|mention|provide|reveal|give)\s+"
    r"any(?:thing)?\s+(?:new\s+|personal\s+|relevant\s+)?(?:information|facts?|details|memories|about (?:themselves|"
    r"himself|herself))",
    re.IGNORECASE,
)
_SCHEMA_FIELD = re.compile(
    r"^\W*(?:memor(?:y|ies)|topics?|expiration|expires?|importance|key|profile(?:_update)?|forget|output|json"
    r"|result|answer|response|tool_call|function|arguments)\s*[:=]",
    re.IGNORECASE,
)
_EXPIRY_OR_LEVEL = re.compile(
    r"^\W*(?:(?:\d+\s*(?:d|h|m|w|days?|hours?|weeks?)|permanent|temporary|forever|high|medium|low|none|null)\W*)+$",
    re.IGNORECASE,
)


_SENTENCE_END = re.compile(r"(?<=[.!?。！？])(?<!\b\d\.)(?<!\b\d\d\.)(?<!\b[a-h]\.)\s+")
"""Where a profile's sentences end; not after a list number ("4. We're planning" is one line)."""


def sentences(text: str) -> list[str]:
    """A profile's sentences, a numbered line kept whole so that it is recognised as one."""
    return _SENTENCE_END.split(text)


_PREAMBLE = re.compile(
    r"^\W*(?:(?:sure|okay|ok|certainly|of course|absolutely|alright|claro|bien sûr|natürlich)[!,.]*\s*)?"
    r"(?:here (?:is|are)|below (?:is|are)|voici|voilà|hier (?:ist|sind)|aquí (?:está|están))[^:\n]{0,60}:\s*",
    re.IGNORECASE,
)
"""An assistant's lead-in ("Sure! Here are the memories:") before what it was asked for."""


def unescape(text: str) -> str:
    """``text`` with HTML entities decoded, escaped twice or not: ``I&amp;#39;m`` is ``I'm``."""
    for _ in range(UNESCAPE_ROUNDS):
        decoded = _ENTITY.sub(lambda m: html.unescape(m.group()), text)
        if decoded == text:
            break
        text = decoded
    return text


def clean(text: str) -> str:
    """What a proposed text says once the transport's escaping and the template's tokens are taken off."""
    text = unescape(text)
    if has_marker(text):
        text = without_markers(text)
    return _PREAMBLE.sub("", " ".join(text.split()))


def junk_reason(text: str, *, bot_texts: Iterable[str] = (), member_texts: Iterable[str] = ()) -> str | None:
    """Why ``text`` (already :func:`clean`) is not a fact about a member, or None when it may be one.

    ``bot_texts`` are the bot's replies in the same exchange: a memory copied from
    them ("Biscuit would love to hear more about the trip!") is the bot's voice even
    when it names a pet; ``member_texts`` are the member's own words (what they said
    may be repeated).
    """
    stripped = text.strip()
    if not stripped:
        return "empty"
    if _EXPIRY_OR_LEVEL.match(stripped):
        return "an expiry or importance value"
    if _SCHEMA_FIELD.match(stripped):
        return "a field of the answer's schema"
    if stripped.endswith((":", "：")):
        return "a heading, not a fact"
    if _LIST_ITEM.match(stripped):
        return "a numbered line of the prompt"
    if _ASSISTANT_SELF.search(stripped):
        return "an assistant talking about itself"
    if _BOT_OPENERS.match(stripped) or _BOT_PHRASES.search(stripped):
        return "the bot's voice"
    if _SECOND_PERSON.search(_QUOTED.sub(" ", stripped)):
        return "addressed to the member (the bot's voice)"
    if _NOTHING_FOUND.search(stripped):
        return "says there is nothing to remember"
    if len(_WORD.findall(_HASH.sub(" ", _FILE_NAME.sub(" ", stripped)))) < 2 and (
        _FILE_NAME.search(stripped) or _HASH.search(stripped)
    ):
        return "a file name or a hash"
    if _copies_the_bot(stripped, bot_texts, member_texts):
        return "copied from the bot's reply"
    return None


def _copies_the_bot(text: str, bot_texts: Iterable[str], member_texts: Iterable[str]) -> bool:
    """A run of words from a bot reply, in a memory whose words the member mostly did not say."""
    words = [w.casefold() for w in _WORD.findall(text)]
    if len(words) < ECHO_WORDS:
        return False
    bot = [" " + " ".join(w.casefold() for w in _WORD.findall(t)) + " " for t in bot_texts]
    said = {w.casefold() for t in member_texts for w in _WORD.findall(t)}
    runs = (" " + " ".join(words[i : i + ECHO_WORDS]) + " " for i in range(len(words) - ECHO_WORDS + 1))
    if not any(run in b for run in runs for b in bot):
        return False
    content = [w for w in words if len(w) >= 3]
    return sum(w in said for w in content) * 2 < len(content)
