-- Nested stacks (deployment-service's NestedStackCreated): a stack with the parent whose resource owns it.
alter table stack
    add column parent_id       uuid references stack (id),
    add column parent_resource varchar(255);

create index stack_parent on stack (parent_id) where parent_id is not null;
