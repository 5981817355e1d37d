package io.hearth.deployment.repository;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** The rows of one table a write changes: new ones, inserted, and stored ones with their stored values, updated. */
final class RowChanges {

    /** Runs a statement with its parameters on a transaction's connection; answers how many rows it changed. */
    interface Statements {
        CompletionStage<Integer> update(String sql, Object[] parameters);
    }

    private final List<Object[]> inserted = new ArrayList<>();
    private final List<Object[]> updated = new ArrayList<>();
    private final List<Object[]> stored = new ArrayList<>();

    /** A changed row: its values, and those stored (null for a new row). */
    void add(Object[] values, Object[] before) {
        if (before == null) {
            inserted.add(values);
        } else {
            updated.add(values);
            stored.add(before);
        }
    }

    /**
     * At most two statements: the upsert of the new rows and the update of the stored ones, which must all
     * still be there (locked or held by the transaction).
     */
    CompletionStage<?> write(Statements connection, RuntimeColumns<?> columns, String upsert,
            String update) {
        CompletionStage<?> done = CompletableFuture.completedFuture(null);
        if (!inserted.isEmpty()) {
            done = done.thenCompose(v -> connection.update(upsert, columns.arrays(inserted)));
        }
        if (!updated.isEmpty()) {
            done = done.thenCompose(v -> connection.update(update, columns.updateArrays(updated, stored))
                    .thenAccept(count -> {
                        if (count != updated.size()) {
                            throw new IllegalStateException(columns.table + ": " + updated.size()
                                    + " rows to update, " + count + " found");
                        }
                    }));
        }
        return done;
    }
}
