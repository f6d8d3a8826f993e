-- Changes to people's accounts and to approval policies are told only to MODERATOR and above; the
-- events already in the log get the same rule, so a replay does not hand them to anyone else.
UPDATE "live_events" SET "min_role" = 'MODERATOR' WHERE ("kind" LIKE 'user.%' OR "kind" LIKE 'company.approval_policy%') AND "min_role" IN ('GUEST', 'USER');
