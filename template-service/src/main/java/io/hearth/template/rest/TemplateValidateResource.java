package io.hearth.template.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.platform.rest.ApiException;
import io.hearth.template.rest.dto.ValidateTemplateRequest;
import io.hearth.template.service.TemplateValidateService;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** Heat Orchestration API v1: template-validate. */
@Path("/v1/{tenant}/validate")
@Produces(MediaType.APPLICATION_JSON)
public class TemplateValidateResource {

    private final TemplateValidateService validator;

    public TemplateValidateResource(TemplateValidateService validator) {
        this.validator = validator;
    }

    /**
     * Validates a template and describes its parameters, as Heat does. (Declared as {@code JsonNode}:
     * a concrete node class as return type would get a generated bean serializer.)
     *
     * @param showNested   Heat's {@code show_nested} ({@code true} or {@code false}); Hearth has no
     *                     nested stacks, so it adds nothing
     * @param ignoreErrors Heat's {@code ignore_errors}, comma-separated error codes
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public JsonNode validate(@PathParam("tenant") String tenant, ValidateTemplateRequest request,
            @QueryParam("show_nested") String showNested, @QueryParam("ignore_errors") String ignoreErrors) {
        if (showNested != null && !showNested.equalsIgnoreCase("true") && !showNested.equalsIgnoreCase("false")) {
            throw ApiException.badRequest("HTTPBadRequest", "Unrecognized value \"" + showNested
                    + "\" for \"show_nested\", acceptable values are: true, false.");
        }
        return validator.validate(tenant, request, ignoreErrors);
    }
}
