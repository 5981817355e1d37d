-- A data bag's recent versions (docs/api.md, "Data bag"): the facts as each change left them, for the console's
-- history and for operators who ask what changed. The newest 100 per tree are kept.
create table data_bag_version (
    root_stack_id uuid not null,
    version bigint not null,
    facts jsonb not null,
    updated_at timestamptz not null,
    primary key (root_stack_id, version)
);
