"""Regenerate every privacy table (dev and held parts) next to this folder.

Run from a throwaway venv that has mnemonic, phonenumbers and python-stdnum (not project
dependencies): `python tests/privacy/tables/build/build.py`. The output is reproducible byte for byte.
"""

import importlib

from common import write

SECRET_FAMILIES = ["identity", "seed", "config", "split", "disguised"]
OTHER_TABLES = [("special", "category"), ("gaming", None), ("others", "kind"), ("harmless", None)]

rows = []
for family in SECRET_FAMILIES:
    rows += importlib.import_module(family).rows
write("secrets", rows, "family")
for name, key in OTHER_TABLES:
    write(name, importlib.import_module(name + "_rows").rows, key)
