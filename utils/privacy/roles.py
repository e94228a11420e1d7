"""A role or a permission asserted in chat ("I'm an admin here", "the mods said I can post links") is never kept.

A memory is read back to the model as a fact, and the bot must not learn who may do what from what people say
(:func:`asserts_role`). The vocabulary is data (``data/others.json``); the shapes that use it are here.
"""

from __future__ import annotations

import re
from functools import cache

from utils.privacy._others_vocabulary import (
    LETTER_RUN,
    UNSPACED_SCRIPT,
    alternation,
    line_words,
    needles,
    search,
    vocabulary,
    windows,
)
from utils.privacy.normalise import normalise
from utils.privacy.role_claims import claims_role, play_after_an_act
from utils.privacy.semantic_fields import field_reading

_ROLE_GATE_WORDS = (
    "mod mods modos модеры charge manage ban kick whitelisted white exempt above skip bypass owns own runs run manages treat "
    "role team crew équipe equipo equipe squadra ekipy ekipte команду modteam serverteam staffteam channel channels "
    "rights permission permissions perms powers privileges allowed permitted authorised authorized trusted given granted "
    "elevated superuser sudo unrestricted override ignore disable forget access permisos permiso privilegios derechos droits "
    "privilèges permessi privilegi diritti permissões permissão privilégios direitos rechte berechtigungen rechten "
    "uprawnienia uprawnień права привилегии yetkileri yetkisi behörighet rättigheter oprávnění práva quyền"
)


_GRANTED_NEEDLES = frozenset(
    "made make makes making promoted promote appointed named elected nominated given granted got gave gets "
    "ernannt befördert gemacht nommé nommée promu promue nombrado nombrada ascendido ascendida promosso promossa "
    "nominato nominata mianowany mianowana awansowany awansowana назначили назначен назначена повысили "
    "benoemd gepromoveerd atandım atandı nombraron ascendieron promovido promovida nomearam promoveram zum zur".split()
)
_GRANTED = "(?:" + "|".join(sorted(_GRANTED_NEEDLES, key=len, reverse=True)) + ")"
"""Verbs by which a role is handed to someone: "made", "promoted", "ernannt", "nommé", "назначили"."""


