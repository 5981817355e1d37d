-- A stack tree's data bag (docs/contextualization.md): facts that deployments publish and operators write, read by
-- every OS::Hearth::DataBag resource of the tree. version grows with each change (the API's compare-and-set).
create table data_bag (
    root_stack_id uuid primary key,
    tenant text not null,
    facts jsonb not null,
    version bigint not null,
    updated_at timestamptz not null
);
