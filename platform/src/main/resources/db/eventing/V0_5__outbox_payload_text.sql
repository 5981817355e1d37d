-- The payload is the envelope exactly as the service wrote it (Jackson, always valid JSON) and goes to
-- Kafka as it is: stored as text, PostgreSQL no longer parses it into jsonb on insert and prints it back
-- on every read (about 40 us of the database's CPU per 3 kB metadata document, twice per event), and the
-- record carries the service's own bytes instead of jsonb's re-ordered rendering.
alter table outbox_event alter column payload type text using payload::text;
alter table outbox_event alter column payload set storage external;
