"""Passwords, PINs and one-time codes as members say them, in many languages.

Forms covered: ``<word> [for/to <thing>] <is|:|=|lautet|é|è|to|…> <value>`` ("my password for
steam is letmein123", "passcode to the wifi = blueberry77", "mein Passwort lautet X",
"hasło to X"), ``<word> <value>`` when the value looks like a secret ("pwd Zebra12345",
"uses password Pizza4ever", "пароль Medved2024"), ``<value> as my password`` ("I use
Summer2024! as my password everywhere"), quoted passphrases, and lists of codes after a
code word ("2fa backup codes: 1234-5678 8765-4321" loses every code). A word after an
explicit "is"/":" is redacted unless it is a known non-secret ("the password is wrong").
"""

from __future__ import annotations

import re

from utils.privacy.rule import Rule, words

PASSWORD_WORDS = (
    "password",
    "passwords",
    "passwort",
    "kennwort",
    "passwd",
    "passphrase",
    "pass phrase",
    "passcode",
    "pwd",
    "pw",
    "mot de passe",
    "mdp",
    "contraseña",
    "contrasena",
    "clave",
    "senha",
    "wachtwoord",
    "hasło",
    "haslo",
    "hasła",
    "пароль",
    "пароля",
    "паролем",
    "şifre",
    "şifrem",
    "sifre",
    "sifrem",
    "parola",
    "parolă",
    "lösenord",
    "losenord",
    "passord",
    "adgangskode",
    "salasana",
    "heslo",
    "jelszó",
    "jelszo",
    "κωδικός",
    "wifi key",
    "wlan key",
    "master password",
    "kata sandi",
    "mật khẩu",
)
_UNSPACED_WORDS = ("パスワード", "暗証番号", "密码", "密碼", "口令", "비밀번호")
# German, Dutch and Nordic words compound ("WLAN-Passwort" splits, "Wifipasswort" does not).
_COMPOUNDING = ("passwort", "kennwort", "wachtwoord", "lösenord", "passord", "password")
_KEY = (
    r"(?:\b" + words(*PASSWORD_WORDS) + r"(?![^\W\d_])|" + words(*_COMPOUNDING) + r"(?![^\W\d_])|" + words(*_UNSPACED_WORDS) + ")"
)
_QUALIFIER = (
    r"(?:\s+(?:for|to|of|on|at|für|zu|vom|von|de|du|pour|para|per|di|del|da|do|voor|van|dla|для|от|för|til|için)"
    r"(?:\s+[^\s:=]+){1,3}?)?"
)
_STRONG = (
    r"(?:\s*(?:[:=：]|->|→|=>|—|–)\s*|'s\s+|\s+(?:(?:is|was|ist|lautet|war|est|était|es|era|é|è|e|jest|это|är|er|on|olan"
    r"|sind|sont|son|são|zijn|était|è ancora|is still|is now|ist jetzt|c'est|c’est|it's|it is)(?![^\W\d_])\s*[:=—-]?\s*)"
    r"|(?:は|是|는|:)\s*)"
    r"(?:(?:now|still|jetzt|noch|maintenant|toujours|ahora|ancora|agora|nu|teraz|теперь|just|simply|literally)\s+)?"
)
_WEAK = r"(?:\s+(?:to|auf|en|à|a|naar|na|на|in|into|as)\s+|\s+)"
_QUOTED = r"(?:\"[^\"\n]{1,120}\"|'[^'\n]{1,120}'|“[^”\n]{1,120}”|„[^“”\n]{1,120}[“”]|«[^»\n]{1,120}»|「[^」\n]{1,120}」)"
_WORD = r"(?:[^\s\"“”«»「」]*[^\s\"“”«»「」.,;:?)\]'’])"
_VALUE = r"(?P<secret>" + _QUOTED + "|" + _WORD + ")"

# Words that follow "password is" without being one.
_NOT_A_SECRET = frozenset(
    """
    wrong incorrect invalid correct right weak strong too not required expired same different long short
    secret safe unsafe changed reset empty blank new old easy hard simple complicated case-sensitive
    the a an my your his her their our this that it one something nothing mandatory optional protected
    falsch richtig ungültig abgelaufen zu nicht geheim sicher das der die ein eine mein
    faux incorrect trop pas obligatoire expiré le la un une mon
    incorrecta incorrecto incorrectos válida válido muy demasiado no obligatoria el una mi
    sbagliata errata corretta troppo non il lo una mio
    errada incorreta correta muito não obrigatória o um uma meu minha
    fout onjuist juist te niet verplicht het een mijn
    błędne błędny niepoprawne zbyt nie wymagane moje
    неверный неправильный верный слишком не обязателен мой
    yanlış doğru çok değil zorunlu benim
    fel rätt för inte mitt
    """.split()
)


def _value(match: re.Match[str]) -> str:
    return match.group("secret").strip("\"'“”„«»「」").casefold()


