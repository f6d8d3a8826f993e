-- Whom a person decides as, and the keys of approvals.waiting_for they match, as two functions the
-- reviewer's queue calls once per statement (an InitPlan: `(select queue_keys($1, $2))`). Written
-- inline, these sub-selects were some forty plan nodes per walk, set up on every execution even
-- where they never run (an ADMIN's rows match the role's key first): 0.26 ms of PostgreSQL per
-- queue page against 0.19 ms this way. PL/pgSQL keeps its statements' plans for the session, where
-- a SQL function that is not inlined would plan its body on every call. STABLE: read at the
-- statement's snapshot, so a new approver, a role change or a delegation window applies at once.
--
-- queue_people: the person first, then everyone active who named them delegate and is away at
-- `at_time` (inside [away_from, away_until)), by id.
CREATE OR REPLACE FUNCTION "queue_people"(person integer, at_time timestamptz) RETURNS integer[]
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  RETURN array[person] || array(
    SELECT u."id" FROM "users" u
    WHERE u."delegate_id" = person AND u."is_active"
      AND u."away_from" <= at_time AND at_time < u."away_until"
    ORDER BY u."id");
END
$$;--> statement-breakpoint
-- queue_keys: 'u:<id>' of each of those people, and 'a:<company>:<slot>' for every company slot
-- (approver, accountant, manager) any of them holds now; the role's key ('r:ADMIN') is the caller's.
-- One statement on the scalar arguments: its kept plan costs what a fresh one would, so PL/pgSQL
-- keeps it (on an array of the people, `= ANY(array)`, the kept plan looked dearer and PostgreSQL
-- planned the statement again on every call: 0.4 ms a call against 0.07).
CREATE OR REPLACE FUNCTION "queue_keys"(person integer, at_time timestamptz) RETURNS text[]
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
  RETURN array(
    WITH deciding_as AS (
      SELECT person AS id
      UNION ALL
      SELECT u."id" FROM "users" u
      WHERE u."delegate_id" = person AND u."is_active"
        AND u."away_from" <= at_time AND at_time < u."away_until")
    SELECT 'u:' || p.id FROM deciding_as p
    UNION ALL
    SELECT 'a:' || c."id" || ':approver' FROM "companies" c
    WHERE c."approver_id" IN (SELECT id FROM deciding_as)
    UNION ALL
    SELECT 'a:' || c."id" || ':accountant' FROM "companies" c
    WHERE c."accountant_id" IN (SELECT id FROM deciding_as)
    UNION ALL
    SELECT 'a:' || c."id" || ':manager' FROM "companies" c JOIN "managers" m ON m."id" = c."manager_id"
    WHERE m."user_id" IN (SELECT id FROM deciding_as));
END
$$;
