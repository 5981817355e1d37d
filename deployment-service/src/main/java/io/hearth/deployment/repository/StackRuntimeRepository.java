package io.hearth.deployment.repository;

import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.ResourceHook;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.platform.messaging.FlushGate;
import io.hearth.platform.sql.SessionConnections;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.hibernate.FlushMode;
import org.hibernate.reactive.engine.ReactiveAfterTransactionCompletionProcess;
import org.hibernate.reactive.engine.ReactiveBeforeTransactionCompletionProcess;
import org.hibernate.reactive.mutiny.Mutiny;
import org.hibernate.reactive.pool.ReactiveConnection;
import org.hibernate.reactive.session.ReactiveSession;

/**
 * Every query of a stack's runtime: its row ({@code stack_runtime}), its resources' rows ({@code resource_runtime})
 * and the breakpoints they reached ({@code resource_hook}).
 *
 * <p>The engine's stacks ({@link #load}, {@link #insert(StackRuntime)}) are plain objects, not entities of the
 * session: no ORM dirty check runs over them. A transaction's unit of work keeps what it loaded and the values it
 * read; what changed (rows inserted, changed or deleted, and the stack's row with its version raised) is written with
 * one multi-row statement per table ({@link RuntimeColumns}) when the unit is flushed: by {@link #release}, before a
 * query of these tables, and just before the commit. A committed stack's values stay in the tree cache, with those of
 * its deployments and of its servers' metadata rows; the next transaction that locks the stack takes them from there
 * when the stored version is still the one cached (nothing else wrote the stack, its resources, its deployments or its
 * server rows since: a change of any raises the version), and reads the database otherwise. The cache holds copies: a transaction that fails leaves it as it was.
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
    /**
     * Above this many rows cached (resources', deployments' and servers'), the cache starts again empty: bounded by size, not by
     * count (a hundred stacks of 300 resources, with their plans and templates, were more than deployment-service's
     * heap).
     */
    static final int MAX_CACHED_ROWS = 10_000;
    private static final Comparator<ResourceRuntime> ROW_ORDER = Comparator
            .comparing((ResourceRuntime row) -> row.createdAt).thenComparing(row -> row.name);

    /** A tree's root and its earliest wake-up. */
    public record WakeUp(UUID root, Instant at) {
    }

    /** A stack as a transaction works on it: its row and its resources' rows (replaced ones too), oldest first. */
    public record Loaded(StackRuntime stack, List<ResourceRuntime> rows) {
    }

    /**
     * A committed stack's values: its tree's root, its row's version, its row, its resources' rows, its deployments'
     * rows and its servers' metadata rows.
     */
    private record Snapshot(UUID root, long version, Object[] stack, List<Object[]> rows, List<Object[]> deployments,
            List<Object[]> servers) {

        /** The rows it holds, for the cache's bound. */
        int size() {
            return rows.size() + deployments.size() + servers.size();
        }
    }

    private final String lock;
    private final String lockAll;
    private final String lockStack;
    private final String selectStack;
    private final String selectRows;
    private final String upsertStacks;
    private final String upsertRows;
    private final String updateStacks;
    private final String updateRows;
    private final String deleteRows;
    private final Map<UUID, Snapshot> cache = new ConcurrentHashMap<>();
    /** The resource, deployment and server rows the cache holds, about (concurrent changes may skew it until the next clear). */
    private final AtomicLong cachedRows = new AtomicLong();
    private final TransactionUnits<Unit> units = new TransactionUnits<>(Unit::new, "a stack's runtime");
    private final Counter hits;
    private final Counter misses;
    private final SoftwareDeploymentRepository deployments;

    public StackRuntimeRepository(@ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema,
            MeterRegistry registry, SoftwareDeploymentRepository deployments) {
        this.deployments = deployments;
        this.lock = "select version from " + schema + ".stack_runtime where id = $1 for update";
        this.lockAll = "select id, version from " + schema + ".stack_runtime where id = any($1::uuid[]) order by id"
                + " for update";
        this.lockStack = RuntimeColumns.STACKS.select(schema, "id = $1 for update");
        this.selectStack = RuntimeColumns.STACKS.select(schema, "id = $1");
        this.selectRows = RuntimeColumns.RESOURCES.select(schema, "stack_id = $1 order by created_at, name");
        this.upsertStacks = RuntimeColumns.STACKS.upsert(schema);
        this.upsertRows = RuntimeColumns.RESOURCES.upsert(schema);
        this.updateStacks = RuntimeColumns.STACKS.update(schema);
        this.updateRows = RuntimeColumns.RESOURCES.update(schema);
        this.deleteRows = "delete from " + schema + ".resource_runtime where id = any($1::uuid[])";
        this.hits = Counter.builder("hearth.engine.tree.cache").tag("result", "hit")
                .description("Stacks a step took from the tree cache, or read from the database").register(registry);
        this.misses = Counter.builder("hearth.engine.tree.cache").tag("result", "miss")
                .description("Stacks a step took from the tree cache, or read from the database").register(registry);
    }

    /**
     * Makes the caller's transaction write its Hibernate entities (configs, ad-hoc runs, breakpoints, the data bag)
     * at commit ({@code FlushMode.COMMIT}), not before every query. A query that must see the transaction's own
     * writes flushes first ({@code SoftwareConfigRepository.list}, {@code .delete}).
     */
    public Uni<Void> writeAtCommit() {
        return Panache.getSession().invoke(session -> session.setFlushMode(FlushMode.COMMIT)).replaceWithVoid();
    }

    /**
     * Writes the transaction's changes so far (its stacks, then its entities through {@code FlushGate}) and lets the
     * session forget its entities: the next stack of a batch then flushes only its own.
     */
    public Uni<Void> release() {
        return write(true).chain(() -> Panache.getSession())
                .chain(session -> FlushGate.flush(session).invoke(session::clear));
    }

    /**
     * The stack, its row locked ({@code FOR UPDATE}), with its resources' rows, for the caller's transaction to
     * change; null when there is none. A stack the transaction holds already comes back as it holds it.
     */
    public Uni<Loaded> load(UUID id) {
        return load(id, true);
    }

    /**
     * The same, read from the database even when the cache holds the stack's stored version: the resource timer's
     * wake-ups, which a row's {@code wake_at} asks for, act on the rows as stored, even ones changed by hand.
     */
    public Uni<Loaded> read(UUID id) {
        return load(id, false);
    }

    /**
     * Locks these stacks ({@code FOR UPDATE}) with one statement, in id order, for the caller's transaction: a run of
     * signals for many stacks of a tree then loads each ({@link #load}) without a statement of its own when the tree
     * cache holds its stored version. Stacks the transaction holds already, and a single stack, are left to
     * {@link #load}.
     */
    public Uni<Void> lock(Collection<UUID> ids) {
        return Panache.getSession().chain(session -> {
            Unit unit = unit(session);
            UUID[] wanted = ids.stream().filter(id -> id != null && !unit.stacks.containsKey(id)
                    && !unit.locked.containsKey(id)).sorted().toArray(UUID[]::new);
            if (wanted.length < 2) {
                return Uni.createFrom().voidItem();
            }
            ReactiveConnection connection = SessionConnections.connection(session);
            return Uni.createFrom().completionStage(() -> connection.select(lockAll, new Object[] {wanted}))
                    .invoke(result -> result.forEachRemaining(row -> unit.locked.put((UUID) row[0],
                            ((Number) row[1]).longValue())))
                    .replaceWithVoid();
        });
    }

    private Uni<Loaded> load(UUID id, boolean cached) {
        return Panache.getSession().chain(session -> {
            Unit unit = unit(session);
            Tracked held = unit.stacks.get(id);
            if (held != null) {
                unit.active.add(id);
                return Uni.createFrom().item(held.loaded());
            }
            ReactiveConnection connection = SessionConnections.connection(session);
            Snapshot snapshot = cached ? cache.get(id) : null;
            if (snapshot == null) { // nothing to compare: the stack's row read once, whole, as it is locked
                misses.increment();
                return select(connection, lockStack, id).chain(stack -> stack.isEmpty() ? Uni.createFrom().nullItem()
                        : rows(connection, unit, id, RuntimeColumns.STACKS.read(stack.get(0)), null));
            }
            Long lockedVersion = unit.locked.remove(id); // locked with its run's stacks: its version is known
            Uni<List<Object[]>> versions = lockedVersion != null
                    ? Uni.createFrom().item(List.<Object[]>of(new Object[] {lockedVersion}))
                    : select(connection, lock, id);
            return versions.chain(locked -> {
                if (locked.isEmpty()) {
                    return Uni.createFrom().nullItem();
                }
                long version = ((Number) locked.get(0)[0]).longValue();
                if (snapshot.version() == version) {
                    hits.increment();
                    unit.deployments.hold(snapshot.deployments(), snapshot.servers());
                    return Uni.createFrom().item(unit.track(version, snapshot.stack(), snapshot.rows()).loaded());
                }
                misses.increment(); // changed since it was cached (by hand, or by another replica): read again
                return select(connection, selectStack, id).chain(stack -> rows(connection, unit, id,
                        RuntimeColumns.STACKS.read(stack.get(0)), version));
            });
        });
    }

    /**
     * The stack's resource rows, deployments and server rows read, and the stack held by the transaction
     * ({@code version} null: the row's).
     */
    private Uni<Loaded> rows(ReactiveConnection connection, Unit unit, UUID id, Object[] stack, Long version) {
        return select(connection, selectRows, id).chain(selected -> Uni.createFrom()
                .completionStage(() -> deployments.ofStack(connection, id).thenCombine(
                        deployments.serversOfStack(connection, id), List::of)).map(read -> {
                    unit.deployments.hold(read.get(0), read.get(1));
                    List<Object[]> rows = selected.stream().map(RuntimeColumns.RESOURCES::read).toList();
                    return unit.track(version != null ? version : RuntimeColumns.STACKS.entity(stack).version, stack,
                            rows).loaded();
                }));
    }

    /** Adds a new stack's row, written with the transaction's other changes. */
    public Uni<Void> insert(StackRuntime stack) {
        return Panache.getSession().invoke(session -> unit(session).insert(stack)).replaceWithVoid();
    }

    /** Adds a new resource row to its stack, which the transaction holds. */
    public Uni<Void> insert(ResourceRuntime row) {
        return Panache.getSession().invoke(session -> unit(session).held(row.stackId).insert(row)).replaceWithVoid();
    }

    /** Removes a resource row of a stack the transaction holds. */
    public Uni<Void> delete(ResourceRuntime row) {
        return Panache.getSession().invoke(session -> unit(session).held(row.stackId).delete(row)).replaceWithVoid();
    }

    /** Forgets the cached stacks of every tree {@code kept} refuses (a replica gave up the trees' partitions). */
    public void retainTrees(Predicate<UUID> kept) {
        cache.values().removeIf(snapshot -> !kept.test(snapshot.root()));
        cachedRows.set(cache.values().stream().mapToLong(Snapshot::size).sum());
    }

    /**
     * Writes what the caller's transaction changed on its stacks so far (nothing without a transaction): every query
     * of these tables runs after it, here or elsewhere ({@code MetricScopes}), so it sees the transaction's changes.
     */
    public Uni<Void> flush() {
        return write(false);
    }

    /**
     * {@link #flush} for a query that reads only the tree's shape: a stack's parent, parent resource and top-level
     * stack (fixed when the stack is made) and the rows of these resource types (their stack, name and physical id).
     * It writes only when a stack the transaction works on is not stored yet, or a row of those types is new, gone or
     * has another name or physical id than stored; otherwise what the query reads is stored already, and the step's
     * other changes (statuses, attributes, a member's server completing) stay for the run's one write.
     */
    public Uni<Void> flushShape(Set<String> rowTypes) {
        return Panache.getSession().chain(session -> {
            Unit unit = current(session);
            return unit == null || !unit.shapeUnwritten(rowTypes) ? Uni.createFrom().voidItem() : flush();
        });
    }

    /**
     * Writes the changes of the stacks the transaction loaded or added since its last {@link #release} (the stacks
     * of a batch released before are written again only at the commit, which compares every stack held); with
     * {@code release}, those stacks are released.
     */
    private Uni<Void> write(boolean release) {
        return Panache.getSession().chain(session -> {
            Unit unit = current(session);
            if (unit == null) {
                return Uni.createFrom().voidItem();
            }
            List<Tracked> active = unit.active.stream().map(unit.stacks::get).toList();
            if (release) {
                unit.active.clear();
            }
            return Uni.createFrom().completionStage(() -> unit.write(SessionConnections.connection(session), active));
        });
    }

    /** The unit of the session's transaction, or null when it has none (or no transaction). */
    private Unit current(Mutiny.Session session) {
        return units.current(session);
    }

    private Unit unit(Mutiny.Session session) {
        return units.of(session);
    }

    private static Uni<List<Object[]>> select(ReactiveConnection connection, String sql, UUID id) {
        return Uni.createFrom().completionStage(() -> connection.select(sql, new Object[] {id})).map(result -> {
            List<Object[]> rows = new ArrayList<>();
            result.forEachRemaining(rows::add);
            return rows;
        });
    }

    /** A stack a transaction holds: its objects, and the values last written (or read) of each. */
    private static final class Tracked {

        final StackRuntime stack;
        final UUID root;
        long version;
        /** The stack row's values as stored; null for a new stack. */
        Object[] stored;
        final Map<UUID, ResourceRuntime> rows = new LinkedHashMap<>();
        final Map<UUID, Object[]> storedRows = new HashMap<>();
        /** Whether a deployment of the stack changed since the stack was last written: its version rises. */
        boolean touched;

        Tracked(StackRuntime stack, long version, Object[] stored) {
            this.stack = stack;
            this.root = stack.rootStackId == null ? stack.id : stack.rootStackId;
            this.version = version;
            this.stored = stored;
        }

        Loaded loaded() {
            List<ResourceRuntime> sorted = new ArrayList<>(rows.values());
            sorted.sort(ROW_ORDER);
            return new Loaded(stack, sorted);
        }

        void insert(ResourceRuntime row) {
            rows.put(row.id, row);
        }

        void delete(ResourceRuntime row) {
            rows.remove(row.id);
        }

        Snapshot snapshot(List<Object[]> deployments, List<Object[]> servers) {
            return new Snapshot(root, version, stored, List.copyOf(storedRows.values()), deployments, servers);
        }
    }

    /**
     * A transaction's stacks; written before it commits, and cached once it has. It holds every deployment of each of
     * them, in the transaction's unit of {@link SoftwareDeploymentRepository}.
     */
    private final class Unit implements ReactiveBeforeTransactionCompletionProcess,
            ReactiveAfterTransactionCompletionProcess, SoftwareDeploymentRepository.HeldStacks {

        private final Mutiny.Session session;
        final Map<UUID, Tracked> stacks = new LinkedHashMap<>();
        /** The stacks loaded or added since the last release: those a step may be changing now. */
        final Set<UUID> active = new LinkedHashSet<>();
        /** The stored versions of the stacks {@link #lock(Collection)} locked that no load has taken yet. */
        final Map<UUID, Long> locked = new HashMap<>();
        final SoftwareDeploymentRepository.Unit deployments;

        Unit(Mutiny.Session session) {
            this.session = session;
            this.deployments = StackRuntimeRepository.this.deployments.unitOf(session, this);
        }

        @Override
        public boolean touched(UUID stackId) {
            Tracked tracked = stacks.get(stackId);
            if (tracked != null) {
                tracked.touched = true;
            } else {
                locked.remove(stackId); // its version is raised by a statement of its own: its load reads it again
            }
            return tracked != null;
        }

        /** Holds a stack stored at {@code version} with those values: new entities, the values as stored. */
        Tracked track(long version, Object[] values, List<Object[]> rows) {
            StackRuntime stack = RuntimeColumns.STACKS.entity(values);
            Tracked tracked = new Tracked(stack, version, values);
            for (Object[] stored : rows) {
                ResourceRuntime row = RuntimeColumns.RESOURCES.entity(stored);
                tracked.rows.put(row.id, row);
                tracked.storedRows.put(row.id, stored);
            }
            stacks.put(stack.id, tracked);
            active.add(stack.id);
            return tracked;
        }

        void insert(StackRuntime stack) {
            stacks.put(stack.id, new Tracked(stack, stack.version, null));
            active.add(stack.id);
        }

        /** A stack the transaction holds, active again (a row is added to it or removed). */
        Tracked held(UUID stackId) {
            Tracked tracked = stacks.get(stackId);
            if (tracked == null) {
                throw new IllegalStateException("stack " + stackId + " is not held by this transaction");
            }
            active.add(stackId);
            return tracked;
        }

        /** Whether an active stack is new, or a row of those types is new, gone or named or placed otherwise. */
        boolean shapeUnwritten(Set<String> rowTypes) {
            for (UUID id : active) {
                Tracked tracked = stacks.get(id);
                if (tracked.stored == null) {
                    return true;
                }
                for (ResourceRuntime row : tracked.rows.values()) {
                    Object[] before = tracked.storedRows.get(row.id);
                    if (rowTypes.contains(row.type) && (before == null || moved(row, before))) {
                        return true;
                    }
                }
                for (Map.Entry<UUID, Object[]> stored : tracked.storedRows.entrySet()) {
                    if (!tracked.rows.containsKey(stored.getKey())
                            && rowTypes.contains(RuntimeColumns.RESOURCES.entity(stored.getValue()).type)) {
                        return true;
                    }
                }
            }
            return false;
        }

        private static boolean moved(ResourceRuntime row, Object[] before) {
            ResourceRuntime stored = RuntimeColumns.RESOURCES.entity(before);
            return !Objects.equals(row.stackId, stored.stackId) || !Objects.equals(row.name, stored.name)
                    || !Objects.equals(row.type, stored.type) || !Objects.equals(row.physicalId, stored.physicalId);
        }

        /**
         * Writes every change of those stacks since the last write: the stacks' rows, the deleted resources, the
         * resources' rows.
         */
        CompletionStage<Void> write(ReactiveConnection connection, Collection<Tracked> which) {
            RowChanges stackRows = new RowChanges();
            RowChanges resourceRows = new RowChanges();
            List<UUID> deleted = new ArrayList<>();
            List<Runnable> stored = new ArrayList<>();
            for (Tracked tracked : which) {
                boolean changed = false;
                for (ResourceRuntime row : tracked.rows.values()) {
                    Object[] values = RuntimeColumns.RESOURCES.values(row);
                    Object[] before = tracked.storedRows.get(row.id);
                    if (!Arrays.equals(values, before)) {
                        resourceRows.add(values, before);
                        stored.add(() -> tracked.storedRows.put(row.id, values));
                        changed = true;
                    }
                }
                Set<UUID> gone = new LinkedHashSet<>(tracked.storedRows.keySet());
                gone.removeAll(tracked.rows.keySet());
                if (!gone.isEmpty()) {
                    deleted.addAll(gone);
                    stored.add(() -> tracked.storedRows.keySet().removeAll(gone));
                    changed = true;
                }
                if (changed || tracked.touched || tracked.stored == null
                        || !Arrays.equals(RuntimeColumns.STACKS.values(tracked.stack), tracked.stored)) {
                    long version = tracked.stored == null ? tracked.stack.version : tracked.version + 1;
                    tracked.stack.version = version;
                    Object[] values = RuntimeColumns.STACKS.values(tracked.stack);
                    stackRows.add(values, tracked.stored);
                    stored.add(() -> {
                        tracked.version = version;
                        tracked.stored = values;
                        tracked.touched = false;
                    });
                }
            }
            CompletionStage<?> done = stackRows.write(connection::update, RuntimeColumns.STACKS, upsertStacks, updateStacks);
            if (!deleted.isEmpty()) {
                done = done.thenCompose(v -> connection.update(deleteRows, new Object[] {deleted.toArray(UUID[]::new)}));
            }
            return done.thenCompose(v -> resourceRows.write(connection::update, RuntimeColumns.RESOURCES, upsertRows,
                    updateRows)).thenRun(() -> stored.forEach(Runnable::run));
        }

        @Override
        public CompletionStage<Void> doBeforeTransactionCompletion(ReactiveSession reactive) {
            Mutiny.Transaction transaction = session.currentTransaction();
            if (transaction == null || transaction.isMarkedForRollback()) {
                return CompletableFuture.completedFuture(null);
            }
            // the deployments first: a stack whose deployments changed is written with its version raised
            ReactiveConnection connection = reactive.getReactiveConnection();
            return deployments.write(connection).thenCompose(v -> write(connection, stacks.values()));
        }

        @Override
        public CompletionStage<Void> doAfterTransactionCompletion(boolean success, ReactiveSession reactive) {
            for (Tracked tracked : stacks.values()) {
                Snapshot snapshot = success && tracked.stored != null
                        ? tracked.snapshot(deployments.storedOf(tracked.stack.id),
                                deployments.storedServersOf(tracked.stack.id)) : null;
                Snapshot previous = snapshot != null ? cache.put(tracked.stack.id, snapshot)
                        : cache.remove(tracked.stack.id);
                cachedRows.addAndGet((snapshot == null ? 0 : snapshot.size())
                        - (previous == null ? 0 : previous.size()));
            }
            if (cachedRows.get() > MAX_CACHED_ROWS) {
                cache.clear();
                cachedRows.set(0);
            }
            return CompletableFuture.completedFuture(null);
        }
    }

    // --- stacks ---

    /** The stack, or null. */
    public Uni<StackRuntime> stack(UUID id) {
        return flush().chain(() -> StackRuntime.findById(id));
    }

    /** The stack with its row locked ({@code FOR UPDATE}), or null. */
    public Uni<StackRuntime> lock(UUID id) {
        return flush().chain(() -> StackRuntime.findById(id, LockModeType.PESSIMISTIC_WRITE));
    }

    /** The tenant's stack, or null (another tenant's too). */
    public Uni<StackRuntime> stack(UUID id, String tenant) {
        return flush().chain(() -> StackRuntime.<StackRuntime>find("id = ?1 and tenant = ?2", id, tenant).firstResult());
    }

    /** The stacks nested directly in {@code parent}, oldest first. */
    public Uni<List<StackRuntime>> children(UUID parent) {
        return flush().chain(() -> StackRuntime.list("parentStackId = ?1 order by createdAt", parent));
    }

    /** The stacks nested directly in {@code resource} of {@code parent}. */
    public Uni<List<StackRuntime>> children(UUID parent, String resource) {
        return flush().chain(() -> StackRuntime.list("parentStackId = ?1 and parentResource = ?2", parent, resource));
    }

    /** The stacks nested directly in any of {@code parents}. */
    public Uni<List<StackRuntime>> children(Collection<UUID> parents) {
        return flush().chain(() -> StackRuntime.list("parentStackId in ?1", parents));
    }

    /** The nested stacks of the tree of {@code root} that are IN_PROGRESS. */
    public Uni<List<StackRuntime>> inProgressBelow(UUID root) {
        return flush().chain(() -> StackRuntime.list("rootStackId = ?1 and status = ?2", root, Status.IN_PROGRESS));
    }

    /** Every stack of the tree of {@code root}, the root included. */
    public Uni<List<StackRuntime>> tree(UUID root) {
        return flush().chain(() -> StackRuntime.list("id = ?1 or rootStackId = ?1", root));
    }

    /** Removes the stacks and their resources' rows. */
    public Uni<Void> deleteStacks(Collection<UUID> stacks) {
        return flush().chain(() -> ResourceRuntime.delete("stackId in ?1", stacks)
                .chain(() -> StackRuntime.delete("id in ?1", stacks)).replaceWithVoid());
    }

    // --- resources ---

    /** The stack's current resource rows (not replaced), in creation order. */
    public Uni<List<ResourceRuntime>> currentRows(UUID stack) {
        return flush().chain(() -> ResourceRuntime.list("stackId = ?1 and replaced = false order by createdAt, name", stack));
    }

    /** The resource rows of all those stacks. */
    public Uni<List<ResourceRuntime>> rows(Collection<UUID> stacks) {
        return flush().chain(() -> ResourceRuntime.list("stackId in ?1", stacks));
    }

    /** Every row of the stack's resource of that name, replaced ones included. */
    public Uni<List<ResourceRuntime>> rowsNamed(UUID stack, String name) {
        return flush().chain(() -> ResourceRuntime.list("stackId = ?1 and name = ?2", stack, name));
    }

    /** The current row of the stack's resource of that name, or null. */
    public Uni<ResourceRuntime> current(UUID stack, String name) {
        return held(stack, row -> row.name.equals(name) && !row.replaced, () -> ResourceRuntime
                .<ResourceRuntime>find("stackId = ?1 and name = ?2 and replaced = false", stack, name).firstResult());
    }

    /** The resource row, or null. */
    public Uni<ResourceRuntime> row(UUID id) {
        return Panache.getSession().chain(session -> {
            Unit unit = current(session);
            ResourceRuntime held = unit == null ? null : unit.stacks.values().stream()
                    .map(tracked -> tracked.rows.get(id)).filter(row -> row != null).findFirst().orElse(null);
            return held != null ? Uni.createFrom().item(held) : flush().chain(() -> ResourceRuntime.findById(id));
        });
    }

    /** The row of the stack's resource of that name whose physical id that is, or null. */
    public Uni<ResourceRuntime> row(UUID stack, String name, String physicalId) {
        return held(stack, row -> row.name.equals(name) && physicalId.equals(row.physicalId), () -> ResourceRuntime
                .<ResourceRuntime>find("stackId = ?1 and name = ?2 and physicalId = ?3", stack, name, physicalId)
                .firstResult());
    }

    /**
     * The first row of the stack that matches, as the caller's transaction holds it (null when none does); or, when
     * the transaction does not hold the stack, what {@code query} finds after the transaction's changes are written.
     */
    private Uni<ResourceRuntime> held(UUID stack, Predicate<ResourceRuntime> matching,
            Supplier<Uni<ResourceRuntime>> query) {
        return Panache.getSession().chain(session -> {
            Unit unit = current(session);
            Tracked tracked = unit == null ? null : unit.stacks.get(stack);
            if (tracked == null) {
                return flush().chain(() -> query.get());
            }
            return Uni.createFrom().item(tracked.rows.values().stream().filter(matching).findFirst().orElse(null));
        });
    }

    /**
     * The stack's current resource that {@code reference} names: by its reference id, its physical id, or its
     * name when it has no reference id; null when none.
     */
    public Uni<ResourceRuntime> referencedAs(UUID stack, String reference) {
        return flush().chain(() -> ResourceRuntime.<ResourceRuntime>find("stackId = ?1 and replaced = false and (referenceId = ?2 "
                + "or physicalId = ?2 or (referenceId is null and name = ?2))", stack, reference).firstResult());
    }

    /** How many resource rows, of any stack, have one of those physical ids. */
    public Uni<Long> countWithPhysicalIds(Collection<String> physicalIds) {
        return flush().chain(() -> ResourceRuntime.count("physicalId in ?1", physicalIds.isEmpty() ? List.of("") : physicalIds));
    }

    // --- the resource timer ---

    /** The trees that have a resource due at {@code now}, at most {@code limit} of them. */
    public Uni<List<UUID>> dueTrees(Instant now, int limit) {
        return Panache.getSession().chain(session -> session.createSelectionQuery(DUE_TREES, UUID.class)
                .setParameter("now", now).setMaxResults(limit).getResultList());
    }

    /** The id of one stack of those trees with a resource due at {@code now}, its row locked; or null. */
    public Uni<UUID> claimDue(List<UUID> roots, Instant now) {
        return Panache.getSession().chain(session -> session.createNativeQuery(CLAIM, UUID.class)
                .setParameter("roots", roots).setParameter("now", now).getSingleResultOrNull());
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
