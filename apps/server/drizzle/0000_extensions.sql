-- Trigram matching for search and case-insensitive lookups.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
