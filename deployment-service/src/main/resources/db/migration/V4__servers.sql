-- Servers and stack timeouts. A stack action's deadline (Heat's timeout_mins, or the default) is
-- kept with the stack so the durable timer can fail what still waits when it passes. Resources get
-- Heat's per-resource data store (resource_data): what a handler keeps for itself and shows nobody,
-- e.g. a server's metadata URL and the boot id its agent last checked in with.

alter table stack_runtime
    add column timeout_at timestamptz;

alter table resource_runtime
    add column data jsonb;