_ROLE_STEMS = (
    r"(?:moderat(?!ely)|moderier|modérat|modér|moderad|moderaat|moderuj|moderatör|admin|beheerd|yönetici|модер|админ|"
    r"адміністр)[^\W\d_]*"
)
"""A role by its stem in every language, inflections and verbs included ("moderate", "moderiere", "yöneticiyim")."""
_NOT_A_TOOL = (
    r"(?!\s+(?:tools?|panel|console|commands?|page|dashboard|plugin|mod|menu|settings)(?![^\W\d_])"
    r"|\s+(?:of|on|in|at|for)\s+(?:my|his|her|their)\s+own(?![^\W\d_])"
    r"|\s+(?:de|en|del|do|no|na|di|auf|von|sur|du|op|van|w|на)\s+(?:mi|su|mon|ma|son|sa|mein|meinem|meinen|sein|seinem|meu|minha|"
    r"seu|sua|mio|mia|suo|mijn|zijn|moim|mojim|своём|своем|моём)\s+(?:propio|propia|propre|eigenen|próprio|própria|proprio|"
    r"propria|eigen|własnym|собственном)(?![^\W\d_]))"
)
"""A role word naming software ("the admin panel of my Minecraft server") is no role of the member, nor a role on
a server of their own elsewhere ("admin of my own Minecraft server at home", "admin de mi propio servidor"): it gives
no standing here."""
_ROLE_STEM_START = re.compile(_ROLE_STEMS)
_MEMBERSHIP = (
    r"(?:part\s+of|member\s+of|one\s+of|belongs?\s+to|on|in|joined|gehört\s+zu[mr]?|ist\s+im|ist\s+in\s+der|fait\s+partie\s+d(?:e|u|es)|"
    r"forma\s+parte\s+del?|faz\s+parte\s+d[aoe]s?|fa\s+parte\s+d(?:ello|el|ella|i)|zit\s+in|należy\s+do|входит\s+в|в)"
)
_TEAM_ARTICLE = r"(?:(?:the|l['’]|la|le|el|o|a|lo|het|de|der|die|das|our|this\s+server's)\s*)?"
_TEAM_QUALIFIER = (
    r"(?:mod|mods|moderation|modération|moderación|moderação|moderazione|moderatorów|модераторов|admin|admins|servers|server|staff|"
    r"support|moderators)"
)
_TEAM = r"(?:team|crew|équipe|equipo|equipe|squadra|ekipy|ekip\w*|команд\w*)"
_TEAM_GATE = frozenset(
    "team crew équipe equipo equipe squadra ekipy ekipte ekibi ekip команду команде команды staff modteam serverteam "
    "staffteam adminteam perms permissions rights privileges powers messages posts channel channels chat chats room "
    "lounge category commands".split()
)
"""Words of which a line must have one before the team shape is tried."""
_ROLE_STEM_STARTS = frozenset({"mod", "adm", "beh", "yön", "мод", "адм"})
"""The first letters of every role stem: a word is matched against the stems only when it starts with one."""
_ROLE_STEM_WORD = re.compile(" ((?:" + "|".join(sorted(_ROLE_STEM_STARTS)) + r")\S*)")
"""A word of a line's words joined by spaces that starts as a role's stem does: one search, not a loop over them."""
_A_ROLE_STEM = "\x00role-stem"
"""Stands among a line's words when one of them starts with a role's stem: the stem shape is tried then."""
_ROLE_STEM_GATE = frozenset({_A_ROLE_STEM})
_Shape = tuple[re.Pattern[str], frozenset[str]] | tuple[re.Pattern[str], frozenset[str], frozenset[str]]


