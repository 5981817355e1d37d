-- A key of hearth.server.deployments is a server id (up to 255 characters) and a deployment id: serverId/deploymentId.
alter table outbox_event alter column aggregateid type varchar(512);
alter table outbox_dead_letter alter column aggregateid type varchar(512);
