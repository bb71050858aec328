"""YAGS Desk: an offline desktop assistant for YAGS game masters.

YAGS (Yet Another Game System) is by Samuel Penn and is free content under the
GNU GPL v2; its equipment lists ask for attribution, which this program gives
in its About box, its README and its printed output.
"""

import os as _os

__version__ = "0.1.0"
APP_NAME = "YAGS Desk"
CREDIT = (
    "YAGS (Yet Another Game System) and its equipment lists are by Samuel Penn "
    "(yags-rpg.net), used under the GNU GPL v2 and the equipment lists' "
    "attribution terms. YAGS Desk is not affiliated with the author."
)

# [decision] YAGS Desk uses no pydantic plugins. Looking for them reads the metadata
# of every installed package the first time a model is built: some 25 ms of every
# start that reads a file, and of every `yags-desk print` (issue 18). A GM or
# developer who sets the variable keeps their own choice.
_os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
del _os
