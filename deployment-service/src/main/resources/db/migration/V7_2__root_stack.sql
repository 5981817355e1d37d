-- A nested stack's top-level stack: every event of a stack tree on hearth.stack.events is keyed by it, so the read
-- model applies a nested stack's events and its parent's in the order they were written (one partition).
alter table stack_runtime
    add column root_stack_id uuid;
