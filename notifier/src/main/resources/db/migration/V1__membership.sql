-- Group membership: for each group (the stack holding the group resource, and its name) the members that are
-- CREATE_COMPLETE now and the members last published on hearth.membership, as JSON objects keyed by server id
-- ({"<server id>": {"serverId", "resourceName", "address"}}). The row is also the durable timer that folds a
-- burst of changes into one generation: dirty_since is the time of the first change not yet published (null
-- when none), due_at when the publisher takes the group (the window after its last change, at most the bound
-- after dirty_since).

create table membership_group (
    group_stack_id text        not null,
    group_name     text        not null,
    tenant         text        not null,
    members        jsonb       not null default '{}',
    published      jsonb       not null default '{}',
    generation     bigint      not null default 0,
    dirty_since    timestamptz,
    due_at         timestamptz,
    primary key (group_stack_id, group_name)
);

create index membership_group_due on membership_group (due_at) where due_at is not null;
