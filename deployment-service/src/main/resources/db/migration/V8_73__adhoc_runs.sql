-- Ad-hoc actions, hook progress and cancellation (docs/architecture.md, "Ad-hoc actions, progress and cancel").
-- Each of the new software_deployment columns holds the generation it is about, so a later generation (an UPDATE,
-- a contextualization, another run) leaves it behind without anything clearing it.
alter table software_deployment
    add column run_generation       bigint,  -- the generation that is an ad-hoc run (run_inputs apply to it)
    add column run_inputs           jsonb,   -- that run's input values, over the deployment's own
    add column cancelled_generation bigint,  -- the generation cancelled through the API (its item says so)
    add column progress_generation  bigint,  -- the generation whose hook last reported progress
    add column progress             integer; -- that report's percentage, 0-100, or null

-- One row per ad-hoc run of a deployment: what was asked and how it ended.
create table deployment_run (
    id            uuid primary key,
    deployment_id uuid        not null references software_deployment (id) on delete cascade,
    generation    bigint      not null,
    action        varchar(64) not null,
    input_values  jsonb       not null,
    status        varchar(32) not null,
    status_reason text,
    progress      integer,
    output_values jsonb,
    requested_at  timestamptz not null,
    updated_at    timestamptz not null,
    unique (deployment_id, generation)
);
