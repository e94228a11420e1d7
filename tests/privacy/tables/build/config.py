"""Config family: credentials inside pasted configuration, code, URLs and command lines."""

import base64
import random
import string

R = random.Random(2810)
rows = []
AL = string.ascii_letters + string.digits


def rnd(n, chars=AL):
    return "".join(R.choice(chars) for _ in range(n))


def pw():
    words = ["tundra", "Falcon", "maple", "Orbit", "cobalt", "Pixel", "juniper", "Nova", "walrus", "Ember", "quartz", "Lotus"]
    return R.choice(
        [
            lambda: R.choice(words) + R.choice("!#$%&*-_.") + str(R.randint(10, 9999)),
            lambda: rnd(12, AL + "!#%&*"),
            lambda: R.choice(words).lower() + R.choice(words) + str(R.randint(1, 99)),
            lambda: rnd(16),
        ]
    )()


GEN = {
    "pw": pw,
    "npm": lambda: "npm_" + rnd(36),
    "ghp": lambda: "ghp_" + rnd(36),
    "glpat": lambda: "glpat-" + rnd(20, AL + "-_"),
    "hex32": lambda: rnd(32, "0123456789abcdef"),
    "hex40": lambda: rnd(40, "0123456789abcdef"),
    "b64": lambda: base64.b64encode(bytes(R.getrandbits(8) for _ in range(24))).decode(),
    "akid": lambda: "AKIA" + rnd(16, string.ascii_uppercase + "234567"),
    "aksecret": lambda: rnd(40, AL + "/+"),
    "slack": lambda: "xoxb-" + rnd(11, string.digits) + "-" + rnd(13, string.digits) + "-" + rnd(24),
    "stripe": lambda: "sk_live_" + rnd(24),
    "jwt": lambda: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + rnd(40, AL + "_-") + "." + rnd(43, AL + "_-"),
    "sg": lambda: "SG." + rnd(22, AL + "_-") + "." + rnd(43, AL + "_-"),
    "dtoken": lambda: rnd(24, AL) + "." + rnd(6, AL + "_-") + "." + rnd(38, AL + "_-"),
    "uuid": lambda: "-".join(rnd(n, "0123456789abcdef") for n in (8, 4, 4, 4, 12)),
    "oai": lambda: "sk-proj-" + rnd(48, AL + "_-"),
}


def add(lang, template, src, **kinds):
    vals = {k: GEN[g]() for k, g in kinds.items()}
    msg = template
    for k, v in vals.items():
        msg = msg.replace("{" + k + "}", v)
    msgs = msg.split("\n<NEXT>\n")
    secrets = list(vals.values())
    for s in secrets:
        assert any(s in m for m in msgs), (s, msgs)
    rows.append(
        {
            "id": f"config-{len(rows) + 1:03d}",
            "family": "config",
            "messages": msgs,
            "secrets": secrets,
            "lang": lang,
            "source": src,
        }
    )


NPM = "npm docs: .npmrc (https://docs.npmjs.com/cli/configuring-npm/npmrc), registry-auth-token README"
PIP = "pip docs: configuration / pip.conf (https://pip.pypa.io/en/stable/topics/configuration/)"
PGP = "PostgreSQL docs: The Password File (https://www.postgresql.org/docs/current/libpq-pgpass.html)"
DC = "Docker Compose docs: environment attribute (https://docs.docker.com/compose/how-tos/environment-variables/set-environment-variables/)"
JDBC = "PostgreSQL JDBC / Microsoft JDBC connection URL docs (https://jdbc.postgresql.org/documentation/use/, https://learn.microsoft.com/sql/connect/jdbc/building-the-connection-url)"
ODBC = "ODBC connection string keywords (https://learn.microsoft.com/sql/connect/odbc/dsn-connection-string-attribute)"
MONGO = "MongoDB connection string docs (https://www.mongodb.com/docs/manual/reference/connection-string/)"
REDIS = "redis URI scheme (https://www.iana.org/assignments/uri-schemes/prov/redis), redis-py from_url docs"
AMQP = "RabbitMQ URI spec (https://www.rabbitmq.com/docs/uri-spec)"
CURL = "curl man page -u/--user and -H (https://curl.se/docs/manpage.html)"
GIT = "GitHub docs: about remote repositories / PAT over HTTPS (https://docs.github.com/en/get-started/getting-started-with-git/about-remote-repositories)"
KUBE = "Kubernetes docs: kubeconfig and kubectl config set-credentials (https://kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig/)"
DOTENV = "dotenv README (https://github.com/motdotla/dotenv), python-dotenv docs"
AUTH = "MDN: Authorization header (https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Authorization)"
PS = "PowerShell docs: ConvertTo-SecureString / PSCredential (https://learn.microsoft.com/powershell/module/microsoft.powershell.security/convertto-securestring)"
SH = "bash export / env var conventions; tool docs for the variable names"
CODE = "discord.py / requests / SQLAlchemy / nodemailer docs (client construction with credentials)"
INI = "INI/YAML/TOML/JSON config formats as in the named tools' docs"

