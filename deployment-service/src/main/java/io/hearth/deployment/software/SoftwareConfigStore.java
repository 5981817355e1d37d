package io.hearth.deployment.software;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.deployment.repository.SoftwareConfigRepository;
import io.hearth.deployment.repository.SoftwareDeploymentRepository;
import io.hearth.platform.rest.ApiException;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** Stores and reads software configs: what Heat's {@code create/show/delete_software_config} do. */
@ApplicationScoped
public class SoftwareConfigStore {

    private static final int KEPT = 10_000;

    private final Map<UUID, SoftwareConfig> read = new ConcurrentHashMap<>();
    private final SoftwareConfigRepository rows;
    private final SoftwareDeploymentRepository deployments;

    public SoftwareConfigStore(SoftwareConfigRepository rows, SoftwareDeploymentRepository deployments) {
        this.rows = rows;
        this.deployments = deployments;
    }

    /**
     * The parts of a config to store.
     *
     * @param group   the hook's name
     * @param config  the config text or structure, may be null
     * @param inputs  input definitions, defaults applied
     * @param outputs output definitions, defaults applied
     * @param options tool options
     */
    public record Definition(String group, JsonNode config, JsonNode inputs, JsonNode outputs, JsonNode options) {
    }

    /**
     * Stores a new config under a new id, in the caller's transaction or, called from the API, a new one
     * ({@code @WithTransaction} joins a transaction the session already has).
     */
    @WithTransaction
    public Uni<SoftwareConfig> create(String tenant, String name, Definition definition) {
        SoftwareConfig row = new SoftwareConfig();
        row.id = UUID.randomUUID();
        row.tenant = tenant;
        row.name = name;
        row.group = definition.group();
        row.config = definition.config() == null || definition.config().isNull() ? null
                : HearthJson.write(definition.config());
        row.inputs = HearthJson.write(definition.inputs());
        row.outputs = HearthJson.write(definition.outputs());
        row.options = HearthJson.write(definition.options());
        row.createdAt = Instant.now();
        return rows.insert(row).replaceWith(row);
    }

    /**
     * A tenant's config by id, or null; an id that is no UUID finds nothing. Read from the database (a config another
     * replica deleted is gone), and kept for {@link #byIds}: a step that reads a config to make a deployment does not
     * read it again to render the deployment's item.
     */
    public Uni<SoftwareConfig> find(String tenant, String id) {
        UUID uuid = uuid(id);
        if (uuid == null) {
            return Uni.createFrom().nullItem();
        }
        return rows.find(uuid).invoke(row -> {
            if (row != null) {
                keep(List.of(row));
            }
        }).map(row -> ofTenant(row, tenant));
    }

    /**
     * {@link #find}, for a deployment that uses the config {@code used} now (null: none): when {@code id} is that
     * config, it is taken as {@link #used} does, from memory when read before (a config in use cannot be deleted),
     * so a rerun or an update that keeps its config reads none; another config is {@link #find found}.
     */
    public Uni<SoftwareConfig> find(String tenant, String id, UUID used) {
        return used != null && used.equals(uuid(id)) ? used(used).map(row -> ofTenant(row, tenant)) : find(tenant, id);
    }

    /** The config when it is the tenant's, else null: another tenant's config is not found. */
    public static SoftwareConfig ofTenant(SoftwareConfig row, String tenant) {
        return row != null && row.tenant.equals(tenant) ? row : null;
    }

    /**
     * Heat's {@code delete_software_config} through the API: deletes the tenant's config unless a
     * deployment still uses it, in one transaction. Null when the tenant has no such config.
     */
    @WithTransaction
    public Uni<SoftwareConfig> deleteUnused(String tenant, String id) {
        return find(tenant, id).call(row -> row == null ? Uni.createFrom().voidItem()
                : deployments.using(row.id).chain(uses -> {
                    if (uses > 0) {
                        throw ApiException.badRequest("InvalidRestrictedAction", "Software config with id " + id
                                + " can not be deleted as it is referenced.");
                    }
                    return delete(id);
                }));
    }

