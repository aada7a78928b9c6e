-- soulmem 0009_sources_by_event: recall reads the memories of a few hundred turns a query
-- (``memories_for_events``). The sources are looked up by event: with the memory id in the
-- index itself, each turn's sources come from the index alone, one B-tree seek fewer a turn
-- (recall p50 at 100k memories 1-4 ms lower, docs/benchmarks.md). It serves every lookup by
-- event the old index served.

CREATE INDEX memory_sources_event_memory ON memory_sources (event_id, memory_id);
DROP INDEX memory_sources_event;
