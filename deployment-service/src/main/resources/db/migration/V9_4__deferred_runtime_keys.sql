-- The engine writes a step's stacks and resources with plain multi-row statements just before the commit,
-- after Hibernate has flushed the step's other rows (a breakpoint of a stack created in the same step, say).
-- The keys to stack_runtime are checked at the commit, when every row of the step is there.
alter table resource_runtime alter constraint resource_runtime_stack_id_fkey deferrable initially deferred;
alter table stack_runtime alter constraint stack_runtime_parent_stack_id_fkey deferrable initially deferred;
alter table resource_hook alter constraint resource_hook_stack_id_fkey deferrable initially deferred;
