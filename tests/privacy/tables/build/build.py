"""Regenerate every privacy table (dev and held parts) next to this folder.

Run from a throwaway venv that has mnemonic, phonenumbers and python-stdnum (not project
dependencies): `python tests/privacy/tables/build/build.py`. The output is reproducible byte for byte.
"""

import importlib

from common import write

SECRET_FAMILIES = ["identity", "seed", "config", "split", "disguised"]
OTHER_TABLES = [("special", "category"), ("gaming", None), ("others", "kind"), ("harmless", None)]

# Wave 1 was written and split first; wave 2 (`rows2`) was added later and split on its own.
modules = [importlib.import_module(family) for family in SECRET_FAMILIES]
write("secrets", [[r for m in modules for r in m.rows], [r for m in modules for r in getattr(m, "rows2", [])]], "family")
for name, key in OTHER_TABLES:
    module = importlib.import_module(name + "_rows")
    write(name, [module.rows, getattr(module, "rows2", [])], key)
