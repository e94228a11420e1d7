"""What a caller asks of the LLM when it wants structured data: a tool, its JSON schema and its pydantic model.

The same :class:`ToolSpec` serves every tool-call mode (`utils.llm.modes`: a forced tool
call, structured output, the arguments read from the reply's text): the schema is
what the server or the prompt is given, the pydantic model is what the answer must fit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

ModelT = TypeVar("ModelT", bound=BaseModel)
Message = dict[str, Any]


@dataclass(frozen=True)
class ToolSpec(Generic[ModelT]):
    """A function tool whose arguments the model must give, and the pydantic model they must fit."""

    name: str
    description: str
    parameters: dict[str, Any]
    arguments_model: type[ModelT]

    def as_openai(self) -> dict[str, Any]:
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.description, "parameters": self.parameters},
        }


def object_schema(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    """The JSON schema of an object with ``properties``, of which ``required`` must be given (tool arguments)."""
    return {"type": "object", "properties": properties, "required": required}


def valid_items(model: type[ModelT], items: list[Any], limit: int) -> list[ModelT]:
    """The first ``limit`` items that fit ``model``; a malformed one is dropped, not the whole answer."""
    kept = []
    for item in items[:limit]:
        if isinstance(item, dict):
            try:
                kept.append(model.model_validate(item))
            except ValueError:
                continue
    return kept
