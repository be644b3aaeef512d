"""``python -m playbook``."""

from playbook.launch import run

run()
