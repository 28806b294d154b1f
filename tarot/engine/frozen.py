"""A quicker ``__init__`` for the engine's frozen, slotted dataclasses.

A frozen dataclass's generated ``__init__`` sets each field with ``object.__setattr__``
(its own ``__setattr__`` refuses), a generic call that looks the name up each time: a
trick taken, a settlement or a deal event cost three times what the same work costs
when each slot is set through its own descriptor, and the engine builds tens of them a
deal. :func:`quick_init` gives a class an ``__init__`` that does that: the same
parameters (positional or keyword-only, in the same order), the same defaults and
default factories, the same object built; the class stays frozen (its ``__setattr__``
still refuses), hashed and compared as before. A class with a ``__post_init__`` or an
``InitVar`` is refused: the generated code would not call them.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Give the frozen, slotted dataclass ``cls`` an ``__init__`` that sets its slots through
    their descriptors; return it."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
    if hasattr(cls, "__post_init__") or any(
            isinstance(value, dataclasses.InitVar)
            for value in getattr(cls, "__annotations__", {}).values()):
        raise TypeError(f"{cls.__name__} has a __post_init__ or an InitVar")
    namespace: dict[str, Any] = {"__new__": object.__new__, "__cls__": cls,
                                 "__missing__": dataclasses.MISSING}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for item in dataclasses.fields(cls):  # type: ignore[arg-type]
        name = item.name
        namespace[f"__set_{name}"] = cls.__dict__[name].__set__
        if item.default is not dataclasses.MISSING:
            namespace[f"__default_{name}"] = item.default
            parameter, value = f"{name}=__default_{name}", name
        elif item.default_factory is not dataclasses.MISSING:
            namespace[f"__factory_{name}"] = item.default_factory
            parameter = f"{name}=__missing__"
            value = f"__factory_{name}() if {name} is __missing__ else {name}"
        else:
            parameter, value = name, name
        if not item.init:  # not a parameter: its default (or factory) only
            if item.default is not dataclasses.MISSING:
                body.append(f"    __set_{name}(self, __default_{name})")
            else:
                body.append(f"    __set_{name}(self, __factory_{name}())")
            continue
        (keyword if item.kw_only else positional).append(parameter)
        body.append(f"    __set_{name}(self, {value})")
    signature = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    source = "\n".join([f"def __init__({signature}):", *body, "    return None"])
    exec(source, namespace)
    init = namespace["__init__"]
    generated = cls.__init__  # type: ignore[misc]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = generated.__doc__
    init.__annotations__ = dict(generated.__annotations__)
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
