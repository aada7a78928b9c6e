-- soulmem 0002_lifecycle (PostgreSQL port of the SQLite migration of the same name): what memories need to live (seeds 000, 001, 003).

-- mention_count: times the surprise filter reinforced the memory (seed 003 mentionedCount);
-- tier_since: when it entered its tier (M365 -> M0 candidates after a year);
-- knowledge_level: graduation L0 raw .. L4 active (seed 001 §3.1) for consolidated knowledge.
ALTER TABLE memories ADD COLUMN mention_count BIGINT NOT NULL DEFAULT 0;
ALTER TABLE memories ADD COLUMN tier_since TEXT;
ALTER TABLE memories ADD COLUMN knowledge_level BIGINT NOT NULL DEFAULT 0;
CREATE INDEX memories_expiry ON memories (status, expires_at);

-- When each duty last ran for a scope, and how many turns since (cadences, idempotence).
CREATE TABLE maintenance (
    rowid BIGSERIAL NOT NULL,
    user_id  TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    world_id TEXT NOT NULL DEFAULT '',
    duty     TEXT NOT NULL,
    last_run TEXT,
    counter  BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, agent_id, world_id, duty)
);

-- Per-scope settings: mode 'session' (default) or 'endless' (seed 001).
CREATE TABLE scope_settings (
    rowid BIGSERIAL NOT NULL,
    user_id    TEXT NOT NULL,
    agent_id   TEXT NOT NULL,
    world_id   TEXT NOT NULL DEFAULT '',
    mode       TEXT NOT NULL DEFAULT 'session',
    updated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, agent_id, world_id)
);
