"""The PostgreSQL store (psycopg 3, pgvector, a connection pool): several API and worker
processes on one database. Imported only when a ``postgresql://`` URL is opened."""

from soulmem.store.postgres.store import PostgresStore

__all__ = ["PostgresStore"]
