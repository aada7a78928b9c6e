-- soulmem 0010_event_changes: the embedded store ranks turns by their heads from an in-process
-- copy of the events and logs their updates and deletes for it. PostgreSQL reads the heads on
-- the server, so nothing changes here; the migration keeps both backends' histories the same.

SELECT 1;