def looks_like_a_secret(value: str) -> bool:
    """A bare word that reads as a secret rather than as prose: a digit, a symbol, or inner capitals."""
    if len(value) < 4:
        return False
    return (
        any(c.isdigit() for c in value)
        or any(not c.isalnum() and c not in "-'’" for c in value)
        or any(c.isupper() for c in value[1:])
    )


_PLACEHOLDER_VALUE = re.compile(r"\$\{?\w+\}?|<[^>\s]+>|\{\{[^}]*\}\}|%\w+%|\*+|x{4,}")
_AMBIGUOUS_WORDS = ("clave",)
"""Also "the key (to something)": a bare word after them is prose ("la clave es practicar") unless it looks like a secret."""


def _strong(match: re.Match[str]) -> bool:
    raw = match.group("secret")
    if raw[0] in "\"'“„«「":
        return True
    if _PLACEHOLDER_VALUE.fullmatch(raw) or _value(match) in _NOT_A_SECRET:
        return False  # "password = ${DB_PASSWORD}", "pwd: <your password>" name a value, they are not one
    return not match.group().casefold().startswith(_AMBIGUOUS_WORDS) or looks_like_a_secret(raw)


def _weak(match: re.Match[str]) -> bool:
    raw = match.group("secret")
    return raw[0] in "\"'“„«「" or (looks_like_a_secret(raw) and _value(match) not in _NOT_A_SECRET)


# Every match contains one of its key words as written, so those words are the rules' needles.
_NEEDLES = tuple(dict.fromkeys(w.casefold() for w in (*PASSWORD_WORDS, *_COMPOUNDING, *_UNSPACED_WORDS)))
_CODE_WORD = (
    r"(?:\b[^\W\d_]*(?:code|codes|codice|codici|código|códigos|codigo|kode|kod|kody|kodu|kodlar\w*|код\w*)"
    r"|\b(?:otp|2fa|mfa|totp|tan|one[- ]time code))(?![^\W\d_])"
)
_CODE = r"(?:\d{3,4}[ -]\d{3,4}(?![ -]?\d)|\d{4,10}|(?=[a-z0-9-]*\d)[a-z0-9]{4,5}-[a-z0-9]{4,5})(?![\w-])"
# Recovery codes of letters and digits ("8f3k2m9q", "A1B2-C3D4-E5F6"): both, 8-16 characters.
_ALNUM_CODE = r"(?=[a-z-]*\d)(?=[\d-]*[a-z])(?:[a-z0-9]{8,16}|[a-z0-9]{4}(?:-[a-z0-9]{4}){1,3})(?![\w-])"
_RECOVERY_NEEDLES = (
    "recover", "backup", "rescue", "reset", "wiederherstell", "sicherung", "secours", "récupér", "respaldo",
    "recupera", "recupero", "herstel", "zapas", "резерв", "восстанов", "kurtarma", "yedek", "2fa", "mfa", "otp", "totp",
)  # fmt: skip
_ALNUM_LIST = _ALNUM_CODE + r"(?:(?:\s*[,;/]\s*|\s+(?:and|und|et|y|e|i|и|ve|en|och|og)\s+|\s+)" + _ALNUM_CODE + r")*"
_CODE_LIST = _CODE + r"(?:(?:\s*[,;/]\s*|\s+(?:and|und|et|y|e|i|и|ve|en|och|og)\s+|\s+)" + _CODE + r")*"
_NOT_A_SECRET_CODE = re.compile(
    r"(?i)(?:error|status|zip|postal|post|area|country|dial|exit|return|http|source|promo|discount|coupon|friend"
    r"|dress|morse|qr|bar|fehler|erreur|código postal|postleitzahl|código de error|error code|seat|room)\W*$"
)
_NOT_A_SECRET_GAP = re.compile(r"(?i)\b(?:postal|postale|zip|error|erreur|fehler|errore|erro|promo|area|área|de área)\b")
_YEAR = re.compile(r"(?:19|20)\d\d")


def _a_code(match: re.Match[str]) -> bool:
    before = match.string[max(0, match.start("word") - 16) : match.start("word")]
    gap = match.string[match.end("word") : match.start("secret")]
    if _NOT_A_SECRET_CODE.search(before) or _NOT_A_SECRET_GAP.search(gap):
        return False
    value = match.group("secret")
    return not (_YEAR.fullmatch(value) and match.group("word").casefold() in {"code", "codes", "kod", "код"})


def _weak_pair(match: re.Match[str]) -> bool:
    raw = match.group("secret").rstrip(".,;:!?)")
    return looks_like_a_secret(raw) and raw.casefold() not in _NOT_A_SECRET


def _card_tail(match: re.Match[str]) -> bool:
    return not _YEAR.fullmatch(match.group("secret"))


