"""A secret split over a member's consecutive messages is screened as one: announced then given, given then revealed.

Phrasings follow what members write in chat (Discord servers, game forums, support chats), in many
languages; the ordinary exchanges beside them share their words ("password", "code", "that was")
and must pass unchanged.
"""

from __future__ import annotations

import pytest

from utils.privacy.conversation import ConversationScreen
from utils.privacy.screen import Seen, screen

# (earlier message, later message, the value): the later message gives what the earlier one announced.
ANNOUNCED_THEN_GIVEN = [
    # no kind named: a short lead, then a value no one types as a plain answer
    ("for the bike lock", "7310", "7310"),
    ("the guest network", "MapleSyrup42", "MapleSyrup42"),
    ("ok here:", "maple_Leaf7", "maple_Leaf7"),
    ("pour le garage", "5 5 1 9", "5 5 1 9"),
    ("держи", "Lisa_Vesna77", "Lisa_Vesna77"),
    ("ok my new steam password:", "Kx8-tundra-44", "Kx8-tundra-44"),
    ("what's the door code?", "4417#", "4417"),
    ("my PIN", "0429", "0429"),
    ("wifi password is", "sunflower88", "sunflower88"),
    ("the password for the server is", "Bluebird!2024", "Bluebird!2024"),
    ("new pw ->", "tr0ub4dor&3", "tr0ub4dor&3"),
    ("my password is", "correcthorse", "correcthorse"),
    ("here's the admin password", "`Adm1n-Pa55`", "Adm1n-Pa55"),
    ("bank pin:", "7391", "7391"),
    ("garage code is", "2580", "2580"),
    ("my 2fa backup code", "8841-2290", "8841-2290"),
    ("gmail password =", "||mango-tree-71||", "mango-tree-71"),
    ("mein neues Passwort:", "Zugspitze_1962", "Zugspitze_1962"),
    ("die PIN für die Karte lautet", "5566", "5566"),
    ("mon mot de passe c'est", "Soleil2023!", "Soleil2023!"),
    ("le digicode de l'immeuble ?", "B4521", "B4521"),
    ("mi contraseña de netflix es", "gatito_99", "gatito_99"),
    ("el pin del móvil:", "8012", "8012"),
    ("la mia password è", "Ciao!Roma77", "Ciao!Roma77"),
    ("il codice pin", "3345", "3345"),
    ("minha senha do wifi é", "abacaxi2020", "abacaxi2020"),
    ("mijn wachtwoord is", "Tulpen#88", "Tulpen#88"),
    ("moje hasło to", "Kotek2024", "Kotek2024"),
    ("мой пароль:", "medved_777", "medved_777"),
    ("пин-код от карты", "4721", "4721"),
    ("şifrem:", "Galata1453", "Galata1453"),
    ("mitt lösenord är", "Kanelbulle9", "Kanelbulle9"),
    ("パスワードは", "sakura2024", "sakura2024"),
    ("我的密码是", "qwe123456", "qwe123456"),
]

