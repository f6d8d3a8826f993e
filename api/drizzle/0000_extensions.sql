-- Trigram indexes back the ILIKE '%x%' searches of the lists (DESIGN "Data").
-- PGlite needs the extension passed to its constructor too (src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
