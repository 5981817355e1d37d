-- Breakpoints (the environment's hooks): a hook a resource reached in a traversal of its stack. Pending while
-- cleared_at is null: the resource waits there until Heat's resource signal {"unset_hook": hook} clears it. A new
-- traversal (an update, a delete, a cancel) leaves a pending hook of an older one behind: it no longer holds anything.
create table resource_hook (
    stack_id   uuid        not null references stack_runtime (id) on delete cascade,
    resource   text        not null,
    hook       text        not null,
    traversal  bigint      not null,
    reached_at timestamptz not null,
    cleared_at timestamptz,
    primary key (stack_id, resource, hook)
);
