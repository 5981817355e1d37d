-- Each server's metadata document as the API serves it (Heat's {"metadata": [...]}), stored whenever it
-- is published, so an agent's poll reads one row instead of rendering every deployment again.
-- Null until the server's metadata is next published: a poll then renders it.
alter table server_metadata
    add column document text;
