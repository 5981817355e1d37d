package io.hearth.template.rest;

import io.hearth.hot.functions.ExpressionException;
import io.hearth.hot.functions.HotFunctionCatalog;
import io.hearth.hot.functions.HotVersion;
import io.hearth.platform.rest.ApiException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Heat's template-version API: the HOT versions Hearth reads and the functions of each. */
@Path("/v1/{tenant}/template_versions")
@Produces(MediaType.APPLICATION_JSON)
public class TemplateVersionResource {

    private static final String PREFIX = HotVersion.KEY + ".";

    /** Every version, with its release-name alias, as {@code openstack orchestration template version list}. */
    @GET
    public Map<String, List<Map<String, Object>>> list() {
        return Map.of("template_versions", Arrays.stream(HotVersion.values()).map(v -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("version", PREFIX + v.date());
            entry.put("type", "hot");
            entry.put("aliases", v.releaseName().map(name -> List.of(PREFIX + name)).orElse(List.of()));
            return entry;
        }).toList());
    }

    /** The functions of one version ({@code heat_template_version.2018-08-31} or {@code ...rocky}). */
    @GET
    @Path("/{version}/functions")
    public Map<String, List<Map<String, String>>> functions(@PathParam("version") String version,
            @QueryParam("with_condition_func") boolean withConditionFunctions) {
        HotVersion hot = parse(version);
        List<HotFunctionCatalog.Function> functions = new ArrayList<>(HotFunctionCatalog.templateFunctions(hot));
        if (withConditionFunctions) {
            HotFunctionCatalog.conditionFunctions(hot).stream()
                    .filter(f -> functions.stream().noneMatch(g -> g.name().equals(f.name())))
                    .forEach(functions::add);
        }
        return Map.of("template_functions", functions.stream()
                .map(f -> Map.of("functions", f.name(), "description", f.description())).toList());
    }

    private static HotVersion parse(String version) {
        if (!version.startsWith(PREFIX)) {
            throw ApiException.notFound("Template with version " + version + " not found");
        }
        try {
            return HotVersion.of(version.substring(PREFIX.length()));
        } catch (ExpressionException e) {
            throw ApiException.notFound("Template with version " + version + " not found");
        }
    }
}
