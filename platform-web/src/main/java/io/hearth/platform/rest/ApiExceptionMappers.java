package io.hearth.platform.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.hearth.platform.health.FatalErrors;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.inject.Instance;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Turns every failure of a REST request into Heat's error body, so clients see one error format
 * everywhere: refusals ({@link ApiException}), bodies that are no JSON or not of the expected shape,
 * the framework's own refusals (no such resource, method, media type, size), refusals of a lower layer
 * ({@link FailureRefusal}: the database's) and, last, anything unexpected as a 500 that says nothing of
 * the internals and is logged.
 */
public class ApiExceptionMappers {

    private static final Logger LOG = Logger.getLogger(ApiExceptionMappers.class);

    private final Instance<FailureRefusal> refusals;

    public ApiExceptionMappers(Instance<FailureRefusal> refusals) {
        this.refusals = refusals;
    }

    @ServerExceptionMapper
    public Response refused(ApiException e) {
        Response.ResponseBuilder response = Response.status(e.status()).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(HeatError.of(e.status(), e.type(), e.getMessage()));
        e.headers().forEach(response::header);
        return response.build();
    }

    @ServerExceptionMapper
    public Response unreadableJson(JsonProcessingException e) {
        return response(400, "InvalidJson", "The request body is not valid JSON: " + e.getOriginalMessage());
    }

    /** JSON of the wrong shape: a body that is not an object, a field of the wrong type. */
    @ServerExceptionMapper
    public Response mismatched(MismatchedInputException e) {
        return response(400, "InvalidRequest", JsonShapes.message(e));
    }

    /**
     * The framework's refusals (no resource at the path, method, media types, body size). A body the JSON
     * reader could not decode (not JSON, not UTF-8, not the expected shape) arrives wrapped in a 400
     * {@link WebApplicationException}: its cause says what was wrong.
     */
    @ServerExceptionMapper
    public Response web(WebApplicationException e, HttpServerRequest request) {
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof MismatchedInputException shape) {
                return mismatched(shape);
            }
            if (cause instanceof JsonProcessingException json) {
                return unreadableJson(json);
            }
        }
        int status = e.getResponse().getStatus();
        return response(status, HeatError.typeOf(status), HttpRefusals.message(status, request, e.getMessage()));
    }

    /** A lower layer's refusal is the client's doing (a database's 409 or 400); anything else unexpected is a logged 500. */
    @ServerExceptionMapper
    public Response unexpected(Throwable e, HttpServerRequest request) {
        FatalErrors.PROCESS.haltIfFatal(e, request.method() + " " + request.path());
        ApiException refusal = FailureRefusal.first(refusals, e);
        if (refusal != null) {
            // A precise check before the SQL should have answered: worth knowing which one is missing.
            LOG.warnf("%s %s refused below the API: %s", request.method(), request.path(), refusal.getMessage());
            return refused(refusal);
        }
        LOG.errorf(e, "%s %s failed", request.method(), request.path());
        return response(500, HeatError.typeOf(500), HttpRefusals.INTERNAL);
    }

    static Response response(int status, String type, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(HeatError.of(status, type, message)).build();
    }
}
