"""``python -m bianpai.addin.cli``: the bianpai command."""

import sys

from .app import main

sys.exit(main())