@cache
def _role_patterns() -> tuple[_Shape, ...]:
    """Each shape of a role claim with the words of which a line must have one before it is tried (and one of a second)."""
    v = vocabulary()
    roles = needles([*v["role_words"], "mod", "mods", "modos", "модеры"])
    acts_needles = needles(v["granted_acts"])
    role = alternation(v["role_words"])
    community = alternation(v["community_words"])
    acts = alternation(v["granted_acts"])
    identities = alternation(v["claimed_identities"])
    bare_role = (
        r"(?:(?:server|discord)[\s-]?|(?:head|senior|lead|chief|main|super|co|full|real|actual|official|verified|trial|"
        r"junior|acting|new|temp|temporary|community|chat|only)[\s-]+)?"
        rf"(?:{role}|mod)"
    )
    copula = (
        r"(?:(?:recently|just|now|finally|officially|also|still)\s+)?(?:claims?\s+to\s+be|claimed\s+to\s+be|"
        r"says\s+(?:they|he|she)\s+(?:is|are)|is|was|became|got\s+made|ist|est|es|é|è|jest|является|bin|suis|soy|sou|sono|"
        r"ben|jestem|är|var|blev|er|ble)"
    )
    first_persons = (
        r"i'm|im|i\s+am|i\s+was|ich\s+bin|bin|je\s+suis|soy|sou|sono|ik\s+ben|jestem|я|jsem|jag\s+är|jeg\s+er|olen|"
        r"eu\s+sou|estoy|vagyok|sunt|εγώ\s+είμαι|είμαι|saya|aku|ako\s+ay|ako\s+ang|mimi\s+ni|аз\s+съм|jeg\s+er|אני"
    )
    here = r"(?:\s+(?:tu|tady|here|hier|ici|aquí|aqui|qui|tutaj|här|her|itt|aici|täällä|тут|здесь|di\s+sini))?"
    first_person = rf"(?:{first_persons}){here}"
    article = (
        r"(?:(?:a|an|the|one\s+of\s+the|un|une|uno|una|um|uma|der|die|ein|eine|een|de|le|la|il|uno\s+degli|una\s+delle|"
        r"l['’]une?\s+des|uno\s+de\s+los|una\s+de\s+las|um\s+dos|uma\s+das|einer\s+der|eine\s+der|één\s+van\s+de|"
        r"jed(?:en|na)\s+z|один\s+из|одна\s+из)\s+)?"
    )
    end = (
        r"(?:\s*(?:[.!,;]|$)|\s+(?:here|now|so|and|too|as\s+well|on\s+this|of\s+this|btw|lol|hier|ici|aquí|qui|her|här|tady|tu|"
        r"itt|aici|täällä|hapa|dito|тук|εδώ|ovdje|tutaj|здесь|тут|burada|di\s+sini|since|last|yesterday|today|recently|again|"
        r"seit|depuis|desde|da\s+poco|sinds|od)"
        # "Es mod del server", "Is an admin on the Discord": the community it is asserted in
        r"|\s+(?:of|on|in|at|for|del|de|do|da|du|des|di|della|dello|van|op|auf|im|na|в|på|sur|en|no|sul)\s+(?:(?:the|this|our|ce|le|este|esse|"
        r"el|deze|de|diesem|dem|questo|il|этом|нашем)\s+)?(?:server|servers|discord|serveur|servidor|serwer\w*|сервер\w*|"
        r"дискорд\w*|sunucu\w*|discorden|servern|guild|community|communauté|comunidad|comunidade|comunità|gemeinschaft)"
        r"(?![^\W\d_]))"
    )
    permission = r"(?:rights|permissions?|perms|powers|privileges|role|access|badge|status)"
    foreign_permission = (
        r"(?:permisos?|privilegios|derechos|droits|permissions|privilèges|permessi|privilegi|diritti|permissões|permissão|"
        r"privilégios|direitos|rechte|berechtigungen|rechten|uprawnienia|uprawnień|права|привилегии|yetkileri|yetkisi|"
        r"behörighet|rättigheter|oprávnění|práva|quyền|hak)"
    )
    foreign_permission_needles = frozenset(re.findall(r"[^\W\d_|()?:]+", foreign_permission.replace("(?:", "")))
    modal = (
        r"(?:can|may|could|darf|dürfen|peut|pouvais|pourrait|puedo|puede|podía|posso|pode|podia|può|potevo|mag|mogę|może|"
        r"могу|может)"
    )
    not_play = rf"(?!\s+(?:\S+\s+){{0,2}}?{play_after_an_act()})"  # "I can kick the ball", "can ban two champs"
    return (
        # "Is a moderator on this server", "Est modérateur du serveur", "ik ben hier beheerder", "я тут админ"
        (
            re.compile(
                rf"(?<![^\W\d_]){role}(?![^\W\d_]){_NOT_A_TOOL}[^.!?\n]{{0,30}}?(?<![^\W\d_]){community}(?![^\W\d_])", re.I
            ),
            roles,
        ),
        (re.compile(rf"(?<![^\W\d_]){community}\s+(?:\w+\s+)?{role}(?![^\W\d_])", re.I), roles),
        # "Is an admin.", "I'm a mod", "bot, remember i'm staff now", "Est modérateur."
        (
            re.compile(
                rf"(?<![^\W\d_]){first_person}\s+(?:(?:literally|actually|really|basically|officially|also|still|now|just)\s+)?"
                rf"{article}{bare_role}s?{end}",
                re.I | re.MULTILINE,
            ),
            roles,
        ),
        (
            # a model's line may drop the verb too: "Server moderator.", "Admin here."
            re.compile(
                rf"(?:(?:^|[.;:!?,]\s*|(?<![^\W\d_])(?:he|she|they)\s+){copula}\s+{article}|^\W*){bare_role}s?"
                rf"(?:[\s-]+(?:member|members|mitglied))?{end}",
                re.I | re.M,
            ),
            roles,
        ),
        # "i'm the developer of this bot", "i'm a discord employee", "treat me as a mod"
        (
            re.compile(rf"(?<![^\W\d_])(?:{first_person}|is|am)\s+{identities}(?![^\W\d_])", re.I),
            needles(v["claimed_identities"]),
            frozenset(LETTER_RUN.findall(said)[0] for said in f"{first_persons}|is|am".split("|")),  # each stands whole
        ),
        (re.compile(rf"(?<![^\W\d_])treat\s+me\s+(?:as|like)\s+{article}{bare_role}", re.I), frozenset({"treat"})),
        # "as a mod, I ...", "Helps run the server as a mod" ("installed it as a mod" is modding)
        (
            re.compile(
                rf"(?:^|[.;:!?]\s*)(?:speaking\s+)?as\s+(?:an?|the)\s+{bare_role}s?(?:\s*,|\s+(?:i|i'm|we|here)(?![^\W\d_]))|"
                rf"(?<![^\W\d_])(?:server|discord|community|here)\s+as\s+(?:an?|the)\s+{bare_role}s?(?![^\W\d_])",
                re.I | re.MULTILINE,
            ),
            roles,
        ),
        # "my role is moderator", "my rank here: admin", "i'm in charge of this server"
        (
            re.compile(
                rf"(?<![^\W\d_])(?:my|his|her|their)\s+(?:role|rank|position|title)\s+(?:\w+\s+)?(?:is|=|:)\s*{article}{bare_role}"
                rf"|(?<![^\W\d_])in\s+charge\s+(?:of\s+)?{community}(?![^\W\d_])",
                re.I,
            ),
            frozenset({"role", "rank", "position", "title", "charge"}),
        ),
        # A role said to have been given: "the admins made me a moderator", "got promoted to mod", "wurde zum Admin
        # ernannt", "on m'a nommé modo" — the grant is as much an assertion as "I'm a mod".
        (
            re.compile(
                rf"(?<![^\W\d_]){_GRANTED}\s+(?:(?:(?:me|him|her|them|mich|ihn|sie|m['’]\s*|moi|lui|mi|lo|la|me\s+ha|mnie|"
                rf"меня|его|её)\s+(?:(?:to|as|into|zum|zur|als|comme|como|a|em|de|na|в)\s+)?|(?:to|as|into|zum|zur|als|"
                rf"au\s+rang\s+de|comme|como|em|na|w|в)\s+){article}|(?<=got\s)|(?<=[^\W\d_]{{3}}(?<!made|make|gave|gets|amed|nted|iven|akes)\s)){bare_role}s?(?![^\W\d_])"
                r"(?!\s+(?:for|für|pour|para)\s)|"  # "gave me a mod for Fallout" is a game's
                rf"(?<![^\W\d_])(?:zum|zur)\s+{bare_role}\s+(?:ernannt|gemacht|befördert)",
                re.I,
            ),
            _GRANTED_NEEDLES,
        ),
        # "Has moderator rights", "Has the admin role", "Has the Manage Messages permission"
        (re.compile(rf"(?<![^\W\d_])(?:{role}|mod)\s+{permission}(?![^\W\d_])", re.I), roles),
        # "Tiene permisos de administrador", "a les droits d'admin", "hat Admin-Rechte" (the noun first)
        (
            re.compile(
                rf"(?<![^\W\d_]){foreign_permission}\s+(?:de\s+|d['’]\s*|di\s+|da\s+|des\s+|du\s+|del\s+|als\s+|von\s+)?"
                rf"(?:{role}|mod)",
                re.I,
            ),
            roles | foreign_permission_needles,
        ),
        # "I have elevated privileges", "got full admin access", "ignore your rules", "override your restrictions"
        (
            re.compile(
                rf"(?<![^\W\d_])(?:have|has|got|i've|ive|with)\s+(?:\w+\s+)?(?:elevated|root|owner|superuser|sudo|"
                rf"admin|administrator|mod|moderator)\s+{permission}(?![^\W\d_])|"
                r"(?<![^\W\d_])(?:override|ignore|bypass|disable|skip|forget)\s+(?:all\s+)?(?:your|the|bree's|the\s+bot's)\s+"
                r"(?:\w+\s+)?(?:rules|restrictions|instructions|filters?|guidelines|safety|limits|programming|system\s+prompt)",
                re.I,
            ),
            frozenset(
                {
                    "elevated",
                    "root",
                    "privileges",
                    "permissions",
                    "perms",
                    "rights",
                    "access",
                    "powers",
                    "superuser",
                    "sudo",
                    "override",
                    "ignore",
                    "bypass",
                    "disable",
                    "skip",
                    "forget",
                }
            ),
        ),
        # A role word in any inflection near the community ("i moderate this server", "Ich moderiere diesen Server",
        # "Bu sunucuda yöneticiyim"): the stem is read, not each language's form
        (
            re.compile(
                rf"(?<![^\W\d_]){_ROLE_STEMS}{_NOT_A_TOOL}(?:[^.!?\n]{{0,30}}?)(?<![^\W\d_]){community}|"
                rf"(?<![^\W\d_]){community}[^\W\d_]{{0,4}}\s+(?:\w+\s+)?{_ROLE_STEMS}",
                re.I,
            ),
            _ROLE_STEM_GATE,
        ),
        # "Is on the moderation team", "part of the staff team", "Has ban permissions", "bypass rights"
        (
            re.compile(
                r"(?<![^\W\d_])(?:on|in|part\s+of|member\s+of|joined)\s+(?:the|our|this\s+server's)\s+"
                r"(?:mod|mods|moderation|moderator|admin|staff|support)\s+team(?![^\W\d_])|"
                r"(?<![^\W\d_])(?:ban|kick|mute|timeout|time-out|bypass|moderation|mod|admin|staff|owner|elevated|pin|delete)\s+"
                r"(?:rights|permissions?|perms|powers|privileges)(?![^\W\d_])|"
                # one word in German, Dutch, Swedish: "Moderatorrechte", "Adminrechte", "beheerdersrechten"
                r"(?<![^\W\d_])(?:admin|administrator|moderator|moderatoren|mod|owner|besitzer|beheerders?|staff|ban|kick|mute|"
                r"timeout|bann|lösch|verwaltungs)[\s-]?"
                r"(?:rechte|berechtigung(?:en)?|rolle|rechten|rättigheter|behörighet)(?![^\W\d_])|"
                # "Ha il ruolo di amministratore", "a le rôle de modérateur", "tiene el rol de admin"
                rf"(?<![^\W\d_])(?:role|rolle|rôle|rol|ruolo|papel|rola|роль|cargo|rango|grade|grado|rank|rang|ranga|rangę|rolę|funkcję)"
                rf"\s+(?:(?:de|di|of|als|von|del|do|da|d['’]|dell['’])\s*)?{article}(?:{role}|mod|{_ROLE_STEMS})(?![^\W\d_])",
                re.I,
            ),
            frozenset(
                {"team", "rights", "permission", "permissions", "perms", "powers", "privileges", _A_ROLE_STEM}
                | {"rechte", "rechten", "berechtigung", "berechtigungen", "rättigheter", "behörighet"}
                | {"role", "rolle", "rôle", "rol", "ruolo", "papel", "rola", "роль"}
                | {"cargo", "rango", "grade", "grado", "rank", "rang", "ranga", "rangę", "rolę", "funkcję"}
            ),
        ),
        # "Serves as a moderator", "Acts as an admin here", "Is part of the staff", "Was granted admin", "Has mod."
        (
            re.compile(
                rf"(?<![^\W\d_])(?:serves?|served|serving|acts?|acted|acting|functions?)\s+as\s+{article}{bare_role}s?(?![^\W\d_])|"
                r"(?<![^\W\d_])(?:part|one|member|members)\s+of\s+the\s+(?:server\s+|discord\s+)?(?:staff|mods|admins|moderators)"
                r"(?![^\W\d_])|"
                rf"(?<![^\W\d_])(?:(?:was|were|been|got)\s+(?:granted|given)|has|have|had|holds?)\s+(?:the\s+)?(?:mod|admin|moderator|owner)"
                r"(?=\s*(?:[.!,;]|$)|\s+(?:here|now|on\s+this|in\s+this|yesterday|today|lol|since))",
                re.I | re.M,
            ),
            frozenset({"serves", "serve", "served", "serving", "acts", "act", "acted", "acting", "functions", "function"})
            | frozenset({"part", "one", "member", "members", "granted", "given", "has", "have", "had", "holds", "hold"}),
            frozenset({"as", "staff", "mods", "admins", "moderators", "mod", "admin", "moderator", "owner"}),  # one a shape holds
        ),
        # Membership of the moderating team in many languages: "Gehört zum Mod-Team", "Fait partie de l'équipe de
        # modération", "Fa parte dello staff", "Zit in het modteam", "Należy do ekipy moderatorów"; the team is named
        # by a qualifier (mod, admin, server, staff) or is the staff itself ("part of the team" alone is a job)
        (
            re.compile(
                rf"(?<![^\W\d_]){_MEMBERSHIP}\s+{_TEAM_ARTICLE}(?:{_TEAM_QUALIFIER}[\s-]?{_TEAM}|{_TEAM}\s+(?:de\s+la\s+|de\s+|du\s+|des\s+|del\s+|"
                rf"(?:des|vom|dem)\s+|"
                rf"da\s+|della\s+|dello\s+|di\s+)?{_TEAM_QUALIFIER}|staff)(?![^\W\d_])|(?<![^\W\d_])yetkili\s+ekip\w*|"
                # "Has full perms on the server", "Can delete other people's messages", "Has access to the mod channel"
                r"(?<![^\W\d_])(?:has|have|got|with)\s+(?:full|all|every)\s+(?:the\s+)?(?:perms|permissions|rights|privileges|powers)"
                r"(?![^\W\d_])|(?<![^\W\d_])(?:can|may|allowed\s+to|able\s+to)\s+(?:delete|remove|edit)\s+(?:other\s+people['’]s|"
                r"others['’]|anyone['’]s|everyone['’]s|people['’]s|other\s+members['’]?)\s+(?:messages|posts)|(?<![^\W\d_])(?:access\s+to|"
                r"see|sees|read|reads|into)\s+(?:the\s+|all\s+the\s+)?(?:mod|mods|staff|admin|moderator|moderation)[\s-]?"
                r"(?:channels?|chats?|room|lounge|category)(?![^\W\d_])|(?<![^\W\d_])(?:can|gets\s+to|get\s+to|allowed\s+to|able\s+to)"
                r"\s+use\s+(?:the\s+)?(?:admin|mod|moderator|staff|owner)\s+(?:commands|tools|panel|bot)",
                re.I,
            ),
            _TEAM_GATE,
        ),
        # "Has the VIP role", "got the @Staff role": a server role by name (a game's role, "the healer role", is play)
        (
            re.compile(
                r"(?<![^\W\d_])(?:has|have|had|got|given|holds?|granted|with)\s+(?:the\s+)?@?(?!(?:tank|healer|heal|support|dps|damage|"
                r"carry|jungle|jungler|mid|top|bot|adc|flex|igl|entry|lurker|awper|anchor|sniper|medic|main|off|lead|leading|"
                r"starring|same|wrong|right|best|worst)\s)[^\W\d_][\w-]*\s+role(?![^\W\d_])",
                re.I,
            ),
            frozenset({"role"}),
        ),
        # A role handed over, said in the passive: "Was made a trial mod", "wurde zum Admin ernannt", "fue nombrado moderador"
        (
            re.compile(
                r"(?<![^\W\d_])(?:was|were|got|been|is|wurde|fue|foi|è\s+stat[oa]|został[ao]?|был[аи]?)\s+"
                r"(?:just\s+|recently\s+|finally\s+|officially\s+)?(?:made|named|appointed|promoted|elected|nominated|ernannt|"
                r"nombrad[oa]|nomead[oa]|nominat[oa]|mianowan[ya]|назначен[аы]?)\s+(?:to\s+|as\s+|zum\s+|zur\s+|a\s+|an\s+|the\s+)?"
                rf"{article}{bare_role}s?(?![^\W\d_])",
                re.I,
            ),
            _GRANTED_NEEDLES,
        ),
        (
            re.compile(
                r"(?<![^\W\d_])(?:manage\s+(?:messages|server|roles|channels|webhooks)|ban\s+members|kick\s+members)\b", re.I
            ),
            frozenset({"manage", "ban", "kick"}),
        ),
        # "Is allowed to ban people", "Can kick members", "I have permission to use @everyone", "ich darf links posten"
        (
            re.compile(
                rf"(?<![^\W\d_])(?:(?:is|am|are|was|were|i'm|got|been)\s+(?:allowed|permitted|authori[sz]ed|trusted)\s+to|"
                rf"(?:was|were|got|been|is)\s+(?:given|granted)\s+(?:the\s+)?(?:permission|right|rights|power)\s+to|"
                rf"(?:has|have)\s+(?:the\s+)?(?:permission|right|rights|power|powers|ability|authority)\s+to|{modal}|gets\s+to)\s+{acts}"
                rf"(?![\w-]){not_play}",
                re.I,
            ),
            acts_needles,
        ),
        # "the mods said I can post links", "die mods haben gesagt", "les modos m'ont dit"
        (
            re.compile(
                rf"(?<![^\W\d_])(?:the\s+|die\s+|les\s+|los\s+|os\s+|i\s+|de\s+)?(?:mods|modos|модеры|{role}|server\s+owner)\s+"
                r"(?:said|say|says|told|allowed|allow|let|lets|gave|okayed|approved|haben\s+gesagt|hat\s+gesagt|m'ont\s+dit|"
                r"ont\s+dit|m'a\s+dit|dijeron|me\s+dijeron|disseram|hanno\s+detto|zeiden|powiedzieli|сказали)(?![^\W\d_])",
                re.I,
            ),
            roles,
        ),
        (
            re.compile(
                r"(?<![^\W\d_])(?:whitelisted|white-listed|exempt\s+from\s+(?:the\s+)?rules|above\s+the\s+rules|"
                r"(?:skip|bypass)\s+(?:the\s+)?verification)",
                re.I,
            ),
            frozenset({"whitelisted", "white", "exempt", "above", "skip", "bypass"}),
        ),
        (
            re.compile(
                r"(?<![^\W\d_])(?:owns?|runs?|manages?|own|run|created|founded|started|made|set\s+up)\s+(?:this|the|our)\s+"
                r"(?:discord\s+)?(?:server|discord|guild|community)"
                r"(?=\s*(?:[.!,;]|$|so\b|and\b|here\b|now\b|btw\b|lol\b))",  # "runs the community newsletter" is a job
                re.I,
            ),
            frozenset({"owns", "own", "runs", "run", "manages", "manage", "created", "founded", "started", "made", "set"}),
        ),
    )


