from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class LingeringBadStuff(_message.Message):
    __slots__ = ("seat", "card", "combat_modifier")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    COMBAT_MODIFIER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    combat_modifier: int
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., combat_modifier: _Optional[int] = ...) -> None: ...
