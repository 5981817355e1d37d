-- The Heat abandon data a stack adopted without Hearth's signed records is adopted from (the `resources` map of its
-- level: RandomString values and nested stacks' data), read by its ADOPT traversal's handlers. Null otherwise.
alter table stack_runtime add column adopt_data jsonb;
