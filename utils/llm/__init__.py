"""The LLM package's one public surface: what other packages may use of it.

Code outside `utils/llm` imports these names from here, never from a module whose name
(or whose own name) starts with an underscore; the modules of the package import each
other directly, so none of them depends on this file and no import cycle runs through it
(`tests/unit/test_llm_surface.py`).
"""

from utils.llm.arguments import arguments_in_text, parse_arguments
from utils.llm.calls import LOGGED_TEXT_CHARS, ChatResult, Usage, logged_excerpt, logged_request
from utils.llm.client import LLMClient
from utils.llm.embeddings import MAX_BATCH, EmbeddingClient
from utils.llm.errors import LLMError, screened_error
from utils.llm.lanes import EndpointLanes
from utils.llm.log import LlmLogBuffer, screened_records
from utils.llm.markers import first_answer, has_marker, without_markers
from utils.llm.mode_book import ModeBook
from utils.llm.modes import LABELS, MODES, ToolMode, ToolModeSetting
from utils.llm.probe import (
    SUMMARY_DEADLINE_SECONDS,
    EndpointProbe,
    describe_failure,
    embed_once,
    model_listed,
    probe_endpoint,
)
from utils.llm.quoting import QUOTE_MARK, quoted, quoted_name
from utils.llm.tool_spec import Message, ToolSpec, object_schema, valid_items
from utils.llm.vectors import (
    MAX_DIMENSIONS,
    Vector,
    cosine,
    from_bytes,
    normalized,
    similarities,
    stored_vectors,
    to_bytes,
)

__all__ = [
    "LABELS",
    "LOGGED_TEXT_CHARS",
    "MAX_BATCH",
    "MAX_DIMENSIONS",
    "MODES",
    "QUOTE_MARK",
    "SUMMARY_DEADLINE_SECONDS",
    "ChatResult",
    "EmbeddingClient",
    "EndpointLanes",
    "EndpointProbe",
    "LLMClient",
    "LLMError",
    "LlmLogBuffer",
    "Message",
    "ModeBook",
    "ToolMode",
    "ToolModeSetting",
    "ToolSpec",
    "Usage",
    "Vector",
    "arguments_in_text",
    "cosine",
    "describe_failure",
    "embed_once",
    "first_answer",
    "from_bytes",
    "has_marker",
    "logged_excerpt",
    "logged_request",
    "model_listed",
    "normalized",
    "object_schema",
    "parse_arguments",
    "probe_endpoint",
    "quoted",
    "quoted_name",
    "screened_error",
    "screened_records",
    "similarities",
    "stored_vectors",
    "to_bytes",
    "valid_items",
    "without_markers",
]
