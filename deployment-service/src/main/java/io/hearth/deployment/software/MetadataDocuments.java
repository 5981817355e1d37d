package io.hearth.deployment.software;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads a server's stored metadata document with one plain query on the reactive pool: agents poll
 * often, and this path needs no entities, no session and no transaction.
 */
@ApplicationScoped
public class MetadataDocuments {

    /** A server's tenant and its stored document (null until first published). */
    public record Stored(String tenant, String document) {
    }

    private final Pool pool;
    private final String query;

    public MetadataDocuments(Pool pool,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.pool = pool;
        this.query = "select tenant, document from " + schema + ".server_metadata where server_id = $1";
    }

    /** The server's stored document, or null for a server nobody deployed to. */
    public Uni<Stored> find(String serverId) {
        return pool.preparedQuery(query).execute(Tuple.of(serverId)).map(rows -> {
            var found = rows.iterator();
            if (!found.hasNext()) {
                return null;
            }
            Row row = found.next();
            return new Stored(row.getString("tenant"), row.getString("document"));
        });
    }
}
