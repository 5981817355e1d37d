package io.hearth.template.repository;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Heat's list ordering rules, shared by the stack and event lists. */
final class Ordering {

    private Ordering() {
    }

    /**
     * The SQL order of Heat's {@code _paginate_query}: the known sort keys (or the default key,
     * descending unless a direction was given), then a unique key, all in the one direction.
     *
     * @param sortKeys   the keys asked for, Heat's names
     * @param columns    Heat's sortable keys and their columns
     * @param defaultKey the column used when no known key was asked for
     * @param direction  the SQL direction asked for, or null
     * @param unique     the column that makes the order total
     */
    static String of(List<String> sortKeys, Map<String, String> columns, String defaultKey, String direction,
            String unique) {
        List<String> keys = new ArrayList<>(sortKeys.stream().filter(columns::containsKey).map(columns::get)
                .toList());
        String dir = direction;
        if (keys.isEmpty()) {
            keys.add(defaultKey);
            dir = dir == null ? "desc" : dir;
        }
        keys.add(unique);
        String sqlDir = dir == null ? "asc" : dir;
        return String.join(", ", keys.stream().map(key -> key + " " + sqlDir).toList());
    }

    /** The entities in the order of their ids. */
    static <T> List<T> as(List<String> ids, List<T> found, Function<T, String> id) {
        Map<String, T> byId = new HashMap<>();
        found.forEach(item -> byId.put(id.apply(item), item));
        return ids.stream().map(byId::get).filter(item -> item != null).toList();
    }
}
