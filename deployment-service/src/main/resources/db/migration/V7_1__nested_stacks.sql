-- Nested stacks (template resources, OS::Heat::Stack, groups): a nested stack is a stack_runtime row of its
-- own with its parent and the parent's resource that owns it; a template resource's row names its template
-- (a key of the plan's files), which picks its handler whatever type name the template gave.

alter table stack_runtime
    add column parent_stack_id uuid references stack_runtime (id),
    add column parent_resource varchar(255),
    add column nested_depth    integer not null default 0;

create index stack_runtime_parent on stack_runtime (parent_stack_id) where parent_stack_id is not null;

alter table resource_runtime
    add column template text;
