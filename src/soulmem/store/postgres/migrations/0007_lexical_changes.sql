-- soulmem 0007_lexical_changes: the embedded store's lexical search ranks from an in-process copy
-- of its FTS table and logs changed documents for it. PostgreSQL ranks on the server from its
-- own postings and statistics (lexical.py), so nothing changes here; the migration keeps both
-- backends' histories the same.

SELECT 1;
