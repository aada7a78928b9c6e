-- soulmem 0008_link_version: recall reads reply links from an in-process copy of event_links
-- (store/sqlite/replies.py). New links are found by rowid; any update or delete of a link (an
-- erase, an event's cascade) bumps this version so a process reads the links again whole.

CREATE TABLE link_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO link_version (id, version) VALUES (1, 0);

CREATE TRIGGER event_links_versioned_update AFTER UPDATE ON event_links BEGIN
    UPDATE link_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER event_links_versioned_delete AFTER DELETE ON event_links BEGIN
    UPDATE link_version SET version = version + 1 WHERE id = 1;
END;