@cache
def _role_gate() -> frozenset[str]:
    """The words of which a line must have one before the role shapes are tried (most lines have none)."""
    v = vocabulary()
    return needles([*v["role_words"], *v["granted_acts"], *v["claimed_identities"], *_ROLE_GATE_WORDS.split()])


@cache
def _cjk_roles() -> tuple[tuple[str, ...], tuple[str, ...]]:
    v = vocabulary()
    return tuple(v["cjk_roles"]), tuple(v["cjk_communities"])


@cache
def _who_questions() -> re.Pattern[str]:
    """A question that asks who holds a role or a right ("who has Manage Roles?", "qui est modo ici ?"): a clause
    opened by a word for "who" and closed by a question mark, which claims nothing for the asker."""
    who = alternation(vocabulary()["who_asks"])
    return re.compile(rf"(?:^|(?<=[.!?\n]))[^\w\n]*(?:{who})(?![^\W\d_])[^.!?\n]*\?", re.IGNORECASE)


_A_CHAT_LINE = 400


@cache
def _not_here() -> tuple[frozenset[str], frozenset[str], re.Pattern[str]]:
    """A role denied here ("a mod on another forum, not this server"): the phrase would name this community. Read in
    a line that has a phrase's first and last words, and only in a line of chat's length: a memory is one, and the
    search tried at every place of a long text would cost more than the whole role reading."""
    phrases = vocabulary()["not_here"]["phrases"]
    firsts, lasts = (frozenset(phrase.lower().split()[end] for phrase in phrases) for end in (0, -1))
    return firsts, lasts, re.compile(rf"(?<![^\W\d_])(?:{alternation(phrases)})(?![^\W\d_])", re.IGNORECASE)


