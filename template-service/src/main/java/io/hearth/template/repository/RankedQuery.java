package io.hearth.template.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Heat's list paging (oslo.db {@code paginate_query}) in one SQL statement: the rows of a scope
 * are numbered in the sort order (always ending with a unique key, so the order is total), the
 * filters pick among them, and a marker row's number is where the page starts. A marker that is
 * not in the scope starts at the beginning, as Heat does when it finds no marker row; a marker
 * that the filters exclude still marks its place.
 */
final class RankedQuery {

    private final String table;
    private final String columns;
    private final String scope;
    private final Map<String, Object> parameters = new LinkedHashMap<>();
    private final List<String> conditions = new ArrayList<>();
    private String order;

    /**
     * @param table   the table, without schema
     * @param columns the columns that the sort order and the filters use, {@code id} among them
     * @param scope   the condition every row of the listing meets (e.g. its tenant), with named parameters
     */
    RankedQuery(String table, String columns, String scope) {
        this.table = table;
        this.columns = columns;
        this.scope = scope;
    }

    /** Sets a parameter of the scope or of a condition. */
    RankedQuery parameter(String name, Object value) {
        parameters.put(name, value);
        return this;
    }

    /** Keeps rows whose column equals one of the values; no values means no condition. */
    RankedQuery in(String column, List<String> values) {
        if (!values.isEmpty()) {
            String name = "p" + parameters.size();
            conditions.add(column + " in (:" + name + ")");
            parameters.put(name, values);
        }
        return this;
    }

    /** Keeps rows meeting an SQL condition on the table's columns. */
    RankedQuery where(String condition) {
        conditions.add(condition);
        return this;
    }

    /** The SQL {@code order by} list; its last key must be unique. */
    RankedQuery orderBy(String order) {
        this.order = order;
        return this;
    }

    /** The ids of the page: after the row whose id (as text) is {@code marker}, at most {@code limit}. */
    Uni<List<String>> ids(String marker, Integer limit) {
        StringBuilder sql = new StringBuilder(ranked())
                .append("select cast(id as text) from ranked where ").append(filter());
        Map<String, Object> values = new LinkedHashMap<>(parameters);
        if (marker != null) {
            sql.append(" and rn > coalesce((select rn from ranked where cast(id as text) = :marker), 0)");
            values.put("marker", marker);
        }
        sql.append(" order by rn");
        if (limit != null) {
            sql.append(" limit ").append(limit);
        }
        return Panache.getSession().chain(session -> {
            var query = session.createNativeQuery(sql.toString(), String.class);
            values.forEach(query::setParameter);
            return query.getResultList();
        });
    }

    /** How many rows the filters keep, whatever the page. */
    Uni<Long> count() {
        String sql = "select count(*) from {h-schema}" + table + " where (" + scope + ") and " + filter();
        return Panache.getSession().chain(session -> {
            var query = session.createNativeQuery(sql, Long.class);
            parameters.forEach(query::setParameter);
            return query.getSingleResult();
        });
    }

    private String ranked() {
        return "with ranked as (select " + columns + ", row_number() over (order by " + order + ") as rn from {h-schema}"
                + table + " where " + scope + ") ";
    }

    private String filter() {
        return conditions.isEmpty() ? "true" : String.join(" and ", conditions);
    }
}
