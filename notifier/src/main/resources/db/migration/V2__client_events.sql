-- What clients are told: the journal of events for live streams (and webhooks), and the stacks it knows.
--
-- client_stack: every stack an event named, with its tenant, name, parent and root (the top of its tree), so
-- a stack's stream also carries its nested stacks' events and a stream of another tenant's stack is refused.
create table client_stack (
    stack_id        text        not null primary key,
    tenant          text        not null,
    stack_name      text,
    parent_stack_id text,
    root_stack_id   text        not null,
    seen_at         timestamptz not null default now()
);

create index client_stack_name on client_stack (tenant, stack_name, seen_at);
create index client_stack_root on client_stack (root_stack_id);

-- client_event: one row per event, the CloudEvent JSON as it came. seq grows with every row; rows are
-- appended under a transaction-scoped advisory lock, so they commit in seq order and a reader that saw seq n
-- has seen every row below it. Rows older than the retention are pruned.
create table client_event (
    seq           bigserial   primary key,
    tenant        text        not null,
    stack_id      text        not null,
    root_stack_id text        not null,
    type          text        not null,
    recorded_at   timestamptz not null default now(),
    payload       text        not null
);

create index client_event_root on client_event (root_stack_id, seq);
create index client_event_stack on client_event (stack_id, seq);
create index client_event_tenant on client_event (tenant, seq);
create index client_event_recorded on client_event (recorded_at);
