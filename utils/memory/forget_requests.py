"""When a member's own words ask the bot to forget something, in thirteen languages, and what they name.

A model's `forget` is honoured only on such a request: small models delete memories
nobody asked about, and answer an idiom ("forget it, let's talk about something else",
"forget the haters", "delete my account on steam") with a `forget` of everything they
were shown. One table holds, per language, the cues of a request, the idioms that
look like one, and the words of a request that say what to do rather than which memory:
detection (:func:`asks_to_forget`), the request's own sentences (:func:`request_sentences`)
and the retrieval of what they name all read it, so a language is added in one place.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

_FLAGS = re.IGNORECASE | re.MULTILINE
_GAP = r"[\s,.;:!?…—–、，。！？-]*"
"""What separates an idiom's parts: "forget it, let's …", "whatever... forget it"."""
_FROM_MEMORY = r"(?:your\s+|the\s+)?(?:memory|memories|notes|brain|head)\b"
_NOT_FROM_MEMORY = rf"(?![^.!?\n]{{0,60}}\b(?:from|out\s+of)\s+{_FROM_MEMORY})"
"""An idiom's words followed by "from your memory" are a request after all ("drop that from your memory")."""


@dataclass(frozen=True)
class Language:
    """How one language asks to forget, and what only sounds like it."""

    needles: tuple[str, ...]
    """Every cue holds one of these (case-folded): most messages are answered by substring tests alone."""
    cues: tuple[str, ...]
    """Patterns of a request addressed to the bot ("forget that", "vergiss das", "忘れてください")."""
    idioms: tuple[str, ...]
    """Patterns that hold a cue but ask nothing of the bot's memory: they are taken out before the cues are read."""
    not_the_subject: str
    """Words of a request that say what to do, not which memory ("forget", "everything", "said")."""

    @cached_property
    def compiled_cues(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(cue, _FLAGS) for cue in self.cues)

    @cached_property
    def compiled_idioms(self) -> re.Pattern[str]:
        return re.compile("|".join(f"(?:{idiom})" for idiom in self.idioms), _FLAGS)

    def heard_in(self, lowered: str) -> bool:
        """Whether a cue of this language can be in the (case-folded) text at all."""
        return any(needle in lowered for needle in self.needles)


_LEAD = (
    r"(?:^|[.!?,;:\n(]|\b(?:please|pls|plz|can you|could you|would you|will you|i want you to|i'd like you to|"
    r"i need you to|you should|just|and|but|so|now|also|bot|hey|ok|okay|actually|then))\s*"
)
_EN_NOT_A_MEMORY = (
    r"account|acc|post|posts|message|messages|msg|msgs|comment|comments|tweet|tweets|role|roles|save|saves|file|files|"
    r"folder|cache|cookies|history|photo|photos|pic|pics|picture|pictures|video|videos|app|apps|mod|mods|character|"
    r"channel|server|repo|branch|browser|drive|phone|pc|computer|laptop|game|games"
)

