-- soulmem 0011_decay_clock: a decay (every 5 turns) writes one row instead of every memory's
-- (store/sqlite/decay.py, shared by both backends). decay_clock counts a scope's decays and
-- keeps the rule of the last one; a memory's strength is stored as of the epoch in
-- strength_epoch, and reads apply the decays since. Existing rows start at epoch 0.

ALTER TABLE memories ADD COLUMN strength_epoch BIGINT NOT NULL DEFAULT 0;

CREATE TABLE decay_clock (
    user_id           TEXT NOT NULL,
    agent_id          TEXT NOT NULL,
    world_id          TEXT NOT NULL DEFAULT '',
    epoch             BIGINT NOT NULL,
    above             DOUBLE PRECISION NOT NULL,
    cap               DOUBLE PRECISION NOT NULL,
    emotion_weight    DOUBLE PRECISION NOT NULL,
    importance_weight DOUBLE PRECISION NOT NULL,
    base_episodic     DOUBLE PRECISION NOT NULL,
    base_semantic     DOUBLE PRECISION NOT NULL,
    base_emotional    DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, agent_id, world_id)
);
