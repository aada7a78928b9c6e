-- soulmem 0004_service (PostgreSQL port of the SQLite migration of the same name): API keys for the HTTP service; job leases for workers and brains.

CREATE TABLE api_keys (
    rowid BIGSERIAL NOT NULL,
    id         TEXT PRIMARY KEY,
    tenant     TEXT NOT NULL,
    role       TEXT NOT NULL,
    user_id    TEXT,
    key_hash   TEXT NOT NULL UNIQUE,
    label      TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    revoked_at TEXT
);
CREATE INDEX api_keys_tenant ON api_keys (tenant);

ALTER TABLE jobs ADD COLUMN tenant TEXT;
ALTER TABLE jobs ADD COLUMN max_attempts BIGINT NOT NULL DEFAULT 5;
ALTER TABLE jobs ADD COLUMN updated_at TEXT;
CREATE INDEX jobs_lease ON jobs (status, lease_until);
