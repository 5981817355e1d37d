-- Heat's prev_raw_template: the plan a stack had before the update under way, the one a rollback returns to
-- (a failed update with disable_rollback false, cancel_update); null when there is none to return to.
alter table stack_runtime add column previous_plan jsonb;
