"""Regenerate every privacy table (dev and held parts) next to this folder.

Run from a throwaway venv that has mnemonic, phonenumbers and python-stdnum (not project
dependencies): `python tests/privacy/tables/build/build.py`. The output is reproducible byte for byte.
"""

import importlib

from common import write

SECRET_FAMILIES = ["identity", "seed", "config", "split", "disguised"]
OTHER_TABLES = [("special", "category"), ("gaming", None), ("others", "kind"), ("harmless", None)]

# Wave 1 (`rows`) was written and split first; later waves (`rows2`, `rows3`) were added and split on their own.
WAVES = ["rows", "rows2", "rows3"]
modules = [importlib.import_module(family) for family in SECRET_FAMILIES]
write("secrets", [[r for m in modules for r in getattr(m, wave, [])] for wave in WAVES], "family")
for name, key in OTHER_TABLES:
    module = importlib.import_module(name + "_rows")
    write(name, [getattr(module, wave, []) for wave in WAVES], key)
