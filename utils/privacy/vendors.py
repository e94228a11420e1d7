"""Vendor key and token shapes beyond the common ones in ``keys``: one a line, with the needle that gates it.

Written by hand from the formats the vendors document, checked against the rule set
gitleaks publishes (its ``config/gitleaks.toml``) and that set's true/false positive
examples. Generating rules from the TOML (pinned) was measured on the peer material
(``tests/support/peer_cases``) and not kept: its semi-generic template (vendor word, an
assignment operator, then the vendor's layout), tuned for source files, held 282 of 564
vendor-named keys said in chat (50%: members write "my adafruit key is …", not
``adafruit_key = "…"``), changed 3 of 456 negatives, and 155 rules cost ~440 µs a line
without a keyword prefilter; the file's Go syntax (``(?-i:…)``, ``\\z``) also needs
rewriting. The hand-written table below and the ``VENDOR_WORDS`` rule in ``keys`` hold
564 of 564 with the whole screen at ~45 µs a line (p50). The fixed-prefix formats below
are the ones a member pastes.

Each row: (kind, pattern, needles (lower-case, one must be in the line), shortest token).
"""

from __future__ import annotations

_ALNUM = "[A-Za-z0-9]"
_TOKEN = r"[\w-]"

PREFIXED: tuple[tuple[str, str, tuple[str, ...], int], ...] = (
    ("api-key", r"\bA3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}\b", ("a3-",), 34),
    ("token", r"\bops_eyJ[A-Za-z0-9+/]{100,}={0,3}", ("ops_",), 100),
    ("api-key", r"\bp8e-[A-Za-z0-9]{32}\b", ("p8e-",), 36),
    ("private-key", r"\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b", ("age-secret-key-1",), 70),
    ("api-key", r"\bLTAI[A-Za-z0-9]{20}\b", ("ltai",), 24),
    ("api-key", r"\bAKCp[A-Za-z0-9]{69}\b", ("akcp",), 73),
    ("token", r"\bcmVmd[A-Za-z0-9]{59}\b", ("cmvmd",), 64),
    ("token", r"\bATATT3[A-Za-z0-9_=-]{180,}", ("atatt3",), 186),
    ("api-key", r"\b(?:A3T[A-Z0-9]|ABIA|ACCA)[A-Z2-7]{16}\b", ("a3t", "abia", "acca"), 20),
    ("api-key", r"(?<![\w~.])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![\w~.-])", ("q~",), 40),
    ("api-key", r"\b4b1d[A-Za-z0-9]{38}\b", ("4b1d",), 42),
    ("token", r"\bCLOJARS_[A-Za-z0-9]{60}\b", ("clojars_",), 68),
    ("api-key", r"\bv1\.0-[a-f0-9]{24}-[a-f0-9]{146}\b", ("v1.0-",), 170),
    ("token", r"\bdapi[a-f0-9]{32}(?:-\d)?\b", ("dapi",), 36),
    ("token", r"\bdo[opr]_v1_[a-f0-9]{64}\b", ("_v1_",), 71),
    ("token", r"\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}\b", ("dp.",), 46),
    ("token", r"\bduffel_(?:test|live)_[A-Za-z0-9_=-]{43}", ("duffel_",), 54),
    ("token", r"\bdt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}\b", ("dt0c01.",), 96),
    ("api-key", r"\bEZ[AT]K[A-Za-z0-9]{54}\b", ("ezak", "eztk"), 58),
    ("token", r"\bEAA[ACM][A-Za-z0-9]{60,}", ("eaa",), 64),
    ("token", r"\bsq0(?:atp|csp)-[\w-]{22,60}", ("sq0",), 28),
    ("api-key", r"\bFLW(?:SECK|PUBK)_TEST-[a-hA-H0-9]{12,32}(?:-X)?", ("flwseck_", "flwpubk_"), 24),
    ("token", r"\b(?:fo1_[\w-]{43}|fm[12][ar]?_[A-Za-z0-9+/]{100,}={0,3})", ("fo1_", "fm1", "fm2"), 47),
    ("token", r"\bfio-u-[A-Za-z0-9_=-]{64}", ("fio-u-",), 70),
    ("token", r"\bgl(?:cbt-[0-9a-zA-Z]{1,5}_|dt-|ffct-|ft-|imt-|agent-|oas-|rt-|soat-|ptt-)[0-9a-zA-Z_-]{20,}", ("gl",), 24),
    ("token", r"\bGR1348941[\w-]{20}", ("gr1348941",), 29),
    ("token", r"\b_gitlab_session=[0-9a-z]{32}", ("_gitlab_session",), 48),
    ("token", r"\bgl(?:c|sa)_[A-Za-z0-9+/_]{32,}={0,3}", ("glc_", "glsa_"), 36),
    ("token", r"\beyJrIjoi[A-Za-z0-9]{60,}={0,3}", ("eyjrijoi",), 68),
    ("token", r"\b(?:pat|sat)\.[\w-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}\b", ("pat.", "sat."), 70),
    ("token", r"\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}", ("atlasv1",), 80),
    ("api-key", r"\bHRKU-AA[\w-]{58}", ("hrku-",), 65),
    ("token", r"\bapi_org_[A-Za-z]{34}\b", ("api_org_",), 42),
    ("api-key", r"\bico-[A-Za-z0-9]{32}\b", ("ico-",), 36),
    ("api-key", r"\bs-s4t2(?:ud|af)-[a-f0-9]{64}\b", ("s-s4t2",), 71),
    ("api-key", r"\blin_(?:api|oauth)_[A-Za-z0-9]{40}\b", ("lin_",), 48),
    ("api-key", r"\b[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk\b", ("_mmk",), 40),
    ("api-key", r"\bNR(?:JS|II|AK)-[A-Za-z0-9-]{19,32}\b", ("nrjs-", "nrii-", "nrak-"), 24),
    ("token", r"\bntn_\d{11}[A-Za-z0-9]{35}\b", ("ntn_",), 50),
    ("api-key", r"\bAPI-[A-Z0-9]{26}\b", ("api-",), 30),
    ("token", r"\bsha256~[\w-]{43}(?![\w-])", ("sha256~",), 50),
    ("api-key", r"\bpplx-[A-Za-z0-9]{48}\b", ("pplx-",), 53),
    ("token", r"\bpscale_(?:tkn|oauth|pw)_[\w=.-]{32,64}", ("pscale_",), 40),
    ("api-key", r"\bPMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}\b", ("pmak-",), 64),
    ("token", r"\bpnu_[A-Za-z0-9]{36}\b", ("pnu_",), 40),
    ("token", r"\bpul-[a-f0-9]{40}\b", ("pul-",), 44),
    ("token", r"\brdme_[a-z0-9]{70}\b", ("rdme_",), 75),
    ("api-key", r"\brubygems_[a-f0-9]{48}\b", ("rubygems_",), 57),
    ("token", r"\btk-us-[\w-]{48}", ("tk-us-",), 54),
    ("api-key", r"\bxkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}\b", ("xkeysib-",), 88),
    ("token", r"\bsntry[us]_[A-Za-z0-9+/=_]{60,}", ("sntry",), 66),
    ("token", r"\bsm_(?:aat|pat|sat)_[A-Za-z0-9]{16}\b", ("sm_",), 23),
    ("api-key", r"\bshippo_(?:live|test)_[a-fA-F0-9]{40}\b", ("shippo_",), 51),
    ("token", r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b", ("shp",), 38),
    ("token", r"\bxapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+", ("xapp-",), 20),
    ("token", r"\bxoxe(?:\.xox[bp])?-\d-[A-Za-z0-9]{140,170}", ("xoxe",), 146),
    ("api-key", r"\b(?:sk|rk)_prod_[A-Za-z0-9]{10,99}\b", ("k_prod_",), 18),
    ("token", r"\btfp_[A-Za-z0-9_.=-]{59}", ("tfp_",), 63),
    ("token", r"\bhv[bs]\.[\w-]{90,300}", ("hvb.", "hvs."), 94),
    ("token", r"\bt1\.[A-Za-z0-9_-]+={0,2}\.[A-Za-z0-9_-]{86}={0,2}", ("t1.",), 90),
    ("api-key", r"\bAQVN[A-Za-z0-9_-]{35,38}\b", ("aqvn",), 39),
    ("api-key", r"\b(?:pub)?key-[a-f0-9]{32}\b", ("key-",), 36),
    ("token", r"\bpk\.eyJ[A-Za-z0-9_-]{50,}\.[A-Za-z0-9_-]{20,}", ("pk.eyj",), 75),
    ("token", r"\bsk\.eyJ[A-Za-z0-9_-]{50,}\.[A-Za-z0-9_-]{20,}", ("sk.eyj",), 75),
    ("token", r"\bA{20,24}[A-Za-z0-9%]{80,120}", ("aaaaaaaaaaaaaaaaaaaa",), 100),
    ("token", r"\bZXlK[A-Za-z0-9+/_-]{40,}={0,2}", ("zxlk",), 44),
    ("token", r"\bsgp_(?:[a-fA-F0-9]{16}_)?[a-fA-F0-9]{40}\b", ("sgp_",), 44),
    ("api-key", r"\bgsk_[A-Za-z0-9]{48,}\b", ("gsk_",), 52),
    ("api-key", r"\bxai-[A-Za-z0-9]{70,}\b", ("xai-",), 74),
    ("api-key", r"\br8_[A-Za-z0-9]{37}\b", ("r8_",), 40),
    ("token", r"\bdckr_pat_[\w-]{27,}", ("dckr_pat_",), 36),
    ("token", r"\bnpm_[A-Za-z0-9]{36}\b", ("npm_",), 40),
    ("token", r"\bglpat-[\w-]{20,}", ("glpat-",), 26),
    ("api-key", r"\bgithub_pat_\w{22,}", ("github_pat_",), 33),
    ("api-key", r"\bgh[pousr]_[A-Za-z0-9]{36,}", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), 40),
)