    /** Deletes a config; one that is gone already is no error (Heat ignores NotFound). */
    public Uni<Void> delete(String id) {
        UUID uuid = uuid(id);
        if (uuid == null) {
            return Uni.createFrom().voidItem();
        }
        read.remove(uuid);
        return rows.delete(uuid);
    }

    /**
     * Configs by id, of any tenant, for rendering deployments that use them. A config never changes and
     * cannot be deleted while a deployment uses it, so what was read once is kept in memory (at most
     * {@value #KEPT} configs) and only the others are queried.
     */
    public Uni<Map<UUID, SoftwareConfig>> byIds(Collection<UUID> ids) {
        return byIds(ids, rows::list);
    }

    /** The config a deployment uses, of any tenant, or null: {@link #byIds(Collection)} for one. */
    public Uni<SoftwareConfig> used(UUID id) {
        return byIds(List.of(id)).map(found -> found.get(id));
    }

    /** {@link #byIds(Collection)} through a plain SQL connection of the reactive pool (no session needed). */
    public Uni<Map<UUID, SoftwareConfig>> byIds(SqlConnection connection, Collection<UUID> ids) {
        return byIds(ids, missing -> rows.list(connection, missing));
    }

    private Uni<Map<UUID, SoftwareConfig>> byIds(Collection<UUID> ids,
            Function<List<UUID>, Uni<List<SoftwareConfig>>> load) {
        Map<UUID, SoftwareConfig> found = new HashMap<>();
        List<UUID> missing = new ArrayList<>();
        for (UUID id : ids) {
            SoftwareConfig kept = read.get(id);
            if (kept != null) {
                found.put(id, kept);
            } else {
                missing.add(id);
            }
        }
        if (missing.isEmpty()) {
            return Uni.createFrom().item(found);
        }
        return load.apply(missing).map(loaded -> {
            keep(loaded);
            loaded.forEach(row -> found.put(row.id, row));
            return found;
        });
    }

    /** Keeps configs read, for {@link #byIds}: at most {@value #KEPT}. */
    private void keep(List<SoftwareConfig> loaded) {
        if (read.size() + loaded.size() > KEPT) {
            read.clear();
        }
        loaded.forEach(row -> read.put(row.id, row));
    }

    /**
     * A page of a tenant's configs, oldest first (Heat's default sort), after the config {@code marker}
     * when it is one of the tenant's.
     */
    public Uni<List<SoftwareConfig>> list(String tenant, Integer limit, String marker) {
        Uni<SoftwareConfig> after = marker == null ? Uni.createFrom().nullItem() : find(tenant, marker);
        return after.chain(last -> limit != null && limit == 0 ? Uni.createFrom().item(List.<SoftwareConfig>of())
                : rows.page(tenant, last, limit));
    }

    /** The config value of a stored row: text or structure, JSON null when there is none. */
    public static JsonNode configOf(SoftwareConfig row) {
        return row.config == null ? NullNode.getInstance()
                : HearthJson.readTree(row.config);
    }

    /**
     * oslo's {@code uuidutils.is_uuid_like}: a UUID in any of Python's accepted spellings (hyphens or
     * not, braces, {@code urn:uuid:}), or null.
     */
    public static UUID uuid(String value) {
        if (value == null) {
            return null;
        }
        String hex = value.toLowerCase(Locale.ROOT);
        if (hex.startsWith("urn:")) {
            hex = hex.substring(4);
        }
        if (hex.startsWith("uuid:")) {
            hex = hex.substring(5);
        }
        hex = hex.replace("{", "").replace("}", "").replace("-", "");
        if (!hex.matches("[0-9a-f]{32}")) {
            return null;
        }
        return new UUID(Long.parseUnsignedLong(hex.substring(0, 16), 16), Long.parseUnsignedLong(hex.substring(16), 16));
    }
}
