-- The top-level stack of the group's stack tree (InstanceStateChanged.rootStackId): the key of the group's
-- MembershipChanged on hearth.membership, so that deployment-service's replica owning the tree reads it. Null for a
-- group only known from events written before they carried it: its stack id is the key then.
alter table membership_group add column root_stack_id text;
