from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ListRulesetsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListRulesetsResponse(_message.Message):
    __slots__ = ("rulesets",)
    RULESETS_FIELD_NUMBER: _ClassVar[int]
    rulesets: _containers.RepeatedCompositeFieldContainer[RulesetInfo]
    def __init__(self, rulesets: _Optional[_Iterable[_Union[RulesetInfo, _Mapping]]] = ...) -> None: ...

class RulesetInfo(_message.Message):
    __slots__ = ("name", "rules_version", "family", "title", "min_seats", "max_seats", "seat_traits", "options", "variants", "modes", "action_kinds", "card_kinds", "card_forms", "action_words")
    class ActionWordsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    NAME_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    FAMILY_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    MIN_SEATS_FIELD_NUMBER: _ClassVar[int]
    MAX_SEATS_FIELD_NUMBER: _ClassVar[int]
    SEAT_TRAITS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    VARIANTS_FIELD_NUMBER: _ClassVar[int]
    MODES_FIELD_NUMBER: _ClassVar[int]
    ACTION_KINDS_FIELD_NUMBER: _ClassVar[int]
    CARD_KINDS_FIELD_NUMBER: _ClassVar[int]
    CARD_FORMS_FIELD_NUMBER: _ClassVar[int]
    ACTION_WORDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    rules_version: str
    family: str
    title: str
    min_seats: int
    max_seats: int
    seat_traits: _containers.RepeatedCompositeFieldContainer[SeatTraitInfo]
    options: _containers.RepeatedCompositeFieldContainer[OptionInfo]
    variants: _containers.RepeatedCompositeFieldContainer[VariantInfo]
    modes: _containers.RepeatedScalarFieldContainer[str]
    action_kinds: _containers.RepeatedScalarFieldContainer[str]
    card_kinds: _containers.RepeatedScalarFieldContainer[str]
    card_forms: _containers.RepeatedCompositeFieldContainer[CardKindForm]
    action_words: _containers.ScalarMap[str, str]
    def __init__(self, name: _Optional[str] = ..., rules_version: _Optional[str] = ..., family: _Optional[str] = ..., title: _Optional[str] = ..., min_seats: _Optional[int] = ..., max_seats: _Optional[int] = ..., seat_traits: _Optional[_Iterable[_Union[SeatTraitInfo, _Mapping]]] = ..., options: _Optional[_Iterable[_Union[OptionInfo, _Mapping]]] = ..., variants: _Optional[_Iterable[_Union[VariantInfo, _Mapping]]] = ..., modes: _Optional[_Iterable[str]] = ..., action_kinds: _Optional[_Iterable[str]] = ..., card_kinds: _Optional[_Iterable[str]] = ..., card_forms: _Optional[_Iterable[_Union[CardKindForm, _Mapping]]] = ..., action_words: _Optional[_Mapping[str, str]] = ...) -> None: ...

class CardKindForm(_message.Message):
    __slots__ = ("kind", "label", "base_json", "fields", "common")
    KIND_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    BASE_JSON_FIELD_NUMBER: _ClassVar[int]
    FIELDS_FIELD_NUMBER: _ClassVar[int]
    COMMON_FIELD_NUMBER: _ClassVar[int]
    kind: str
    label: str
    base_json: str
    fields: _containers.RepeatedCompositeFieldContainer[CardFieldForm]
    common: bool
    def __init__(self, kind: _Optional[str] = ..., label: _Optional[str] = ..., base_json: _Optional[str] = ..., fields: _Optional[_Iterable[_Union[CardFieldForm, _Mapping]]] = ..., common: _Optional[bool] = ...) -> None: ...

class CardFieldForm(_message.Message):
    __slots__ = ("path", "type", "label", "initial_json", "choices", "minimum", "required")
    PATH_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    INITIAL_JSON_FIELD_NUMBER: _ClassVar[int]
    CHOICES_FIELD_NUMBER: _ClassVar[int]
    MINIMUM_FIELD_NUMBER: _ClassVar[int]
    REQUIRED_FIELD_NUMBER: _ClassVar[int]
    path: str
    type: str
    label: str
    initial_json: str
    choices: _containers.RepeatedCompositeFieldContainer[CardFieldChoice]
    minimum: int
    required: bool
    def __init__(self, path: _Optional[str] = ..., type: _Optional[str] = ..., label: _Optional[str] = ..., initial_json: _Optional[str] = ..., choices: _Optional[_Iterable[_Union[CardFieldChoice, _Mapping]]] = ..., minimum: _Optional[int] = ..., required: _Optional[bool] = ...) -> None: ...

class CardFieldChoice(_message.Message):
    __slots__ = ("value", "label")
    VALUE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    value: str
    label: str
    def __init__(self, value: _Optional[str] = ..., label: _Optional[str] = ...) -> None: ...

class SeatTraitInfo(_message.Message):
    __slots__ = ("name", "values", "doc")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    DOC_FIELD_NUMBER: _ClassVar[int]
    name: str
    values: _containers.RepeatedScalarFieldContainer[str]
    doc: str
    def __init__(self, name: _Optional[str] = ..., values: _Optional[_Iterable[str]] = ..., doc: _Optional[str] = ...) -> None: ...

class OptionInfo(_message.Message):
    __slots__ = ("name", "type", "default_value", "doc", "minimum", "maximum")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    DOC_FIELD_NUMBER: _ClassVar[int]
    MINIMUM_FIELD_NUMBER: _ClassVar[int]
    MAXIMUM_FIELD_NUMBER: _ClassVar[int]
    name: str
    type: str
    default_value: str
    doc: str
    minimum: int
    maximum: int
    def __init__(self, name: _Optional[str] = ..., type: _Optional[str] = ..., default_value: _Optional[str] = ..., doc: _Optional[str] = ..., minimum: _Optional[int] = ..., maximum: _Optional[int] = ...) -> None: ...

class VariantInfo(_message.Message):
    __slots__ = ("name", "doc")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DOC_FIELD_NUMBER: _ClassVar[int]
    name: str
    doc: str
    def __init__(self, name: _Optional[str] = ..., doc: _Optional[str] = ...) -> None: ...
