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

/** Heat's template-version API: the versions Hearth reads (HOT's and the two CFN ones) and the functions of each. */
@Path("/v1/{tenant}/template_versions")
@Produces(MediaType.APPLICATION_JSON)
public class TemplateVersionResource {

    /**
     * Every version, with its release-name alias, as {@code openstack orchestration template version list}:
     * {@code AWSTemplateFormatVersion.2010-09-09} and {@code HeatTemplateFormatVersion.2012-12-12} (type
     * {@code cfn}) first, as Heat sorts them.
     */
    @GET
    public Map<String, List<Map<String, Object>>> list() {
        return Map.of("template_versions", Arrays.stream(HotVersion.values()).map(v -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("version", v.key() + "." + v.date());
            entry.put("type", v.cfn() ? "cfn" : "hot");
            entry.put("aliases", v.releaseName().map(name -> List.of(v.key() + "." + name)).orElse(List.of()));
            return entry;
        }).toList());
    }

    /**
     * The functions of one version ({@code heat_template_version.2018-08-31}, {@code ...rocky},
     * {@code AWSTemplateFormatVersion.2010-09-09}).
     */
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
        int dot = version.indexOf('.');
        if (dot < 0) {
            throw ApiException.notFound("Template with version " + version + " not found");
        }
        try {
            return HotVersion.of(version.substring(0, dot), version.substring(dot + 1));
        } catch (ExpressionException e) {
            throw ApiException.notFound("Template with version " + version + " not found");
        }
    }
}
