"""The teacher's key: made at first start, kept with the data, asked for by every teacher-only door.

The teacher opens ``/teacher?key=KEY`` once (the link ``evogames serve`` prints);
the server answers with a cookie for this site only and a clean address, so the
key does not stay in the address bar on the projector. Scripts send the key in
an ``X-Teacher-Key`` header instead.
"""

from __future__ import annotations

import hmac
import secrets

from fastapi import HTTPException, Request
from starlette.requests import HTTPConnection

from evogames.server.storage import Storage

SETTING = "teacher_key"
COOKIE = "evogames_teacher"
HEADER = "x-teacher-key"


def teacher_key(storage: Storage) -> str:
    """The key, made and stored on first use."""
    return storage.setting_or_create(SETTING, lambda: secrets.token_urlsafe(24))


def teacher_link(base_url: str, key: str) -> str:
    return f"{base_url.rstrip('/')}/teacher?key={key}"


def presented(request: HTTPConnection) -> str | None:
    """The key a request carries: the header, the cookie, or (opening the page) ``?key=``."""
    return (request.headers.get(HEADER) or request.cookies.get(COOKIE)
            or request.query_params.get("key"))


def is_teacher(request: HTTPConnection, key: str) -> bool:
    given = presented(request)
    return given is not None and hmac.compare_digest(given.encode(), key.encode())


def require_teacher(request: Request, key: str) -> None:
    """401 without a key, 403 with a wrong one, each with a sentence."""
    given = presented(request)
    if not given:
        raise HTTPException(401, "This is for the teacher: open the teacher's link that `evogames serve` "
                                 "printed (or run `evogames teacher-link`).")
    if not hmac.compare_digest(given.encode(), key.encode()):
        raise HTTPException(403, "That teacher's key is not right for this server. Run `evogames teacher-link` "
                                 "to see the right link.")
