package io.hearth.deployment.repository;

import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.ResourceHook;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.platform.messaging.FlushGate;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.hibernate.FlushMode;

/**
 * Every query of a stack's runtime: its row ({@code stack_runtime}), its resources' rows ({@code resource_runtime})
 * and the breakpoints they reached ({@code resource_hook}). Rows come back managed by the caller's session, so what
 * the engine changes on them commits with its transaction.
 */
@ApplicationScoped
public class StackRuntimeRepository {

    /** The trees that have a due resource. */
    private static final String DUE_TREES = "select distinct coalesce(s.rootStackId, s.id) from ResourceRuntime r,"
            + " StackRuntime s where s.id = r.stackId and r.wakeAt <= :now";
    /** The trees' next wake-ups, earliest first. */
    private static final String NEXT_WAKE_UPS = "select coalesce(s.rootStackId, s.id), min(r.wakeAt) from"
            + " ResourceRuntime r, StackRuntime s where s.id = r.stackId and r.wakeAt is not null"
            + " group by coalesce(s.rootStackId, s.id) order by min(r.wakeAt)";
    /** One stack of those trees with a due resource, locked; one another replica's timer holds is skipped. */
    private static final String CLAIM = "select id from {h-schema}stack_runtime where coalesce(root_stack_id, id)"
            + " in (:roots) and id in (select stack_id from {h-schema}resource_runtime where wake_at <= :now)"
            + " limit 1 for update skip locked";

    /** A tree's root and its earliest wake-up. */
    public record WakeUp(UUID root, Instant at) {
    }

    /**
     * Makes the caller's transaction write its changes at commit ({@code FlushMode.COMMIT}), not before every
     * query: with a stack's rows in the session, each automatic flush dirty-checked all of them, and that was
     * most of a signal's cost. A query that must see the transaction's own writes flushes first
     * ({@code DeploymentPublisher.locked}, {@code SoftwareConfigStore.delete}).
     */
    public Uni<Void> writeAtCommit() {
        return Panache.getSession().invoke(session -> session.setFlushMode(FlushMode.COMMIT)).replaceWithVoid();
    }

    /**
     * Writes the transaction's changes so far (through {@code FlushGate}) and lets its session forget its rows: the
     * next stack of a batch then flushes only its own.
     */
    public Uni<Void> release() {
        return Panache.getSession().chain(session -> FlushGate.flush(session).invoke(session::clear));
    }

    // --- stacks ---

    /** The stack, or null. */
    public Uni<StackRuntime> stack(UUID id) {
        return StackRuntime.findById(id);
    }

