-- An outbox row lives for milliseconds (the relay deletes it once Kafka has it), yet a payload over
-- 2 kB (a server's metadata document) was compressed with pglz on every insert. Stored out of line
-- without compression instead: the same bytes, no compression work.
alter table outbox_event alter column payload set storage external;
