package io.hearth.deployment.repository;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The rows of one table a transaction holds as plain objects: each object once per key (a row read again comes back
 * as the object the transaction works on, its changes kept), with the values last written or read of it, so that a
 * write sends only the rows that changed.
 */
final class HeldRows<T> {

    private final RuntimeColumns<T> columns;
    private final Map<Object, T> objects = new LinkedHashMap<>();
    /** The values as stored, by key; none for a row not yet written. */
    private final Map<Object, Object[]> stored = new HashMap<>();

    HeldRows(RuntimeColumns<T> columns) {
        this.columns = columns;
    }

    /** The object of a row read with these values: the one held already, or a new one held from now on. */
    T track(Object[] selected) {
        Object[] values = columns.read(selected);
        Object key = values[0];
        T held = objects.get(key);
        if (held != null) {
            return held;
        }
        T row = columns.entity(values);
        objects.put(key, row);
        stored.put(key, values);
        return row;
    }

    /** The objects of rows read, in their order; see {@link #track}. */
    List<T> track(List<Object[]> selected) {
        List<T> rows = new ArrayList<>(selected.size());
        selected.forEach(values -> rows.add(track(values)));
        return rows;
    }

    /** The held object with this key, or null. */
    T get(Object key) {
        return objects.get(key);
    }

    /** A new row, inserted at the next write. */
    void insert(T row) {
        objects.put(columns.key(row), row);
    }

    /** Forgets a row deleted by a statement. */
    void forget(Object key) {
        objects.remove(key);
        stored.remove(key);
    }

    /** Forgets the held rows that match (deleted by a statement). */
    void forget(Predicate<T> deleted) {
        List<Object> keys = objects.entrySet().stream().filter(e -> deleted.test(e.getValue())).map(Map.Entry::getKey)
                .toList();
        keys.forEach(this::forget);
    }

    /**
     * Adds to {@code changes} every row new or changed since the last write, and to {@code written} what to remember
     * of them once the write succeeded.
     */
    void changes(RowChanges changes, Collection<Runnable> written) {
        objects.forEach((key, row) -> {
            Object[] values = columns.values(row);
            Object[] before = stored.get(key);
            if (!java.util.Arrays.equals(values, before)) {
                changes.add(values, before);
                written.add(() -> stored.put(key, values));
            }
        });
    }
}
