package io.hearth.template.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.types.ResourceType;
import io.hearth.hot.types.ResourceTypeSchemas;
import io.hearth.hot.types.ResourceTypes;
import io.hearth.hot.types.UnavailableTypes;
import io.hearth.platform.rest.ApiException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** Heat's resource-type API: the types Hearth knows, each one's schema and generated template. */
@Path("/v1/{tenant}/resource_types")
@Produces(MediaType.APPLICATION_JSON)
public class ResourceTypeResource {

    private static final ResourceTypes TYPES = ResourceTypes.heat();

    /** The types, as {@code openstack orchestration resource type list}. */
    @GET
    public JsonNode list() {
        return ResourceTypeSchemas.typeList(TYPES);
    }

    /** One type's properties, attributes and support status, as {@code ... resource type show}. */
    @GET
    @Path("/{type}")
    public JsonNode show(@PathParam("type") String type, @QueryParam("with_description") boolean withDescription) {
        return ResourceTypeSchemas.schema(find(type), withDescription);
    }

    /** A HOT template with one resource of the type and a parameter per property. */
    @GET
    @Path("/{type}/template")
    public JsonNode template(@PathParam("type") String type, @QueryParam("template_type") String templateType) {
        if (templateType != null && !templateType.equals("hot")) {
            throw ApiException.badRequest("InvalidTemplateType",
                    "Template type " + templateType + " is not supported by Hearth; use hot");
        }
        return ResourceTypeSchemas.template(find(type));
    }

    /**
     * A type Hearth has; a Heat type whose service is absent is Heat's 400 {@code ResourceTypeUnavailable}
     * (Heat would still generate a template for one; Hearth has no schema to generate it from), any other
     * name 404.
     */
    private static ResourceType find(String name) {
        return TYPES.get(name).orElseThrow(() -> UnavailableTypes.of(name)
                .map(service -> ApiException.badRequest(UnavailableTypes.ERROR_TYPE, service.schemaMessage(name)))
                .orElseGet(() -> ApiException.notFound("The Resource Type (" + name + ") could not be found.")));
    }
}
