-- soulmem 0006_context_keys_from_turns: a turn's context key is now the normalised sum of its
-- vector and the vector of the turn before it, computed where recall reads it; the separately
-- embedded keys (owner_kind 'pair', written by observe before this) are no longer read.

DELETE FROM embeddings WHERE owner_kind = 'pair';
