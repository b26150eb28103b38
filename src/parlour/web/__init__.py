"""The web table: ``parlour serve``, a Starlette server and a browser client.

``create_app(database_url=...)`` builds the ASGI application; the protocol it
speaks is documented in ``docs/web.md`` and the browser client is plain static
files in ``parlour/web/static`` (no build step, nothing from another host).
"""

from __future__ import annotations

from parlour.web.app import create_app

__all__ = ["create_app"]
