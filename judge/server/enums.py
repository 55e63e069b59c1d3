"""The API's enum values and the application's words for them.

The functions live in the client package (judge/common/enums.py), which the
server depends on, so the server and the client translate alike.
"""

from __future__ import annotations

from judge.common.enums import enum_name, enum_prefix, enum_word

__all__ = ["enum_name", "enum_prefix", "enum_word"]