CUES: dict[str, Language] = {
    "en": Language(
        needles=(
            "forget", "unlearn", "delete", "remove", "erase", "wipe", "scrap", "drop", "clear", "don't", "don’t",
            "dont", "do not", "stop", "never", "no longer", "out of",
        ),
        cues=(
            # an imperative addressed to the bot, never "I forgot" / "don't forget" / "I don't remember"
            _LEAD + r"(?:forget|unlearn)\b(?!\s+to\b)",
            _LEAD + r"(?:delete|remove|erase|wipe|scrap|clear)\s+(?:that|this|it|what|everything|all|my|those|these|"
            r"the\s+(?:last|memory|memories|note|notes|fact|thing|part|stuff|bit))\b",
            _LEAD + r"(?:don['’]t|dont|do not|stop|never|no longer)\s+(?:remember|remembering|store|storing|save|saving|"
            r"keep|keeping|memori[sz]e|note)\b",
            r"\b(?:delete|remove|erase|drop|wipe|take)\b[^.!?\n]{0,60}\bout of\s+(?:your\s+)?(?:memory|memories|notes)\b",
            r"\b(?:delete|remove|erase|drop|wipe)\b[^.!?\n]{0,60}\bfrom\s+(?:your\s+)?(?:memory|memories|notes|brain|head)\b",
        ),
        idioms=(
            # a change of subject right after it: "forget it, let's talk about something else"
            r"\b(?:forget|drop|scrap)\s+(?:about\s+)?(?:it|that|this|the\s+\w+)\b" + _GAP + r"(?:let['’]?s|lets|we\s+"
            r"(?:can|could|should)|never\s*mind|nvm|(?:it\s+)?doesn['’]?t\s+matter|not\s+important|no\s+worries|moving\s+on|"
            r"anyway|whatever|talk\s+about|change\s+(?:the\s+)?subject|how\s+about|what\s+about)\b",
            # a shrug before it: "whatever, forget it", "never mind, forget that"
            r"\b(?:whatever|never\s*mind|nvm|nah|meh|oh\s+well|ugh|bah|fine)\b" + _GAP + r"(?:just\s+)?(?:forget|drop)\s+"
            r"(?:about\s+)?(?:it|that|this)\b",
            r"\bforget\s+about\s+it\b",
            r"\bdrop\s+(?:it|that|this)\b" + _NOT_FROM_MEMORY,
            # people and things that are not memories: "forget the haters", "forget him, he's not worth it"
            r"\bforget\s+(?:about\s+)?(?:the\s+|those\s+|these\s+|all\s+(?:the\s+)?|your\s+)?(?:haters?|h8ers|trolls?|"
            r"critics|doubters|drama|noise|rules|past|people)\b(?!\s+(?:i|that|about)\b)",
            r"\bforget\s+(?:about\s+)?(?:him|her|them)\b(?!\s+\w)",
            # someone else's data: "delete my account on steam", "remove my mod from the server"
            r"\b(?:delete|remove|erase|wipe|clear|deactivate)\s+(?:my|the|this|that|these|those)\s+(?:[\w'-]+\s+){0,2}?"
            rf"(?:{_EN_NOT_A_MEMORY})\b" + _NOT_FROM_MEMORY,
            rf"\b(?:delete|remove|erase|wipe|clear)\s+my\s+[\w'-]+\s+(?:on|from|in|off)\s+(?!{_FROM_MEMORY})\w+",
        ),
        not_the_subject=(
            "forget forgot unlearn delete erase remove wipe scrap drop clear store save keep memorise memorize note "
            "remember stop everything all said say told tell mention mentioned memory memories notes fact facts "
            "thing things stuff part bit last info please pls plz bot hey actually just also too again ok okay "
            "want need like could would should btw lol lmao haha tbh idk ngl fyi anyway though"
        ),
    ),
    "de": Language(
        needles=("vergiss", "vergessen", "lösch", "entfern", "merk", "nicht"),
        cues=(
            r"\bvergiss\b(?!\s+(?:es\s+|das\s+)?(?:nicht|bloß nicht|ja nicht)\b)",
            r"\bvergessen sie\b(?!\s+(?:es\s+|das\s+)?nicht\b)",
            r"\b(?:lösch|lösche|entferne|entfern)\b\s+(?:das|dies|dieses|es|alles|mein|meine|meinen|bitte)\b",
            r"\bmerk(?:e)? dir (?:das|es|dies) nicht\b|\bnicht (?:merken|speichern)\b",
        ),
        idioms=(
            r"\bvergiss\s+(?:es|das)\b" + _GAP + r"(?:lass\s+uns|egal|ist\s+egal|schon\s+gut|nicht\s+so\s+wichtig|"
            r"reden\s+wir|themawechsel|anderes\s+thema)",
            r"\b(?:ach|egal|naja|schon\s+gut|pff+)\b" + _GAP + r"(?:vergiss|vergessen\s+sie)\s+(?:es|das)\b",
            r"\bvergiss\s+(?:die|den|diese|alle)\s+(?:hater|haters|trolle?|neider|kritiker|leute)\b",
            r"\bvergiss\s+(?:ihn|sie)\b(?!\s+\w)",
            r"\b(?:lösch|lösche|entferne|entfern)\w*\s+(?:mein|meine|meinen|das|die|den)\s+(?:\w+\s+){0,2}?(?:konto|"
            r"account|profil|post|beitrag|nachricht|nachrichten|kommentar|rolle|spielstand|datei|cache|verlauf|fotos?|"
            r"bilder?|app)\b",
        ),
        not_the_subject="vergiss vergessen lösch lösche entferne entfern merk speichern alles bitte dass gesagt was",
    ),
    "fr": Language(
        needles=("oubli", "efface", "supprim", "pas"),
        cues=(
            r"(?<![jJnN]['’])(?<!\bil )(?<!\bon )\boubli(?:e|ez)\b(?!\s+pas\b)",
            r"\b(?:efface|effacez|supprime|supprimez)\b\s+(?:ça|ca|cela|ceci|tout|ce|mes|mon|ma|les|le|la)\b",
            r"\bne (?:te |vous )?(?:souviens|retiens|retenez|garde|gardez) pas\b",
        ),
        idioms=(
            r"\boubli(?:e|ez)\b(?:\s+(?:ça|ca|cela))?" + _GAP + r"(?:on\s+parle|parlons|passons|laisse\s+tomber|"
            r"c['’]est\s+pas\s+grave|pas\s+grave|bref|autre\s+chose)",
            r"\b(?:bref|bon|laisse\s+tomber|tant\s+pis|pff+)\b" + _GAP + r"oubli(?:e|ez)\b(?:\s+(?:ça|ca))?",
            r"\boubli(?:e|ez)\s+(?:les|ces)\s+(?:rageux|haters?|jaloux|trolls?|gens|critiques)\b",
            r"\b(?:efface|effacez|supprime|supprimez)\s+(?:mon|ma|mes|le|la|les)\s+(?:\w+\s+){0,2}?(?:compte|profil|"
            r"post|message|messages|commentaire|rôle|role|sauvegarde|fichier|cache|historique|photos?|app|appli)\b",
        ),
        not_the_subject="oublie oubliez efface effacez supprime supprimez tout que ça ca cela ceci dit",
    ),
    "es": Language(
        needles=("olv", "borr", "bórr", "elimin", "elimín", "no ", "deja"),
        cues=(
            r"(?<!\bme )(?<!\bse )\bolv[ií]da(?:lo|la|los|las|te|me)?\b",
            r"\b(?:bórralo|borralo|bórrala|borra|elimina|elimínalo)\b\s*(?:eso|esto|todo|lo|mis|mi|por favor)?\b",
            r"\bno (?:lo |la )?(?:recuerdes|guardes|memorices)\b|\bdeja de recordar\b",
        ),
        idioms=(
            r"\bolv[ií]d(?:alo|ate)\b" + _GAP + r"(?:hablemos|cambiemos|mejor\s+hablemos|no\s+importa|da\s+igual|"
            r"otro\s+tema|pasemos)",
            r"\b(?:bueno|bah|da\s+igual|no\s+importa|ni\s+modo)\b" + _GAP + r"olv[ií]d(?:alo|ate)\b",
            r"\bolv[ií]date\s+de\s+(?:los|las|esos|esas|él|el|ella|ellos)\b(?:\s+(?:haters?|envidiosos|trolls?|"
            r"cr[ií]ticos|dem[aá]s))?(?!\s+(?:que|de)\b)",
            r"\b(?:borra|elimina|bórralo)\s+(?:mi|mis|la|el)\s+(?:\w+\s+){0,2}?(?:cuenta|perfil|publicaci[oó]n|"
            r"mensajes?|comentarios?|rol|partida|archivo|cach[eé]|historial|fotos?|app)\b",
        ),
        not_the_subject="olvida olvídalo olvidalo borra bórralo borralo elimina elimínalo todo que eso esto dije",
    ),
    "pt": Language(
        needles=("esque", "apag", "exclu", "remov"),
        cues=(
            r"(?<!\bnão )(?<!\bnao )(?<!\beu )\besque(?:ce|ça|ca)\b",
            r"\b(?:apaga|apague|exclua|remova)\b\s+(?:isso|isto|tudo|o|a|os|as|meu|minha|meus|minhas)\b",
        ),
        idioms=(
            r"\besque(?:ce|ça|ca)\b(?:\s+(?:isso|disso))?" + _GAP + r"(?:vamos\s+falar|bora\s+falar|muda(?:r)?\s+de\s+"
            r"assunto|deixa\s+pra\s+l[aá]|tanto\s+faz|outro\s+assunto|n[aã]o\s+importa)",
            r"\b(?:deixa\s+pra\s+l[aá]|tanto\s+faz|enfim)\b" + _GAP + r"esque(?:ce|ça|ca)\b(?:\s+isso)?",
            r"\besque(?:ce|ça|ca)\s+(?:os|as|esses|essas)\s+(?:haters?|invejosos|trolls?|cr[ií]ticos)\b",
            r"\b(?:apaga|apague|exclua|remova)\s+(?:a\s+|o\s+)?(?:minha|meu|meus|minhas)\s+(?:\w+\s+){0,2}?(?:conta|"
            r"perfil|post|mensagens?|coment[aá]rios?|cargo|save|arquivo|cache|hist[oó]rico|fotos?|app)\b",
        ),
        not_the_subject="esquece esqueça esqueca apaga apague exclua remova tudo que isso isto disse",
    ),
    "it": Language(
        needles=("dimentic", "cancell", "elimin", "non "),
        cues=(
            r"(?<!\bnon )\bdimentica(?:lo|la|li|le)?\b",
            r"\b(?:cancella|cancellalo|elimina|eliminalo)\b\s*(?:questo|quello|tutto|il|la|i|le|mio|mia)?\b",
            r"\bnon (?:ricordare|memorizzare|salvare)\b",
        ),
        idioms=(
            r"\bdimenticalo\b" + _GAP + r"(?:parliamo|cambiamo\s+argomento|lascia\s+perdere|non\s+importa|fa\s+niente)",
            r"\b(?:lascia\s+perdere|vabb[eè]|fa\s+niente|pazienza)\b" + _GAP + r"dimenticalo\b",
            r"\bdimentica\s+(?:gli|i|le|quegli|quei)\s+(?:haters?|invidiosi|troll|critici)\b",
            r"\b(?:cancella|elimina)\s+(?:il\s+|la\s+|i\s+|le\s+)?(?:mio|mia|miei|mie)\s+(?:\w+\s+){0,2}?(?:account|"
            r"profilo|post|messaggi?|commenti?|ruolo|salvataggio|file|cache|cronologia|foto|app)\b",
        ),
        not_the_subject="dimentica dimenticalo cancella cancellalo elimina eliminalo tutto che questo quello detto",
    ),
    "ru": Language(
        needles=("забуд", "удали", "не "),
        cues=(r"(?<!не )\bзабудь(?:те)?\b", r"\bудали(?:те)?\b", r"\bне (?:запоминай|сохраняй)\b"),
        idioms=(
            r"\bзабудь(?:те)?\b" + _GAP + r"(?:давай|проехали|неважно|не\s+важно|ладно)",
            r"\b(?:ладно|проехали|неважно|короче)\b" + _GAP + r"забудь(?:те)?\b",
            r"\bзабудь(?:те)?\s+(?:про|о|об)\s+(?:хейтер\w*|тролл\w*|завистник\w*|них|него|неё|нее)",
            r"\bудали(?:те)?\s+(?:\w+\s+){0,2}?(?:аккаунт|профиль|пост|сообщени|коммент|сохранени|файл|фото|приложени)",
        ),
        not_the_subject="забудь забудьте удали удалите что это всё все",
    ),
    "pl": Language(
        needles=("zapomn", "usuń"),
        cues=(r"(?<!nie )\bzapomnij\b", r"\busuń\b"),
        idioms=(
            r"\bzapomnij\b" + _GAP + r"(?:pogadajmy|porozmawiajmy|nieważne|niewazne|dobra|zmieńmy|zmienmy)",
            r"\b(?:dobra|nieważne|niewazne|trudno)\b" + _GAP + r"zapomnij\b",
            r"\bzapomnij\s+o\s+(?:hejter\w*|trollach|nich|nim|niej)",
            r"\busuń\s+(?:\w+\s+){0,2}?(?:konto|profil|post|wiadomoś|komentarz|zapis|plik|zdjęci|aplikacj)",
        ),
        not_the_subject="zapomnij usuń że to wszystko",
    ),
    "nl": Language(
        needles=("vergeet", "verwijder"),
        cues=(r"(?<!\bik )\bvergeet\b(?!\s+(?:het\s+|dat\s+)?niet\b)", r"\bverwijder\b"),
        idioms=(
            r"\bvergeet\b(?:\s+(?:het|dat))?(?:\s+maar)?" + _GAP + r"(?:laten\s+we|laat\s+maar|maakt\s+niet\s+uit|"
            r"boeit\s+niet|ander\s+onderwerp)",
            r"\b(?:laat\s+maar|boeie|maakt\s+niet\s+uit|ach)\b" + _GAP + r"vergeet\s+(?:het|dat)\b",
            r"\bvergeet\s+(?:de|die)\s+(?:haters?|trollen|zeurpieten|critici)\b",
            r"\bverwijder\s+(?:mijn|het|de)\s+(?:\w+\s+){0,2}?(?:account|profiel|post|berichten?|reacties?|rol|save|"
            r"bestand|cache|geschiedenis|foto'?s?|app)\b",
        ),
        not_the_subject="vergeet verwijder dat ik het alles",
    ),
    "tr": Language(
        needles=("unut",),
        cues=(r"\bunut\b",),
        idioms=(
            r"\bunut\s+gitsin\b",
            r"\b(?:boşver|bosver|neyse|her\s*neyse)\b" + _GAP + r"unut\b",
            r"\bunut\b" + _GAP + r"(?:başka|baska|boşver|bosver|neyse)",
            r"\b(?:hater\w*|trolleri|kıskançları)\s+unut\b",
        ),
        not_the_subject="unut bunu şunu onu",
    ),
    "ja": Language(
        needles=("忘", "削除", "消して"),
        cues=(r"忘れて(?:ください|下さい|くれ|ほしい|欲しい)|忘れろ|削除して|消して",),
        idioms=(
            r"忘れて(?:ください|下さい|くれ)?" + _GAP + r"(?:別の話|話を変え|他の話|それより|ところで)",
            r"(?:まあいい|もういい|いいや|どうでもいい)\w*" + _GAP + r"忘れて(?:ください|下さい|くれ)?",
            r"(?:アンチ|荒らし|嫌な奴)(?:のこと)?(?:は|なんて)?忘れ(?:ろ|て)",
            r"(?:アカウント|投稿|メッセージ|写真|セーブ|アプリ)を(?:削除して|消して)",
        ),
        not_the_subject="忘れてください 忘れて 忘れろ 削除して 消して",
    ),
    "zh": Language(
        needles=("忘", "删", "别记", "不要记"),
        cues=(r"忘掉|忘记(?:这|那|它|吧)|删除|删掉|别记|不要记",),
        idioms=(
            r"(?:算了|没事|无所谓|不说了|别管了)" + _GAP + r"(?:忘掉|忘记)(?:吧|它|这个)?",
            r"(?:忘掉|忘记)(?:吧|它|这个)?" + _GAP + r"(?:我们)?(?:聊点别的|说点别的|换个话题|聊别的)",
            r"(?:忘掉|忘记|别管)(?:那些)?(?:黑子|喷子|键盘侠|酸民)",
            r"(?:删除|删掉)(?:我的)?\s*\w{0,12}?\s*(?:账号|帐号|账户|帖子|消息|照片|存档|应用)",
        ),
        not_the_subject="忘掉 忘掉吧 忘记 删除 删掉 吧 那个 的事",
    ),
    "ko": Language(
        needles=("잊어", "삭제"),
        cues=(r"잊어(?:줘|주세요|버려|라)|삭제해",),
        idioms=(
            r"(?:됐어|됐다|아니야|몰라)" + _GAP + r"잊어(?:버려|줘)?",
            r"잊어(?:버려|줘)?" + _GAP + r"(?:다른\s*얘기|딴\s*얘기|다른\s*이야기|화제\s*바꾸)",
            r"(?:악플러|안티|헤이터)(?:들)?(?:은|는)?\s*잊어",
            r"(?:계정|게시물|메시지|사진|세이브|앱)(?:을|를)?\s*삭제해",
        ),
        not_the_subject="잊어줘 잊어주세요 잊어버려 삭제해 얘기는",
    ),
}  # fmt: skip
"""The one table: each language's cues, the idioms that look like them, the words that name no memory."""

