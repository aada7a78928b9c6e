-- soulmem 0010_event_changes: recall ranks turns by their heads (session, speakers, whether
-- they say anything or ask) from an in-process copy (store/sqlite/heads.py). New turns are
-- found by seq; every update of a column a head is made of (a purge removes a turn's text)
-- and every delete (an erase) logs the turn here (one row per turn, its latest change; an
-- upsert, as in 0007), so a process's copy reads only what changed since it last looked.

CREATE TABLE event_changes (
    event_seq INTEGER PRIMARY KEY,
    event_id  TEXT NOT NULL,
    change    INTEGER NOT NULL
);
CREATE INDEX event_changes_change ON event_changes (change);

CREATE TRIGGER events_logged_update
AFTER UPDATE OF session_id, user_name, assistant_name, user_text, assistant_text, images
ON events BEGIN
    INSERT INTO event_changes (event_seq, event_id, change)
    VALUES (old.seq, old.id, (SELECT coalesce(max(change), 0) + 1 FROM event_changes))
    ON CONFLICT (event_seq) DO UPDATE SET change = excluded.change;
END;

CREATE TRIGGER events_logged_delete AFTER DELETE ON events BEGIN
    INSERT INTO event_changes (event_seq, event_id, change)
    VALUES (old.seq, old.id, (SELECT coalesce(max(change), 0) + 1 FROM event_changes))
    ON CONFLICT (event_seq) DO UPDATE SET change = excluded.change;
END;
