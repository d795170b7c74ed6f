"""What the Sun's and Cheops's position-file tests share: the one-line error of a template
position with some keys changed or dropped. Each game hands in its template, parser and
error type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import yaml


def one_line_error(
    template: str,
    parse: Callable[..., Any],
    error: type[Exception],
    change: dict[str, object],
    drop: tuple[str, ...] = (),
) -> str:
    """The one-line error (located at ``pos.yaml``) that ``parse`` raises, as ``error``, on
    ``template`` changed by ``change`` and without ``drop``."""
    data = yaml.safe_load(template)
    data.update(change)
    for key in drop:
        del data[key]
    with pytest.raises(error) as caught:
        parse(yaml.safe_dump(data), source="pos.yaml")
    message = str(caught.value)
    assert "\n" not in message and message.startswith("pos.yaml: ")
    return message