# (earlier message, later message, the value): the later message says the earlier one was a secret.
GIVEN_THEN_REVEALED = [
    # no kind named: the value taken back, or weighed as a password
    ("Tiger_Lily88", "oops wrong channel", "Tiger_Lily88"),
    ("blue-Whale-19", "is that secure enough?", "blue-Whale-19"),
    ("Krokodil#55", "sorry, falscher Chat", "Krokodil#55"),
    ("9514", "that was my bank pin btw", "9514"),
    ("Kx8-tundra-44", "^ thats my wifi password dont share", "Kx8-tundra-44"),
    ("hunter2hunter", "oops that was my real password", "hunter2hunter"),
    ("try logging in with Summer2024!", "wait that's my actual password lol", "Summer2024!"),
    ("sunshine", "^ my wifi password", "sunshine"),
    ("4417", "that's the door code btw", "4417"),
    ("Maple_Leaf_22", "↑ that's my steam password, don't tell anyone", "Maple_Leaf_22"),
    ("3326", "this is my pin lol", "3326"),
    ("xXdragonXx99", "above is my password, delete pls", "xXdragonXx99"),
    ("Zugspitze_1962", "das war mein Passwort", "Zugspitze_1962"),
    ("7788", "ups, das war meine PIN", "7788"),
    ("Soleil2023!", "c'était mon mot de passe", "Soleil2023!"),
    ("4455", "oups c'est mon code pin", "4455"),
    ("8012", "ese era mi pin", "8012"),
    ("gatito_99", "esa es mi contraseña jaja", "gatito_99"),
    ("Ciao!Roma77", "quella era la mia password", "Ciao!Roma77"),
    ("abacaxi2020", "essa era minha senha kkk", "abacaxi2020"),
    ("Tulpen#88", "oeps dat was mijn wachtwoord", "Tulpen#88"),
    ("Kotek2024", "to było moje hasło", "Kotek2024"),
    ("medved_777", "упс, это был мой пароль", "medved_777"),
    ("Galata1453", "o benim şifremdi", "Galata1453"),
    ("Kanelbulle9", "hoppsan det var mitt lösenord", "Kanelbulle9"),
    ("sakura2024", "それ私のパスワード", "sakura2024"),
]

# Two or three messages of one member that share the words above and hold no secret: each passes unchanged.
ORDINARY = [
    ("my gpu", "GTX1080"),
    ("born in", "1998"),
    ("which version?", "v1.2.3"),
    ("final score", "3-1"),
    ("gg", "oops wrong chat"),
    ("Hades", "wrong chat lol"),
    ("room for", "2024"),
    ("what's your favourite game?", "Hades"),
    ("I forgot my password", "again"),
    ("forgot my pw", "lmao"),
    ("changed my password", "finally"),
    ("reset my pin", "3 times today"),
    ("what's the lobby code?", "XK4P2"),
    ("my steam friend code", "123456789"),
    ("the password was wrong", "twice"),
    ("what is the wifi password?", "idk"),
    ("my password is", "none of your business"),
    ("my password is", "lol"),
    ("Hades", "that's my favourite game btw"),
    ("gg", "that was close"),
    ("ok", "that password thing was annoying"),
    ("patch 1.2.3 broke it", "was it the password reset bug?"),
    ("lost 3-0", "btw whats your wifi password"),
    ("GTX1080", "that's my password strength meter lol"),
    ("I use Bitwarden", "that's my password manager"),
    ("Elden Ring", "das war mein Lieblingsspiel"),
    ("Zelda", "c'était mon jeu préféré"),
    ("Minecraft", "ese era mi juego favorito"),
    ("ok ok", "my password is too short"),
    ("my password manager is bitwarden", "highly recommend"),
    ("level 3 password puzzle", "solved it"),
    ("what's the door code again?", "nvm found it"),
    ("pin the message pls", "thanks"),
    ("I need to reset my PIN", "the bank app is down"),
    ("mein Passwort ist zu kurz", "sagt die Seite"),
    ("mot de passe oublié", "encore"),
    ("la contraseña no funciona", "otra vez"),
    ("la password è sbagliata", "di nuovo"),
    ("minha senha expirou", "de novo"),
    ("wachtwoord vergeten", "weer"),
    ("zapomniałem hasła", "znowu"),
    ("забыл пароль", "опять"),
    ("şifremi unuttum", "yine"),
    ("glömde lösenordet", "igen"),
    ("パスワード忘れた", "また"),
    ("my score was 4417", "new record"),
    ("room 2580", "see you there"),
    ("what's the password for the event?", "asking for a friend"),
    ("password", "is", "wrong"),
    ("Kx8 is my main", "this build is great"),
    ("1v1 me", "that was my password reset email"),
    ("I changed my password", "to something longer", "much better now"),
    ("my wifi password", "keeps getting rejected"),
    ("the pin on my map", "Dragonspire2"),
    ("forgot my pin", "AGAIN"),
    ("reset my password", "NVM"),
    ("what's the password", "Swordfish"),
    ("new password:", "😂"),
    ("what's your PIN lol", "jk"),
    ("the password is", "whatever"),
    ("Thanks!!", "that was my password"),
    ("server password?", "ask the admin"),
    ("my password is", "password"),
    ("mein Passwort ist", "geheim"),
    ("quel est le code wifi ?", "demande à Paul"),
    ("gg", "wp", "that was close"),
    ("my pin", "broke off my keyboard lol"),
    ("what's the code for the shed?", "no idea"),
    ("4 more levels", "this is my password game addiction talking"),
    ("i use the same password everywhere", "bad idea i know"),
    ("passwords", "are the worst"),
    ("la contraseña es", "secreta"),
    ("my new pin", "Pikachu"),
    ("password manager", "Bitwarden"),
    ("new password", "who dis"),
    ("wifi password", "ask mom"),
    ("login", "failed"),
    ("my pw", "lmaooo"),
    ("my password", ":kekw:"),
    ("the door code", "<:pepehands:812345678901234567>"),
    ("steam login", "works again"),
    ("wifi password", "anyone?"),
    ("wifi password", "@Mike"),
    ("door code", "<@123456789012345678>"),
    ("my password", "please"),
    ("what was the wifi password", "https://example.org/wifi-help"),
]


