-- A server's metadata is published per deployment (hearth.server.deployments, docs/architecture.md): the size of
-- each deployment's last published item and their sum per server, which the limit (hearth.server-metadata.max-bytes)
-- is checked against, replace the whole document stored with the server's row. Items published before count 0 until
-- they are published again.
alter table software_deployment add column item_bytes integer not null default 0;
alter table server_metadata add column document_bytes bigint not null default 0;
update server_metadata set document = null;
