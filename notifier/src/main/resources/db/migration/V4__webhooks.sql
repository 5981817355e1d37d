-- Webhook subscriptions: what a tenant's receiver asked for, the delivery queue and the dead letters.
--
-- webhook_subscription: the receiver's URL, the CloudEvent types it takes (exact types, or prefixes ending in
-- '*'; empty: every type) and the stacks (empty: every stack of the tenant; a stack takes its nested stacks'
-- events, as a stream does), the HMAC secret (and, for a grace period after a rotation, the previous one). The
-- journal_cursor is the client_event seq up to which the journal was fanned out into webhook_delivery; it starts
-- at the journal's head when the subscription is made. claimed_at orders the claims round-robin.
create table webhook_subscription (
    id              text        primary key,
    tenant          text        not null,
    url             text        not null,
    event_types     text[]      not null,
    stack_ids       text[]      not null,
    secret          text        not null,
    previous_secret text,
    previous_until  timestamptz,
    journal_cursor  bigint      not null,
    claimed_at      timestamptz,
    created_at      timestamptz not null default now(),
    updated_at      timestamptz not null default now()
);

create index webhook_subscription_tenant on webhook_subscription (tenant, created_at);
create index webhook_subscription_cursor on webhook_subscription (journal_cursor);

-- webhook_delivery: one row per event a subscription still has to deliver, a copy of the journal row (so the
-- journal's retention never takes an event from under a retry). Per subscription and stack tree only the row of
-- the smallest seq (the head) is sent; due_at is when it is next tried: the backoff after a failed try, or the
-- end of the lease (leased_until) while a replica sends it, after which any replica may take it again. attempts
-- counts the tries begun; it also fences the result of a try whose lease expired.
create table webhook_delivery (
    subscription_id text        not null references webhook_subscription (id) on delete cascade,
    seq             bigint      not null,
    stack_id        text        not null,
    root_stack_id   text        not null,
    type            text        not null,
    payload         text        not null,
    attempts        integer     not null default 0,
    due_at          timestamptz not null,
    leased_until    timestamptz,
    last_status     integer,
    last_error      text,
    primary key (subscription_id, seq)
);

create index webhook_delivery_lane on webhook_delivery (subscription_id, root_stack_id, seq);
create index webhook_delivery_due on webhook_delivery (subscription_id, due_at);

-- webhook_dead_letter: an event whose last try failed, with what the receiver answered, until an operator
-- replays it (back into webhook_delivery) or deletes it.
create table webhook_dead_letter (
    id              text        primary key,
    subscription_id text        not null references webhook_subscription (id) on delete cascade,
    seq             bigint      not null,
    stack_id        text        not null,
    root_stack_id   text        not null,
    type            text        not null,
    payload         text        not null,
    attempts        integer     not null,
    last_status     integer,
    last_error      text,
    failed_at       timestamptz not null default now()
);

create index webhook_dead_letter_subscription on webhook_dead_letter (subscription_id, failed_at);
