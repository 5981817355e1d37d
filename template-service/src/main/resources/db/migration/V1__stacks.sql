-- Stacks as their users defined them, and the read model of their status.
create table stack (
    id               uuid primary key,
    tenant           varchar(255) not null,
    name             varchar(255) not null,
    description      text,
    template         jsonb        not null,
    environment      jsonb,
    files            jsonb,
    parameters       jsonb        not null,
    timeout_mins     integer,
    disable_rollback boolean      not null,
    action           varchar(32)  not null,
    status           varchar(32)  not null,
    status_reason    text,
    outputs          jsonb,
    status_version   bigint       not null,
    created_at       timestamptz  not null,
    updated_at       timestamptz,
    deleted_at       timestamptz
);

-- A name is unique among a tenant's live stacks.
create unique index stack_tenant_name on stack (tenant, name) where deleted_at is null;

-- The history of a stack as users see it in /events.
create table stack_event (
    id                   uuid primary key,
    seq                  bigint generated always as identity,
    stack_id             uuid         not null references stack (id),
    resource_name        varchar(255) not null,
    physical_resource_id varchar(255),
    resource_type        varchar(255),
    action               varchar(32)  not null,
    status               varchar(32)  not null,
    status_reason        text,
    event_time           timestamptz  not null
);

-- Events of a stack arrive in order from one partition: seq is their true order.
create index stack_event_stack on stack_event (stack_id, seq);
