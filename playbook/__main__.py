"""``python -m playbook``."""

import sys

from playbook.cli import main

sys.exit(main())
