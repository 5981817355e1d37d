-- Software deployments (Heat's software_deployment rows plus Hearth's generation), the metadata
-- document generation per server, and every signal received, applied or not.

create table software_deployment (
    id                    uuid primary key,
    tenant                varchar(255) not null,
    stack_id              varchar(255),
    stack_name            varchar(255),
    resource_name         varchar(255),
    server_id             varchar(255) not null,
    config_id             uuid         not null,
    input_values          jsonb        not null,
    output_values         jsonb,
    action                varchar(64),
    status                varchar(32),
    status_reason         text,
    signal_transport      varchar(32)  not null,
    input_key             varchar(255),
    stack_user_project_id varchar(255),
    generation            bigint       not null,
    signal_expires_at     timestamptz  not null,
    created_at            timestamptz  not null,
    updated_at            timestamptz
);

create index software_deployment_server on software_deployment (server_id);
create index software_deployment_tenant on software_deployment (tenant, created_at);

-- One row per server that has (or had) deployments: its tenant and the generation of its
-- metadata document, which grows with every change.
create table server_metadata (
    server_id  varchar(255) primary key,
    tenant     varchar(255) not null,
    stack_id   varchar(255),
    generation bigint       not null,
    updated_at timestamptz  not null
);

-- Every signal for a deployment: the first terminal one for (deployment, action, generation) is
-- APPLIED; repeats (DUPLICATE), older generations (STALE) and unknown deployments are only recorded.
create table deployment_signal (
    id            uuid primary key,
    deployment_id varchar(255) not null,
    action        varchar(64),
    generation    bigint       not null,
    outcome       varchar(32)  not null,
    status_code   integer,
    details       jsonb,
    received_at   timestamptz  not null
);

create index deployment_signal_deployment on deployment_signal (deployment_id, received_at);
