#!/usr/bin/env bash
# Refresh the message catalog after a text of the sheets changed: extract every message from
# the package's Python and the templates (babel.cfg) into playbook/locale/playbook.pot, then
# merge it into each language's catalog (playbook/locale/<language>/LC_MESSAGES/playbook.po):
# a new message comes in untranslated, a changed one as fuzzy (with its old translation), one
# no code uses any more is dropped. Then translate what is new or fuzzy (and remove the fuzzy
# flag): tests/test_i18n.py fails until every message is translated and none is fuzzy.
#   bash scripts/catalog.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${VENV:-.venv}/bin
"$bin/pybabel" -q extract -F babel.cfg --sort-output --no-wrap --add-location=file \
    --project playbook --version "$("$bin/python" -c 'import playbook; print(playbook.__version__)')" \
    --copyright-holder "the playbook authors" \
    --header-comment "# The texts of playbook's sheets (the book, the card), extracted by Babel (babel.cfg)." \
    -o playbook/locale/playbook.pot .
"$bin/pybabel" -q update -i playbook/locale/playbook.pot -d playbook/locale -D playbook \
    --no-wrap --ignore-obsolete
"$bin/python" - <<'PY'
from pathlib import Path

from babel.messages.pofile import read_po

for po in sorted(Path("playbook/locale").glob("*/LC_MESSAGES/playbook.po")):
    with po.open("rb") as f:
        cat = read_po(f)
    forms = {m.id: m.string if isinstance(m.string, tuple) else (m.string,) for m in cat}
    todo = [m for m in cat if m.id and (m.fuzzy or not all(forms[m.id]))]
    print(f"{po}: {len(cat)} messages, {len(todo)} to translate or check (empty or fuzzy)")
PY
