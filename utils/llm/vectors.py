"""Vector math for memories: float32 bytes as stored, cosines as ranked. No vector database.

A member has at most fifty live memories, so a brute-force cosine over them in numpy
costs microseconds; a vector index would cost more than it saves. Vectors are stored
L2-normalised, so a cosine is one dot product.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

Vector = NDArray[np.float32]

MAX_DIMENSIONS = 8192
"""The largest vector taken from a server or a row. Real embedding models answer 384 to 4096 numbers
(text-embedding-3-large: 3072); an answer beyond this is a broken server, and would cost 32 KB and more
per row and per cosine, so it is refused."""


class _HasEmbedding(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def embedding(self) -> bytes | None: ...
    @property
    def embedding_model(self) -> str | None: ...


def normalized(values: Sequence[float] | Vector) -> Vector | None:
    """A unit float32 vector, or None for an empty, zero or non-finite one (a broken answer is no meaning)."""
    vector = np.asarray(values, dtype=np.float32).ravel()
    if vector.size == 0 or not np.all(np.isfinite(vector)):
        return None
    norm = float(np.linalg.norm(vector))
    return None if norm == 0.0 or not np.isfinite(norm) else vector / norm


def read_vector(values: object) -> Vector:
    """The unit float32 vector a server answered, or ValueError saying why it is none.

    Only a flat list of JSON numbers is one: not numbers as strings, not nested lists, not
    booleans, not empty, not beyond :data:`MAX_DIMENSIONS`, nothing NaN or infinite (also
    after the cast to float32), not all zeros.
    """
    if not isinstance(values, list):
        raise ValueError(f"the vector is a {type(values).__name__}, not a list of numbers")
    if not values:
        raise ValueError("the vector is empty")
    if len(values) > MAX_DIMENSIONS:
        raise ValueError(f"the vector has {len(values)} numbers, more than {MAX_DIMENSIONS}")
    array = np.asarray(values)  # a ragged nesting raises ValueError itself
    if array.ndim != 1 or array.dtype.kind not in "fiu":
        raise ValueError("the vector is not a flat list of numbers")
    with np.errstate(over="ignore", invalid="ignore"):
        vector = array.astype(np.float32)
    if not np.all(np.isfinite(vector)):
        raise ValueError("the vector holds NaN or infinite numbers")
    wide = vector.astype(np.float64)
    norm = float(np.linalg.norm(wide))
    if norm == 0.0:
        raise ValueError("the vector is all zeros")
    return (wide / norm).astype(np.float32)


def to_bytes(vector: Vector) -> bytes:
    """The stored form: little-endian float32, the same bytes on SQLite and SQL Server."""
    return np.asarray(vector, dtype="<f4").tobytes()


def from_bytes(blob: bytes | None, dimensions: int | None = None) -> Vector | None:
    """A stored vector, or None when missing, truncated, of another size or broken."""
    if not blob or len(blob) % 4 or len(blob) > 4 * MAX_DIMENSIONS:
        return None
    vector = np.frombuffer(blob, dtype="<f4")
    if dimensions is not None and vector.size != dimensions:
        return None
    return normalized(vector)


def similarities(query: Vector, vectors: Mapping[int, Vector]) -> dict[int, float]:
    """Cosine of ``query`` with each memory's vector (memory id → cosine); vectors of another size are left out."""
    size = query.size
    ids = [memory_id for memory_id, vector in vectors.items() if vector.size == size]
    if not ids:
        return {}
    matrix = np.array([vectors[memory_id] for memory_id in ids]) if len(ids) < len(vectors) else np.array(list(vectors.values()))
    return dict(zip(ids, (matrix @ query).tolist(), strict=True))


def cosine(a: Vector, b: Vector) -> float | None:
    """Cosine of two unit vectors, or None when their sizes differ (made by different models)."""
    return float(a @ b) if a.shape == b.shape else None


def stored_vectors(memories: Iterable[_HasEmbedding], model: str, dimensions: int) -> dict[int, Vector]:
    """The memories' stored vectors made by ``model`` with ``dimensions`` (memory id → vector); others are left out.

    A vector from another model, or of another size, is not comparable: that memory
    competes on its words until the backfill gives it a new one.
    """
    out = {}
    for memory in memories:
        if memory.embedding_model == model and memory.embedding is not None:
            vector = from_bytes(memory.embedding, dimensions)
            if vector is not None:
                out[memory.id] = vector
    return out
