-- Whether the group resource is acting now (its status *_IN_PROGRESS: being created, scaled, updated or deleted),
-- from the group's own ResourceStatusChanged on hearth.stack.events. While it acts, the group's changes are held:
-- they are published when its action ends, so that a scaling step is one generation, and at the latest
-- hearth.notifier.membership-hold after the first change held.
alter table membership_group add column acting boolean not null default false;
