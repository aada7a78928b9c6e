-- soulmem 0007_lexical_changes: lexical search ranks in process memory (store/sqlite/lexicon.py)
-- from the FTS table's documents. Every insert, re-index or delete of a lexical document logs its
-- rowid here (one row per document, its latest change; an upsert, as an outer statement's conflict
-- policy would override OR REPLACE inside a trigger), so a process's copy reads only what
-- changed since it last looked. The FTS table stays the record.

CREATE TABLE lexical_changes (
    doc INTEGER PRIMARY KEY,
    seq INTEGER NOT NULL
);
CREATE INDEX lexical_changes_seq ON lexical_changes (seq);

CREATE TRIGGER lexical_docs_logged_insert AFTER INSERT ON lexical_docs BEGIN
    INSERT INTO lexical_changes (doc, seq)
    VALUES (new.rowid, (SELECT coalesce(max(seq), 0) + 1 FROM lexical_changes))
    ON CONFLICT (doc) DO UPDATE SET seq = excluded.seq;
END;

CREATE TRIGGER lexical_docs_logged_update AFTER UPDATE ON lexical_docs BEGIN
    INSERT INTO lexical_changes (doc, seq)
    VALUES (new.rowid, (SELECT coalesce(max(seq), 0) + 1 FROM lexical_changes))
    ON CONFLICT (doc) DO UPDATE SET seq = excluded.seq;
END;

CREATE TRIGGER lexical_docs_logged_delete AFTER DELETE ON lexical_docs BEGIN
    INSERT INTO lexical_changes (doc, seq)
    VALUES (old.rowid, (SELECT coalesce(max(seq), 0) + 1 FROM lexical_changes))
    ON CONFLICT (doc) DO UPDATE SET seq = excluded.seq;
END;
