-- A nested stack's NestedStackCreated (key: its own id) and its parent's (key: the parent's id) travel on
-- different partitions, so the child's may be applied first: the read model keeps parent_id as given, without
-- a foreign key that refused the child (its event then went to the dead-letter topic and the stack was lost).
alter table stack drop constraint if exists stack_parent_id_fkey;