# npm
add(
    "en",
    "why does npm install 401?? ```\nregistry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={t}\n```",
    NPM,
    t="npm",
)
add(
    "en",
    "my .npmrc:\n```ini\n@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken={t}\nalways-auth=true\n```",
    NPM,
    t="ghp",
)
add("de", "hilfe, publish geht nicht: ```\n//registry.npmjs.org/:_authToken = {t}\n```", NPM, t="npm")
add("en", "```\n_auth={b}\nemail=kiko.dev@example.com\n```\nis _auth still a thing?", NPM, b="b64")
# pip
add(
    "en",
    "pip keeps asking for a login even tho it's in pip.conf:\n```\n[global]\nindex-url = https://builder:{p}@pypi.internal.example/simple\n```",
    PIP,
    p="pw",
)
add(
    "en",
    "```\npip install --extra-index-url https://__token__:{t}@gitlab.example.com/api/v4/projects/42/packages/pypi/simple mypkg\n```",  # noqa: E501
    PIP,
    t="glpat",
)
add(
    "fr",
    "quelqu'un sait pourquoi ça marche pas ? `pip install -i https://deploy:{p}@nexus.example.org/repository/pypi/simple requests`",  # noqa: E501
    PIP,
    p="pw",
)
add(
    "en",
    "~/.pypirc\n```\n[pypi]\nusername = __token__\npassword = pypi-{t}\n```",
    "packaging.python.org: .pypirc (https://packaging.python.org/en/latest/specifications/pypirc/)",
    t="b64",
)
# pgpass
add("en", "```\nlocalhost:5432:guildbot:guildbot:{p}\n```\nthat's my .pgpass, chmod 600 done, still prompts", PGP, p="pw")
add("es", "mi .pgpass es esto y no conecta:\n```\ndb.example.net:5432:*:admin:{p}\n```", PGP, p="pw")
add("en", "PGPASSWORD={p} psql -h 10.0.0.4 -U postgres -d stats  <- works in terminal but not in cron?", PGP, p="pw")
# compose
add(
    "en",
    "why won't my db container start\n```yaml\nservices:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: bot\n      POSTGRES_PASSWORD: {p}\n```",  # noqa: E501
    DC,
    p="pw",
)
add(
    "en",
    "```yml\n  mysql:\n    image: mysql:8\n    environment:\n      - MYSQL_ROOT_PASSWORD={p}\n      - MYSQL_DATABASE=wiki\n```\nit says access denied for root",  # noqa: E501
    DC,
    p="pw",
)
add(
    "pt",
    'alguém me ajuda com esse compose?\n```\n    environment:\n      DISCORD_TOKEN: "{t}"\n      OPENAI_API_KEY: "{k}"\n```',
    DC,
    t="dtoken",
    k="oai",
)
add("de", "```\n  redis:\n    command: redis-server --requirepass {p}\n```\nund der bot sagt NOAUTH", DC, p="pw")
# JDBC / ODBC
add(
    "en",
    "getting `FATAL: password authentication failed` with\n`jdbc:postgresql://db.example.com:5432/shop?user=shop_app&password={p}`",
    JDBC,
    p="pw",
)
add(
    "en",
    "```\nspring.datasource.url=jdbc:mysql://localhost:3306/forum\nspring.datasource.username=forum\nspring.datasource.password={p}\n```",
    "Spring Boot docs: spring.datasource.* properties",
    p="pw",
)
add(
    "it",
    "qualcuno capisce perché fallisce? jdbc:sqlserver://sql01.example.local:1433;databaseName=Magazzino;user=sa;password={p};encrypt=false",
    JDBC,
    p="pw",
)
add(
    "en",
    "Driver={ODBC Driver 18 for SQL Server};Server=tcp:myserver.example.net,1433;Database=bot;Uid=botuser;Pwd={p};Encrypt=yes;",
    ODBC,
    p="pw",
)
add("en", 'conn = pyodbc.connect("DSN=reports;UID=reader;PWD={p}")  # returns IM002 ???', ODBC, p="pw")
add(
    "nl",
    "connection string in appsettings: `Server=localhost;Database=Shop;User Id=sa;Password={p};TrustServerCertificate=True`",
    ODBC,
    p="pw",
)
# Mongo / Redis / AMQP
add(
    "en",
    "mongoose won't connect: mongodb+srv://kiko:{p}@cluster0.ab1cd.mongodb.net/bot?retryWrites=true&w=majority",
    MONGO,
    p="pw",
)
add("es", "me da timeout con esto `mongodb://admin:{p}@127.0.0.1:27017/?authSource=admin`", MONGO, p="pw")
add("en", "REDIS_URL=redis://default:{p}@redis-12345.c1.example.cloud:12345", REDIS, p="pw")
add("ru", "почему не коннектится? rediss://:{p}@cache.example.net:6380/0", REDIS, p="pw")
add("en", "celery broker: amqp://worker:{p}@rabbit.internal:5672/prod", AMQP, p="pw")
add("de", 'BROKER_URL = "amqps://app:{p}@broker.example.de/%2F"', AMQP, p="pw")
# curl / HTTP auth
add("en", "`curl -u admin:{p} https://jenkins.example.com/api/json` gives 403 wtf", CURL, p="pw")
add("en", 'curl -H "Authorization: Bearer {t}" https://api.example.com/v1/me', AUTH, t="jwt")
add(
    "fr",
    "j'ai fait ça : curl -X POST -H 'Authorization: Bot {t}' https://discord.com/api/v10/channels/123/messages",
    AUTH,
    t="dtoken",
)
add("en", "```\nGET /api/user HTTP/1.1\nHost: api.example.org\nAuthorization: Basic {b}\n```", AUTH, b="b64")
add("en", 'requests.get(url, headers={"X-API-Key": "{k}"}) always 401s', CODE, k="hex32")
add("en", "wget --user=ftpuser --password={p} ftp://files.example.net/backup.tar.gz", "GNU wget manual --user/--password", p="pw")
# git
add("en", "push fails: `git remote set-url origin https://kiko-dev:{t}@github.com/kiko-dev/guild-bot.git`", GIT, t="ghp")
add("de", "git clone https://oauth2:{t}@gitlab.com/gruppe/projekt.git geht nicht, was mach ich falsch", GIT, t="glpat")
add("en", '```\n[remote "origin"]\n\turl = https://x-access-token:{t}@github.com/org/repo.git\n```', GIT, t="ghp")
# kubeconfig
add("en", "```yaml\nusers:\n- name: dev-admin\n  user:\n    token: {t}\n```\nkubectl says unauthorized", KUBE, t="jwt")
add("en", "kubectl config set-credentials cluster-admin --username=admin --password={p}", KUBE, p="pw")
add("pl", "mój kubeconfig:\n```\n- name: ops\n  user:\n    client-key-data: {b}\n```\nco jest nie tak?", KUBE, b="b64")
# .env
add("en", "my .env looks like this and the bot still won't log in:\n```\nDISCORD_TOKEN={t}\nPREFIX=!\n```", DOTENV, t="dtoken")
add("en", "```env\nDB_HOST=localhost\nDB_USER=root\nDB_PASS={p}\n```", DOTENV, p="pw")
add("es", "tengo esto en el .env: `STRIPE_SECRET_KEY={k}` y no carga", DOTENV, k="stripe")
add(
    "en",
    ".env\n```\nAWS_ACCESS_KEY_ID={a}\nAWS_SECRET_ACCESS_KEY={s}\n```\nboto3 says InvalidClientTokenId",
    "AWS docs: environment variables for the CLI (https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-envvars.html)",
    a="akid",
    s="aksecret",
)
add("tr", "botun .env dosyası: SLACK_BOT_TOKEN={t} neden çalışmıyor", DOTENV, t="slack")
add("en", "SENDGRID_API_KEY={k}  <- that's the one from the dashboard right?", DOTENV, k="sg")
# INI/YAML/TOML/JSON
add(
    "en", 'config.yml\n```yaml\ndiscord:\n  token: "{t}"\n  prefix: "?"\ndatabase:\n  password: {p}\n```', INI, t="dtoken", p="pw"
)
add("en", '```toml\n[database]\nhost = "127.0.0.1"\nuser = "bot"\npassword = "{p}"\n```', INI, p="pw")
add("en", '```json\n{\n  "token": "{t}",\n  "owner": "kiko#0001"\n}\n```\nconfig.json for the music bot', INI, t="dtoken")
add("ja", "この設定で動かないんだけど\n```ini\n[mysql]\nuser=bot\npassword={p}\n```", INI, p="pw")
add("ko", 'config.json 이거 맞아? {"apiKey": "{k}"}', INI, k="hex32")
add(
    "en",
    "server.properties ... rcon.password={p} and enable-rcon=true, still can't connect from mcrcon",
    "Minecraft server.properties (minecraft.wiki/w/Server.properties)",
    p="pw",
)
add(
    "en",
    'appsettings.json: "ConnectionStrings": { "Default": "Host=db;Username=app;Password={p};Database=app" }',
    "Npgsql connection string parameters (https://www.npgsql.org/doc/connection-string-parameters.html)",
    p="pw",
)
# shell / PowerShell
add("en", "export GITHUB_TOKEN={t}\nthen gh auth status says not logged in?", SH, t="ghp")
add("en", '```bash\nexport OPENAI_API_KEY="{k}"\npython bot.py\n```', SH, k="oai")
add("en", '$env:DISCORD_TOKEN = "{t}"; python .\\bot.py', PS, t="dtoken")
add(
    "en",
    '```powershell\n$pass = ConvertTo-SecureString "{p}" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ("admin", $pass)\n```',  # noqa: E501
    PS,
    p="pw",
)
add("de", "set DB_PASSWORD={p} && node index.js  (windows cmd)", SH, p="pw")
add(
    "en",
    "mysql -u root -p{p} -h 127.0.0.1 wiki < dump.sql   why 'access denied'",
    "MySQL docs: --password option (https://dev.mysql.com/doc/refman/8.0/en/connection-options.html)",
    p="pw",
)
add("en", "sshpass -p '{p}' ssh pi@192.168.1.40", "sshpass man page", p="pw")
add(
    "en",
    "docker login -u kikodev -p {p} registry.example.com",
    "Docker docs: docker login (https://docs.docker.com/reference/cli/docker/login/)",
    p="pw",
)
# code
add(
    "en",
    '```py\nbot.run("{t}")\n```\nit says improper token passed',
    "discord.py docs: Client.run (https://discordpy.readthedocs.io/en/stable/api.html#discord.Client.run)",
    t="dtoken",
)
add(
    "en",
    '```python\nengine = create_engine("postgresql+psycopg://app:{p}@localhost/app")\n```',
    "SQLAlchemy docs: database URLs (https://docs.sqlalchemy.org/en/20/core/engines.html#database-urls)",
    p="pw",
)
add(
    "en",
    "```js\nconst transporter = nodemailer.createTransport({ host: 'smtp.example.com', auth: { user: 'bot@example.com', pass: '{p}' } });\n```",  # noqa: E501
    "Nodemailer docs: SMTP transport (https://nodemailer.com/smtp/)",
    p="pw",
)
add("es", "```js\nclient.login('{t}');\n```\nme sale TOKEN_INVALID", "discord.js guide: client.login", t="dtoken")
add(
    "en",
    "webhook url https://discord.com/api/webhooks/1184432209912345678/{t} is it safe to put in the readme?",
    "Discord developer docs: webhooks (execute webhook URL with token)",
    t="dtoken",
)
add(
    "en",
    "ok so the token is in config.py\n<NEXT>\n```py\nTOKEN = '{t}'\n```",
    "discord.py bot setups as posted in help channels",
    t="dtoken",
)

