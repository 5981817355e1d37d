package io.hearth.platform.rest;

/** Heat's {@code limit} query parameter of a paginated list. */
public final class PageLimit {

    private PageLimit() {
    }

    /** Heat's {@code extract_int('limit', ...)}: a non-negative integer, null when absent; otherwise 400. */
    public static Integer parse(String limit) {
        if (limit == null) {
            return null;
        }
        try {
            int value = Integer.parseInt(limit);
            if (value >= 0) {
                return value;
            }
            throw ApiException.badRequest("BadRequest", "Value '" + limit
                    + "' is invalid for 'limit' as only non-negative integers are allowed.");
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("BadRequest", "Only integer is acceptable by 'limit'.");
        }
    }
}
