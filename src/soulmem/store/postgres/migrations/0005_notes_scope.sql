-- soulmem 0005_notes_scope: pending notes are read per scope on every recall; without this
-- index that read scanned the notes of every user (found by EXPLAIN QUERY PLAN of the
-- recall path at 100k memories, the one unindexed statement on it).

CREATE INDEX notes_scope_pending ON notes (user_id, agent_id, world_id, applied_at, created_at);
