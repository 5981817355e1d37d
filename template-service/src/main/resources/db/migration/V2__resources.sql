-- The read model of a stack's resources, as /resources shows them: the plan's resources
-- (INIT_COMPLETE until deployment-service reports on them), then the latest status of each.
create table stack_resource (
    id                   uuid primary key,
    stack_id             uuid         not null references stack (id),
    name                 varchar(255) not null,
    resource_type        varchar(255) not null,
    physical_resource_id varchar(255),
    action               varchar(32)  not null,
    status               varchar(32)  not null,
    status_reason        text,
    -- attribute values deployment-service reported, a JSON object
    attributes           jsonb,
    -- the resource's metadata section as planned, a JSON object
    metadata             jsonb,
    description          text,
    -- names of the resources that depend on this one, a JSON array (text: the reactive
    -- driver binds jsonb only from objects)
    required_by          text         not null,
    -- position in the plan's dependency order, for a stable listing
    position             integer      not null,
    created_at           timestamptz  not null,
    updated_at           timestamptz,
    unique (stack_id, name)
);

-- Heat's mark-unhealthy and resource lookups also find a resource by its physical id.
create index stack_resource_physical on stack_resource (stack_id, physical_resource_id);

-- Events are filtered by resource and sorted by time within a stack.
create index stack_event_stack_resource on stack_event (stack_id, resource_name);
