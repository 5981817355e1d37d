-- The runtime state of each stack, owned by the deployment-service instance that owns the
-- stack's partition; the version column fences a stale owner.
create table stack_runtime (
    id             uuid primary key,
    tenant         varchar(255) not null,
    name           varchar(255) not null,
    plan           jsonb        not null,
    action         varchar(32)  not null,
    status         varchar(32)  not null,
    status_reason  text,
    status_version bigint       not null,
    version        bigint       not null,
    created_at     timestamptz  not null,
    updated_at     timestamptz  not null
);
