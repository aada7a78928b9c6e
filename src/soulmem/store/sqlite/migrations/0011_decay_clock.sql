-- soulmem 0011_decay_clock: a decay (every 5 turns) writes one row instead of every memory's
-- (store/sqlite/decay.py). decay_clock counts a scope's decays and keeps the rule of the last
-- one; a memory's strength is stored as of the epoch in strength_epoch, and reads apply the
-- decays since. Existing rows start at epoch 0 with their strength as it is.

ALTER TABLE memories ADD COLUMN strength_epoch INTEGER NOT NULL DEFAULT 0;

CREATE TABLE decay_clock (
    user_id           TEXT NOT NULL,
    agent_id          TEXT NOT NULL,
    world_id          TEXT NOT NULL DEFAULT '',
    epoch             INTEGER NOT NULL,
    above             REAL NOT NULL,
    cap               REAL NOT NULL,
    emotion_weight    REAL NOT NULL,
    importance_weight REAL NOT NULL,
    base_episodic     REAL NOT NULL,
    base_semantic     REAL NOT NULL,
    base_emotional    REAL NOT NULL,
    PRIMARY KEY (user_id, agent_id, world_id)
);