_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*")
NOT_THE_SUBJECT = frozenset(word for language in CUES.values() for word in language.not_the_subject.split())
"""Every language's words of a request that say what to do, not which memory (as written; the ranker folds them)."""


def without_idioms(text: str) -> str:
    """``text`` with every idiom taken out (a line break in its place): what is left may still ask."""
    lowered = text.casefold()
    for language in CUES.values():
        if language.heard_in(lowered):
            text = language.compiled_idioms.sub("\n", text)
    return text


def _asks(text: str) -> bool:
    """A cue of a language heard in ``text`` still matches once that language's idioms are taken out.

    Cues first: most messages that hold a needle ("no", "stop", "nicht") match no cue, and
    they cost no idiom search.
    """
    lowered = text.casefold()
    heard = [language for language in CUES.values() if language.heard_in(lowered)]
    if not any(cue.search(text) for language in heard for cue in language.compiled_cues):
        return False
    rest = text
    for language in heard:
        rest = language.compiled_idioms.sub("\n", rest)
    return any(cue.search(rest) for language in heard for cue in language.compiled_cues)


def asks_to_forget(member_texts: Iterable[str]) -> bool:
    """True when the member's own words ask the bot to forget something.

    "I forgot my keys", "don't forget the milk", "I don't remember his name", "se me olvida
    todo" are not requests, and neither are idioms ("forget it, let's talk about something
    else", "forget the haters", "delete my account on steam"); "forget that", "vergiss das",
    "oublie ça", "olvídalo", "забудь", "忘れてください" are.
    """
    return any(_asks(text) for text in member_texts)


def request_sentences(member_texts: Iterable[str]) -> list[str]:
    """The member's sentences that ask to forget (idioms taken out): what names the memories to go."""
    return [
        sentence.strip()
        for text in member_texts
        if _asks(text)
        for sentence in _SENTENCE.findall(without_idioms(text))
        if _asks(sentence)
    ]
