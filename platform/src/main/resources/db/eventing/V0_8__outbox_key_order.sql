-- After each claim the relay looks, per key of its batch, for an unpublished row written before the batch's last
-- row of that key (a row another relay held back, or rolled back, while the claim's scan went by): one probe of
-- this index per key (docs/architecture.md, "Relay replicas: claiming by key"). Its predicate says "unpublished"
-- as num_nulls(published_at) = 1, which the relay's look says too, and not as published_at is null: the planner
-- cannot then take outbox_event_unpublished (seq) for the look instead, which it did with the statistics of an
-- empty queue, reading for each key every row before the batch's.
create index outbox_event_unpublished_key on outbox_event (topic, aggregateid, seq) where num_nulls(published_at) = 1;
