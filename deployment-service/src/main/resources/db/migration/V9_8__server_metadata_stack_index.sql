-- A stack's server rows are read with the stack when the tree cache does not hold it (StackRuntimeRepository.load).
create index server_metadata_stack on server_metadata (stack_id);
