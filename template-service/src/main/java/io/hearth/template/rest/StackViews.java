package io.hearth.template.rest;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.hot.CfnOutline;
import io.hearth.hot.CfnTemplate;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.params.ParameterParser;
import io.hearth.hot.params.ResolvedParameters;
import io.hearth.template.domain.Stack;
import io.hearth.template.rest.dto.Link;
import io.hearth.template.rest.dto.StackView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds Heat's JSON views of stacks. */
@ApplicationScoped
public class StackViews {

    private static final TypeReference<Map<String, JsonNode>> MAP = new TypeReference<>() {
    };

    /** The stack's canonical URL, {@code .../v1/{tenant}/stacks/{name}/{id}}. */
    public String href(UriInfo uri, Stack stack) {
        return uri.getBaseUriBuilder().path("v1").path(stack.tenant).path("stacks").path(stack.name)
                .path(stack.id.toString()).build().toString();
    }

    /**
     * The stack as stack-show shows it, with parameters and outputs. Parameters are shown as Heat's
     * {@code format_stack} does ({@code parameters.map(str)}): every value as text, a hidden one as
     * {@code ******}.
     */
    public StackView full(UriInfo uri, Stack stack) {
        JsonNode template = HearthJson.readTree(stack.template);
        Map<String, JsonNode> parameters = new LinkedHashMap<>();
        new ResolvedParameters(ParameterParser.parse(template), HearthJson.read(stack.parameters, MAP), List.of(),
                List.of()).displayValues().forEach((name, value) -> parameters.put(name, TextNode.valueOf(value)));
        new StackIdentity(stack.name, stack.id.toString(), stack.tenant).pseudoParameters(CfnTemplate.isCfn(template))
                .forEach((name, value) -> parameters.put(name, TextNode.valueOf(value)));
        JsonNode outputSection = CfnOutline.hot(template).path("outputs");
        Map<String, JsonNode> values = stack.outputs == null ? Map.of() : HearthJson.read(stack.outputs, MAP);
        List<StackView.Output> outputs = new ArrayList<>();
        outputSection.fields().forEachRemaining(e -> outputs.add(new StackView.Output(e.getKey(),
                values.get(e.getKey()), e.getValue().path("description").asText(null))));
        return view(uri, stack, parameters, outputs);
    }

    private StackView view(UriInfo uri, Stack stack, Map<String, JsonNode> parameters,
            List<StackView.Output> outputs) {
        return new StackView(stack.id.toString(), stack.name, stack.description, stack.description,
                time(stack.createdAt), time(stack.updatedAt), time(stack.deletedAt), stack.stackStatus(),
                stack.statusReason, parameters, outputs, List.of(Link.self(href(uri, stack))), stack.timeoutMins,
                stack.disableRollback, List.of(), List.of(), null, stack.parentId == null ? null
                        : stack.parentId.toString(), null, stack.tenant, stack.tenant);
    }

    /** Heat's time format ({@code heat.common.timeutils.isotime}): seconds, UTC, {@code Z}. */
    static String time(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
