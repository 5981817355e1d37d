package io.hearth.platform.auth;

import java.util.Set;

/**
 * Who a request acts as: the project (Hearth's tenant) its token is scoped to and the token's role names
 * (Keystone expands implied roles: an {@code admin} token also carries {@code member} and {@code reader}).
 */
public record Caller(String tenant, Set<String> roles) {

    public Caller {
        roles = Set.copyOf(roles);
    }

    /** A static {@code member} token's caller. */
    public static Caller member(String tenant) {
        return new Caller(tenant, Set.of(AuthPolicy.MEMBER, AuthPolicy.READER));
    }

    /** A static admin token's caller. */
    public static Caller admin(String tenant) {
        return new Caller(tenant, Set.of(AuthPolicy.ADMIN, AuthPolicy.MEMBER, AuthPolicy.READER));
    }

    public boolean has(String role) {
        return roles.contains(role);
    }
}