def _said(messages: tuple[str, ...] | list[str]) -> tuple[list[str], Seen]:
    """Each message as screened in its conversation, and what the conversation found in earlier ones."""
    window = ConversationScreen()
    texts, found = [], Seen()
    for message in messages:
        joint = window.take(7, 100, message)
        texts.append(joint.said.text)
        found.add(joint.found)
    return texts, found


@pytest.mark.parametrize(("announced", "given", "value"), ANNOUNCED_THEN_GIVEN)
def test_a_secret_announced_then_given_is_screened_out_of_the_message_that_gives_it(
    announced: str, given: str, value: str
) -> None:
    texts, found = _said([announced, given])
    assert value not in texts[1]
    assert "[redacted:" in texts[1]
    # The copies of it held elsewhere (chat context, log) lose it too: through what the conversation found, or,
    # for a value whose shape alone takes it out (an identity-shaped number), through the screen every copy passes.
    alone = screen(given, "log").text
    assert found.scrub(given) == texts[1] or (value not in alone and "[redacted:" in alone)


@pytest.mark.parametrize(("given", "revealed", "value"), GIVEN_THEN_REVEALED)
def test_a_secret_revealed_afterwards_is_found_in_the_earlier_message(given: str, revealed: str, value: str) -> None:
    texts, found = _said([given, revealed])
    assert value not in found.scrub(texts[0])  # the screen may take it alone by its shape ("Krokodil#55")
    assert texts[1] == revealed


@pytest.mark.parametrize("messages", ORDINARY)
def test_an_ordinary_exchange_passes_unchanged(messages: tuple[str, ...]) -> None:
    texts, found = _said(messages)
    assert texts == list(messages)
    assert not found


def test_the_table_covers_both_orders_in_many_languages() -> None:
    assert len(ANNOUNCED_THEN_GIVEN) + len(GIVEN_THEN_REVEALED) >= 40
    assert len(ORDINARY) >= 40


def test_the_window_is_one_member_in_one_place_and_a_few_minutes() -> None:
    window = ConversationScreen(clock=lambda: now)
    now = 1000.0
    window.take(7, 100, "my PIN")
    assert window.take(8, 100, "0429").said.text == "0429"  # another member
    assert window.take(7, 200, "0429").said.text == "0429"  # another channel
    window.take(7, 100, "my PIN")
    now += 301
    assert window.take(7, 100, "0429").said.text == "0429"  # too late to be the answer


