-- Staff's "Último acesso" of a user is the last sign-in (services/auth/sessions.ts createSession),
-- no longer the last change to the profile row, which any staff action moved (lifting a customer's
-- order limits made an account that never signed in look used today). Filled from the sign-ins the
-- audit log kept and the sessions still open.
ALTER TABLE "profiles" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
UPDATE "profiles" SET "last_sign_in_at" = "seen"."at"
FROM (
  SELECT "user_id", max("at") AS "at" FROM (
    SELECT "actor_id" AS "user_id", "created_at" AS "at" FROM "audit_log"
      WHERE "action" = 'login.sucesso' AND "actor_id" IS NOT NULL
    UNION ALL
    SELECT "user_id", "created_at" FROM "sessions"
  ) AS "events" GROUP BY "user_id"
) AS "seen"
WHERE "profiles"."id" = "seen"."user_id";
