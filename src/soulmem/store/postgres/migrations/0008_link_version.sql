-- soulmem 0008_link_version: the embedded store reads reply links from an in-process copy of
-- event_links and versions their updates and deletes for it. PostgreSQL reads them on the
-- server, so nothing changes here; the migration keeps both backends' histories the same.

SELECT 1;
