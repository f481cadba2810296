"""Whether this machine can compile the engine (mypyc needs a C compiler); no build tool imported here."""

from __future__ import annotations

import os
import shutil


def can_compile() -> bool:
    """True when ``EVOGAMES_PURE`` is not set and a C compiler is on the PATH."""
    return not os.environ.get("EVOGAMES_PURE") and any(
        shutil.which(cc) for cc in (os.environ.get("CC", "cc"), "cc", "gcc", "clang"))
