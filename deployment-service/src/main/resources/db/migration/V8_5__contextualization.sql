-- Contextualization (docs/contextualization.md): a deployment whose inputs read a resource that changed runs again.
-- context_depth is how many such reruns in a row led to a resource's current action (0: a stack action, a scaling
-- or an operator's change), so a chain of deployments that keep changing each other's inputs is bounded. A nested
-- stack updated by a contextualization (a SoftwareDeploymentGroup's) carries the depth to its deployments.
alter table resource_runtime
    add column context_depth int not null default 0;
alter table stack_runtime
    add column context_depth int not null default 0;
-- A group's CREATE_COMPLETE members as the notifier last published them ({"generation": N, "members": [...]}):
-- the group's members and members_generation attributes.
alter table resource_runtime
    add column membership jsonb;