RULES: tuple[Rule, ...] = (
    Rule(
        "password",
        re.compile(r"(?i)" + _KEY + _QUALIFIER + _STRONG + _VALUE),
        _NEEDLES,
        accept=_strong,
    ),
    Rule("password", re.compile(r"(?i)" + _KEY + _QUALIFIER + _WEAK + _VALUE), _NEEDLES, accept=_weak),
    Rule(
        "password",
        re.compile(
            r"(?i)(?<!\S)(?P<secret>" + _QUOTED + "|" + _WORD + r")\s+(?:as|is|was|ist|est|es|é|è|als|como|come|jako|как|olarak)"
            r"\s+(?:(?:my|the|our|a|mein\w*|mon|ma|mi|mio|mia|la|minha|meu|mijn|moje|mój|мой|benim)\s+)?(?:[^\W\d_]+\s+){0,2}?"
            + _KEY
        ),
        _NEEDLES,
        accept=_weak,
    ),
    Rule("password", re.compile(r"(?i)\bpass\s*[:=]\s*" + _VALUE), ("pass",)),
    Rule(  # "steam login: alice_w / Tr0ub4dor&3", "creds are bob / hunter22", "user admin pass admin123"
        "password",
        re.compile(
            r"(?i)\b(?:creds?|credentials|logins?|acc(?:oun)?t|user(?:name)?|benutzer(?:name)?|identifiant|usuario|utente)\b"
            r"[^\n/]{0,30}?(?<![\w.+@-])[\w.+@-]{2,40}\s*(?:/|\||,|\bpass(?:word)?\b\s*[:=]?|\bpw\b\s*[:=]?)\s*"
            r"(?P<secret>[^\s/|,]{4,})"
        ),
        ("cred", "login", "acc", "user", "benutzer", "identifiant", "usuario", "utente"),
        accept=_weak_pair,
    ),
    Rule(  # "creds are admin:hunter22", "login alice:Wonderland7"
        "password",
        re.compile(
            r"(?i)\b(?:creds?|credentials|logins?|acc(?:oun)?t|user(?:name)?)\b[^\n:]{0,20}?(?<![\w.+@-])(?=[\w.+@-]*[^\W\d_])[\w.+@-]{2,40}:(?P<secret>[^\s:/]{4,})"
        ),
        ("cred", "login", "acc", "user"),
    ),
    Rule(
        "password",
        re.compile(
            r"(?i)\b(?:pin|pins|pincode|pin-code|pin code|geheimzahl|code pin|código pin|codice pin)\b"
            r"(?:\s+(?:to|for|of|für|de|du|для|от|do|di|van|voor|on)(?:\s+[^\s:=\d]+){1,3}?)?[^\d\n.!?]{0,16}?"
            r"(?P<secret>\d{4,8})(?!\d)"
        ),
        ("pin", "geheimzahl"),
        digits=4,
    ),
    Rule(
        "card",
        re.compile(
            r"(?i)\b(?:cvv2?|cvc2?|csc|cvn|security code|sicherheitscode|kartenprüfnummer|prüfnummer|cryptogramme"
            r"|código de seguridad|codice di sicurezza|código de segurança)\b[^\d\n.!?]{0,16}?(?P<secret>\d{3,4})(?!\d)"
        ),
        (
            "cvv",
            "cvc",
            "csc",
            "cvn",
            "security code",
            "sicherheitscode",
            "prüfnummer",
            "cryptogramme",
            "seguridad",
            "sicurezza",
            "segurança",
        ),
        digits=3,
    ),
    Rule(
        "card",
        re.compile(
            r"(?i)\b(?:card|karte|kreditkarte|tarjeta|carte|cartão|cartao|carta|kaart|karta|карт\w*|kart\w*|visa|mastercard|amex)"
            r"\b[^\d\n.!?]{0,24}?\b(?:ends?|ending|last|endet|endend|termina|terminant|finisce|termine|eindigt|kończy"
            r"|заканчивается|últimos|derniers|ultime|laatste|ostatnie|последние|son|biter)\b[^\d\n.!?]{0,20}?(?P<secret>\d{4})(?!\d)"
        ),
        ("card", "kart", "tarjeta", "carte", "cart", "carta", "kaart", "карт", "visa", "master", "amex"),
        digits=4,
        accept=_card_tail,
    ),
    Rule(
        "code",
        re.compile(r"(?i)(?P<word>" + _CODE_WORD + r")[^\d\n.!?]{0,25}?(?<![\w-])(?P<secret>" + _CODE_LIST + ")"),
        ("cod", "códig", "kod", "код", "otp", "2fa", "mfa", "totp", "tan", "one-time", "one time"),
        digits=4,
        accept=_a_code,
    ),
    Rule(
        "code",
        re.compile(
            r"(?i)(?P<word>(?:recovery|backup|rescue|reset|wiederherstellungs|sicherungs|secours|récupération|respaldo"
            r"|recuperação|recupero|herstel|zapasow\w*|резервн\w*|восстановлени\w*|kurtarma|yedek)\w*\s*(?:code|codes|kod\w*|код\w*"
            r"|codici|códigos)?|(?:2fa|mfa|otp|totp)\s*(?:backup\s*)?codes?)[^\w\n.!?]{0,25}?(?<![\w-])(?P<secret>"
            + _ALNUM_LIST
            + ")"
        ),
        _RECOVERY_NEEDLES,
        digits=1,
        accept=_a_code,
    ),
)
