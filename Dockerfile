# Breehavior Monitor: the Discord bot with the Microsoft ODBC driver for SQL Server.
# `docker compose up --build` builds the last stage (runtime); the `test` stage runs
# the database suite against the compose file's SQL Server (see docker-compose.yml).

FROM python:3.11-slim-bookworm AS base

SHELL ["/bin/bash", "-o", "pipefail", "-c"]

ENV PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1

# Microsoft ODBC Driver 18 and the unixODBC runtime (libodbc2) that `import pyodbc` needs.
# Versions are not pinned: Debian and Microsoft replace them in place with security fixes.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl gnupg \
    && curl -fsSL https://packages.microsoft.com/keys/microsoft.asc | gpg --dearmor -o /usr/share/keyrings/microsoft-prod.gpg \
    && curl -fsSL https://packages.microsoft.com/config/debian/12/prod.list -o /etc/apt/sources.list.d/mssql-release.list \
    && apt-get update \
    && ACCEPT_EULA=Y apt-get install -y --no-install-recommends msodbcsql18 unixodbc \
    && apt-get purge -y --auto-remove curl gnupg \
    && rm -rf /var/lib/apt/lists/*

RUN groupadd --gid 10001 bot && useradd --create-home --uid 10001 --gid 10001 --shell /usr/sbin/nologin bot

WORKDIR /app

# Dependencies first, in their own layer: a code change does not reinstall them. requirements.txt
# is the runtime lock (every version and file hash, generated from pyproject.toml by .ci/lock);
# with these installed, the bot's own set-up step (utils/bootstrap.py) finds nothing to do.
COPY requirements.txt ./
RUN pip install --require-hashes -r requirements.txt


FROM base AS test

COPY tests/requirements.txt tests/
RUN pip install --require-hashes -r tests/requirements.txt
COPY --chown=10001:10001 . .
USER 10001:10001
CMD ["python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", "tests/storage/test_database.py"]


FROM base AS runtime

COPY --chown=10001:10001 bot.py ./
COPY --chown=10001:10001 cogs/ cogs/
COPY --chown=10001:10001 utils/ utils/
COPY --chown=10001:10001 prompts/ prompts/
COPY --chown=10001:10001 migrations/ migrations/
COPY --chown=10001:10001 scripts/ scripts/
RUN install -d -o 10001 -g 10001 /app/data

USER 10001:10001

HEALTHCHECK --interval=60s --timeout=15s --start-period=60s --retries=3 CMD ["python", "-m", "scripts.healthcheck"]

CMD ["python", "bot.py"]
