package io.hearth.deployment.repository;

import io.hearth.deployment.databag.DataBags.DataBagVersion;
import io.hearth.deployment.domain.DataBag;
import io.hearth.platform.messaging.FlushGate;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** Every query of a stack tree's data bag: the {@code data_bag} row and its {@code data_bag_version} history. */
@ApplicationScoped
public class DataBagRepository {

    private static final String KEEP_VERSION = "insert into {h-schema}data_bag_version"
            + " (root_stack_id, version, facts, updated_at)"
            + " values (?1, ?2, cast(cast(?3 as text) as jsonb), ?4) on conflict do nothing";
    private static final String FORGET_VERSIONS = "delete from {h-schema}data_bag_version"
            + " where root_stack_id = ?1 and version <= ?2";
    private static final String VERSIONS = "select version, facts::text, updated_at from {h-schema}data_bag_version"
            + " where root_stack_id = ?1 order by version desc";

    /** The tree's bag, or null while it has none. */
    public Uni<DataBag> find(UUID root) {
        return DataBag.findById(root);
    }

    /** The tree's bag, its row locked for the transaction ({@code FOR UPDATE}); null while it has none. */
    public Uni<DataBag> lock(UUID root) {
        return DataBag.findById(root, LockModeType.PESSIMISTIC_WRITE);
    }

    /** Adds a new bag's row. */
    public Uni<Void> insert(DataBag bag) {
        return bag.persist().replaceWithVoid();
    }

    /** Records the bag's new version, and forgets those older than the newest {@code kept}. */
    public Uni<Void> keep(DataBag bag, int kept) {
        return Panache.getSession().chain(session -> session.createNativeQuery(KEEP_VERSION)
                .setParameter(1, bag.rootStackId).setParameter(2, bag.version).setParameter(3, bag.facts)
                .setParameter(4, bag.updatedAt).executeUpdate()
                .chain(() -> session.createNativeQuery(FORGET_VERSIONS).setParameter(1, bag.rootStackId)
                        .setParameter(2, bag.version - kept).executeUpdate()))
                .replaceWithVoid();
    }

    /** The tree's kept versions, newest first. */
    public Uni<List<DataBagVersion>> versions(UUID root) {
        return Panache.getSession().chain(session -> session.createNativeQuery(VERSIONS, Object[].class)
                .setParameter(1, root).getResultList())
                .map(rows -> rows.stream().map(row -> new DataBagVersion(((Number) row[0]).longValue(),
                        (String) row[1], ((OffsetDateTime) row[2]).toInstant())).toList());
    }

    /** The ids of the tree's stacks that hold a resource of {@code type} (the session's writes flushed first). */
    public Uni<List<String>> stacksHolding(UUID root, String type) {
        return Panache.getSession().chain(session -> FlushGate.flush(session).chain(() -> session
                .createSelectionQuery("select distinct cast(r.stackId as String) from ResourceRuntime r, StackRuntime s"
                        + " where s.id = r.stackId and r.type = ?1 and (s.id = ?2 or s.rootStackId = ?2)", String.class)
                .setParameter(1, type).setParameter(2, root).getResultList()));
    }

    /** Removes the tree's bag and its versions. */
    public Uni<Void> delete(UUID root) {
        return DataBag.delete("rootStackId", root).chain(() -> Panache.getSession())
                .chain(session -> session.createNativeQuery(FORGET_VERSIONS).setParameter(1, root)
                        .setParameter(2, Long.MAX_VALUE).executeUpdate())
                .replaceWithVoid();
    }
}
