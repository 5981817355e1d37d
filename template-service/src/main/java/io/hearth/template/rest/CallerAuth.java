package io.hearth.template.rest;

import io.vertx.core.http.HttpServerRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The headers that authenticate the caller, passed on to deployment-service when template-service reads from it. */
final class CallerAuth {

    private static final List<String> HEADERS = List.of("X-Auth-Token", "Authorization");

    private CallerAuth() {
    }

    static Map<String, String> of(HttpServerRequest request) {
        Map<String, String> auth = new LinkedHashMap<>();
        HEADERS.forEach(header -> {
            String value = request.getHeader(header);
            if (value != null) {
                auth.put(header, value);
            }
        });
        return auth;
    }
}
