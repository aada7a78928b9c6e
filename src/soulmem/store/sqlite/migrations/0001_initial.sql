-- soulmem 0001_initial: every layer of DESIGN.md. Scope = (user_id, agent_id, world_id);
-- world_id is '' when absent so that scope columns can be indexed and compared simply.
-- Times are ISO-8601 UTC strings. JSON columns hold arrays/objects as text.

-- Facts about the database itself (index versions and the like).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE events (
    seq            INTEGER PRIMARY KEY AUTOINCREMENT,
    id             TEXT NOT NULL UNIQUE,
    user_id        TEXT NOT NULL,
    agent_id       TEXT NOT NULL,
    world_id       TEXT NOT NULL DEFAULT '',
    session_id     TEXT,
    source         TEXT NOT NULL DEFAULT 'conversation',
    at             TEXT NOT NULL,
    created_at     TEXT NOT NULL,
    user_text      TEXT,
    assistant_text TEXT,
    user_name      TEXT,
    assistant_name TEXT,
    images         TEXT NOT NULL DEFAULT '[]',
    files          TEXT NOT NULL DEFAULT '[]',
    entities       TEXT NOT NULL DEFAULT '[]',
    salience       REAL,
    language       TEXT,
    metadata       TEXT NOT NULL DEFAULT '{}',
    idempotency_key TEXT
);
CREATE INDEX events_scope_seq ON events (user_id, agent_id, world_id, seq);
CREATE INDEX events_scope_session ON events (user_id, agent_id, world_id, session_id, seq);
CREATE UNIQUE INDEX events_idempotency ON events (user_id, agent_id, world_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;

CREATE TABLE event_links (
    from_event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    to_event_id   TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    kind          TEXT NOT NULL,
    weight        REAL NOT NULL DEFAULT 1.0,
    PRIMARY KEY (from_event_id, to_event_id, kind)
);
CREATE INDEX event_links_to ON event_links (to_event_id);

CREATE TABLE event_threads (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL,
    agent_id   TEXT NOT NULL,
    world_id   TEXT NOT NULL DEFAULT '',
    title      TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE event_thread_members (
    thread_id TEXT NOT NULL REFERENCES event_threads (id) ON DELETE CASCADE,
    event_id  TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    PRIMARY KEY (thread_id, event_id)
);

CREATE TABLE event_affects (
    event_id  TEXT PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    emotions  TEXT NOT NULL DEFAULT '{}',
    intensity REAL NOT NULL DEFAULT 0,
    valence   REAL NOT NULL DEFAULT 0,
    arousal   REAL NOT NULL DEFAULT 0,
    dominance REAL NOT NULL DEFAULT 0
);

CREATE TABLE facts (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL,
    agent_id    TEXT NOT NULL,
    world_id    TEXT NOT NULL DEFAULT '',
    kind        TEXT NOT NULL DEFAULT 'fact',
    subject     TEXT NOT NULL,
    value       TEXT NOT NULL,
    category    TEXT NOT NULL,
    about       TEXT NOT NULL DEFAULT 'user',
    negated     INTEGER NOT NULL DEFAULT 0,
    confidence  REAL NOT NULL DEFAULT 1.0,
    valid_from  TEXT NOT NULL,
    valid_to    TEXT,
    evidence    TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX facts_scope_current ON facts (user_id, agent_id, world_id, valid_to, subject);

CREATE TABLE revisions (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL,
    agent_id    TEXT NOT NULL,
    world_id    TEXT NOT NULL DEFAULT '',
    target_kind TEXT NOT NULL,
    target_id   TEXT NOT NULL,
    before      TEXT,
    after       TEXT,
    reason      TEXT NOT NULL,
    evidence    TEXT NOT NULL DEFAULT '[]',
    at          TEXT NOT NULL
);
CREATE INDEX revisions_target ON revisions (target_kind, target_id);
CREATE INDEX revisions_scope ON revisions (user_id, agent_id, world_id, at);

CREATE TABLE memories (
    id                 TEXT PRIMARY KEY,
    user_id            TEXT NOT NULL,
    agent_id           TEXT NOT NULL,
    world_id           TEXT NOT NULL DEFAULT '',
    content            TEXT NOT NULL,
    tier               TEXT NOT NULL,
    memory_type        TEXT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'active',
    created_at         TEXT NOT NULL,
    occurred_at        TEXT NOT NULL,
    expires_at         TEXT,
    emotions           TEXT NOT NULL DEFAULT '{}',
    intensity          REAL NOT NULL DEFAULT 0,
    importance         REAL NOT NULL DEFAULT 0.5,
    strength           REAL NOT NULL DEFAULT 1.0,
    reference_count    INTEGER NOT NULL DEFAULT 0,
    last_referenced_at TEXT,
    promoted_from      TEXT NOT NULL DEFAULT '[]',
    island_id          TEXT,
    source             TEXT NOT NULL DEFAULT 'conversation',
    language           TEXT,
    remember           INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX memories_scope ON memories (user_id, agent_id, world_id, status, tier);

CREATE TABLE memory_sources (
    memory_id TEXT NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
    event_id  TEXT NOT NULL,
    PRIMARY KEY (memory_id, event_id)
);
CREATE INDEX memory_sources_event ON memory_sources (event_id);

-- Vectors live beside their records, tagged with the model that made them: a new model
-- re-embeds instead of mixing vector spaces.
CREATE TABLE embeddings (
    owner_kind TEXT NOT NULL,
    owner_id   TEXT NOT NULL,
    model      TEXT NOT NULL,
    dim        INTEGER NOT NULL,
    user_id    TEXT NOT NULL,
    agent_id   TEXT NOT NULL,
    world_id   TEXT NOT NULL DEFAULT '',
    vector     BLOB NOT NULL,
    PRIMARY KEY (owner_kind, owner_id, model)
);
CREATE INDEX embeddings_scope ON embeddings (user_id, agent_id, world_id, model, owner_kind);

-- Pre-tokenized lexical index (soulmem's own multilingual tokenizer; FTS5 only ranks).
-- scope_key is one indexed token so that a MATCH can be confined to one scope; the FTS rowid
-- is lexical_docs.rowid, which names the record the tokens belong to.
CREATE TABLE lexical_docs (
    rowid      INTEGER PRIMARY KEY,
    owner_kind TEXT NOT NULL,
    owner_id   TEXT NOT NULL,
    UNIQUE (owner_kind, owner_id)
);
CREATE VIRTUAL TABLE lexical USING fts5 (
    scope_key,
    tokens,
    tokenize = 'unicode61 remove_diacritics 0 tokenchars ''_'''
);

-- Bumped in the same transaction as every vector write or delete: lets any process tell
-- cheaply whether its cached copy of a scope's vectors is current.
CREATE TABLE vector_versions (
    scope_key  TEXT NOT NULL,
    model      TEXT NOT NULL,
    owner_kind TEXT NOT NULL,
    version    INTEGER NOT NULL,
    count      INTEGER NOT NULL,
    PRIMARY KEY (scope_key, model, owner_kind)
);

CREATE TABLE forgetting_queue (
    memory_id     TEXT PRIMARY KEY REFERENCES memories (id) ON DELETE CASCADE,
    user_id       TEXT NOT NULL,
    agent_id      TEXT NOT NULL,
    world_id      TEXT NOT NULL DEFAULT '',
    reason        TEXT NOT NULL,
    previous_tier TEXT NOT NULL,
    queued_at     TEXT NOT NULL,
    purge_at      TEXT NOT NULL
);
CREATE INDEX forgetting_purge ON forgetting_queue (purge_at);

CREATE TABLE relationships (
    user_id            TEXT NOT NULL,
    agent_id           TEXT NOT NULL,
    world_id           TEXT NOT NULL DEFAULT '',
    trust              REAL NOT NULL DEFAULT 50,
    affection          REAL NOT NULL DEFAULT 50,
    respect            REAL NOT NULL DEFAULT 50,
    rivalry            REAL NOT NULL DEFAULT 0,
    familiarity        REAL NOT NULL DEFAULT 0,
    speech_style       TEXT NOT NULL DEFAULT 'formal',
    emotional_history  TEXT NOT NULL DEFAULT '[]',
    shared_experiences TEXT NOT NULL DEFAULT '[]',
    updated_at         TEXT NOT NULL,
    PRIMARY KEY (user_id, agent_id, world_id)
);
CREATE TABLE relationship_log (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL,
    agent_id   TEXT NOT NULL,
    world_id   TEXT NOT NULL DEFAULT '',
    changes    TEXT NOT NULL,
    reason     TEXT NOT NULL,
    evidence   TEXT NOT NULL DEFAULT '[]',
    session_id TEXT,
    at         TEXT NOT NULL
);
CREATE TABLE scenes (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL,
    agent_id     TEXT NOT NULL,
    world_id     TEXT NOT NULL DEFAULT '',
    session_id   TEXT,
    place        TEXT,
    time_of_day  TEXT,
    participants TEXT NOT NULL DEFAULT '[]',
    tone         TEXT,
    topics       TEXT NOT NULL DEFAULT '[]',
    started_at   TEXT NOT NULL,
    ended_at     TEXT
);

CREATE TABLE moods (
    user_id    TEXT NOT NULL,
    agent_id   TEXT NOT NULL,
    world_id   TEXT NOT NULL DEFAULT '',
    valence    REAL NOT NULL DEFAULT 0,
    arousal    REAL NOT NULL DEFAULT 0,
    dominance  REAL NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, agent_id, world_id)
);

CREATE TABLE islands (
    id                  TEXT PRIMARY KEY,
    user_id             TEXT NOT NULL,
    agent_id            TEXT NOT NULL,
    world_id            TEXT NOT NULL DEFAULT '',
    theme               TEXT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'active',
    strength            REAL NOT NULL DEFAULT 0,
    founding_memory_ids TEXT NOT NULL DEFAULT '[]',
    created_at          TEXT NOT NULL,
    status_since        TEXT NOT NULL
);

CREATE TABLE beliefs (
    id                    TEXT PRIMARY KEY,
    user_id               TEXT NOT NULL,
    agent_id              TEXT NOT NULL,
    world_id              TEXT NOT NULL DEFAULT '',
    statement             TEXT NOT NULL,
    confidence            REAL NOT NULL,
    supporting_memory_ids TEXT NOT NULL DEFAULT '[]',
    island_id             TEXT REFERENCES islands (id) ON DELETE SET NULL,
    version               INTEGER NOT NULL DEFAULT 1,
    approved              INTEGER NOT NULL DEFAULT 0,
    created_at            TEXT NOT NULL
);
CREATE TABLE belief_versions (
    belief_id  TEXT NOT NULL REFERENCES beliefs (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    statement  TEXT NOT NULL,
    confidence REAL NOT NULL,
    reason     TEXT NOT NULL,
    at         TEXT NOT NULL,
    PRIMARY KEY (belief_id, version)
);

CREATE TABLE summaries (
    id        TEXT PRIMARY KEY,
    user_id   TEXT NOT NULL,
    agent_id  TEXT NOT NULL,
    world_id  TEXT NOT NULL DEFAULT '',
    period    TEXT NOT NULL,
    starts_at TEXT NOT NULL,
    ends_at   TEXT NOT NULL,
    text      TEXT NOT NULL,
    event_ids TEXT NOT NULL DEFAULT '[]',
    UNIQUE (user_id, agent_id, world_id, period, starts_at)
);

CREATE TABLE inbox (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL,
    agent_id        TEXT NOT NULL,
    world_id        TEXT NOT NULL DEFAULT '',
    kind            TEXT NOT NULL,
    payload         TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending',
    created_at      TEXT NOT NULL,
    decided_at      TEXT,
    decision_reason TEXT
);
CREATE INDEX inbox_scope_status ON inbox (user_id, agent_id, world_id, status);

CREATE TABLE jobs (
    id           TEXT PRIMARY KEY,
    kind         TEXT NOT NULL,
    user_id      TEXT,
    agent_id     TEXT,
    world_id     TEXT,
    payload      TEXT NOT NULL DEFAULT '{}',
    status       TEXT NOT NULL DEFAULT 'queued',
    attempts     INTEGER NOT NULL DEFAULT 0,
    run_after    TEXT NOT NULL,
    lease_until  TEXT,
    leased_by    TEXT,
    result       TEXT,
    error        TEXT,
    created_at   TEXT NOT NULL,
    dedupe_key   TEXT UNIQUE
);
CREATE INDEX jobs_due ON jobs (status, run_after);
