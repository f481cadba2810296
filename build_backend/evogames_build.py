"""The build backend: setuptools', asking for mypy (mypyc) only when a wheel will be compiled.

An editable install (``pip install -e .``) is always pure Python, so a developer who edits a rule runs
the file they edited, never an old compiled copy of it. A wheel is compiled when a C compiler is found and
``EVOGAMES_PURE`` is not set (see setup.py).
"""

from __future__ import annotations

import os
from typing import Any

from evogames_compiler import can_compile
from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the whole PEP 517 interface, overridden below where it differs)

MYPY = "mypy>=1.10"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    requires: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    return [*requires, MYPY] if can_compile() else requires


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    os.environ["EVOGAMES_PURE"] = "an editable install runs the source itself"
    requires: list[str] = _setuptools.get_requires_for_build_editable(config_settings)
    return requires


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    os.environ["EVOGAMES_PURE"] = "an editable install runs the source itself"
    name: str = _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
    return name


def prepare_metadata_for_build_editable(metadata_directory: str,
                                        config_settings: dict[str, Any] | None = None) -> str:
    os.environ["EVOGAMES_PURE"] = "an editable install runs the source itself"
    name: str = _setuptools.prepare_metadata_for_build_editable(metadata_directory, config_settings)
    return name
