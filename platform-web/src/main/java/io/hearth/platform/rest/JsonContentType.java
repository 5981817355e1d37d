package io.hearth.platform.rest;

import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Every JSON answer says {@code Content-Type: application/json}, exactly as Heat's
 * {@code JSONResponseSerializer} does (webob gives JSON no charset; RFC 8259 defines none). Quarkus REST
 * adds {@code ;charset=UTF-8} to the JSON its resource methods write (quarkusio/quarkus#43998), past any
 * {@code ContainerResponseFilter}, so the header is put right as it goes out, for every route.
 */
@ApplicationScoped
public class JsonContentType {

    /** Before every other route of ours, so even the refusals of {@link HeatErrorRoutes} pass through it. */
    private static final int ORDER = RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 2;

    void mount(@Observes Router router) {
        router.route().order(ORDER).handler(JsonContentType::plainJson);
    }

    private static void plainJson(RoutingContext ctx) {
        HttpServerResponse response = ctx.response();
        ctx.addHeadersEndHandler(ended -> {
            String type = response.headers().get(HttpHeaders.CONTENT_TYPE);
            if (type != null && isUtf8Json(type)) {
                response.headers().set(HttpHeaders.CONTENT_TYPE, "application/json");
            }
        });
        ctx.next();
    }

    /** {@code application/json} with a UTF-8 charset and nothing else, in any case and spacing. */
    static boolean isUtf8Json(String type) {
        String compact = type.replace(" ", "").toLowerCase(java.util.Locale.ROOT);
        return compact.equals("application/json;charset=utf-8") || compact.equals("application/json;charset=\"utf-8\"");
    }
}
