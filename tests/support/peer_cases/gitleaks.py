"""Vendor key formats from gitleaks' published rule set, as token shapes to generate true positives from.

Source: gitleaks/gitleaks, ``config/gitleaks.toml`` at commit 009e025ad4106ab333aa0b9dc4f2a884390d134c
(the rule ids below are its ids). gitleaks' own true positives in ``cmd/generate/config/rules/*.go``
are mostly drawn at random from each rule's regex (``secrets.NewSecret``); these shapes do the same
from the documented layout, deterministically, so the table needs no copy of their code.

A shape is a list of parts: a literal string, or ``(alphabet, length)``. ``context`` marks the rules
gitleaks itself only fires next to the vendor's name: those tokens are only phrased with it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

SOURCE = "gitleaks/gitleaks config/gitleaks.toml @ 009e025ad4106ab333aa0b9dc4f2a884390d134c"

ALPHABETS = {
    "A": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "a": "abcdefghijklmnopqrstuvwxyz",
    "d": "0123456789",
    "h": "0123456789abcdef",
    "H": "0123456789ABCDEF",
    "x": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
    "l": "abcdefghijklmnopqrstuvwxyz0123456789",
    "U": "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    "w": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-",
    "B": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
    "2": "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
    "b": "qpzry9x8gf2tvdw0s3jn54khce6mua7l".upper(),
}
Part = str | tuple[str, int]


@dataclass(frozen=True)
class Shape:
    rule: str
    vendor: str
    parts: tuple[Part, ...]
    context: bool = False


_BEGIN = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE"


def _uuid(alphabet: str = "h") -> tuple[Part, ...]:
    return ((alphabet, 8), "-", (alphabet, 4), "-", (alphabet, 4), "-", (alphabet, 4), "-", (alphabet, 12))


SHAPES: tuple[Shape, ...] = (
    Shape("1password-secret-key", "1password", ("A3-", ("U", 6), "-", ("U", 11), "-", ("U", 5), "-", ("U", 5), "-", ("U", 5))),
    Shape("adafruit-api-key", "adafruit", (("l", 32),), context=True),
    Shape("adobe-client-id", "adobe", (("h", 32),), context=True),
    Shape("adobe-client-secret", "adobe", ("p8e-", ("l", 32))),
    Shape("age-secret-key", "age", ("AGE-SECRET-KEY-1", ("b", 58))),
    Shape("airtable-api-key", "airtable", (("l", 17),), context=True),
    Shape("algolia-api-key", "algolia", (("l", 32),), context=True),
    Shape("alibaba-access-key-id", "alibaba", ("LTAI", ("x", 20))),
    Shape("alibaba-secret-key", "alibaba", (("l", 30),), context=True),
    Shape("anthropic-api-key", "anthropic", ("sk-ant-api03-", ("w", 93), "AA")),
    Shape("anthropic-admin-api-key", "anthropic", ("sk-ant-admin01-", ("w", 93), "AA")),
    Shape("artifactory-api-key", "artifactory", ("AKCp", ("x", 69))),
    Shape("artifactory-reference-token", "artifactory", ("cmVmd", ("x", 59))),
    Shape("asana-client-secret", "asana", (("l", 32),), context=True),
    Shape("atlassian-api-token", "atlassian", ("ATATT3", ("w", 186))),
    Shape("aws-access-token", "aws", ("AKIA", ("2", 16))),
    Shape("aws-access-token-asia", "aws", ("ASIA", ("2", 16))),
    Shape("aws-access-token-abia", "aws", ("ABIA", ("2", 16))),
    Shape("azure-ad-client-secret", "azure", (("x", 3), ("d", 1), "Q~", ("x", 34))),
    Shape("beamer-api-token", "beamer", ("b_", ("l", 44)), context=True),
    Shape("bitbucket-client-secret", "bitbucket", (("w", 64),), context=True),
    Shape("cisco-meraki-api-key", "meraki", (("h", 40),), context=True),
    Shape("clickhouse-cloud-api-secret-key", "clickhouse", ("4b1d", ("x", 38))),
    Shape("clojars-api-token", "clojars", ("CLOJARS_", ("l", 60))),
    Shape("cloudflare-api-key", "cloudflare", (("w", 40),), context=True),
    Shape("cloudflare-origin-ca-key", "cloudflare", ("v1.0-", ("h", 24), "-", ("h", 146))),
    Shape("codecov-access-token", "codecov", (("l", 32),), context=True),
    Shape("cohere-api-token", "cohere", (("x", 40),), context=True),
    Shape("coinbase-access-token", "coinbase", (("w", 64),), context=True),
    Shape("confluent-secret-key", "confluent", (("l", 64),), context=True),
    Shape("databricks-api-token", "databricks", ("dapi", ("h", 32))),
    Shape("datadog-access-token", "datadog", (("l", 40),), context=True),
    Shape("digitalocean-access-token", "digitalocean", ("doo_v1_", ("h", 64))),
    Shape("digitalocean-pat", "digitalocean", ("dop_v1_", ("h", 64))),
    Shape("digitalocean-refresh-token", "digitalocean", ("dor_v1_", ("h", 64))),
    Shape("discord-api-token", "discord", (("h", 64),), context=True),
    Shape("discord-client-secret", "discord", (("w", 32),), context=True),
    Shape("doppler-api-token", "doppler", ("dp.pt.", ("x", 43))),
    Shape("dropbox-long-lived-api-token", "dropbox", (("l", 11), "AAAAAAAAAA", ("w", 43)), context=True),
    Shape("duffel-api-token", "duffel", ("duffel_test_", ("w", 43))),
    Shape("dynatrace-api-token", "dynatrace", ("dt0c01.", ("U", 24), ".", ("x", 64))),
    Shape("easypost-api-token", "easypost", ("EZAK", ("x", 54))),
    Shape("easypost-test-api-token", "easypost", ("EZTK", ("x", 54))),
    Shape("facebook-page-access-token", "facebook", ("EAAM", ("x", 120))),
    Shape("facebook-secret", "facebook", (("h", 32),), context=True),
    Shape("fastly-api-token", "fastly", (("w", 32),), context=True),
    Shape("flutterwave-secret-key", "flutterwave", ("FLWSECK_TEST-", ("h", 32), "-X")),
    Shape("flutterwave-public-key", "flutterwave", ("FLWPUBK_TEST-", ("h", 32), "-X")),
    Shape("flyio-access-token", "fly.io", ("fo1_", ("w", 43))),
    Shape("frameio-api-token", "frame.io", ("fio-u-", ("w", 64))),
    Shape("freshbooks-access-token", "freshbooks", (("l", 64),), context=True),
    Shape("gcp-api-key", "google cloud", ("AIza", ("w", 35))),
    Shape("github-app-token", "github", ("ghs_", ("x", 36))),
    Shape("github-fine-grained-pat", "github", ("github_pat_", ("x", 22), "_", ("x", 59))),
    Shape("github-oauth", "github", ("gho_", ("x", 36))),
    Shape("github-pat", "github", ("ghp_", ("x", 36))),
    Shape("github-refresh-token", "github", ("ghr_", ("x", 36))),
    Shape("gitlab-cicd-job-token", "gitlab", ("glcbt-", ("x", 3), "_", ("x", 20))),
    Shape("gitlab-deploy-token", "gitlab", ("gldt-", ("x", 20))),
    Shape("gitlab-feed-token", "gitlab", ("glft-", ("x", 20))),
    Shape("gitlab-incoming-mail-token", "gitlab", ("glimt-", ("x", 25))),
    Shape("gitlab-kubernetes-agent-token", "gitlab", ("glagent-", ("x", 50))),
    Shape("gitlab-oauth-app-secret", "gitlab", ("gloas-", ("x", 64))),
    Shape("gitlab-pat", "gitlab", ("glpat-", ("x", 20))),
    Shape("gitlab-ptt", "gitlab", ("glptt-", ("h", 40))),
    Shape("gitlab-rrt", "gitlab", ("GR1348941", ("x", 20))),
    Shape("gitlab-runner-authentication-token", "gitlab", ("glrt-", ("x", 20))),
    Shape("gitlab-scim-token", "gitlab", ("glsoat-", ("x", 20))),
    Shape("gitter-access-token", "gitter", (("w", 40),), context=True),
    Shape("grafana-cloud-api-token", "grafana", ("glc_", ("x", 40))),
    Shape("grafana-service-account-token", "grafana", ("glsa_", ("x", 32), "_", ("h", 8))),
    Shape("harness-api-key", "harness", ("pat.", ("w", 22), ".", ("x", 24), ".", ("x", 20))),
    Shape("hashicorp-tf-api-token", "terraform", (("l", 14), ".atlasv1.", ("w", 64))),
    Shape("heroku-api-key", "heroku", _uuid(), context=True),
    Shape("heroku-api-key-v2", "heroku", ("HRKU-AA", ("w", 58))),
    Shape("hubspot-api-key", "hubspot", _uuid("H"), context=True),
    Shape("huggingface-access-token", "hugging face", ("hf_", ("x", 34))),
    Shape("huggingface-organization-api-token", "hugging face", ("api_org_", ("x", 34))),
    Shape("infracost-api-token", "infracost", ("ico-", ("x", 32))),
    Shape("intercom-api-key", "intercom", (("w", 60),), context=True),
    Shape("intra42-client-secret", "intra42", ("s-s4t2ud-", ("h", 64))),
    Shape("jfrog-api-key", "jfrog", (("l", 73),), context=True),
    Shape("kraken-access-token", "kraken", (("B", 86),), context=True),
    Shape("kucoin-secret-key", "kucoin", _uuid(), context=True),
    Shape("launchdarkly-access-token", "launchdarkly", (("w", 40),), context=True),
    Shape("linear-api-key", "linear", ("lin_api_", ("x", 40))),
    Shape("linkedin-client-secret", "linkedin", (("l", 16),), context=True),
    Shape("mailchimp-api-key", "mailchimp", (("h", 32), "-us12"), context=True),
    Shape("mailgun-private-api-token", "mailgun", ("key-", ("h", 32))),
    Shape("mailgun-pub-key", "mailgun", ("pubkey-", ("h", 32))),
    Shape("mapbox-api-token", "mapbox", ("pk.eyJ", ("l", 60), ".", ("l", 22))),
    Shape("mattermost-access-token", "mattermost", (("l", 26),), context=True),
    Shape("maxmind-license-key", "maxmind", (("x", 6), "_", ("x", 29), "_mmk")),
    Shape("messagebird-api-token", "messagebird", (("l", 25),), context=True),
    Shape(
        "microsoft-teams-webhook",
        "teams",
        (
            "https://",
            ("l", 8),
            ".webhook.office.com/webhookb2/",
            *_uuid("l"),
            "@",
            *_uuid("l"),
            "/IncomingWebhook/",
            ("l", 32),
            "/",
            *_uuid("l"),
        ),
    ),
    Shape("netlify-access-token", "netlify", (("w", 43),), context=True),
    Shape("new-relic-user-api-key", "newrelic", ("NRAK-", ("U", 27))),
    Shape("new-relic-browser-api-token", "newrelic", ("NRJS-", ("h", 19))),
    Shape("new-relic-insert-key", "newrelic", ("NRII-", ("l", 32))),
    Shape("notion-api-token", "notion", ("ntn_", ("d", 11), ("x", 35))),
    Shape("npm-access-token", "npm", ("npm_", ("x", 36))),
    Shape("octopus-deploy-api-key", "octopus", ("API-", ("U", 26))),
    Shape("okta-access-token", "okta", ("00", ("w", 40)), context=True),
    Shape("openai-api-key", "openai", ("sk-proj-", ("w", 58), "T3BlbkFJ", ("w", 58))),
    Shape("openai-api-key-legacy", "openai", ("sk-", ("x", 20), "T3BlbkFJ", ("x", 20))),
    Shape("openshift-user-token", "openshift", ("sha256~", ("w", 43))),
    Shape("perplexity-api-key", "perplexity", ("pplx-", ("x", 48))),
    Shape("plaid-api-token", "plaid", ("access-sandbox-", *_uuid()), context=True),
    Shape("plaid-secret-key", "plaid", (("l", 30),), context=True),
    Shape("planetscale-api-token", "planetscale", ("pscale_tkn_", ("w", 43))),
    Shape("planetscale-oauth-token", "planetscale", ("pscale_oauth_", ("w", 43))),
    Shape("planetscale-password", "planetscale", ("pscale_pw_", ("w", 43))),
    Shape("postman-api-token", "postman", ("PMAK-", ("h", 24), "-", ("h", 34))),
    Shape("prefect-api-token", "prefect", ("pnu_", ("x", 36))),
    Shape("pulumi-api-token", "pulumi", ("pul-", ("h", 40))),
    Shape("pypi-upload-token", "pypi", ("pypi-AgEIcHlwaS5vcmc", ("w", 70))),
    Shape("rapidapi-access-token", "rapidapi", (("w", 50),), context=True),
    Shape("readme-api-token", "readme", ("rdme_", ("l", 70))),
    Shape("rubygems-api-token", "rubygems", ("rubygems_", ("h", 48))),
    Shape("scalingo-api-token", "scalingo", ("tk-us-", ("w", 48))),
    Shape("sendbird-access-token", "sendbird", (("h", 40),), context=True),
    Shape("sendgrid-api-token", "sendgrid", ("SG.", ("w", 22), ".", ("w", 43))),
    Shape("sendinblue-api-token", "sendinblue", ("xkeysib-", ("h", 64), "-", ("x", 16))),
    Shape("sentry-access-token", "sentry", (("h", 64),), context=True),
    Shape("sentry-user-token", "sentry", ("sntryu_", ("h", 64))),
    Shape("settlemint-personal-access-token", "settlemint", ("sm_pat_", ("x", 16))),
    Shape("shippo-api-token", "shippo", ("shippo_live_", ("h", 40))),
    Shape("shopify-access-token", "shopify", ("shpat_", ("h", 32))),
    Shape("shopify-custom-access-token", "shopify", ("shpca_", ("h", 32))),
    Shape("shopify-private-app-access-token", "shopify", ("shppa_", ("h", 32))),
    Shape("shopify-shared-secret", "shopify", ("shpss_", ("h", 32))),
    Shape("slack-app-token", "slack", ("xapp-1-", ("U", 11), "-", ("d", 13), "-", ("h", 64))),
    Shape("slack-bot-token", "slack", ("xoxb-", ("d", 12), "-", ("d", 13), "-", ("x", 24))),
    Shape("slack-user-token", "slack", ("xoxp-", ("d", 12), "-", ("d", 12), "-", ("d", 13), "-", ("x", 32))),
    Shape("slack-webhook-url", "slack", ("https://hooks.slack.com/services/", ("x", 44))),
    Shape("slack-webhook-url-bare", "slack", ("hooks.slack.com/services/T", ("U", 8), "/B", ("U", 8), "/", ("x", 24))),
    Shape("snyk-api-token", "snyk", _uuid(), context=True),
    Shape("sonar-api-token", "sonar", (("l", 40),), context=True),
    Shape("square-access-token", "square", ("sq0atp-", ("w", 22))),
    Shape("squarespace-access-token", "squarespace", _uuid(), context=True),
    Shape("stripe-access-token", "stripe", ("sk_live_", ("x", 24))),
    Shape("stripe-access-token-prod", "stripe", ("rk_prod_", ("x", 24))),
    Shape("sumologic-access-token", "sumo", (("l", 64),), context=True),
    Shape("telegram-bot-api-token", "telegram", (("d", 10), ":AA", ("w", 33))),
    Shape("travisci-access-token", "travis", (("l", 22),), context=True),
    Shape("twilio-api-key", "twilio", ("SK", ("h", 32))),
    Shape("twitch-api-token", "twitch", (("l", 30),), context=True),
    Shape("twitter-api-secret", "twitter", (("l", 50),), context=True),
    Shape("twitter-bearer-token", "twitter", ("AAAAAAAAAAAAAAAAAAAAA", ("x", 90))),
    Shape("typeform-api-token", "typeform", ("tfp_", ("w", 59))),
    Shape("vault-service-token", "vault", ("hvs.", ("w", 100))),
    Shape("vault-batch-token", "vault", ("hvb.", ("w", 140))),
    Shape("yandex-api-key", "yandex", ("AQVN", ("w", 36))),
    Shape("jwt", "jwt", ("eyJhbGciOiJIUzI1NiJ9.eyJ", ("x", 40), ".", ("w", 43))),
    Shape("private-key", "ssh", (_BEGIN, ("B", 120), "\n-----END OPENSSH PRIVATE KEY-----")),
)


def token(shape: Shape, rng: random.Random) -> str:
    return "".join(p if isinstance(p, str) else "".join(rng.choice(ALPHABETS[p[0]]) for _ in range(p[1])) for p in shape.parts)


def body(shape: Shape, value: str) -> str:
    """The random part of a token (a literal prefix is no secret): what must not survive."""
    lead = shape.parts[0] if isinstance(shape.parts[0], str) else ""
    return value[len(lead) :] if len(value) - len(lead) >= 10 else value
