package io.hearth.platform.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Turns refusals into Heat's error body, so clients see one error format everywhere. */
public class ApiExceptionMappers {

    @ServerExceptionMapper
    public Response refused(ApiException e) {
        return response(e.status(), e.type(), e.getMessage());
    }

    @ServerExceptionMapper
    public Response unreadableJson(JsonProcessingException e) {
        return response(400, "InvalidJson", "The request body is not valid JSON: " + e.getOriginalMessage());
    }

    /**
     * Framework refusals. A body the JSON reader could not decode (not JSON, not UTF-8) arrives
     * wrapped in a 400 {@link WebApplicationException}: its cause says what was wrong.
     */
    @ServerExceptionMapper
    public Response web(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof JsonProcessingException json) {
                return unreadableJson(json);
            }
        }
        return response(status, e.getClass().getSimpleName().replace("Exception", ""), e.getMessage());
    }

    static Response response(int status, String type, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(HeatError.of(status, type, message)).build();
    }
}
