-- soulmem 0003_self (PostgreSQL port of the SQLite migration of the same name): a character with a self (seeds 000, 002, 003, 004).

-- Beliefs are proposed, then approved (active) or rejected by the owner; key names what a
-- belief is about so a changed belief is a new version of the same one.
ALTER TABLE beliefs ADD COLUMN status TEXT NOT NULL DEFAULT 'proposed';
ALTER TABLE beliefs ADD COLUMN belief_key TEXT NOT NULL DEFAULT '';
ALTER TABLE beliefs ADD COLUMN language TEXT;
CREATE INDEX beliefs_scope ON beliefs (user_id, agent_id, world_id, status);
ALTER TABLE islands ADD COLUMN theme_key TEXT NOT NULL DEFAULT '';
ALTER TABLE relationships ADD COLUMN last_seen_at TEXT;

-- SOUL.md versions: each approved rendering, newest last.
CREATE TABLE soul_versions (
    rowid BIGSERIAL NOT NULL,
    user_id    TEXT NOT NULL,
    agent_id   TEXT NOT NULL,
    world_id   TEXT NOT NULL DEFAULT '',
    version    BIGINT NOT NULL,
    text       TEXT NOT NULL,
    approved_at TEXT NOT NULL,
    PRIMARY KEY (user_id, agent_id, world_id, version)
);

-- Imagination (seed 000 §7): each proactive idea, its pattern and the user's feedback.
CREATE TABLE imaginations (
    rowid BIGSERIAL NOT NULL,
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL,
    agent_id    TEXT NOT NULL,
    world_id    TEXT NOT NULL DEFAULT '',
    pattern     TEXT NOT NULL,
    scenario    TEXT NOT NULL,
    action      TEXT NOT NULL,
    memory_id   TEXT,
    feedback    TEXT,
    created_at  TEXT NOT NULL
);
CREATE INDEX imaginations_scope ON imaginations (user_id, agent_id, world_id, created_at);
CREATE TABLE imagination_patterns (
    rowid BIGSERIAL NOT NULL,
    user_id  TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    world_id TEXT NOT NULL DEFAULT '',
    pattern  TEXT NOT NULL,
    weight   DOUBLE PRECISION NOT NULL DEFAULT 1.0,
    PRIMARY KEY (user_id, agent_id, world_id, pattern)
);

-- Director notes (seed 003 §10): a note and relationship deltas for the next turn.
CREATE TABLE notes (
    rowid BIGSERIAL NOT NULL,
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL,
    agent_id   TEXT NOT NULL,
    world_id   TEXT NOT NULL DEFAULT '',
    text       TEXT NOT NULL,
    deltas     TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    applied_at TEXT
);
