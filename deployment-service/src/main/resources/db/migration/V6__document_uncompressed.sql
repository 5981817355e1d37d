-- A server's metadata document is rewritten with every change of its deployments and read by every
-- agent poll: stored out of line without compression, so neither pays for pglz.
alter table server_metadata alter column document set storage external;