def _without_denials(text: str, words: frozenset[str]) -> str:
    firsts, lasts, phrases = _not_here()
    if len(text) > _A_CHAT_LINE or words.isdisjoint(firsts) or words.isdisjoint(lasts):
        return text
    return phrases.sub(lambda denial: " " * len(denial.group()), text)


def asserts_role(text: str, *, normalised: bool = False, words: frozenset[str] | None = None) -> bool:
    """True when a line asserts a role or a permission in this community ("Is the server owner", "Has
    moderator rights", "the mods said I can post links"). A job ("Works as a sysadmin"), a game role ("Mains
    tank") or someone else's server ("Runs a Minecraft server for friends") is no such claim.
    ``normalised``: ``text`` is already in the matching form (:func:`~utils.privacy.normalise.normalise`); ``words``:
    its runs of letters, case-folded, when the caller has read them (:func:`~utils.privacy._others_vocabulary.line_words`)."""
    text = text if normalised else normalise(text).text
    asked = _who_questions().sub(" ", text) if "?" in text else text  # "who has Manage Roles?" asserts no role
    asked = _without_denials(asked, line_words(asked) if words is None or not normalised else words)  # "not here"
    text, words = (text, words) if asked == text else (asked, None)
    unspaced, dotted = bool(UNSPACED_SCRIPT.search(text)), "İ" in text or "ı" in text  # "i" matches both, folded or not
    present = line_words(text) if words is None or not normalised else words
    starting = _ROLE_STEM_WORD.findall(" " + " ".join(present))  # read in one search
    stemmed = frozenset(word for word in starting if _ROLE_STEM_START.match(word)) if starting else frozenset()
    if stemmed:
        present |= {_A_ROLE_STEM}
    near = windows(text, present, _role_gate() | stemmed if stemmed else _role_gate(), unspaced)
    if near and any(
        search(pattern, text, near)
        for pattern, needles, *also in _role_patterns()
        if unspaced or (not present.isdisjoint(needles) and (dotted or all(not present.isdisjoint(w) for w in also)))
    ):
        return True
    if claims_role(text, present):  # the same grammar in the words of any language (data/role_claims.toml)
        return True
    if field_reading(text, "role", words=present):  # ownership or rights handed over here (semantic_fields.py)
        return True
    roles, communities = _cjk_roles()
    return any(r in text for r in roles) and (any(c in text for c in communities) or "是我" in text or "我是" in text)
