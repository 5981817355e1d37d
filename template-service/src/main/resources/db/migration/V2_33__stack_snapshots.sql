-- Heat's stack snapshots: what the stack was (its abandon data: template, environment, files, resources with
-- Hearth's runtime records) when the snapshot was taken. They go with their stack.
create table stack_snapshot (
    id            uuid primary key,
    stack_id      uuid         not null references stack (id) on delete cascade,
    tenant        varchar(255) not null,
    name          varchar(255),
    status        varchar(32)  not null,
    status_reason text,
    data          jsonb        not null,
    created_at    timestamptz  not null
);

create index stack_snapshot_stack on stack_snapshot (stack_id, created_at);
