"""The floors of the web side (issue 21): the modules a board may import live in ``kit/web/``, served at
``/static/kit/``; a game's web files import only those and their own folder, never the app's page scripts
in ``web/js/``; a ``kit/web`` module imports only ``kit/web``. And every import in a shipped ``.js`` or
``.html`` file names a file the server serves: a broken one shows a blank board, and no Python test sees it.

The URLs come from the real app's mounts, fetched through the real app (no copy of the mount table here).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from urllib.parse import urljoin

import httpx
import pytest
from fastapi import FastAPI
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from evogames.server.app import create_app
from tests.web.wsclient import run_async

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "evogames"
KIT_WEB = PACKAGE / "kit" / "web"
APP_JS = PACKAGE / "web" / "js"

_NAMES = r"[\w$*{}\s,]+?"  # what an import names: {a, b as c}, * as ns, a default
JS_REFERENCES = (
    re.compile(rf"\bimport\s+(?:{_NAMES}\s+from\s+)?[\"']([^\"']+)[\"']"),  # import {a} from "x"; import "x"
    re.compile(rf"\bexport\s+{_NAMES}\s+from\s+[\"']([^\"']+)[\"']"),  # export {a} from "x"
    re.compile(r"\bimport\(\s*([\"'])([^\"'`$]+)\1\s*\)"),  # import("x"), a literal only
    re.compile(r"\bnew URL\(\s*[\"']([^\"']+)[\"']\s*,\s*import\.meta\.url\s*\)"),  # a stylesheet beside a module
)
HTML_REFERENCES = (re.compile(r"<(?:script|link|img)\b[^>]*?\b(?:src|href)=\"(/static/[^\"]+)\""),)


def references(source: str, html: bool = False) -> list[str]:
    """Every file ``source`` imports or loads, as written (an inline module script in a page counts)."""
    found = []
    for pattern in JS_REFERENCES + (HTML_REFERENCES if html else ()):
        for match in pattern.finditer(source):
            found.append(match.group(match.lastindex or 1))
    return found


def static_mounts(app: FastAPI) -> list[tuple[str, Path]]:
    """The app's static folders in the order it matches them: (URL prefix, folder)."""
    return [(route.path, Path(route.app.directory)) for route in app.routes
            if isinstance(route, Mount) and isinstance(route.app, StaticFiles) and route.app.directory]


def url_of(path: Path, mounts: list[tuple[str, Path]]) -> str:
    for prefix, folder in mounts:
        if path.is_relative_to(folder):
            return f"{prefix}/{path.relative_to(folder).as_posix()}"
    raise AssertionError(f"{path.relative_to(PACKAGE)} is in no static folder the app serves")


def shipped() -> Iterator[Path]:
    for suffix in ("js", "html"):
        yield from sorted(PACKAGE.rglob(f"*.{suffix}"))


def imported_urls(mounts: list[tuple[str, Path]]) -> dict[Path, list[str]]:
    """Each shipped file -> the URLs of what it imports (relative ones resolved against the file's own URL)."""
    out = {}
    for path in shipped():
        html = path.suffix == ".html"
        base = "/" if html else url_of(path, mounts)
        out[path] = [urljoin(base, ref) for ref in references(path.read_text(encoding="utf-8"), html)]
    return out


def served(app: FastAPI, urls: Iterable[str]) -> dict[str, httpx.Response]:
    """GET each URL from the app itself (in process, through its middleware and mounts)."""
    async def get_all() -> dict[str, httpx.Response]:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
            return {url: await client.get(url) for url in sorted(set(urls))}
    answers: dict[str, httpx.Response] = run_async(get_all())  # on its own thread: a browser test's loop may run
    return answers


@pytest.fixture(scope="module")
def app() -> FastAPI:
    return create_app("sqlite:///:memory:")


@pytest.fixture(scope="module")
def mounts(app: FastAPI) -> list[tuple[str, Path]]:
    return static_mounts(app)


def test_the_reference_finder_sees_every_kind_of_import() -> None:
    source = ('import {h,\n  s as t} from "/static/kit/dom.js";\nimport * as n from "./names.js";\n'
              'import "./side.js";\nexport {x} from "../re.js";\nconst g = await import("/static/kit/generic.js");\n'
              'const b = await import(`/static/games/${game}/board.js`);\n'
              'h("link", {href: new URL("./board.css", import.meta.url).href});\n'
              'const text = "Draw from " + deck + " or import it";\n')
    assert references(source) == ["/static/kit/dom.js", "./names.js", "./side.js", "../re.js",
                                  "/static/kit/generic.js", "./board.css"]
    page = '<script type="module" src="/static/js/table.js"></script><link rel="stylesheet" href="/static/css/app.css">'
    assert references(page, html=True) == ["/static/js/table.js", "/static/css/app.css"]


def test_every_import_in_a_shipped_file_is_a_file_the_server_serves(app: FastAPI,
                                                                    mounts: list[tuple[str, Path]]) -> None:
    wanted = imported_urls(mounts)
    assert sum(map(len, wanted.values())) > 50, "the finder found the imports"
    got = served(app, (url for urls in wanted.values() for url in urls))
    broken = [f"{path.relative_to(PACKAGE)}: {url} -> {got[url].status_code}"
              for path, urls in wanted.items() for url in urls if got[url].status_code != 200]
    assert not broken, "\n".join(broken)


def test_an_old_path_is_not_served(app: FastAPI) -> None:
    got = served(app, ["/static/kit/dom.js", "/static/js/dom.js"])
    assert got["/static/kit/dom.js"].status_code == 200
    assert got["/static/js/dom.js"].status_code == 404  # so the check above can fail


def test_every_shipped_module_is_at_the_url_of_its_folder(app: FastAPI, mounts: list[tuple[str, Path]]) -> None:
    """No static folder hides another's file (/static would take /static/kit/... if mounted first)."""
    modules = {url_of(path, mounts): path for path in shipped() if path.suffix == ".js"}
    got = served(app, modules)
    wrong = [url for url, path in modules.items()
             if got[url].status_code != 200 or got[url].content != path.read_bytes()]
    assert not wrong, wrong


def test_a_game_imports_only_the_kit_and_its_own_folder(mounts: list[tuple[str, Path]]) -> None:
    found = []
    for path, urls in imported_urls(mounts).items():
        if path.is_relative_to(PACKAGE / "games"):
            own = f"/static/games/{path.relative_to(PACKAGE / 'games').parts[0]}/"
            found += [f"{path.relative_to(PACKAGE)}: {url}" for url in urls
                      if not url.startswith(("/static/kit/", own))]
    assert not found, "a game's web file imports outside /static/kit/ and its own folder:\n" + "\n".join(found)


def test_the_kit_imports_only_the_kit(mounts: list[tuple[str, Path]]) -> None:
    found = [f"{path.relative_to(PACKAGE)}: {url}" for path, urls in imported_urls(mounts).items()
             if path.is_relative_to(KIT_WEB) for url in urls if not url.startswith("/static/kit/")]
    assert not found, "\n".join(found)
    assert sorted(p.name for p in KIT_WEB.glob("*.js")) == ["dom.js", "generic.js", "icons.js", "names.js", "plot.js"]


def test_no_kit_module_is_copied_into_the_app_scripts() -> None:
    kit = {path.name for path in KIT_WEB.iterdir()}
    copies = sorted(path.relative_to(PACKAGE).as_posix() for path in (PACKAGE / "web").rglob("*") if path.name in kit)
    assert not copies, f"copies of kit/web modules: {copies}"
    assert APP_JS.is_dir() and kit, "both folders are where this test looks"
