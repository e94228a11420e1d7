"""Value-free memories: what a member pastes bare (a generated password, a config line, a link with a token in
it, a friend code) is gone from anything kept, found by its shape and not by a word next to it.

The tables were written before the rule, from outside material: the fake leaks of Plazmaz/leaky-repo (a Laravel
``.env``, a ``.bash_profile``, ``.s3cfg``, ``.npmrc``, a Ventrilo ``srv.ini``, ``mongoid.yml``, ``sftp-config.json``,
a WordPress ``wp-config.php``, Django ``settings.py``, ``high-entropy-misc.txt``, ``.git-credentials``),
detect-secrets' keyword-plugin cases (``password = "…"`` with quotes and spaces), the PostgreSQL, MongoDB, Redis and
AMQP connection-URI docs (``scheme://user:password@host``), SQL Server / Azure Storage / Service Bus connection
strings as their docs print them (Azurite's published development key among them), AWS S3 presigned URLs
(``X-Amz-Signature``), Azure SAS URLs (``sig=``), TOTP seeds as RFC 4648 base32 (the Google Authenticator sample
``JBSWY3DPEHPK3PXP``), console friend codes and game UIDs in the formats the consoles show — each said the way a
member (or a model writing a memory) says it. Harmless lines: chat in a dozen languages and scripts, Discord
markup and ids, versions, dates, prices, scores, coordinates, gamertags, file names, links, code snippets.
"""

from __future__ import annotations

import statistics
import time

import pytest

import utils.privacy.values as privacy_values
from utils.privacy import credential_shapes
from utils.privacy.screen import screen
from utils.privacy.values import value_spans

