-- soulmem 0001_initial, PostgreSQL port of the SQLite migration of the same name (same
-- tables and columns; every table has a rowid column so that reads ordered by insertion are
-- shared with SQLite). Every layer of DESIGN.md. Scope = (user_id, agent_id, world_id);
-- world_id is '' when absent so that scope columns can be indexed and compared simply.
-- Times are ISO-8601 UTC strings. JSON columns hold arrays/objects as text.

-- Facts about the database itself (index versions and the like).
CREATE TABLE meta (
    rowid BIGSERIAL NOT NULL,
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE events (
    seq            BIGSERIAL PRIMARY KEY,
    rowid          BIGINT GENERATED ALWAYS AS (seq) STORED,
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
    salience       DOUBLE PRECISION,
    language       TEXT,
    metadata       TEXT NOT NULL DEFAULT '{}',
    idempotency_key TEXT
);
CREATE INDEX events_scope_seq ON events (user_id, agent_id, world_id, seq);
CREATE INDEX events_scope_session ON events (user_id, agent_id, world_id, session_id, seq);
CREATE UNIQUE INDEX events_idempotency ON events (user_id, agent_id, world_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;

CREATE TABLE event_links (
    rowid BIGSERIAL NOT NULL,
    from_event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    to_event_id   TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    kind          TEXT NOT NULL,
    weight        DOUBLE PRECISION NOT NULL DEFAULT 1.0,
    PRIMARY KEY (from_event_id, to_event_id, kind)
);
CREATE INDEX event_links_to ON event_links (to_event_id);

CREATE TABLE event_threads (
    rowid BIGSERIAL NOT NULL,
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL,
    agent_id   TEXT NOT NULL,
    world_id   TEXT NOT NULL DEFAULT '',
    title      TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE event_thread_members (
    rowid BIGSERIAL NOT NULL,
    thread_id TEXT NOT NULL REFERENCES event_threads (id) ON DELETE CASCADE,
    event_id  TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    PRIMARY KEY (thread_id, event_id)
);

CREATE TABLE event_affects (
    rowid BIGSERIAL NOT NULL,
    event_id  TEXT PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    emotions  TEXT NOT NULL DEFAULT '{}',
    intensity DOUBLE PRECISION NOT NULL DEFAULT 0,
    valence   DOUBLE PRECISION NOT NULL DEFAULT 0,
    arousal   DOUBLE PRECISION NOT NULL DEFAULT 0,
    dominance DOUBLE PRECISION NOT NULL DEFAULT 0
);

CREATE TABLE facts (
    rowid BIGSERIAL NOT NULL,
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL,
    agent_id    TEXT NOT NULL,
    world_id    TEXT NOT NULL DEFAULT '',
    kind        TEXT NOT NULL DEFAULT 'fact',
    subject     TEXT NOT NULL,
    value       TEXT NOT NULL,
    category    TEXT NOT NULL,
    about       TEXT NOT NULL DEFAULT 'user',
    negated     BIGINT NOT NULL DEFAULT 0,
    confidence  DOUBLE PRECISION NOT NULL DEFAULT 1.0,
    valid_from  TEXT NOT NULL,
    valid_to    TEXT,
    evidence    TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX facts_scope_current ON facts (user_id, agent_id, world_id, valid_to, subject);

CREATE TABLE revisions (
    rowid BIGSERIAL NOT NULL,
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
    rowid BIGSERIAL NOT NULL,
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
    intensity          DOUBLE PRECISION NOT NULL DEFAULT 0,
    importance         DOUBLE PRECISION NOT NULL DEFAULT 0.5,
    strength           DOUBLE PRECISION NOT NULL DEFAULT 1.0,
    reference_count    BIGINT NOT NULL DEFAULT 0,
    last_referenced_at TEXT,
    promoted_from      TEXT NOT NULL DEFAULT '[]',
    island_id          TEXT,
    source             TEXT NOT NULL DEFAULT 'conversation',
    language           TEXT,
    remember           BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX memories_scope ON memories (user_id, agent_id, world_id, status, tier);

CREATE TABLE memory_sources (
    rowid BIGSERIAL NOT NULL,
    memory_id TEXT NOT NULL REFERENCES memories (id) ON DELETE CASCADE,
    event_id  TEXT NOT NULL,
    PRIMARY KEY (memory_id, event_id)
);
CREATE INDEX memory_sources_event ON memory_sources (event_id);

-- Vectors live beside their records, tagged with the model that made them: a new model
-- re-embeds instead of mixing vector spaces. pgvector's vector has no fixed dimension here
-- (models differ); the HNSW index covers the default model's 384 dimensions.
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE embeddings (
    rowid BIGSERIAL NOT NULL,
    owner_kind TEXT NOT NULL,
    owner_id   TEXT NOT NULL,
    model      TEXT NOT NULL,
    dim        BIGINT NOT NULL,
    user_id    TEXT NOT NULL,
    agent_id   TEXT NOT NULL,
    world_id   TEXT NOT NULL DEFAULT '',
    vector     vector NOT NULL,
    PRIMARY KEY (owner_kind, owner_id, model)
);
CREATE INDEX embeddings_scope ON embeddings (user_id, agent_id, world_id, model, owner_kind);
CREATE INDEX embeddings_hnsw_384 ON embeddings
    USING hnsw ((vector::vector(384)) vector_ip_ops) WHERE dim = 384;

-- Pre-tokenized lexical index (soulmem's own multilingual tokenizer), ranked with the same
-- BM25 as SQLite FTS5 (store/postgres/lexical.py): the postings of each document, document
-- lengths, and the collection statistics BM25 needs (document frequency per term, document
-- and token counts), kept current in the writing transaction. Statistics are split into
-- shards (by scope) so that concurrent writers of different scopes rarely wait on one row.
CREATE TABLE lexical_docs (
    rowid      BIGSERIAL PRIMARY KEY,
    owner_kind TEXT NOT NULL,
    owner_id   TEXT NOT NULL,
    scope_key  TEXT NOT NULL,
    length     BIGINT NOT NULL,
    UNIQUE (owner_kind, owner_id)
);
CREATE INDEX lexical_docs_scope ON lexical_docs (scope_key);
CREATE TABLE lexical_terms (
    scope_key TEXT NOT NULL,
    term      TEXT NOT NULL,
    doc       BIGINT NOT NULL REFERENCES lexical_docs (rowid) ON DELETE CASCADE,
    tf        BIGINT NOT NULL,
    PRIMARY KEY (scope_key, term, doc)
);
CREATE INDEX lexical_terms_doc ON lexical_terms (doc);
CREATE TABLE lexical_df (
    term  TEXT NOT NULL,
    shard BIGINT NOT NULL,
    n     BIGINT NOT NULL,
    PRIMARY KEY (term, shard)
);
CREATE TABLE lexical_stats (
    shard  BIGINT PRIMARY KEY,
    docs   BIGINT NOT NULL,
    tokens BIGINT NOT NULL
);

CREATE TABLE forgetting_queue (
    rowid BIGSERIAL NOT NULL,
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
    rowid BIGSERIAL NOT NULL,
    user_id            TEXT NOT NULL,
    agent_id           TEXT NOT NULL,
    world_id           TEXT NOT NULL DEFAULT '',
    trust              DOUBLE PRECISION NOT NULL DEFAULT 50,
    affection          DOUBLE PRECISION NOT NULL DEFAULT 50,
    respect            DOUBLE PRECISION NOT NULL DEFAULT 50,
    rivalry            DOUBLE PRECISION NOT NULL DEFAULT 0,
    familiarity        DOUBLE PRECISION NOT NULL DEFAULT 0,
    speech_style       TEXT NOT NULL DEFAULT 'formal',
    emotional_history  TEXT NOT NULL DEFAULT '[]',
    shared_experiences TEXT NOT NULL DEFAULT '[]',
    updated_at         TEXT NOT NULL,
    PRIMARY KEY (user_id, agent_id, world_id)
);
CREATE TABLE relationship_log (
    rowid BIGSERIAL NOT NULL,
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
    rowid BIGSERIAL NOT NULL,
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
    rowid BIGSERIAL NOT NULL,
    user_id    TEXT NOT NULL,
    agent_id   TEXT NOT NULL,
    world_id   TEXT NOT NULL DEFAULT '',
    valence    DOUBLE PRECISION NOT NULL DEFAULT 0,
    arousal    DOUBLE PRECISION NOT NULL DEFAULT 0,
    dominance  DOUBLE PRECISION NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, agent_id, world_id)
);

CREATE TABLE islands (
    rowid BIGSERIAL NOT NULL,
    id                  TEXT PRIMARY KEY,
    user_id             TEXT NOT NULL,
    agent_id            TEXT NOT NULL,
    world_id            TEXT NOT NULL DEFAULT '',
    theme               TEXT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'active',
    strength            DOUBLE PRECISION NOT NULL DEFAULT 0,
    founding_memory_ids TEXT NOT NULL DEFAULT '[]',
    created_at          TEXT NOT NULL,
    status_since        TEXT NOT NULL
);

CREATE TABLE beliefs (
    rowid BIGSERIAL NOT NULL,
    id                    TEXT PRIMARY KEY,
    user_id               TEXT NOT NULL,
    agent_id              TEXT NOT NULL,
    world_id              TEXT NOT NULL DEFAULT '',
    statement             TEXT NOT NULL,
    confidence            DOUBLE PRECISION NOT NULL,
    supporting_memory_ids TEXT NOT NULL DEFAULT '[]',
    island_id             TEXT REFERENCES islands (id) ON DELETE SET NULL,
    version               BIGINT NOT NULL DEFAULT 1,
    approved              BIGINT NOT NULL DEFAULT 0,
    created_at            TEXT NOT NULL
);
CREATE TABLE belief_versions (
    rowid BIGSERIAL NOT NULL,
    belief_id  TEXT NOT NULL REFERENCES beliefs (id) ON DELETE CASCADE,
    version    BIGINT NOT NULL,
    statement  TEXT NOT NULL,
    confidence DOUBLE PRECISION NOT NULL,
    reason     TEXT NOT NULL,
    at         TEXT NOT NULL,
    PRIMARY KEY (belief_id, version)
);

CREATE TABLE summaries (
    rowid BIGSERIAL NOT NULL,
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
    rowid BIGSERIAL NOT NULL,
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
    rowid BIGSERIAL NOT NULL,
    id           TEXT PRIMARY KEY,
    kind         TEXT NOT NULL,
    user_id      TEXT,
    agent_id     TEXT,
    world_id     TEXT,
    payload      TEXT NOT NULL DEFAULT '{}',
    status       TEXT NOT NULL DEFAULT 'queued',
    attempts     BIGINT NOT NULL DEFAULT 0,
    run_after    TEXT NOT NULL,
    lease_until  TEXT,
    leased_by    TEXT,
    result       TEXT,
    error        TEXT,
    created_at   TEXT NOT NULL,
    dedupe_key   TEXT UNIQUE
);
CREATE INDEX jobs_due ON jobs (status, run_after);
