-- A search's capped count ("more than 1000") reads the matches up to the cap. A common word (a
-- vendor on a quarter of the approvals) is not worth the trigram index's bitmap: PostgreSQL reads
-- approvals until 1,001 match, about 3,800 rows, and an approval row is about 3 KB (its bills),
-- so that was some 700 pages of the table per request. This index holds the columns a search and
-- the list's filters read (the id for the id prefix, status, priority, company, the search text:
-- about 330 bytes an entry), in the default order, so the count and the default-order page of a
-- search read it alone (an index-only scan, 20+ entries a page) and not the table.
CREATE INDEX IF NOT EXISTS "approvals_search_covering_idx" ON "approvals" USING btree ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) INCLUDE ("status", "priority", "company_id", "search_text");
