-- A stack CHECK asks a server's agent to show it is there: the server's metadata document carries the check's token
-- (ServerMetadata.check) until the next check replaces it; the gateway reports the first poll served it.
alter table server_metadata add column check_token text;
