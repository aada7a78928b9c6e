-- soulmem 0009_sources_by_event: the sources of a turn are looked up by event with the memory
-- id in the index (an index-only scan where the visibility map allows), as on SQLite.

CREATE INDEX memory_sources_event_memory ON memory_sources (event_id, memory_id);
DROP INDEX memory_sources_event;
