"""Recall: tokenization, hybrid search and ranking, and packing context to a token budget."""

from soulmem.recall.items import Context, RecallItem

__all__ = ["Context", "RecallItem"]