    /** The stack with its row locked ({@code FOR UPDATE}), or null. */
    public Uni<StackRuntime> lock(UUID id) {
        return StackRuntime.findById(id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** The tenant's stack, or null (another tenant's too). */
    public Uni<StackRuntime> stack(UUID id, String tenant) {
        return StackRuntime.<StackRuntime>find("id = ?1 and tenant = ?2", id, tenant).firstResult();
    }

    /** The stacks nested directly in {@code parent}, oldest first. */
    public Uni<List<StackRuntime>> children(UUID parent) {
        return StackRuntime.list("parentStackId = ?1 order by createdAt", parent);
    }

    /** The stacks nested directly in {@code resource} of {@code parent}. */
    public Uni<List<StackRuntime>> children(UUID parent, String resource) {
        return StackRuntime.list("parentStackId = ?1 and parentResource = ?2", parent, resource);
    }

    /** The stacks nested directly in any of {@code parents}. */
    public Uni<List<StackRuntime>> children(Collection<UUID> parents) {
        return StackRuntime.list("parentStackId in ?1", parents);
    }

    /** The nested stacks of the tree of {@code root} that are IN_PROGRESS. */
    public Uni<List<StackRuntime>> inProgressBelow(UUID root) {
        return StackRuntime.list("rootStackId = ?1 and status = ?2", root, Status.IN_PROGRESS);
    }

    /** Every stack of the tree of {@code root}, the root included. */
    public Uni<List<StackRuntime>> tree(UUID root) {
        return StackRuntime.list("id = ?1 or rootStackId = ?1", root);
    }

    /** Adds a new stack's row. */
    public Uni<Void> insert(StackRuntime stack) {
        return stack.persist().replaceWithVoid();
    }

    /** Removes the stacks and their resources' rows. */
    public Uni<Void> deleteStacks(Collection<UUID> stacks) {
        return ResourceRuntime.delete("stackId in ?1", stacks)
                .chain(() -> StackRuntime.delete("id in ?1", stacks)).replaceWithVoid();
    }

    // --- resources ---

    /** Every resource row of the stack, replaced ones included, in creation order. */
    public Uni<List<ResourceRuntime>> rows(UUID stack) {
        return ResourceRuntime.list("stackId = ?1 order by createdAt, name", stack);
    }

    /** The stack's current resource rows (not replaced), in creation order. */
    public Uni<List<ResourceRuntime>> currentRows(UUID stack) {
        return ResourceRuntime.list("stackId = ?1 and replaced = false order by createdAt, name", stack);
    }

    /** The resource rows of all those stacks. */
    public Uni<List<ResourceRuntime>> rows(Collection<UUID> stacks) {
        return ResourceRuntime.list("stackId in ?1", stacks);
    }

    /** Every row of the stack's resource of that name, replaced ones included. */
    public Uni<List<ResourceRuntime>> rowsNamed(UUID stack, String name) {
        return ResourceRuntime.list("stackId = ?1 and name = ?2", stack, name);
    }

    /** The current row of the stack's resource of that name, or null. */
    public Uni<ResourceRuntime> current(UUID stack, String name) {
        return ResourceRuntime.<ResourceRuntime>find("stackId = ?1 and name = ?2 and replaced = false", stack, name)
                .firstResult();
    }

    /** The resource row, or null. */
    public Uni<ResourceRuntime> row(UUID id) {
        return ResourceRuntime.findById(id);
    }

    /** The row of the stack's resource of that name whose physical id that is, or null. */
    public Uni<ResourceRuntime> row(UUID stack, String name, String physicalId) {
        return ResourceRuntime.<ResourceRuntime>find("stackId = ?1 and name = ?2 and physicalId = ?3", stack, name,
                physicalId).firstResult();
    }

    /**
     * The stack's current resource that {@code reference} names: by its reference id, its physical id, or its
     * name when it has no reference id; null when none.
     */
    public Uni<ResourceRuntime> referencedAs(UUID stack, String reference) {
        return ResourceRuntime.<ResourceRuntime>find("stackId = ?1 and replaced = false and (referenceId = ?2 "
                + "or physicalId = ?2 or (referenceId is null and name = ?2))", stack, reference).firstResult();
    }

    /** How many resource rows, of any stack, have one of those physical ids. */
    public Uni<Long> countWithPhysicalIds(Collection<String> physicalIds) {
        return ResourceRuntime.count("physicalId in ?1", physicalIds.isEmpty() ? List.of("") : physicalIds);
    }

    /** Adds a new resource row. */
    public Uni<Void> insert(ResourceRuntime row) {
        return row.persist().replaceWithVoid();
    }

    /** Removes a resource row (at the transaction's flush, through {@code FlushGate} as every delete). */
    public Uni<Void> delete(ResourceRuntime row) {
        return row.delete();
    }

    // --- the resource timer ---

    /** The trees that have a resource due at {@code now}, at most {@code limit} of them. */
    public Uni<List<UUID>> dueTrees(Instant now, int limit) {
        return Panache.getSession().chain(session -> session.createSelectionQuery(DUE_TREES, UUID.class)
                .setParameter("now", now).setMaxResults(limit).getResultList());
    }

    /** One stack of those trees with a resource due at {@code now}, locked and read, or null. */
    public Uni<StackRuntime> claimDue(List<UUID> roots, Instant now) {
        return Panache.getSession().chain(session -> session.createNativeQuery(CLAIM, UUID.class)
                .setParameter("roots", roots).setParameter("now", now).getSingleResultOrNull())
                .chain(id -> id == null ? Uni.createFrom().<StackRuntime>nullItem() : stack(id));
    }

    /** The trees' next wake-ups, earliest first, at most {@code limit} of them. */
    public Uni<List<WakeUp>> nextWakeUps(int limit) {
        return Panache.getSession().chain(session -> session.createSelectionQuery(NEXT_WAKE_UPS, Object[].class)
                .setMaxResults(limit).getResultList())
                .map(rows -> rows.stream().map(row -> new WakeUp((UUID) row[0], (Instant) row[1])).toList());
    }

    // --- breakpoints ---

    /** The breakpoints the stack's resources reached. */
    public Uni<List<ResourceHook>> hooks(UUID stack) {
        return ResourceHook.list("key.stackId", stack);
    }

    /** The breakpoint, or null. */
    public Uni<ResourceHook> hook(ResourceHook.Key key) {
        return ResourceHook.findById(key);
    }

    /** Adds a breakpoint reached. */
    public Uni<Void> insert(ResourceHook hook) {
        return hook.persist().replaceWithVoid();
    }
}
