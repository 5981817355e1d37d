package io.hearth.deployment.repository;

import io.hearth.deployment.groups.GroupOfServer;
import io.hearth.deployment.software.MetricUrls.MetricScope;
import io.hearth.platform.sql.SessionConnections;
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
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The metric scope of the servers of some stacks, in one query: {@link GroupOfServer}'s rule (the nearest
 * ResourceGroup or AutoScalingGroup above the stack) in SQL, walking up the stack tree, with the tree's top-level
 * stack. A stack in no group has its own scope.
 */
@ApplicationScoped
public class MetricScopeRepository {

    /**
     * The most scopes kept in memory (about 100 bytes each); past it they are forgotten and read again as needed.
     */
    static final int MAX_KNOWN = 50_000;

    private final String query;
    /**
     * Scopes that cannot change: a stack's parents and the group above it are fixed when it is made, so a stack
     * found in a group, or a top-level stack, keeps its scope until it is deleted (and ids are never reused).
     */
    private final Map<String, MetricScope> known = new ConcurrentHashMap<>();
    private final StackRuntimeRepository stacks;

    public MetricScopeRepository(@ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema,
            StackRuntimeRepository stacks) {
        this.stacks = stacks;
        String groups = GroupOfServer.GROUP_TYPES.stream().map(t -> "'" + t + "'")
                .reduce((a, b) -> a + ", " + b).orElseThrow();
        String owner = " from " + schema + ".resource_runtime r where r.stack_id = up.parent and r.name = up.resource"
                + " and r.physical_id = cast(up.child as text) and r.type in (" + groups + ")";
        // up: each asked stack, then its ancestors until the one a group owns (at most 32 levels, Heat's limit is 5).
        this.query = "with recursive up(origin, child, parent, resource, depth) as ("
                + " select s.id, s.id, s.parent_stack_id, s.parent_resource, 0 from " + schema + ".stack_runtime s"
                + " where s.id = any(cast(string_to_array(cast($1 as text), ',') as uuid[]))"
                + " union all select up.origin, p.id, p.parent_stack_id, p.parent_resource, up.depth + 1"
                + " from up join " + schema + ".stack_runtime p on p.id = up.parent"
                + " where up.depth < 32 and not exists (select 1" + owner + "))"
                + " select cast(up.origin as text) as origin, cast(coalesce(o.root_stack_id, o.id) as text) as root,"
                + " cast(up.parent as text) as group_stack, up.resource as group_name, exists (select 1" + owner + ") as grouped"
                + " from up join " + schema + ".stack_runtime o on o.id = up.origin";
    }

    /** The scope of each of these stacks that exists, by stack id, read on a connection (plain SQL). */
    public Uni<Map<String, MetricScope>> of(SqlClient client, Set<String> stackIds) {
        return known(stackIds, unknown -> client.preparedQuery(query).execute(Tuple.of(unknown)).map(rows -> {
            List<Object[]> found = new ArrayList<>();
            for (Row row : rows) {
                found.add(new Object[] {row.getString("origin"), row.getString("root"), row.getString("group_stack"),
                        row.getString("group_name"), row.getBoolean("grouped")});
            }
            return found;
        }));
    }

    /**
     * The same in the session's transaction (the engine's: a nested stack made in it is not committed yet), after
     * the transaction's stacks and group rows are written when the walk could read one unwritten
     * ({@link StackRuntimeRepository#flushShape}: a new stack, a group's new or moved row; a member's check-in in a
     * run of many writes nothing here); plain SQL on the session's connection (the query reads no table Hibernate
     * writes).
     */
    public Uni<Map<String, MetricScope>> of(Set<String> stackIds) {
        return known(stackIds, unknown -> stacks.flushShape(GroupOfServer.GROUP_TYPES).chain(() -> Panache.getSession())
                .chain(session -> Uni.createFrom().completionStage(() ->
                        SessionConnections.connection(session).select(query, new Object[] {unknown})))
                .map(result -> {
                    List<Object[]> found = new ArrayList<>();
                    result.forEachRemaining(found::add);
                    return found;
                }));
    }

    /**
     * The scopes of those stacks: the ones known from memory, the others from {@code read} (given the unknown
     * ids, comma-separated), which are remembered when they cannot change.
     */
    private Uni<Map<String, MetricScope>> known(Set<String> stackIds,
            Function<String, Uni<List<Object[]>>> read) {
        Map<String, MetricScope> scopes = new HashMap<>();
        Set<String> unknown = new TreeSet<>();
        for (String id : stackIds) {
            MetricScope scope = known.get(id);
            if (scope != null) {
                scopes.put(id, scope);
            } else if (uuid(id) != null) {
                unknown.add(id);
            }
        }
        if (unknown.isEmpty()) {
            return Uni.createFrom().item(scopes);
        }
        return read.apply(String.join(",", unknown)).map(rows -> {
            Map<String, MetricScope> found = scopes(rows);
            if (known.size() > MAX_KNOWN) {
                known.clear();
            }
            found.forEach((id, scope) -> {
                if (scope.groupName() != null || id.equals(scope.rootStackId())) {
                    known.put(id, scope);
                }
            });
            scopes.putAll(found);
            return scopes;
        });
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

    private static UUID uuid(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