# Wave 2 (added after the first split; split on its own): more formats and languages.
WAVE1 = len(rows)
add(
    "en",
    "~/.netrc\n```\nmachine api.heroku.com\n  login kiko@example.com\n  password {t}\n```",
    "GNU inetutils .netrc format; Heroku CLI docs",
    t="uuid",
)
add(
    "en",
    "```\n[default]\naws_access_key_id = {a}\naws_secret_access_key = {s}\n```\n~/.aws/credentials, why does it pick the wrong profile",  # noqa: E501
    "AWS CLI docs: credentials file (https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html)",
    a="akid",
    s="aksecret",
)
add(
    "en",
    'docker config.json has `"auths": {"ghcr.io": {"auth": "{b}"}}` is that normal?',
    "Docker docs: docker login credential store / config.json",
    b="b64",
)
add(
    "en",
    "~/.git-credentials: https://kiko-dev:{t}@github.com",
    "git-credential-store docs (https://git-scm.com/docs/git-credential-store)",
    t="ghp",
)
add(
    "en",
    'terraform.tfvars\n```hcl\ndb_password = "{p}"\nregion      = "eu-west-1"\n```',
    "Terraform docs: variable definitions (.tfvars)",
    p="pw",
)
add(
    "en",
    "```yaml\n- name: Deploy\n  env:\n    API_TOKEN: {t}\n```\nshould i put it in secrets instead?",
    "GitHub Actions docs: env and secrets",
    t="hex40",
)
add(
    "en",
    "smtp settings: host smtp.gmail.com port 587 user kiko.bot@example.com app password {p}",
    "Gmail SMTP / app passwords docs",
    p="pw",
)
add("en", "ftp://uploader:{p}@ftp.example.net/incoming/ <- filezilla says 530", "RFC 1738 FTP URL userinfo", p="pw")
add(
    "en",
    '`psql "postgresql://bot:{p}@db.example.com:5432/bot?sslmode=require"` hangs',
    "PostgreSQL docs: connection URIs (https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS)",
    p="pw",
)
add("en", '```py\nopenai.api_key = "{k}"\n```\nis this the old way?', "OpenAI python library README", k="oai")
add(
    "en",
    "```\nhttp_proxy=http://kiko:{p}@proxy.corp.example:3128\n```\nand now pip can't reach anything",
    "curl/pip proxy URL with credentials",
    p="pw",
)
add(
    "de",
    "```yaml\nspring:\n  datasource:\n    password: {p}\n```\nwarum startet die app nicht",
    "Spring Boot docs: spring.datasource.*",
    p="pw",
)
add(
    "fr",
    "mon fichier .env :\n```\nMAIL_PASSWORD={p}\nMAIL_USERNAME=contact@example.fr\n```",
    "Laravel docs: mail configuration (.env)",
    p="pw",
)
add(
    "es",
    "en el wp-config.php tengo `define( 'DB_PASSWORD', '{p}' );` y da error de conexión",
    "WordPress docs: wp-config.php (https://developer.wordpress.org/apis/wp-config-php/)",
    p="pw",
)
add(
    "pt",
    "meu settings.py: `DATABASES = {'default': {'ENGINE': 'django.db.backends.postgresql', 'PASSWORD': '{p}'}}`",
    "Django docs: DATABASES setting",
    p="pw",
)
add(
    "it",
    "nel file application.properties ho `spring.mail.password={p}` ma non manda mail",
    "Spring Boot docs: spring.mail.*",
    p="pw",
)
add(
    "ru",
    'конфиг бота:\n```json\n{"token": "{t}", "prefix": "!"}\n```',
    "discord bot config.json as posted in help channels",
    t="dtoken",
)
add("pl", "`mysql://root:{p}@localhost:3306/sklep` w DATABASE_URL i nie działa", "Prisma/SQLAlchemy database URL docs", p="pw")
add("nl", "in mijn docker-compose: `- RABBITMQ_DEFAULT_PASS={p}`", "RabbitMQ Docker image docs: RABBITMQ_DEFAULT_PASS", p="pw")
add("tr", "`curl -u admin:{p} http://192.168.1.1/api/status` çalışmıyor", "curl man page -u", p="pw")
add(
    "ja",
    "`export DATABASE_URL=postgres://app:{p}@localhost/app` してから起動してるのに繋がらない",
    "Heroku-style DATABASE_URL convention",
    p="pw",
)
add("ko", "```\n[client]\nuser=root\npassword={p}\n```\nmy.cnf 이렇게 했는데 안돼요", "MySQL docs: option files (my.cnf)", p="pw")
add("zh", "我的 .env 是这样的：\n```\nSECRET_KEY={k}\n```", "Django/Flask SECRET_KEY in .env", k="hex40")
add("id", 'ini config bot aku `TOKEN = "{t}"` kok error ya', "discord.py bot setups as posted in help channels", t="dtoken")
add("sv", "min .npmrc: `//registry.npmjs.org/:_authToken={t}` funkar inte", NPM, t="npm")
add(
    "en",
    "minecraft `server.properties`:\n```\nrcon.port=25575\nrcon.password={p}\n```",
    "Minecraft server.properties (minecraft.wiki/w/Server.properties)",
    p="pw",
)
add(
    "en",
    "the ssh command they gave me: `ssh -i key.pem ubuntu@10.0.3.7` and the key passphrase is {p}",
    "OpenSSH ssh-keygen passphrase",
    p="pw",
)
rows, rows2 = rows[:WAVE1], rows[WAVE1:]
