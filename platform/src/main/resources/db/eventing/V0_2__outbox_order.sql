-- The order events were written in: timestamps tie (several events in one transaction, or
-- within one clock tick), so the relay publishes in the order of this sequence.
alter table outbox_event add column seq bigint generated always as identity;

drop index outbox_event_unpublished;
create index outbox_event_unpublished on outbox_event (seq) where published_at is null;
