package io.hearth.platform.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.config.MeterFilter;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * Keeps tenant names and stack, server and deployment ids out of the (unauthenticated) {@code /q/metrics}: HTTP
 * server requests are labelled with their route's template ({@code /v1/{tenant}/stacks/{stack_name}/{stack_id}},
 * {@code /v1/signal/deployments/:deploymentId}), which Quarkus knows once a route matched. A request refused before
 * that (a missing or wrong token is refused before routing, as is a path no route serves) would be labelled with its
 * path; such a path under {@code /v1/} is labelled {@value #UNROUTED} instead.
 */
public class RouteTemplates {

    /** The {@code uri} label of a request under {@code /v1/} refused before a route matched. */
    public static final String UNROUTED = "/v1/{unrouted}";

    static final String HTTP_SERVER_REQUESTS = "http.server.requests";

    @Produces
    @Singleton
    MeterFilter routeTemplatesOnly() {
        return new MeterFilter() {
            @Override
            public Meter.Id map(Meter.Id id) {
                if (!HTTP_SERVER_REQUESTS.equals(id.getName())) {
                    return id;
                }
                String uri = id.getTag("uri");
                if (uri == null || !uri.startsWith("/v1/") || uri.contains("{") || uri.contains(":")) {
                    return id;
                }
                return id.replaceTags(id.getTags().stream()
                        .map(tag -> "uri".equals(tag.getKey()) ? Tag.of("uri", UNROUTED) : tag)
                        .toList());
            }
        };
    }
}
