"""A request's JSON body, checked: the content type, the size (see ``limits``), the nesting and the numbers."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import HTTPException, Request

from evogames.core.errors import ErrorCode, IllegalAction


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object (sent as application/json), or a 4xx saying what is wrong."""
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise HTTPException(415, "Send the request as JSON (Content-Type: application/json).")
    try:
        body = orjson.loads(await request.body())
    except orjson.JSONDecodeError as err:
        raise IllegalAction("The request body must be JSON (at most 1,000 levels deep, numbers of a sane "
                            "size, valid text).", ErrorCode.MESSAGE_MALFORMED) from err
    if not isinstance(body, dict):
        raise IllegalAction("The request body must be a JSON object.", ErrorCode.MESSAGE_MALFORMED)
    return body
