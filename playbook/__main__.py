"""``python -m playbook``."""

from playbook.cli import run

run()
