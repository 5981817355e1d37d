package io.hearth.platform.auth;

import io.hearth.platform.rest.ApiException;

/**
 * Which roles may make which request: Heat 19's default policy ({@code heat/policies/*.py}, the new
 * secure-RBAC defaults) reduced to what Hearth serves, the one place the decision is made.
 * <ul>
 * <li>{@code reader} reads (GET, HEAD), previews a stack, creates a software config and signals a resource;</li>
 * <li>{@code member} also creates, changes and deletes;</li>
 * <li>{@code admin} also lists every tenant's stacks ({@code GET /stacks?global_tenant=true},
 * {@code stacks:global_index}) and calls the admin-only routes ({@code GET /services}, {@code service:index}).</li>
 * </ul>
 * A refusal is Heat's 403 {@code Forbidden}, "You are not authorized to use {action}.".
 */
public final class AuthPolicy {

    public static final String ADMIN = "admin";
    public static final String MEMBER = "member";
    public static final String READER = "reader";

    private AuthPolicy() {
    }

    /**
     * Refuses a request the caller's roles do not allow.
     *
     * @param method   the HTTP method
     * @param segments the path split at "/": "", "v1", tenant, collection, ...
     * @param query    the raw query string, may be null
     * @throws ApiException 403 Forbidden
     */
    public static void authorize(Caller caller, String method, String[] segments, String query) {
        if (caller.has(ADMIN)) {
            return;
        }
        String collection = segments.length > 3 ? segments[3] : "";
        String last = segments[segments.length - 1];
        switch (method) {
            case "GET", "HEAD", "OPTIONS" -> {
                if ("services".equals(collection)) {
                    refuse("index");
                }
                if ("stacks".equals(collection) && segments.length == 4 && globalTenant(query)) {
                    refuse("global_index");
                }
                require(caller, READER, segments.length > 4 ? "show" : "index");
            }
            case "POST" -> {
                boolean readerMay = "software_configs".equals(collection) && segments.length == 4
                        || "stacks".equals(collection) && "preview".equals(last)
                        || "signal".equals(last);
                require(caller, readerMay ? READER : MEMBER, action(collection, last, segments.length));
            }
            case "PUT", "PATCH" -> require(caller, MEMBER, "update");
            default -> require(caller, MEMBER, "delete");
        }
    }

    private static String action(String collection, String last, int length) {
        if ("validate".equals(collection)) {
            return "validate_template";
        }
        return switch (last) {
            case "actions" -> "action";
            case "snapshots" -> "snapshot";
            case "abandon" -> "abandon";
            case "preview" -> "preview";
            case "signal" -> "signal";
            default -> length == 4 ? "create" : "update";
        };
    }

    private static void require(Caller caller, String role, String action) {
        if (!caller.has(role)) {
            refuse(action);
        }
    }

    private static void refuse(String action) {
        throw new ApiException(403, "Forbidden", "You are not authorized to use " + action + ".");
    }

    /** Whether the query asks for {@code global_tenant} with one of oslo's true words. */
    static boolean globalTenant(String query) {
        if (query == null || !query.contains("global_tenant=")) {
            return false;
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith("global_tenant=")) {
                String value = pair.substring("global_tenant=".length()).toLowerCase(java.util.Locale.ROOT);
                return switch (value) {
                    case "1", "t", "true", "on", "y", "yes" -> true;
                    default -> false;
                };
            }
        }
        return false;
    }
}
