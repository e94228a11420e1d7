"""Chat messages and members' memories with nothing to do with each other: the precision bar of retrieval.

Shared by the tests (`tests/retrieval/test_unrelated_table.py`, hashed-word vectors) and
the recall bench (`python -m bench --only recall --embed-url …`, a real model's vectors),
so a new embedding model is checked against the very cases the tests hold.
"""

from __future__ import annotations

ENGLISH = "en"

CASES: list[tuple[str, tuple[str, ...]]] = [
    # English
    (
        "finally beat the Baldurs Gate boss that was killing me!!",
        ("Adopted two rescue greyhounds.", "Works night shifts as a nurse."),
    ),
    ("last night I went bowling", ("Cried at the ending of TLOU.", "Is allergic to peanuts.")),
    ("what should I cook tonight?", ("Was heated in an argument about politics.", "Plays guitar every day.")),
    ("how's the weather where you are", ("Has a dog named Pixel.", "Is learning Japanese.")),
    ("lol same", ("Has a dog named Pixel.", "Has two kids.", "Drives an old Honda Civic.")),
    ("what do you think about crypto", ("Has two kids.", "Is saving up for a trip to Japan.")),
    ("i'm so tired today", ("Is saving up for a trip to Japan.", "Collects vinyl records.")),
    ("ugh my car broke down again", ("Is allergic to peanuts.", "Paints watercolour landscapes.")),
    ("any good movies lately?", ("Plays guitar every day.", "Runs marathons.")),
    ("brb", ("Works at the library downtown.", "Has a cat called Miso.")),
    ("the 2023 season was wild", ("Moved to Lyon in March.", "Speaks three languages.")),
    ("@everyone gm", ("Is vegan since 2019.", "Studies mechanical engineering.")),
    # French
    ("il fait trop chaud aujourd'hui", ("Joue de la guitare tous les jours.", "A un chien qui s'appelle Pixel.")),
    ("la recette de ma grand-mère est la meilleure", ("Travaille de nuit comme infirmière.", "Apprend le japonais.")),
    # German
    ("das Wetter ist heute schrecklich", ("Spielt jeden Tag Gitarre.", "Hat eine Katze namens Miso.")),
    ("ich habe die Prüfung bestanden", ("Ist allergisch gegen Erdnüsse.", "Fährt einen alten Golf.")),
    # Spanish
    ("qué película me recomiendas para esta noche", ("Tiene dos hijos.", "Trabaja en un hospital de noche.")),
    ("el partido de ayer fue increíble", ("Aprende japonés con una aplicación.", "Tiene un perro llamado Pixel.")),
    # Italian
    ("oggi piove tutto il giorno", ("Suona la chitarra ogni giorno.", "Lavora in una panetteria.")),
    ("it rained all day today", ("Plays guitar every day.", "Has a dog named Pixel.")),
    ("heute bin ich so müde", ("Geht heute Abend ins Kino.", "Hat eine Katze namens Miso.")),
    ("ayer fue un día largo", ("Corre cinco kilómetros al día.", "Tiene dos hijos.")),
    ("oggi piove a dirotto", ("Suona la chitarra ogni giorno.", "Lavora in una panetteria.")),
    ("la pizza di ieri era buonissima", ("Ha due gatti e un criceto.", "Studia ingegneria a Milano.")),
    # Portuguese
    ("o jogo de ontem foi incrível", ("Tem um cachorro chamado Pixel.", "Trabalha como enfermeira.")),
    ("estou com muito sono hoje", ("Coleciona discos de vinil.", "Mora em Lisboa.")),
    # Other scripts and odd formats
    ("今日はとても暑いですね", ("Is learning Japanese.", "Has a dog named Pixel.")),
    ("сегодня очень холодно", ("Plays guitar every day.", "Works night shifts as a nurse.")),
    ("🎉🎉🎉 lets gooo", ("Is allergic to peanuts.", "Has two kids.")),
    ("https://example.com/watch?v=abc123", ("Drives an old Honda Civic.", "Collects vinyl records.")),
]
"""(message, memories): nothing in common but, at most, function words. Few memories each, as a new member has."""

MEMBERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    ENGLISH: (
        (
            "finally beat the Baldurs Gate boss that was killing me!!",
            "last night I went bowling",
            "how's the weather where you are",
            "lol same",
            "what do you think about crypto",
            "i'm so tired today",
            "ugh my car broke down again",
            "any good movies lately?",
            "brb",
            "the 2023 season was wild",
            "@everyone gm",
            "it rained all day today",
        ),
        (
            "Adopted two rescue greyhounds.", "Is allergic to peanuts.", "Was heated in an argument about politics.",
            "Plays guitar every day.", "Has a dog named Pixel.", "Is learning Japanese.", "Has two kids.",
            "Is saving up for a trip to Japan.", "Collects vinyl records.", "Paints watercolour landscapes.",
            "Works at the library downtown.", "Has a cat called Miso.", "Moved to Lyon in March.",
            "Speaks three languages.", "Studies mechanical engineering.",
        ),
    ),
    "fr": (
        ("il fait trop chaud aujourd'hui", "la recette de ma grand-mère est la meilleure"),
        (
            "Joue du violon chaque soir.", "A un chien qui s'appelle Pixel.", "Travaille de nuit comme infirmière.",
            "Apprend le japonais.", "Collectionne les vieux vinyles.", "Habite à Lyon depuis mars.",
            "Conduit une vieille Clio.", "Est allergique aux arachides.", "A deux enfants.", "Roule à vélo le dimanche.",
            "Économise pour un voyage au Japon.", "Peint des aquarelles de paysages.",
        ),
    ),
    "de": (
        ("das Wetter ist heute schrecklich", "ich habe die Prüfung bestanden", "heute bin ich so müde"),
        (
            "Spielt jeden Tag Gitarre.", "Hat eine Katze namens Miso.", "Ist allergisch gegen Erdnüsse.",
            "Fährt einen alten Golf.", "Arbeitet nachts als Krankenpfleger.", "Lernt Japanisch.",
            "Sammelt alte Schallplatten.", "Wohnt seit März in Hamburg.", "Hat zwei Kinder.",
            "Malt Aquarelle von Landschaften.", "Läuft einmal im Jahr einen Marathon.", "Spart für eine Reise nach Japan.",
        ),
    ),
    "es": (
        ("qué película me recomiendas para esta noche", "el partido de ayer fue increíble", "ayer fue un día largo"),
        (
            "Tiene dos hijos.", "Trabaja en un hospital de noche.", "Aprende japonés con una aplicación.",
            "Tiene un perro llamado Pixel.", "Corre cinco kilómetros al día.", "Vive en Sevilla desde marzo.",
            "Colecciona discos de vinilo.", "Toca la guitarra en una banda.", "Es alérgico a los cacahuetes.",
            "Conduce un coche viejo.", "Estudia ingeniería mecánica.", "Ahorra para un viaje a Japón.",
        ),
    ),
    "it": (
        ("oggi piove tutto il giorno", "oggi piove a dirotto", "la pizza di ieri era buonissima"),
        (
            "Suona la chitarra ogni giorno.", "Lavora in una panetteria.", "Ha due gatti e un criceto.",
            "Studia ingegneria a Milano.", "Colleziona vecchi dischi in vinile.", "Impara il giapponese.",
            "È allergico alle arachidi.", "Guida una vecchia Panda.", "Ha due figli.", "Corre una maratona ogni anno.",
            "Risparmia per un viaggio in Giappone.", "Dipinge paesaggi ad acquerello.",
        ),
    ),
    "pt": (
        ("o jogo de ontem foi incrível", "estou com muito sono hoje"),
        (
            "Tem um cachorro chamado Pixel.", "Trabalha como enfermeira.", "Coleciona discos de vinil.", "Mora em Lisboa.",
            "Toca violão todos os dias.", "Aprende japonês.", "Tem dois filhos.", "É alérgica a amendoim.",
            "Dirige um carro velho.", "Estuda engenharia mecânica.", "Corre maratonas.", "Pinta aquarelas de paisagens.",
        ),
    ),
}  # fmt: skip
"""Language → (messages, one member's memories): a member of 12–15 memories, where a rule that asks a memory to
stand out from the member's others can judge. Memories the table pairs with other messages, minus any that a message
of the language is about ("ugh my car broke down" and "Drives an old Honda Civic" are not unrelated), and none
sharing two function words with a message ("de la"), which the fake server's hashed words would count as meaning."""
OTHER_LANGUAGE_MESSAGES = frozenset(m for language, (messages, _) in MEMBERS.items() if language != ENGLISH for m in messages)
"""The table's messages in French, German, Spanish, Italian and Portuguese (an English-only model's blind spot)."""