def test_a_forgotten_member_leaves_the_window() -> None:
    window = ConversationScreen()
    window.take(7, 100, "my PIN")
    window.take(7, 200, "hello")
    assert window.forget(7) == 2
    assert window.take(7, 100, "0429").said.text == "0429"
    assert window.forget(9) == 0


def test_the_window_is_bounded() -> None:
    window = ConversationScreen(max_members=3)
    for user_id in range(10):
        window.take(user_id, 100, "hello there")
    assert len(window) == 3


def test_a_deleted_or_edited_message_leaves_the_window() -> None:
    window = ConversationScreen()
    window.take(7, 100, "my PIN", message_id=1)
    window.deleted([1])
    assert window.take(7, 100, "0429").said.text == "0429"
    window.take(7, 100, "my PIN", message_id=2)
    assert window.edited(2, "my cat")
    assert window.take(7, 100, "0429").said.text == "0429"


def test_a_thread_continues_the_channel_it_was_opened_from() -> None:
    """Named in the channel, given in its thread, and the reverse; another channel is another conversation."""
    window = ConversationScreen()
    window.take(7, 100, "router password going in the thread")
    assert window.take(7, 101, "Maple-Otter-418", parent=100).found.values == (("Maple-Otter-418", "password"),)
    window.take(7, 201, "Sosna-Kedr-505", parent=200)
    assert window.take(7, 200, "that was the shared account's password").found.values
    window.take(7, 300, "router password going in the thread")
    assert window.take(7, 301, "Maple-Otter-418").said.text == "Maple-Otter-418"  # no parent given: another place


def test_a_posts_title_is_read_once_as_its_openers_line_and_a_question() -> None:
    window = ConversationScreen()
    window.opened(8, 201, "PIN do cartão da equipe", parent=200)
    window.opened(8, 201, "PIN do cartão da equipe", parent=200)  # every message of the post names it: read once
    assert window.take(7, 201, "7361", parent=200).found.values == (("7361", "code"),)
    window.opened(8, 202, "Best sensitivity for controller?", parent=200)
    said = window.take(7, 202, "I run 6-6 with 0.45 deadzone", parent=200)
    assert said.said.text == "I run 6-6 with 0.45 deadzone" and not said.found.values


def test_an_edit_is_read_in_its_conversation() -> None:
    """A value fixed, a bare value labelled, a later message edited to point back; a score fixed passes."""
    window = ConversationScreen()
    window.take(7, 100, "netflix login for the family", message_id=1)
    window.take(7, 100, "Wombat-Tea-72", message_id=2)
    fixed = window.edited(2, "Wombat-Tea-27")
    assert fixed is not None and fixed.said.text == "[redacted:password]" and fixed.found.values
    assert window.author_of(2) == 7 and window.author_of(99) is None
    window.take(8, 100, "9157", message_id=3)
    labelled = window.edited(3, "9157 é o pin do cartão")
    assert labelled is not None and labelled.found.values == (("9157", "code"),)
    window.take(9, 100, "8830", message_id=4)
    window.take(9, 100, "ok", message_id=5)
    pointed = window.edited(5, "ok that was my phone pin btw")
    assert pointed is not None and pointed.found.values == (("8830", "code"),)
    window.take(10, 100, "Quokka-Sail-31", message_id=6)
    window.take(10, 100, "^ that's the new wifi pw", message_id=7)
    again = window.edited(6, "Quokka-Sail-13")
    assert again is not None and again.said.text == "[redacted:password]" and again.found.values[0][0] == "Quokka-Sail-13"
    window.take(11, 100, "we won 3-1", message_id=8)
    score = window.edited(8, "we won 3-2 actually")
    assert score is not None and score.said.text == "we won 3-2 actually" and not score.found.values
    assert window.edited(99, "anything") is None
