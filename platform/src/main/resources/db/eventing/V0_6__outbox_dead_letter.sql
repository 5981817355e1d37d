-- Outbox events Kafka refused for a reason no retry can fix (a record larger than its topic takes, an
-- invalid record): the relay moves each here, in the transaction that commits the rest of its batch, so it
-- never holds back the rows behind it and the batch is never published again. The columns of outbox_event
-- (seq: its place in the order it was written in), why Kafka refused it and when. An operator who fixed the
-- cause replays it by inserting it back into outbox_event (docs/architecture.md, "What the relay cannot
-- publish").
create table outbox_dead_letter (
    id            uuid primary key,
    seq           bigint       not null,
    aggregatetype varchar(255) not null,
    aggregateid   varchar(255) not null,
    type          varchar(255) not null,
    topic         varchar(255) not null,
    payload       text,
    timestamp     timestamptz  not null,
    reason        text         not null,
    failed_at     timestamptz  not null
);
