"""The web table: ``parlour serve``, a Starlette server and a browser client.

``create_app(database_url=...)`` builds the ASGI application; the protocol it
speaks is documented in ``docs/web.md`` and the browser client is plain static
files in ``parlour/web/static`` (no build step, nothing from another host).

``create_app`` is imported when first asked for, so that the command line can
read :mod:`parlour.web.limits` without the web extra installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.web.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    """``create_app``, imported on first use (it needs Starlette)."""
    if name == "create_app":
        from parlour.web.app import create_app

        return create_app
    raise AttributeError(f"module 'parlour.web' has no attribute {name!r}")
