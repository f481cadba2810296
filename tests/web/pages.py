"""What the browser tests do on a page: act, then wait for the state that follows."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from playwright.sync_api import Page

VERSION = "window.evogames.page.version"  # the version of the state the page shows
T = TypeVar("T")


def act_and_wait(tab: Page, click: Callable[[], T]) -> T:
    """Do ``click``, then wait for a newer state; an error banner instead fails the test."""
    version = tab.evaluate(VERSION)
    done = click()
    tab.wait_for_function(f"{VERSION} > {version} || !document.querySelector('#banner').hidden")
    assert tab.locator("#banner").is_hidden(), tab.locator("#banner").inner_text()
    return done
