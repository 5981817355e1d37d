-- A stack's deployments are read with the stack when the tree cache does not hold it (StackRuntimeRepository.load).
create index software_deployment_stack on software_deployment (stack_id);
