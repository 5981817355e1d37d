package io.hearth.deployment.repository;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The rows of one table a transaction holds as plain objects: each object once per key (a row read again comes back
 * as the object the transaction works on, its changes kept), with the values last written or read of it, so that a
 * write sends only the rows that changed; and which of them the transaction has locked.
 */
final class HeldRows<T> {

    private final RuntimeColumns<T> columns;
    private final Map<Object, T> objects = new LinkedHashMap<>();
    /** The values as stored, by key; none for a row not yet written. */
    private final Map<Object, Object[]> stored = new HashMap<>();
    /** The keys of the rows read with a lock ({@code FOR UPDATE}) or inserted: locked until the transaction ends. */
    private final Set<Object> locked = new HashSet<>();
    /** The keys of stored rows deleted since the last write: deleted by it. */
    private final Set<Object> deleted = new LinkedHashSet<>();

    HeldRows(RuntimeColumns<T> columns) {
        this.columns = columns;
    }

    /**
     * The object of a row read with these values: the one held already, or a new one held from now on. A held object
     * the transaction has not changed since it was last read or written takes the values read (a row locked after it
     * was read unlocked may have been changed by another transaction meanwhile); one it has changed keeps its changes.
     */
    T track(Object[] selected, boolean lock) {
        return hold(columns.read(selected), lock);
    }

    /** The same for a row's values as read already (the tree cache's copy of a row stored). */
    T hold(Object[] values, boolean lock) {
        Object key = values[0];
        if (lock) {
            locked.add(key);
        }
        T held = objects.get(key);
        if (held == null) {
            held = columns.entity(values);
            objects.put(key, held);
            stored.put(key, values);
        } else if (stored.containsKey(key) && Arrays.equals(columns.values(held), stored.get(key))) {
            columns.set(held, values);
            stored.put(key, values);
        }
        return held;
    }

    /** The objects of rows read, in their order; see {@link #track(Object[], boolean)}. */
    List<T> track(List<Object[]> selected, boolean lock) {
        List<T> rows = new ArrayList<>(selected.size());
        selected.forEach(values -> rows.add(track(values, lock)));
        return rows;
    }

    /** Whether the transaction holds this row locked (read {@code FOR UPDATE}, or inserted by it). */
    boolean locked(Object key) {
        return locked.contains(key);
    }

    /** The held object with this key, or null. */
    T get(Object key) {
        return objects.get(key);
    }

    /** A new row, inserted at the next write. */
    void insert(T row) {
        objects.put(columns.key(row), row);
        locked.add(columns.key(row));
    }

    /**
     * Deletes a row, held or not: gone for the transaction at once, deleted from the table at the next write (one
     * the transaction inserted and has not written yet is only forgotten).
     */
    void delete(Object key) {
        if (!objects.containsKey(key) || stored.containsKey(key)) {
            deleted.add(key);
        }
        forget(key);
    }

    /** Whether the transaction deleted the row (it is not read again). */
    boolean deleted(Object key) {
        return deleted.contains(key);
    }

    /** The keys of the rows deleted since the last write, which the next write deletes. */
    Set<Object> pendingDeletions() {
        return Collections.unmodifiableSet(deleted);
    }

    /** The held rows that match and are not stored yet (inserted since the last write). */
    List<T> unwritten(Predicate<T> which) {
        List<T> rows = new ArrayList<>();
        objects.forEach((key, row) -> {
            if (!stored.containsKey(key) && which.test(row)) {
                rows.add(row);
            }
        });
        return rows;
    }

    /** The keys of the rows deleted since the last write, which that write deletes; forgotten from here. */
    List<Object> deletions() {
        List<Object> keys = List.copyOf(deleted);
        deleted.clear();
        return keys;
    }

    /** Forgets a row deleted by a statement. */
    void forget(Object key) {
        objects.remove(key);
        stored.remove(key);
        locked.remove(key);
    }

    /** Forgets the held rows that match (deleted by a statement). */
    void forget(Predicate<T> deleted) {
        List<Object> keys = objects.entrySet().stream().filter(e -> deleted.test(e.getValue())).map(Map.Entry::getKey)
                .toList();
        keys.forEach(this::forget);
    }

    /** The values as stored of the held rows that match: what the last write or read of each left. */
    List<Object[]> stored(Predicate<T> which) {
        List<Object[]> values = new ArrayList<>();
        objects.forEach((key, row) -> {
            if (which.test(row) && stored.containsKey(key)) {
                values.add(stored.get(key));
            }
        });
        return values;
    }

    /**
     * Adds to {@code changes} every row new or changed since the last write, and to {@code written} what to remember
     * of them once the write succeeded; answers those rows.
     */
    List<T> changes(RowChanges changes, Collection<Runnable> written) {
        List<T> changed = new ArrayList<>();
        objects.forEach((key, row) -> {
            Object[] values = columns.values(row);
            Object[] before = stored.get(key);
            if (!Arrays.equals(values, before)) {
                changes.add(values, before);
                written.add(() -> stored.put(key, values));
                changed.add(row);
            }
        });
        return changed;
    }
}
