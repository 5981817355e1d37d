-- A digest of the outputs the stack last published (StackStatusChanged COMPLETE, StackOutputsChanged): outputs
-- evaluated again after a signal are published only when they differ. Null: publish the next evaluation.
alter table stack_runtime add column outputs_digest text;
