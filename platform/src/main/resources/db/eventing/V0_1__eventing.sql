-- Tables of the shared eventing library, created in every service's own schema.
-- Column names of outbox_event follow Debezium's outbox router, so change-data-capture
-- could replace the relay without a migration.

create table outbox_event (
    id            uuid primary key,
    aggregatetype varchar(255) not null,
    aggregateid   varchar(255) not null,
    type          varchar(255) not null,
    topic         varchar(255) not null,
    payload       jsonb        not null,
    timestamp     timestamptz  not null,
    published_at  timestamptz
);

-- The relay scans only what is still to publish, oldest first.
create index outbox_event_unpublished on outbox_event (timestamp) where published_at is null;

create table processed_event (
    consumer_group varchar(255) not null,
    event_id       varchar(255) not null,
    processed_at   timestamptz  not null,
    primary key (consumer_group, event_id)
);
