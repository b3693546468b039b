-- Tables for a copy of the community's four change feeds in PostgreSQL (12 or newer), written by
-- the workflow examples/community-copy-postgres.json. Run once: psql -d <database> -f community-copy-postgres.sql
--
-- One row per feed record: `row` is the feed row as the trigger emits it, without syncAction,
-- changeTypes and changeKey; `updated_at` is its updatedAt. A deleted record keeps its id with
-- the tombstone as its row (id, removed, removedAt, updatedAt; nothing else), so that an older
-- version applied later (a slower or retried execution) cannot bring it back: read live rows
-- with `WHERE NOT removed`. The generated columns are read from `row`; add your own the same way.

CREATE TABLE IF NOT EXISTS community_members (
  id text PRIMARY KEY,
  updated_at timestamptz NOT NULL,
  row jsonb NOT NULL,
  removed boolean GENERATED ALWAYS AS (coalesce((row ->> 'removed')::boolean, false)) STORED,
  email text GENERATED ALWAYS AS (row ->> 'userEmail') STORED,
  first_name text GENERATED ALWAYS AS (row ->> 'userFirstName') STORED,
  last_name text GENERATED ALWAYS AS (row ->> 'userLastName') STORED,
  display_name text GENERATED ALWAYS AS (row ->> 'displayName') STORED,
  company text GENERATED ALWAYS AS (row ->> 'userCompany') STORED,
  member_type text GENERATED ALWAYS AS (row ->> 'memberType') STORED,
  approval_status text GENERATED ALWAYS AS (row ->> 'approvalStatus') STORED,
  -- deactivated members stay in the feed with archived true
  archived boolean GENERATED ALWAYS AS ((row ->> 'archived')::boolean) STORED
);
CREATE INDEX IF NOT EXISTS community_members_email ON community_members (lower(email));

-- One row per registration (id = attendeeId); a cancelled one keeps its row with cancelledAt set.
CREATE TABLE IF NOT EXISTS community_event_attendees (
  id text PRIMARY KEY,
  updated_at timestamptz NOT NULL,
  row jsonb NOT NULL,
  removed boolean GENERATED ALWAYS AS (coalesce((row ->> 'removed')::boolean, false)) STORED,
  event_id text GENERATED ALWAYS AS (row ->> 'eventId') STORED,
  user_id text GENERATED ALWAYS AS (row ->> 'userId') STORED,
  email text GENERATED ALWAYS AS (row ->> 'attendeeEmail') STORED,
  ticket_type text GENERATED ALWAYS AS (row ->> 'ticketType') STORED,
  registration_source text GENERATED ALWAYS AS (row ->> 'registrationSource') STORED,
  -- the API sends '' for "not yet"
  cancelled boolean GENERATED ALWAYS AS (coalesce(row ->> 'cancelledAt', '') <> '') STORED,
  checked_in boolean GENERATED ALWAYS AS (coalesce(row ->> 'checkedInAt', '') <> '') STORED,
  joined boolean GENERATED ALWAYS AS (coalesce(row ->> 'joinedAt', '') <> '') STORED
);
CREATE INDEX IF NOT EXISTS community_event_attendees_event ON community_event_attendees (event_id);
CREATE INDEX IF NOT EXISTS community_event_attendees_user ON community_event_attendees (user_id);

-- One row per enrollment; a re-enrolment after a reset is a new row (new id).
CREATE TABLE IF NOT EXISTS community_course_enrollments (
  id text PRIMARY KEY,
  updated_at timestamptz NOT NULL,
  row jsonb NOT NULL,
  removed boolean GENERATED ALWAYS AS (coalesce((row ->> 'removed')::boolean, false)) STORED,
  user_id text GENERATED ALWAYS AS (row ->> 'userId') STORED,
  course_id text GENERATED ALWAYS AS (row ->> 'courseId') STORED,
  -- ACTIVE, CANCELLED_BY_ADMIN, CANCELLED_BY_USER, RESET
  active_status text GENERATED ALWAYS AS (row ->> 'activeStatus') STORED,
  progress_status text GENERATED ALWAYS AS (row ->> 'progressStatus') STORED
);
CREATE INDEX IF NOT EXISTS community_course_enrollments_user ON community_course_enrollments (user_id);
CREATE INDEX IF NOT EXISTS community_course_enrollments_course ON community_course_enrollments (course_id);

-- One row per certificate (id = certificateId).
CREATE TABLE IF NOT EXISTS community_course_certificates (
  id text PRIMARY KEY,
  updated_at timestamptz NOT NULL,
  row jsonb NOT NULL,
  removed boolean GENERATED ALWAYS AS (coalesce((row ->> 'removed')::boolean, false)) STORED,
  user_id text GENERATED ALWAYS AS (row ->> 'userId') STORED,
  course_id text GENERATED ALWAYS AS (row ->> 'courseId') STORED,
  -- Issued, Expired, Revoked
  certificate_status text GENERATED ALWAYS AS (row ->> 'certificateStatus') STORED
);
CREATE INDEX IF NOT EXISTS community_course_certificates_user ON community_course_certificates (user_id);
