-- The engine's per-stack runtime state: one row per physical incarnation of a resource (a
-- replacement gets a row of its own next to the one it replaces until that is deleted), the
-- traversal each row was last brought in line with, and a durable wake-up time for resources
-- that wait. Software configs are stored for the software_configs API; they are immutable.

alter table stack_runtime
    add column traversal     bigint not null default 0,
    add column last_event_at timestamptz;

create table resource_runtime (
    id            uuid primary key,
    stack_id      uuid         not null references stack_runtime (id),
    name          varchar(255) not null,
    type          varchar(255) not null,
    action        varchar(32)  not null,
    status        varchar(32)  not null,
    status_reason text,
    physical_id   varchar(1024),
    reference_id  text,
    attributes    jsonb,
    properties    jsonb        not null,
    depends_on    jsonb        not null,
    traversal     bigint       not null,
    replaced      boolean      not null default false,
    started_at    timestamptz,
    wake_at       timestamptz,
    created_at    timestamptz  not null,
    updated_at    timestamptz  not null
);

create index resource_runtime_stack on resource_runtime (stack_id);

-- The timer loop looks only at rows that wait for a time.
create index resource_runtime_wake on resource_runtime (wake_at) where wake_at is not null;

create table software_config (
    id           uuid primary key,
    tenant       varchar(255) not null,
    name         varchar(1024),
    config_group varchar(255) not null,
    config       jsonb,
    inputs       jsonb        not null,
    outputs      jsonb        not null,
    options      jsonb        not null,
    created_at   timestamptz  not null
);

create index software_config_tenant on software_config (tenant, created_at);
