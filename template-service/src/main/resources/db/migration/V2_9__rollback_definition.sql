-- The definition a stack had before the update under way (template, environment, files, parameters, options), put
-- back when deployment-service rolls the update back (ROLLBACK_IN_PROGRESS), as Heat shows the previous template.
alter table stack add column previous_definition jsonb;
