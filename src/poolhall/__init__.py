"""poolhall: eight-ball and 14.1 straight pool — simulator, referee, computer players, app.

The public API is re-exported here; the modules behind it are the layers of
docs/architecture.md.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
