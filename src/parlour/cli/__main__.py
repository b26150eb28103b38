"""``python -m parlour.cli``."""

import sys

from parlour.cli import main

sys.exit(main())
