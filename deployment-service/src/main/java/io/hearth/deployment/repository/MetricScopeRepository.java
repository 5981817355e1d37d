package io.hearth.deployment.repository;

import io.hearth.deployment.groups.GroupOfServer;
import io.hearth.deployment.software.MetricUrls.MetricScope;
import io.hearth.platform.messaging.FlushGate;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The metric scope of the servers of some stacks, in one query: {@link GroupOfServer}'s rule (the nearest
 * ResourceGroup or AutoScalingGroup above the stack) in SQL, walking up the stack tree, with the tree's top-level
 * stack. A stack in no group has its own scope.
 */
@ApplicationScoped
public class MetricScopeRepository {

    /** The query with {@code $1} (the reactive client) and with {@code :ids} (a Hibernate Reactive session). */
    private final String sessionQuery;
    private final String query;
    private final StackRuntimeRepository stacks;

    public MetricScopeRepository(@ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema,
            StackRuntimeRepository stacks) {
        this.stacks = stacks;
        String groups = GroupOfServer.GROUP_TYPES.stream().map(t -> "'" + t + "'")
                .reduce((a, b) -> a + ", " + b).orElseThrow();
        String owner = " from " + schema + ".resource_runtime r where r.stack_id = up.parent and r.name = up.resource"
                + " and r.physical_id = cast(up.child as text) and r.type in (" + groups + ")";
        // up: each asked stack, then its ancestors until the one a group owns (at most 32 levels, Heat's limit is 5).
        String query = "with recursive up(origin, child, parent, resource, depth) as ("
                + " select s.id, s.id, s.parent_stack_id, s.parent_resource, 0 from " + schema + ".stack_runtime s"
                + " where s.id = any(cast(string_to_array(cast(%s as text), ',') as uuid[]))"
                + " union all select up.origin, p.id, p.parent_stack_id, p.parent_resource, up.depth + 1"
                + " from up join " + schema + ".stack_runtime p on p.id = up.parent"
                + " where up.depth < 32 and not exists (select 1" + owner + "))"
                + " select cast(up.origin as text) as origin, cast(coalesce(o.root_stack_id, o.id) as text) as root,"
                + " cast(up.parent as text) as group_stack, up.resource as group_name, exists (select 1" + owner + ") as grouped"
                + " from up join " + schema + ".stack_runtime o on o.id = up.origin";
        this.sessionQuery = query.formatted(":ids");
        this.query = query.formatted("$1");
    }

    /** The scope of each of these stacks that exists, by stack id, read on a connection (plain SQL). */
    public Uni<Map<String, MetricScope>> of(SqlClient client, Set<String> stackIds) {
        if (ids(stackIds).isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return client.preparedQuery(query).execute(Tuple.of(ids(stackIds))).map(rows -> {
            List<Object[]> found = new ArrayList<>();
            for (Row row : rows) {
                found.add(new Object[] {row.getString("origin"), row.getString("root"), row.getString("group_stack"),
                        row.getString("group_name"), row.getBoolean("grouped")});
            }
            return scopes(found);
        });
    }

    /**
     * The same in the session's transaction (the engine's: a nested stack made in it is not committed yet).
     */
    public Uni<Map<String, MetricScope>> of(Set<String> stackIds) {
        if (ids(stackIds).isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return stacks.flush().chain(() -> Panache.getSession()).chain(session -> FlushGate.flush(session)
                .chain(() -> session.createNativeQuery(sessionQuery, Object[].class)
                        .setParameter("ids", ids(stackIds)).getResultList()))
                .map(MetricScopeRepository::scopes);
    }

    /** Rows of (origin, root, group stack, group name, grouped) to scopes. */
    private static Map<String, MetricScope> scopes(List<Object[]> rows) {
        Map<String, MetricScope> scopes = new HashMap<>();
        for (Object[] row : rows) {
            String origin = (String) row[0];
            if (Boolean.TRUE.equals(row[4])) {
                scopes.put(origin, new MetricScope((String) row[1], (String) row[2], (String) row[3]));
            } else {
                scopes.putIfAbsent(origin, new MetricScope((String) row[1], origin, null));
            }
        }
        return scopes;
    }

    /** The stack ids that are UUIDs, comma-separated. */
    private static String ids(Set<String> stackIds) {
        return String.join(",", stackIds.stream().map(MetricScopeRepository::uuid).filter(id -> id != null)
                .map(UUID::toString).sorted().toList());
    }

    private static UUID uuid(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
