"""``python -m parlour``."""

import sys

from parlour.cli import main

sys.exit(main())
