"""Writes of the self and social layers (mixed into the transaction writer)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from soulmem.model import Belief, Imagination, Island, Mood, Note, Relationship, Scene, Scope
from soulmem.store.sql import SqlConnection
from soulmem.store.sqlite.rows import dumps, iso, scope_params

__all__ = ["SelfWrites"]


class SelfWrites:
    conn: SqlConnection

    def put_relationship(self, rel: Relationship) -> None:
        self.conn.execute(
            "INSERT INTO relationships (user_id, agent_id, world_id, trust, affection, respect, "
            "rivalry, familiarity, speech_style, emotional_history, shared_experiences, "
            "updated_at, last_seen_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?) "
            "ON CONFLICT (user_id, agent_id, world_id) DO UPDATE SET trust = excluded.trust, "
            "affection = excluded.affection, respect = excluded.respect, "
            "rivalry = excluded.rivalry, familiarity = excluded.familiarity, "
            "speech_style = excluded.speech_style, "
            "emotional_history = excluded.emotional_history, "
            "shared_experiences = excluded.shared_experiences, "
            "updated_at = excluded.updated_at, last_seen_at = excluded.last_seen_at",
            (
                *scope_params(rel.scope),
                rel.trust,
                rel.affection,
                rel.respect,
                rel.rivalry,
                rel.familiarity,
                rel.speech_style,
                dumps(list(rel.emotional_history)),
                dumps(list(rel.shared_experiences)),
                iso(rel.updated_at) or "",
                iso(rel.last_seen_at),
            ),
        )

    def log_relationship(
        self,
        scope: Scope,
        log_id: str,
        changes: dict[str, Any],
        reason: str,
        evidence: Sequence[str],
        session_id: str | None,
        at: datetime,
    ) -> None:
        self.conn.execute(
            "INSERT INTO relationship_log (id, user_id, agent_id, world_id, changes, reason, "
            "evidence, session_id, at) VALUES (?,?,?,?,?,?,?,?,?)",
            (
                log_id,
                *scope_params(scope),
                dumps(changes),
                reason,
                dumps(list(evidence)),
                session_id,
                iso(at),
            ),
        )

    def put_mood(self, mood: Mood) -> None:
        self.conn.execute(
            "INSERT INTO moods (user_id, agent_id, world_id, valence, arousal, dominance, "
            "updated_at) VALUES (?,?,?,?,?,?,?) ON CONFLICT (user_id, agent_id, world_id) DO "
            "UPDATE SET valence = excluded.valence, arousal = excluded.arousal, "
            "dominance = excluded.dominance, updated_at = excluded.updated_at",
            (
                *scope_params(mood.scope),
                mood.valence,
                mood.arousal,
                mood.dominance,
                iso(mood.updated_at) or "",
            ),
        )

    def put_island(self, island: Island) -> None:
        self.conn.execute(
            "INSERT INTO islands (id, user_id, agent_id, world_id, theme, status, strength, "
            "founding_memory_ids, created_at, status_since, theme_key) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (id) DO UPDATE SET "
            "theme = excluded.theme, status = excluded.status, strength = excluded.strength, "
            "founding_memory_ids = excluded.founding_memory_ids, "
            "status_since = excluded.status_since, theme_key = excluded.theme_key",
            (
                island.id,
                *scope_params(island.scope),
                island.theme,
                island.status.value,
                island.strength,
                dumps(list(island.founding_memory_ids)),
                iso(island.created_at),
                iso(island.status_since),
                island.theme_key,
            ),
        )

    def put_belief(self, belief: Belief, reason: str, at: datetime) -> None:
        """Insert or update a belief; every write adds a row to its version history."""
        self.conn.execute(
            "INSERT INTO beliefs (id, user_id, agent_id, world_id, statement, confidence, "
            "supporting_memory_ids, island_id, version, approved, created_at, status, "
            "belief_key, language) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (id) DO "
            "UPDATE SET statement = excluded.statement, confidence = excluded.confidence, "
            "supporting_memory_ids = excluded.supporting_memory_ids, "
            "island_id = excluded.island_id, version = excluded.version, "
            "approved = excluded.approved, status = excluded.status, "
            "language = excluded.language",
            (
                belief.id,
                *scope_params(belief.scope),
                belief.statement,
                belief.confidence,
                dumps(list(belief.supporting_memory_ids)),
                belief.island_id,
                belief.version,
                int(belief.approved),
                iso(belief.created_at),
                belief.status,
                belief.key,
                belief.language,
            ),
        )
        self.conn.execute(
            "INSERT OR REPLACE INTO belief_versions (belief_id, version, statement, confidence, "
            "reason, at) VALUES (?,?,?,?,?,?)",
            (belief.id, belief.version, belief.statement, belief.confidence, reason, iso(at)),
        )

    def put_soul(self, scope: Scope, version: int, text: str, at: datetime) -> None:
        self.conn.execute(
            "INSERT INTO soul_versions (user_id, agent_id, world_id, version, text, approved_at) "
            "VALUES (?,?,?,?,?,?)",
            (*scope_params(scope), version, text, iso(at)),
        )

    def put_scene(self, scene: Scene) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO scenes (id, user_id, agent_id, world_id, session_id, place, "
            "time_of_day, participants, tone, topics, started_at, ended_at) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                scene.id,
                *scope_params(scene.scope),
                scene.session_id,
                scene.place,
                scene.time_of_day,
                dumps(list(scene.participants)),
                scene.tone,
                dumps(list(scene.topics)),
                iso(scene.started_at),
                iso(scene.ended_at),
            ),
        )

    def put_imagination(self, idea: Imagination) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO imaginations (id, user_id, agent_id, world_id, pattern, "
            "scenario, action, memory_id, feedback, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (
                idea.id,
                *scope_params(idea.scope),
                idea.pattern,
                idea.scenario,
                idea.action,
                idea.memory_id,
                idea.feedback,
                iso(idea.created_at),
            ),
        )

    def set_pattern_weight(self, scope: Scope, pattern: str, weight: float) -> None:
        self.conn.execute(
            "INSERT INTO imagination_patterns (user_id, agent_id, world_id, pattern, weight) "
            "VALUES (?,?,?,?,?) ON CONFLICT (user_id, agent_id, world_id, pattern) DO UPDATE "
            "SET weight = excluded.weight",
            (*scope_params(scope), pattern, weight),
        )

    def put_note(self, note: Note) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO notes (id, user_id, agent_id, world_id, text, deltas, "
            "created_at, applied_at) VALUES (?,?,?,?,?,?,?,?)",
            (
                note.id,
                *scope_params(note.scope),
                note.text,
                dumps(note.deltas),
                iso(note.created_at),
                iso(note.applied_at),
            ),
        )
