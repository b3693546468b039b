-- The table for a copy of the community's email opt-outs in PostgreSQL (12 or newer), written by
-- the workflow examples/email-opt-outs-postgres.json. Run once: psql -d <database> -f email-opt-outs-postgres.sql
--
-- One row per current opt-out, as GET /email-unsubscribes lists them. The API has no row id: a row is
-- the member (user_id) plus the subscription type they left, or no type (NULL) for scope `all`, an
-- opt-out from every email. Re-subscribing removes the row from the API without a trace, so the
-- workflow's daily re-read deletes the rows it no longer finds. seen_at is the last time a read
-- returned the row (the database's clock).

CREATE TABLE IF NOT EXISTS community_email_opt_outs (
  user_id text NOT NULL,
  subscription_type_id text,
  subscription_type_name text,
  user_email text,
  scope text NOT NULL CHECK (scope IN ('specific', 'all')),
  unsubscribed_at timestamptz NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
-- The key: NULL (scope all) counts as one value, so a member has at most one `all` row.
CREATE UNIQUE INDEX IF NOT EXISTS community_email_opt_outs_key
  ON community_email_opt_outs (user_id, (coalesce(subscription_type_id, '')));
CREATE INDEX IF NOT EXISTS community_email_opt_outs_email ON community_email_opt_outs (lower(user_email));
CREATE INDEX IF NOT EXISTS community_email_opt_outs_unsubscribed_at ON community_email_opt_outs (unsubscribed_at);

-- Who must not get an email of a type:
--   SELECT 1 FROM community_email_opt_outs
--   WHERE lower(user_email) = lower($1) AND (subscription_type_id = $2 OR scope = 'all');
