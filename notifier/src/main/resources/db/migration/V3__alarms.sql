-- KPI alarms: OS::Hearth::MetricAlarm definitions (from hearth.metrics), the samples members push on their metric URLs
-- (from hearth.metrics, kept for hearth.notifier.alarms.sample-retention), and the alarm actions still to POST.

-- One row per alarm; due_at is its next evaluation (null while disabled), claimed with FOR UPDATE SKIP LOCKED.
create table metric_alarm (
    alarm_id                  varchar(64)      primary key,
    stack_id                  varchar(64)      not null,
    root_stack_id             varchar(64)      not null,
    tenant                    varchar(255)     not null,
    alarm_name                varchar(255)     not null,
    meter_name                varchar(255)     not null,
    statistic                 varchar(8)       not null,
    period_seconds            integer          not null,
    evaluation_periods        integer          not null,
    threshold                 double precision not null,
    comparison_operator       varchar(2)       not null,
    alarm_actions             jsonb            not null,
    ok_actions                jsonb            not null,
    insufficient_data_actions jsonb            not null,
    repeat_actions            boolean          not null,
    enabled                   boolean          not null,
    group_stack_id            varchar(64),
    group_name                varchar(255),
    state                     varchar(32)      not null default 'insufficient data',
    state_reason              text,
    due_at                    timestamptz
);

create index metric_alarm_due on metric_alarm (due_at) where due_at is not null;

-- The samples, by stack tree and metric name; a group's members' samples name their group.
create table metric_sample (
    id            bigserial        primary key,
    root_stack_id varchar(64)      not null,
    stack_id      varchar(64)      not null,
    group_name    varchar(255),
    name          varchar(255)     not null,
    value         double precision not null,
    unit          varchar(255),
    measured_at   timestamptz      not null
);

create index metric_sample_tree on metric_sample (root_stack_id, name, measured_at);
create index metric_sample_age on metric_sample (measured_at);

-- An alarm action (a POST to one URL) written with the state change that caused it, deleted once it was answered
-- 2xx or its last try failed; due_at is its next try.
create table alarm_action (
    id       bigserial   primary key,
    alarm_id varchar(64) not null,
    url      text        not null,
    body     jsonb       not null,
    attempts integer     not null default 0,
    due_at   timestamptz not null
);

create index alarm_action_due on alarm_action (due_at);
