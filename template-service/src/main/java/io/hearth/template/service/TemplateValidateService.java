package io.hearth.template.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.CfnOutline;
import io.hearth.hot.HeatEnvironment;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.params.ParameterConstraint;
import io.hearth.hot.params.ParameterDefinition;
import io.hearth.hot.params.ParameterParser;
import io.hearth.hot.py.Py;
import io.hearth.hot.types.UnavailableTypes;
import io.hearth.platform.rest.ApiException;
import io.hearth.template.rest.dto.ValidateTemplateRequest;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Heat's template-validate ({@code EngineService.validate_template}): the template checked as
 * stack create checks it, except that parameters need no values; the answer describes each
 * parameter for a user interface, in Heat's format ({@code api.format_validate_parameter}).
 */
@ApplicationScoped
public class TemplateValidateService {

    /** The error codes {@code ignore_errors} may name (Heat's {@code ERROR_CODE_MAP}). */
    private static final Set<String> IGNORABLE = Set.of("99001");

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final StackDefinitions definitions;

    public TemplateValidateService(StackDefinitions definitions) {
        this.definitions = definitions;
    }

    /**
     * Validates a template.
     *
     * @param ignoreErrors Heat's {@code ignore_errors}: comma-separated error codes, or null
     * @return {@code {"Description", "Parameters", "ParameterGroups"?, "Environment"}}
     * @throws ApiException 400 (Heat's {@code HTTPBadRequest}) with every problem found; a type whose
     *                      service is absent is Heat's {@code ResourceTypeUnavailable} unless
     *                      {@code ignore_errors} names its code, 99001, as Heat's {@code Stack.validate} skips it
     */
    public ObjectNode validate(String tenant, ValidateTemplateRequest request, String ignoreErrors) {
        try {
            return describe(tenant, request, ignoreErrors);
        } catch (ApiException e) {
            throw e.status() == 400 && !UnavailableTypes.ERROR_TYPE.equals(e.type())
                    ? ApiException.badRequest("HTTPBadRequest", e.getMessage()) : e;
        }
    }

    private ObjectNode describe(String tenant, ValidateTemplateRequest request, String ignoreErrors) {
        if (request == null) {
            throw ApiException.badRequest("HTTPBadRequest", "No template specified: send 'template'");
        }
        if (ignoreErrors != null && !ignoreErrors.isEmpty()) {
            List<String> invalid = Py.split(ignoreErrors, ",").stream().filter(c -> !IGNORABLE.contains(c))
                    .distinct().toList();
            if (!invalid.isEmpty()) {
                throw ApiException.badRequest("HTTPBadRequest", "Invalid codes in ignore_errors : "
                        + invalid.stream().map(Py::reprString).toList());
            }
        }
        StackDefinition definition = definitions.read(request.template(), request.templateUrl(), null,
                request.environment(), request.environmentFiles(), request.parameters(), request.files());
        definitions.check(definition, new StackIdentity("dummy", null, tenant),
                ignoreErrors != null && Py.split(ignoreErrors, ",").contains("99001"));
        JsonNode template = CfnOutline.hot(definition.template());
        ObjectNode result = JSON.objectNode();
        JsonNode description = template.get("description");
        result.set("Description", description == null || !Py.truthy(description)
                ? TextNode.valueOf("No description") : description);
        ObjectNode parameters = result.putObject("Parameters");
        JsonNode values = definition.environment().get("parameters");
        JsonNode defaults = definition.environment().get("parameter_defaults");
        ParameterParser.parse(definition.template()).parameters().values().forEach(parameter -> parameters.set(parameter.name(),
                parameter(parameter, values.path(parameter.name()), defaults.path(parameter.name()))));
        JsonNode groups = template.get("parameter_groups");
        if (Py.truthy(groups)) {
            result.set("ParameterGroups", groups);
        }
        result.set("Environment", HeatEnvironment.userView(definition.environment()));
        List<String> warnings = StackDefinitions.warnings(definition);
        if (!warnings.isEmpty()) {
            warnings.forEach(result.putArray("Warnings")::add);
        }
        return result;
    }

    /**
     * One parameter as Heat describes it: {@code Type}, {@code Description}, {@code NoEcho},
     * {@code Label}, {@code Default} (the environment's {@code parameter_defaults} value first),
     * {@code Value} (the value given, when there is one), {@code Tags}, and one key per
     * constraint ({@code MinLength}, {@code MaxValue}, {@code AllowedValues}, ...) with the
     * constraints' descriptions joined as {@code ConstraintDescription}.
     */
    static ObjectNode parameter(ParameterDefinition parameter, JsonNode value, JsonNode userDefault) {
        ObjectNode view = JSON.objectNode();
        view.put("Type", parameter.type().cfnName());
        view.put("Description", parameter.description() == null ? "" : parameter.description());
        view.put("NoEcho", parameter.hidden() ? "true" : "false");
        view.put("Label", parameter.labelOrName());
        if (!userDefault.isMissingNode() && !userDefault.isNull()) {
            view.set("Default", userDefault);
        } else if (parameter.defaultValue() != null) {
            view.set("Default", parameter.defaultValue());
        }
        if (Py.truthy(value.isMissingNode() ? null : value)) {
            view.set("Value", value);
        }
        if (!parameter.tags().isEmpty()) {
            ArrayNode tags = view.putArray("Tags");
            parameter.tags().forEach(tags::add);
        }
        List<String> descriptions = new ArrayList<>();
        for (ParameterConstraint constraint : parameter.constraints()) {
            constraint(view, constraint);
            if (constraint.description() != null) {
                descriptions.add(constraint.description());
            }
        }
        if (!descriptions.isEmpty()) {
            view.put("ConstraintDescription", String.join(" ", descriptions));
        }
        return view;
    }

    private static void constraint(ObjectNode view, ParameterConstraint constraint) {
        if (constraint instanceof ParameterConstraint.Length length) {
            bound(view, "MinLength", length.min());
            bound(view, "MaxLength", length.max());
        } else if (constraint instanceof ParameterConstraint.Range range) {
            bound(view, "MinValue", range.min());
            bound(view, "MaxValue", range.max());
        } else if (constraint instanceof ParameterConstraint.Modulo modulo) {
            bound(view, "Step", modulo.step());
            bound(view, "Offset", modulo.offset());
        } else if (constraint instanceof ParameterConstraint.AllowedValues allowed) {
            view.putArray("AllowedValues").addAll(allowed.allowed());
        } else if (constraint instanceof ParameterConstraint.AllowedPattern pattern) {
            view.put("AllowedPattern", pattern.pattern());
        } else if (constraint instanceof ParameterConstraint.CustomConstraint custom) {
            view.put("CustomConstraint", custom.name());
        }
    }

    private static void bound(ObjectNode view, String key, JsonNode value) {
        if (value != null && !value.isNull()) {
            view.set(key, value);
        }
    }
}
