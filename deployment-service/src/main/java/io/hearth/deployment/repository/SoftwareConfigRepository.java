package io.hearth.deployment.repository;

import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.platform.messaging.FlushGate;
import io.quarkus.hibernate.reactive.panache.PanacheQuery;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Every query of the software configs ({@code software_config}) and of Heat's derived configs, which Hearth reads
 * from the deployments they derive from ({@code DerivedConfigs}).
 */
@ApplicationScoped
public class SoftwareConfigRepository {

    private final String byIdsSql;

    public SoftwareConfigRepository(
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.byIdsSql = "select id, tenant, name, config_group, config::text as config, inputs::text as inputs,"
                + " outputs::text as outputs, options::text as options, created_at from " + schema
                + ".software_config where id = any($1)";
    }

    /** The config, of any tenant, or null. */
    public Uni<SoftwareConfig> find(UUID id) {
        return SoftwareConfig.findById(id);
    }

    /**
     * The configs with these ids that exist, of any tenant; what the transaction wrote goes first (the engine writes
     * at commit), so a config made in the same step is found.
     */
    public Uni<List<SoftwareConfig>> list(Collection<UUID> ids) {
        return ids.isEmpty() ? Uni.createFrom().item(List.of()) : SoftwareConfig.getSession().chain(FlushGate::flush)
                .chain(() -> SoftwareConfig.list("id in ?1", ids));
    }

    /** {@link #list(Collection)} through a plain SQL connection of the reactive pool (no session needed). */
    public Uni<List<SoftwareConfig>> list(SqlConnection connection, Collection<UUID> ids) {
        return connection.preparedQuery(byIdsSql).execute(Tuple.of(ids.toArray(UUID[]::new))).map(rows -> {
            List<SoftwareConfig> found = new ArrayList<>();
            for (Row row : rows) {
                found.add(config(row));
            }
            return found;
        });
    }

    /**
     * A page of a tenant's configs, oldest first (Heat's default sort), after {@code last} when it is given; all of
     * them when {@code limit} is null.
     */
    public Uni<List<SoftwareConfig>> page(String tenant, SoftwareConfig last, Integer limit) {
        PanacheQuery<SoftwareConfig> query = last == null
                ? SoftwareConfig.find("tenant = ?1 order by createdAt, id", tenant)
                : SoftwareConfig.find("tenant = ?1 and (createdAt > ?2 or (createdAt = ?2 and id > ?3))"
                        + " order by createdAt, id", tenant, last.createdAt, last.id);
        return limit == null ? query.list() : query.range(0, limit - 1).list();
    }

    /** How many of these configs exist. */
    public Uni<Long> count(Collection<UUID> ids) {
        return ids.isEmpty() ? Uni.createFrom().item(0L) : SoftwareConfig.count("id in ?1", ids);
    }

    /** Adds a new config's row. */
    public Uni<Void> insert(SoftwareConfig config) {
        return config.persist().replaceWithVoid();
    }

    /** Deletes the config, if it is there; what the transaction wrote goes first (the engine writes at commit). */
    public Uni<Void> delete(UUID id) {
        return SoftwareConfig.getSession().chain(FlushGate::flush)
                .chain(() -> SoftwareConfig.delete("id", id)).replaceWithVoid();
    }

    /** Deletes those of these configs that exist (a stack's abandon). */
    public Uni<Void> deleteAll(Collection<UUID> ids) {
        return ids.isEmpty() ? Uni.createFrom().voidItem() : SoftwareConfig.delete("id in ?1", ids).replaceWithVoid();
    }

    private static SoftwareConfig config(Row row) {
        SoftwareConfig config = new SoftwareConfig();
        config.id = row.getUUID("id");
        config.tenant = row.getString("tenant");
        config.name = row.getString("name");
        config.group = row.getString("config_group");
        config.config = row.getString("config");
        config.inputs = row.getString("inputs");
        config.outputs = row.getString("outputs");
        config.options = row.getString("options");
        config.createdAt = row.getOffsetDateTime("created_at").toInstant();
        return config;
    }
}
