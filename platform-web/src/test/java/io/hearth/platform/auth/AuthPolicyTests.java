package io.hearth.platform.auth;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hearth.platform.rest.ApiException;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AuthPolicyTests {

    private static final Caller READER = new Caller("demo", Set.of("reader"));
    private static final Caller MEMBER = Caller.member("demo");
    private static final Caller ADMIN = Caller.admin("demo");

    private static void allowed(Caller caller, String method, String path, String query) {
        assertThatCode(() -> AuthPolicy.authorize(caller, method, path.split("/"), query))
                .as("%s %s %s?%s", caller.roles(), method, path, query).doesNotThrowAnyException();
    }

    private static void refused(Caller caller, String method, String path, String query, String action) {
        assertThatThrownBy(() -> AuthPolicy.authorize(caller, method, path.split("/"), query))
                .as("%s %s %s?%s", caller.roles(), method, path, query)
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    org.assertj.core.api.Assertions.assertThat(e.status()).isEqualTo(403);
                    org.assertj.core.api.Assertions.assertThat(e.type()).isEqualTo("Forbidden");
                })
                .hasMessage("You are not authorized to use " + action + ".");
    }

    @Test
    void aReaderReadsPreviewsAndSignalsButChangesNothing() {
        allowed(READER, "GET", "/v1/demo/stacks", null);
        allowed(READER, "GET", "/v1/demo/stacks/s/1/resources", "nested_depth=2");
        allowed(READER, "HEAD", "/v1/demo/stacks/s", null);
        allowed(READER, "POST", "/v1/demo/stacks/preview", null);
        allowed(READER, "POST", "/v1/demo/software_configs", null);
        allowed(READER, "POST", "/v1/demo/stacks/s/1/resources/r/signal", null);
        refused(READER, "POST", "/v1/demo/stacks", null, "create");
        refused(READER, "PUT", "/v1/demo/stacks/s/1", null, "update");
        refused(READER, "PATCH", "/v1/demo/stacks/s/1", null, "update");
        refused(READER, "DELETE", "/v1/demo/stacks/s/1", null, "delete");
        refused(READER, "POST", "/v1/demo/stacks/s/1/actions", null, "action");
        refused(READER, "POST", "/v1/demo/stacks/s/1/snapshots", null, "snapshot");
        refused(READER, "POST", "/v1/demo/validate", null, "validate_template");
        refused(READER, "DELETE", "/v1/demo/software_configs/c", null, "delete");
    }

    @Test
    void aMemberCreatesAndChangesButNeitherListsEveryTenantNorCallsAdminRoutes() {
        allowed(MEMBER, "POST", "/v1/demo/stacks", null);
        allowed(MEMBER, "PUT", "/v1/demo/stacks/s/1", null);
        allowed(MEMBER, "DELETE", "/v1/demo/stacks/s/1", null);
        allowed(MEMBER, "POST", "/v1/demo/stacks/s/1/actions", null);
        allowed(MEMBER, "GET", "/v1/demo/stacks", "global_tenant=false");
        allowed(MEMBER, "GET", "/v1/demo/stacks", "limit=1&global_tenant=0");
        refused(MEMBER, "GET", "/v1/demo/stacks", "global_tenant=true", "global_index");
        refused(MEMBER, "GET", "/v1/demo/stacks", "limit=2&global_tenant=True", "global_index");
        refused(MEMBER, "GET", "/v1/demo/services", null, "index");
    }

    @Test
    void anAdminMayDoEverything() {
        allowed(ADMIN, "GET", "/v1/demo/stacks", "global_tenant=true");
        allowed(ADMIN, "GET", "/v1/demo/services", null);
        allowed(ADMIN, "DELETE", "/v1/demo/stacks/s/1", null);
    }

    @Test
    void aTokenWithoutHeatsRolesIsRefusedEvenReading() {
        Caller nobody = new Caller("demo", Set.of("heat_stack_user"));
        refused(nobody, "GET", "/v1/demo/stacks", null, "index");
        refused(nobody, "GET", "/v1/demo/stacks/s/1", null, "show");
    }
}