# (line, what must not survive, kind). Kinds other than "number" are screened in every field.
VALUES: list[tuple[str, str, str]] = [
    # --- config lines: .env, shell profiles, ini/yaml/json, PHP, Django (leaky-repo, detect-secrets)
    ("APP_KEY=base64:4StV8PVvCLC6gkJXgGdkYdlWW0suqjb2sj0QvDHx3Hsn", "4StV8PVvCLC6gkJXgGdkYdlWW0suqjb2sj0QvDHx3Hsn", "config"),
    ("DB_PASSWORD=admin123", "admin123", "config"),
    ("REDIS_PASSWORD=RedisPass1!", "RedisPass1", "config"),
    ("MAIL_PASSWORD=Mailpass1234!", "Mailpass1234", "config"),
    ("export AWS_SECRET_ACCESS_KEY=nAH2VzKrMrRjySLlt8HCdFU3tM2TUuUZgh39NX", "nAH2VzKrMrRjySLlt8HCdFU3tM2TUuUZgh39NX", "config"),
    ("export AWS_ACCESS_KEY_ID=yLryKGwcGc3ez9G8YAnjeYMQOc", "yLryKGwcGc3ez9G8YAnjeYMQOc", "config"),
    ("export RDS_PASSWORD='dummy-pass'", "dummy-pass", "config"),
    (
        "export HOMEBREW_GITHUB_API_TOKEN='51e61afee2c2667123fc9ed160a0a20b330c8f74'",
        "51e61afee2c2667123fc9ed160a0a20b330c8f74",
        "config",
    ),
    ("export MLAB_PASS='password123'", "password123", "config"),
    ("secret_key = yLryKGwcGc3ez9G8YAnjeYMQOc # Sensitive", "yLryKGwcGc3ez9G8YAnjeYMQOc", "config"),
    ("_auth = YWRtaW46YWRtaW4=", "YWRtaW46YWRtaW4", "config"),
    ("//registry.npmjs.org/:_authToken=26dfe8d8-889b-4380-92ff-9c3c6ea5d930", "26dfe8d8-889b-4380", "config"),
    ("AdminPassword=Vent!lo2020", "Vent!lo2020", "config"),
    ("Password=UserPassword123", "UserPassword123", "config"),
    ('    "password": "hunter22",', "hunter22", "config"),
    ("define( 'DB_PASSWORD', 'admin' );", "'admin'", "config"),
    ("define('AUTH_KEY',         'MW1pxMctoyA(>M%0Vl 2(#o0|2$cB+K|.G$hB~4`Juw@]:(5;oVUl<<W3^e_R-fg');", "MW1pxMctoyA", "config"),
    ("SECRET_KEY = 'zh!=!gq(w^_t[sBR29954x)HI+$ehwss*xYNQeu([xcWMhdzzr'", "sBR29954x", "config"),
    ('password = "value with quotes and spaces"', "quotes and spaces", "config"),
    ('password_super_secure = "m{{h}o)p${e]nob(ody[finds>-_$#thisone}}"', "nob(ody", "config"),
    ("rcon.password=Cr33per!Boom", "Cr33per", "config"),
    ("jwt_secret: Zx81kLq0Pm3vN7bR", "Zx81kLq0Pm3vN7bR", "config"),
    ("api_key: 'Kq7Lm2Xp9Rt4Vw8Zy3Bc'", "Kq7Lm2Xp9Rt4Vw8Zy3Bc", "config"),
    ("client_secret: 8Q~pL2x.Vb7Ys_K3mN9rT4wZ1aC6dE0fG5hJ", "K3mN9rT4wZ1aC6dE0fG5hJ", "config"),
    ("SESSION_COOKIE=a8F3kL0pQ9zX2cV7bN1m", "a8F3kL0pQ9zX2cV7bN1m", "config"),
    ("wifi_pass: kaffee2019", "kaffee2019", "config"),
    ("BOT_TOKEN=MTA5ODc2NTQzMjE5ODc2NTQz", "MTA5ODc2NTQzMjE5ODc2NTQz", "config"),
    ('{"username": "alice", "apiKey": "b7Qx9Lm2Pz4Kw8Rt6Vn3"}', "b7Qx9Lm2Pz4Kw8Rt6Vn3", "config"),
    ("auth_token => 'R2d9Qx7Lp4Mz8Kw3'", "R2d9Qx7Lp4Mz8Kw3", "config"),
    ("Server=tcp:db.example.net;Database=shop;User Id=sa;Password=Xk29!pLq7;", "Xk29!pLq7", "config"),
    ("DRIVER={ODBC Driver 18 for SQL Server};SERVER=sql.example.com,1433;UID=bot;PWD={Wq7;x}}Lm2};", "x}}Lm2", "config"),
    (
        "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6"
        "IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;",
        "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6",
        "config",
    ),
    (
        "Endpoint=sb://mybus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;"
        "SharedAccessKey=q8Zr3Kx7Lm2Np5Vw9Bt4Yc6Hd1Jf0Gs8Aa3Qe7Ri2U=",
        "q8Zr3Kx7Lm2Np5Vw9Bt4Yc6Hd1Jf0Gs8Aa3Qe7Ri2U",
        "config",
    ),
    (
        "SENTRY_DSN=https://f3a1c2e4b5d67890a1b2c3d4e5f60718@o12345.ingest.sentry.io/67890",
        "f3a1c2e4b5d67890a1b2c3d4e5f60718",
        "config",
    ),
    (
        "Keeps the bot's settings in .env, with DISCORD_TOKEN=MzI4NzY1OTk4NzY1NDMyMTA5.Gx7kQp.abcDEF123ghiJKL456mnoPQR789stu",
        "MzI4NzY1OTk4NzY1",
        "config",
    ),
    ("Told me their router config: admin_pwd=Tp-Link#4471", "Tp-Link#4471", "config"),
    ("Runs a Valheim server with server_password=Odin4Ever! in the start script", "Odin4Ever", "config"),
    ("mein .env hat DB_PASSWORT=Sonnenblume#9", "Sonnenblume#9", "config"),
    ("ma config : mot_de_passe=Chaton_2023", "Chaton_2023", "config"),
    # --- credentials in links: userinfo, query parameters, path keys (connection-URI docs, AWS/Azure signed URLs)
    ("DATABASE_URL=postgres://app:S3cr3tPass@db.internal:5432/app", "S3cr3tPass", "url-credential"),
    ('uri: "mongodb://testuser:testpass@ds048537.mongolab.com:48537/main"', "testpass", "url-credential"),
    ("redis://:p4ssw0rd@cache.example.net:6379/0", "p4ssw0rd", "url-credential"),
    ("amqp://guest:guest@localhost:5672/ is what the worker uses", "guest:guest", "url-credential"),
    ("https://user@example.com:password!#@498@github.com", "password!#", "url-credential"),
    ("ftp://backup:Tr4nsf3r!@files.example.org/dumps", "Tr4nsf3r", "url-credential"),
    ("git clone https://alice:Wonderland7@git.example.com/alice/notes.git", "Wonderland7", "url-credential"),
    (
        "Hosts their Postgres at postgresql://postgres:mysecretpassword@192.168.1.20:5432/game",
        "mysecretpassword",
        "url-credential",
    ),
    ("mysql://root:Quokka!88@localhost/forum", "Quokka!88", "url-credential"),
    ("https://api.example.com/v1/items?access_token=EAAGm0PX4ZCpsBAJ8xZ2kLq9", "EAAGm0PX4ZCpsBAJ8xZ2kLq9", "url-credential"),
    ("https://example.com/reset?token=Zm9vYmFyYmF6cXV4MTIz&lang=en", "Zm9vYmFyYmF6cXV4MTIz", "url-credential"),
    ("webhook goes to https://hooks.example.com/notify?secret=wX9vT2qL5mR8nB3k", "wX9vT2qL5mR8nB3k", "url-credential"),
    ("http://10.0.0.5:8080/admin?user=admin&password=letmein42", "letmein42", "url-credential"),
    ("https://maps.example.com/api/staticmap?center=Paris&key=Qm9vbGVhbkxpa2VLZXk3", "Qm9vbGVhbkxpa2VLZXk3", "url-credential"),
    (
        "https://bucket.s3.amazonaws.com/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20130524T000000Z"
        "&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
        "aeeed9bbccd4d02ee5c0109b86d86835",
        "url-credential",
    ),
    (
        "https://myaccount.blob.core.windows.net/photos/cat.jpg?sv=2019-02-02&sr=b&sp=rw"
        "&sig=GYRkHwzFJbDXcE5nYbnL4%2BO3yWAhdXNbDXKUmXnhQEA%3D",
        "GYRkHwzFJbDXcE5nYbnL4",
        "url-credential",
    ),
    (
        "my magic login link https://app.example.com/magic-link/f3K9pQ2xL7mZ4vB8nR1tY6wC0dH5jA3s",
        "f3K9pQ2xL7mZ4vB8nR1tY6wC0dH5jA3s",
        "url-credential",
    ),
    (
        "invite: https://team.example.io/join/9xQ2mLp7Rt4KzW8vB3nC6yD1fG5hJ0aE",
        "9xQ2mLp7Rt4KzW8vB3nC6yD1fG5hJ0aE",
        "url-credential",
    ),
    ("https://example.com/api?api_key=7d4e1f9a2b3c8d0e5f6a1b2c", "7d4e1f9a2b3c8d0e5f6a1b2c", "url-credential"),
    # --- credential-like runs with no keyword ("disguised")
    ("9fQ!x2Lm#Tz", "9fQ!x2Lm#Tz", "credential"),
    ("here, use 9fQ!x2Lm#Tz for the NAS", "9fQ!x2Lm#Tz", "credential"),
    ("try J8#kq2!Lmz0 next time", "J8#kq2!Lmz0", "credential"),
    ("Logs into the router with xK7#pQ9!mZ2w.", "xK7#pQ9!mZ2w", "credential"),
    ("nAH2VzKrMrRjySLlt8HCdFU3tM2TUuUZgh39NX", "nAH2VzKrMrRjySLlt8HCdFU3tM2TUuUZgh39NX", "credential"),
    ("paste this into the panel: yLryKGwcGc3ez9G8YAnjeYMQOc", "yLryKGwcGc3ez9G8YAnjeYMQOc", "credential"),
    ("Saved JBSWY3DPEHPK3PXP in their authenticator app", "JBSWY3DPEHPK3PXP", "credential"),
    ("setup string GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ for the app", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", "credential"),
    (
        "HES1:7IWGVUX901XHS5TAS7F5S19EI78WY474C1F92IEANMHEXDM7U80JRK76YFKDV16L",
        "7IWGVUX901XHS5TAS7F5S19EI78WY474C1F92",
        "credential",
    ),
    (
        "HES2:SzdER1E3RlVRM0FEMFZYS0tIM0lEMExCWkgxSEhUSU5ZOFBER1hQQjdDUTVENUhZTVRKWEw3VDlCOVo0VDc5MAo=",
        "SzdER1E3RlVRM0FEMFZYS0tIM0lE",
        "credential",
    ),
    ("YWRtaW46YWRtaW4=", "YWRtaW46YWRtaW4", "credential"),
    (
        "got 51e61afee2c2667123fc9ed160a0a20b330c8f74 from the admin, does it work?",
        "51e61afee2c2667123fc9ed160a0a20b330c8f74",
        "credential",
    ),
    ("won 7QKDF-9GTXH-2LM4P in the giveaway!", "7QKDF-9GTXH-2LM4P", "credential"),
    ("Redeemed VK7JG-NPHTM-C97JM-9MPGT-3V66T on their laptop", "VK7JG-NPHTM-C97JM-9MPGT-3V66T", "credential"),
    ("Keeps tK8$wQ3#zN6!pL2v on a sticky note", "tK8$wQ3#zN6!pL2v", "credential"),
    ("ok its Pq9#vL2!xR7m dont share", "Pq9#vL2!xR7m", "credential"),
    ("the door panel accepts 4Xz!9qL#2mWp", "4Xz!9qL#2mWp", "credential"),
    ("stored as bW9uZXlfbWFrZXI0MjA=, decode it yourself", "bW9uZXlfbWFrZXI0MjA", "credential"),
    ("aGVsbG8Xk2Pq.dGhpcyBpcw9Lm.c2lnbmF0dXJlX3ZhbDEy", "dGhpcyBpcw9Lm", "credential"),
    ("Uses k8s2x9q1m3z7w5v0r4t6 as the recovery thing", "k8s2x9q1m3z7w5v0r4t6", "credential"),
    ("ключ от сервера: Zq8#Lm3!Xp7w", "Zq8#Lm3!Xp7w", "credential"),
    ("サーバーのやつ 7fK!q2Zp#L9x です", "7fK!q2Zp#L9x", "credential"),
    ("mot de passe du NAS? c'est W9#tq!4LzP2k", "W9#tq!4LzP2k", "credential"),
    # --- long numbers in kept lines (friend codes, game UIDs, orders, accounts)
    ("Has a Switch friend code SW-7314-2209-5861 to share", "7314-2209-5861", "number"),
    ("Pokémon GO trainer code 4829 1173 6620, add them", "4829 1173 6620", "number"),
    ("Genshin UID 812349057, plays on the EU server", "812349057", "number"),
    ("Their Steam friend code is 84729163.", "84729163", "number"),
    ("84729163 is their Steam friend code", "84729163", "number"),
    ("原神のUIDは812349057です、フレンド申請してね", "812349057", "number"),
    ("我的会员号73920418，别告诉别人", "73920418", "number"),
    ("the new one for the shared account: Vb4#kQ9z", "Vb4#kQ9z", "credential"),
    ("Amazon order 402-8837261-5590913 is late again", "8837261", "number"),
    ("Tracking number 9400 1112 0236 8451 9034 77 for the keyboard", "0236 8451", "number"),
    ("Plays Honkai Star Rail, UID 700418395", "700418395", "number"),
    ("Their 3DS friend code: 2251-8803-4419", "2251-8803-4419", "number"),
    ("Library card 29031004418273, reads a lot", "29031004418273", "number"),
    ("Gym membership number 0047332918", "0047332918", "number"),
    ("Hat die Kundennummer 40071185 beim Stromanbieter", "40071185", "number"),
    ("Son numéro d'adhérent est 7719230466", "7719230466", "number"),
]

# Lines that carry no value and must pass unchanged, as a memory and as a chat line.
HARMLESS: list[str] = [
    # numbers, scores, money, dates, versions, coordinates
    "Reached 1,250,000 points in Tetris Effect",
    "1,250,000 points lets goooo",
    "Has 1 000 000 views on their channel",
    "Scored 2450000 points in the arcade cabinet",
    "Their stream hit 10000000 views last year",
    "Won 5000000 gold in WoW and spent it on a mount",
    "Saved up $1500000 in Monopoly money",
    "Owns 13500 V-Bucks and 2,400 Robux",
    "Born in 1994 and joined the server on 2023-05-17",
    "meet at 19:30 on 03.12.2026",
    "Windows 11 build 22631.3155 broke their audio",
    "pip install torch==2.1.0 fixed it",
    "node v20.11.1 and npm 10.2.4",
    "kernel 6.8.0-45-generic on Ubuntu 24.04",
    "docker pull nginx:1.25.3-alpine",
    "version 1.4.2 is out, then v2.0.1-beta next week",
    "Base at x=1200 z=-340 in the Minecraft world",
    "coords 48.8566, 2.3522 for the meetup",
    "Record time 1:02:45.330 on Any%",
    "Ranked #1204 on the ladder this season",
    "Top 500 in Overwatch, MMR 6100, Elo 2350",
    "it costs $59.99 on Steam right now, 20% off",
    "ho comprato la nuova scheda video per 499 euro",
    "the year 2024 was wild, from 2019-2023 I barely played",
    "score 1234567890 in tetris",
    "my order number is 12345678",
    "ISBN 978-3-16-148410-0 is the book",
    "CVE-2024-12345 is patched",
    "192.168.1.1 is the router",
    "1920x1080 at 144hz",
    "tracking 1Z999AA10123456784 arrives monday",
    "temperature 21.5°C, humidity 45%",
    "Highscore: 1 048 576 points after 3 hours",
    "I have 3 cats and 2 dogs",
    "Spent 3,499 hours in Rust",
    "Has 2.5M followers on TikTok",
    "room 404 on floor 3",
    "flight LH 1234 at 06:45",
    "page 123 of 456",
    "we won 3-1 last night",
    # Discord markup and ids
    "<@1163284750943812347> gg",
    "check <#815728376104349716> for the rules",
    "pinging <@&934528101234567890> for raid night",
    "<:pepe:823457923454345216> <a:dance:823457923454345216>",
    "my discord id is 1163284750943812347",
    "ids 1163284750943812347, 815728376104349716 and 934528101234567890",
    "https://discord.com/channels/815728376104349716/934528101234567890/1163284750943812347",
    "https://cdn.discordapp.com/attachments/815728376104349716/1163284750943812347/IMG_20231203_123456.jpg"
    "?ex=65f1a2b3&is=65ef2fb3&hm=4b1c9e0d7f3a2b6c8e1d4f7a9b2c5e8d1f4a7b0c3e6d9f2a5b8c1e4d7f0a3b6c&",
    "https://media.discordapp.net/attachments/815728376104349716/1163284750943812347/Screenshot_2023-12-03_193045.png",
    "ban 1163284750943812347 please",
    # links without credentials
    "did you see the trailer? https://youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ?t=42",
    "https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT?si=a1b2c3d4e5f64789",
    "https://github.com/gitleaks/gitleaks/blob/master/config/gitleaks.toml",
    "https://github.com/python/cpython/commit/a94a8fe5ccb19ba61c4c0873d391e987982fbbd3",
    "https://www.reddit.com/r/pcmasterrace/comments/18a9xyz/my_first_build/",
    "https://clips.twitch.tv/ExcitedTenderBeefSwiftRage-4nXvL1W6gK9p0RBc",
    "https://store.steampowered.com/app/1086940/Baldurs_Gate_3/",
    "https://www.amazon.de/dp/B0BSHF7WHW?ref=ppx_yo2ov_dt_b_product_details",
    "https://example.com/search?q=best+budget+gpu&page=2",
    "https://twitter.com/someone/status/1733270400123456789",
    "https://i.imgur.com/a1B2c3D.png",
    "https://en.wikipedia.org/wiki/Baldur%27s_Gate_3",
    "https://docs.python.org/3/library/re.html#re.finditer",
    "https://medium.com/@alice/how-i-built-my-pc-3f9a1b2c4d5e",
    # hashes and ids said with what they are
    "commit a94a8fe5ccb19ba61c4c0873d391e987982fbbd3 broke the build",
    "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "md5 of the file is 9e107d9d372bb6826bd81d3542a419d6",
    "request id 123e4567-e89b-12d3-a456-426614174000",
    "player uuid 069a79f4-44e9-4726-a5be-fca90e38aaf5 on the whitelist",
    "fixed in 51e61af, pull again",
    # config-looking lines that carry no secret
    "api_key = os.getenv('OPENAI_API_KEY')",
    "token = get_token()",
    "EXAMPLE_KEY=your-key-here",
    "api_key: <YOUR_API_KEY>",
    "password = ${DB_PASSWORD}",
    "HF_HOME=/data/hf_cache python train.py",
    "max_tokens: 4096, temperature: 0.7",
    "token_type: bearer",
    "auth: true",
    "password_min_length: 12",
    "PASSWORD_RESET_URL=https://example.com/reset",
    "fov=90 sensitivity=0.45 resolution=1920x1080",
    "keybind = Ctrl+Shift+F12",
    "the key: practice every day",
    "a password: anyone with it controls the bot",
    "LLM_API_KEY=sk-…your key…",
    "MSSQL_TEST_URL='mssql+pyodbc://breehavior_test:…@127.0.0.1:1433/Test?driver=FreeTDS'",
    "set GITHUB_TOKEN in the repo secrets",
    "secret santa is on friday",
    "for i in range(10): print(i)",
    "if (x == 42) { return true; }",
    "SELECT * FROM users WHERE id = 42;",
    "session: 3 of 5, see you next week",
    "cookie clicker: 1.2 trillion cookies",
    # words with capitals and digits, gamertags, names, file names
    "McDonald's then iPhone15 shopping",
    "PS5 vs Xbox Series X, RTX4090 vs RX7900XTX",
    "COVID-19 cancelled the LAN party in 2020",
    "Ryzen 7 7800X3D with 32 GB, runs everything at 144 fps",
    "xX_Sn1per_Xx carried the whole match",
    "NoobMaster69 is back online",
    "Dark-Knight-99 and L33tH4x0r are duo partners",
    "Kx8-tundra-44 joined the guild",
    "ShadowFang#1337 from the old days",
    "zer0_c00l and R4v3n_Qu33n won the bracket",
    "AbstractSingletonProxyFactoryBean is peak java",
    "hf_HubDownloadWithRetriesAndCaching is a helper name",
    "IMG_20231203_123456.jpg is the screenshot",
    "Screenshot_20231203-193045_Discord.png",
    "save file is C:\\Users\\Bob\\AppData\\Roaming\\EldenRing\\76561198012345678\\ER0000.sl2",
    "config lives in ~/.config/nvim/init.lua",
    "backup_2024-01-15_final_v2.zip",
    "#gaming #FPS #Valorant2024",
    "@someone lol",
    "!play never gonna give you up",
    "$GME to the moon 🚀",
    "C#/C++ or Rust?",
    "Q&A at 8pm, AT&T is down again",
    "H2O, CO2 and NaCl for chemistry homework",
    "WASD + Shift + Ctrl+Alt+Del",
    # emoji, CJK and other scripts
    "my cat knocked my coffee over the keyboard 😭",
    "🎉🎉🎉 GG WP 🎉🎉🎉",
    "東京でラーメンを食べた、最高だった",
    "ランク2位、スコアは1,250,000点でした",
    "ハイスコアは1250000点でした",
    "我玩了2000小时，终于到了钻石段位",
    "今天晚上十点开黑，谁来？",
    "오늘 밤에 같이 게임할 사람?",
    "кто сегодня играет? я буду в 9",
    "bu akşam oynayan var mı? saat 21'de",
    "مرحبا، من يلعب الليلة؟",
    "שלום, מי משחק הערב?",
    "आज रात कौन खेल रहा है?",
    "Ποιος παίζει απόψε;",
    "ใครเล่นเกมคืนนี้บ้าง",
    "Hôm nay ai chơi game không?",
    "wir treffen uns um 19:30 Uhr vor dem Kino",
    "on se retrouve à la gare vers 18h ?",
    "¿alguien juega esta noche? tengo 2 horas libres",
    "stasera gioco alle 21, chi c'è?",
    "alguém quer jogar hoje à noite?",
    "ik ben er om 20:00, tot straks",
    "gramy dziś wieczorem o 20?",
    "någon som spelar ikväll?",
    "Café crème at Zoë's, then Kraków 🎉",
    # memories as a model writes them
    "Plays Valorant most evenings and mains Jett.",
    "Is learning Japanese and practises with Anki every morning.",
    "Has a console friend code to share with the server.",
    "Reached a high ladder rank in StarCraft II this season.",
    "Runs a small Minecraft server for friends on a Raspberry Pi 5.",
    "Works night shifts as a nurse and games after 2am.",
    "Prefers 144 Hz monitors and a 60% keyboard.",
    "Has two cats called Miso and Tofu.",
    "Is saving for an RTX 5080.",
    "Uses Arch Linux with Hyprland, version 0.45.2.",
    "Finished Baldur's Gate 3 on Honour Mode in 2024.",
    "Lives in Lyon and supports OL.",
    "Likes the Elden Ring DLC more than the base game.",
    "Plays duo with Jo on weekends.",
    "Speedruns Celeste; personal best 28:41.",
    "Studies computer science at TU München, semester 5.",
    "Collects Pokémon cards, favourite is Charizard 4/102.",
    "Is a fan of Studio Ghibli and owns 12 Blu-rays.",
    "Went to Gamescom 2023 and met the Larian team.",
    "Hosts a D&D 5e campaign every other Friday at 19:00.",
    "Drinks too much Club-Mate during LAN parties.",
    "Main account is level 120 in Final Fantasy XIV.",
    "Their favourite song is 'Never Gonna Give You Up'.",
    "Bought a Steam Deck OLED 1TB in November.",
    "Built a PC with a Ryzen 9 7950X3D and 64 GB DDR5-6000.",
]


@pytest.mark.parametrize(("line", "value", "kind"), VALUES, ids=lambda v: v[:40] if isinstance(v, str) else v)
def test_a_value_is_gone_from_a_kept_line(line: str, value: str, kind: str) -> None:
    screened = screen(line, "memory")
    assert value not in screened.text, screened.text


@pytest.mark.parametrize(("line", "value", "kind"), VALUES, ids=lambda v: v[:40] if isinstance(v, str) else v)
def test_the_layer_finds_it_with_its_kind(line: str, value: str, kind: str) -> None:
    spans = value_spans(line, kept=True)
    covering = [k for start, end, k in spans if line.find(value) < end and start < line.find(value) + len(value)]
    assert covering, spans


CREDENTIALS = [row for row in VALUES if row[2] != "number"]
NUMBERS = [row for row in VALUES if row[2] == "number"]


@pytest.mark.parametrize(("line", "value", "kind"), CREDENTIALS, ids=lambda v: v[:40] if isinstance(v, str) else v)
@pytest.mark.parametrize("field", ["message", "log", "name"])
def test_a_credential_is_gone_from_every_field(line: str, value: str, kind: str, field: str) -> None:
    assert value not in screen(line, field).text  # type: ignore[arg-type]


@pytest.mark.parametrize(("line", "value", "kind"), CREDENTIALS, ids=lambda v: v[:40] if isinstance(v, str) else v)
def test_a_kept_line_carrying_a_credential_is_refused(line: str, value: str, kind: str) -> None:
    assert screen(line, "memory").refused


@pytest.mark.parametrize(("line", "value", "kind"), NUMBERS, ids=lambda v: v[:40] if isinstance(v, str) else v)
def test_a_long_number_is_a_value_only_where_the_line_is_kept(line: str, value: str, kind: str) -> None:
    assert not [s for s in value_spans(line, kept=False) if s[2] == "number"]
    assert "number" in {k for _, _, k in value_spans(line, kept=True)}


SHARED_TO_BE_USED = {"7314-2209-5861", "812349057", "84729163", "8837261", "700418395", "2251-8803-4419"}
"""Friend codes, game UIDs and an order: given out to be used, they stay in chat. The other long numbers name the
member's own account (a membership, a library card, a customer number): the chat loses them too, by their shape
(:mod:`utils.privacy.id_shapes`), as it loses an identity number."""


@pytest.mark.parametrize(("line", "value", "kind"), NUMBERS, ids=lambda v: v[:40] if isinstance(v, str) else v)
def test_a_chat_line_keeps_its_numbers(line: str, value: str, kind: str) -> None:
    assert "number" not in screen(line, "message").kinds
    if value in SHARED_TO_BE_USED:
        assert value in screen(line, "message").text


def test_an_account_number_leaves_the_chat_too() -> None:
    accounts = [(line, value) for line, value, _ in NUMBERS if value not in SHARED_TO_BE_USED and "Tracking" not in line]
    kept = [line for line, value in accounts if value in screen(line, "message").text and "trainer" not in line]
    assert len(accounts) >= 6 and not kept, kept


def test_a_long_number_is_stripped_and_the_fact_kept() -> None:
    screened = screen("Has a Switch friend code SW-7314-2209-5861 to share", "memory")
    assert screened.text == "Has a Switch friend code [redacted:number] to share" and not screened.refused


def _altered(field: str) -> list[str]:
    return [line for line in HARMLESS if screen(line, field).text != line]  # type: ignore[arg-type]


def test_the_tables_are_big_enough() -> None:
    assert len(VALUES) >= 80 and len(HARMLESS) >= 150
    assert {"config", "url-credential", "credential", "number"} == {kind for _, _, kind in VALUES}


@pytest.mark.parametrize("field", ["memory", "message", "name"])
def test_harmless_lines_pass_unchanged(field: str) -> None:
    altered = _altered(field)
    print(f"\n{field}: {len(altered)} of {len(HARMLESS)} harmless lines altered")
    assert len(altered) <= 0.02 * len(HARMLESS), altered


@pytest.mark.parametrize("line", HARMLESS)
def test_the_layer_alone_finds_nothing_in_harmless_lines(line: str) -> None:
    assert value_spans(line, kept=True) == []


def test_a_screen_without_the_layer_fails_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table measures this layer: with it switched off, the rules alone let half its values through (50 of 97
    when it was written; a quarter is asked, so stronger rules elsewhere keep this test meaningful, not failing).
    The credential-shape rule reads the same runs by their shape (23 leaked with it on): it is switched off too."""
    monkeypatch.setattr(privacy_values, "value_spans", lambda text, *, kept: [])
    monkeypatch.setattr(credential_shapes, "credential_spans", lambda text: iter(()))
    leaked = [line for line, value, _ in VALUES if value in screen(line, "memory").text]
    assert len(leaked) >= len(VALUES) // 4, len(leaked)


def test_ordinary_lines_cost_next_to_nothing() -> None:
    """Most chat lines pass the cheap gates without a regex (figures: pytest -s)."""
    lines = [line for line in HARMLESS if "://" not in line] * 20
    costs = []
    for line in lines[:2000]:
        started = time.perf_counter_ns()
        value_spans(line, kept=True)
        costs.append((time.perf_counter_ns() - started) / 1000)
    costs.sort()
    p50, p99 = statistics.median(costs), costs[int(len(costs) * 0.99)]
    print(f"\nvalue_spans on {len(costs)} ordinary lines: p50 {p50:.1f} µs, p99 {p99:.1f} µs")
    assert p50 < 100


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("sha1 of an empty file is da39a3ee5e6b4b0d3255bfef95601890afd80709, that's why it matched", True),
        ("the md5 of the iso is d41d8cd98f00b204e9800998ecf8427e, same as the site", True),
        ("here's the api key of the service: 9f2c4e7a1b3d5f6e8a0c2e4b6d8f1a3c", False),
    ],
)
def test_a_digest_named_a_few_words_before_it_is_no_key(line: str, kept: bool) -> None:
    assert (screen(line, "message").text == line) is kept
