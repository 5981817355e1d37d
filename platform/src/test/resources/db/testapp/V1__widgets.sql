create table widget (
    id   uuid primary key,
    name varchar(255) not null
);

-- What the projector applied: one row per applied event, so a duplicate shows up as two.
create table widget_projection (
    id       bigserial primary key,
    event_id varchar(255) not null,
    name     varchar(255) not null
);
