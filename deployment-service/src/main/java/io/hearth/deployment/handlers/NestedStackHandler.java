package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.deployment.spi.Digests;
import io.hearth.deployment.spi.NestedStackService;
import io.hearth.deployment.spi.NestedStackService.NestedStack;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.deployment.spi.Signal;
import io.hearth.deployment.spi.StackPlans;
import io.hearth.deployment.spi.UpdateKind;
import io.hearth.hot.TemplateException;
import io.hearth.hot.TemplateProblem;
import io.hearth.hot.types.TemplateResourceType;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Template resources (Heat's {@code TemplateResource}: the type is a template of the stack's {@code files}, or the
 * environment maps it to one) and {@code OS::Heat::Stack} (Heat's {@code RemoteStack}, here a nested stack of this
 * one: Hearth has one region): each owns a nested stack ({@link NestedStackService}). A template resource's properties
 * are its nested stack's parameters; its attributes are the nested stack's outputs and {@code OS::stack_id}; its
 * reference id is the output {@code OS::stack_id} when the template has one, else the nested stack's ARN. An
 * {@code OS::Heat::Stack} passes {@code parameters} and {@code timeout}; its attributes are {@code stack_name} and
 * {@code outputs}, its reference id the nested stack's id. Every change of properties updates the nested stack in
 * place (Heat's {@code StackResource._needs_update}), and so does a changed template file.
 */
@ApplicationScoped
public class NestedStackHandler implements NestedStackSweeps {

    static final String REMOTE_STACK = "OS::Heat::Stack";

    private final NestedStackService nested;

    public NestedStackHandler(NestedStackService nested) {
        this.nested = nested;
    }


    @Override
    public Set<String> types() {
        return Set.of(ResourceHandlers.TEMPLATE, REMOTE_STACK);
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        return start(call, false);
    }

    /**
     * Heat's {@code TemplateResource.handle_adopt}: the nested stack is adopted from the resource's part of the data.
     * An {@code OS::Heat::Stack} is not (Heat's would only take the data's id of another stack).
     */
    @Override
    public Uni<Outcome> adopt(ResourceCall call) {
        return call.row().template == null ? NestedStackSweeps.super.adopt(call) : create(call);
    }

    @Override
    public UpdateKind updateKind(ResourceCall call) {
        return UpdateKind.IN_PLACE;
    }

    @Override
    public boolean changedBeyondProperties(ResourceCall call) {
        if (call.row().template == null) {
            return false;
        }
        String name = StackPlans.planOf(call.stack()).resources().stream()
                .filter(r -> r.name().equals(call.name())).map(r -> r.template()).findFirst().orElse(null);
        return name == null || !digest(name, StackPlans.planOf(call.stack()).files().get(name))
                .equals(call.row().data == null ? null : HearthJson.readTree(call.row().data).path("template").asText());
    }

    @Override
    public Uni<Outcome> update(ResourceCall call) {
        return start(call, true);
    }

    @Override
    public Uni<Outcome> delete(ResourceCall call) {
        return nested.delete(call);
    }

    @Override
    public NestedStackService nestedStacks() {
        return nested;
    }

    @Override
    public Uni<Outcome> resume(ResourceCall call) {
        return nested.settled(call, this);
    }

    @Override
    public Uni<Outcome> signal(ResourceCall call, Signal signal) {
        if (!(signal instanceof Signal.NestedSettled)) {
            return NestedStackSweeps.super.signal(call, signal);
        }
        return nested.settled(call, this).map(outcome -> outcome instanceof Outcome.Waiting ? null : outcome);
    }

    @Override
    public String heatClassName(String type) {
        return REMOTE_STACK.equals(type) ? "RemoteStack" : "TemplateResource";
    }

    @Override
    public Outcome.Complete completed(ResourceCall call, NestedStack stack) {
        ObjectNode attributes = ResourceHandler.attributes();
        if (call.row().template == null) {
            attributes.put("stack_name", stack.stack().name);
            ObjectNode outputs = attributes.putObject("outputs");
            stack.outputs().forEach(outputs::set);
            return Outcome.complete(stack.id(), attributes);
        }
        stack.outputs().forEach(attributes::set);
        // Heat's get_nested_attrs: resource.<name>[.<attribute>] reads a resource of the nested stack
        ObjectNode resources = attributes.putObject(NestedStackService.NESTED_RESOURCES);
        stack.rows().stream().filter(row -> !row.replaced).forEach(row -> resources.putObject(row.name)
                .put("ref", row.referenceId != null ? row.referenceId : row.name)
                .set("attributes", row.attributes == null ? ResourceHandler.attributes()
                        : HearthJson.readTree(row.attributes)));
        JsonNode stackId = stack.outputs().get(TemplateResourceType.STACK_ID);
        attributes.put(TemplateResourceType.STACK_ID, stack.id());
        String reference = stackId != null && stackId.isTextual() ? stackId.textValue()
                : "arn:openstack:heat::" + URLEncoder.encode(call.stack().tenant, StandardCharsets.UTF_8)
                        + ":stacks/" + stack.stack().name + "/" + stack.id();
        return new Outcome.Complete(stack.id(), reference, attributes);
    }

    @Override
    public Outcome.Failed failed(ResourceCall call, NestedStack stack) {
        if (call.row().template != null) {
            return NestedStackSweeps.super.failed(call, stack);
        }
        // RemoteStack._check_action_complete: ResourceInError
        return Outcome.failed(call.name(), "ResourceInError", "Went to status "
                + stack.stack().action.with(stack.stack().status) + " due to \"" + stack.stack().statusReason + "\"");
    }

    /** Creates or updates the nested stack from the template and the properties. */
    private Uni<Outcome> start(ResourceCall call, boolean update) {
        JsonNode template;
        JsonNode parameters;
        Integer timeout = null;
        String registryType = null;
        try {
            if (call.row().template != null) {
                String name = call.row().template;
                template = nested.fileTemplate(call, name);
                parameters = childParameters(call.properties());
                registryType = call.row().type;
                call.row().data = HearthJson.write(JsonNodeFactory.instance.objectNode().put("template",
                        digest(name, StackPlans.planOf(call.stack()).files().get(name))));
            } else {
                JsonNode text = call.property("template");
                template = nested.textTemplate(text == null ? "" : text.asText());
                parameters = call.property("parameters");
                timeout = call.property("timeout") == null ? null : call.property("timeout").asInt();
            }
        } catch (TemplateException e) {
            return Uni.createFrom().item(Outcome.failed(call.name(), "StackValidationFailed", String.join("\n",
                    e.problems().stream().map(TemplateProblem::toString).toList())));
        }
        return update ? nested.update(call, template, parameters, timeout, registryType, this)
                : nested.create(call, template, parameters, timeout, registryType, this);
    }

    /** Heat's {@code TemplateResource.child_params}: every property that has a value. */
    private static JsonNode childParameters(JsonNode properties) {
        ObjectNode parameters = JsonNodeFactory.instance.objectNode();
        if (properties != null) {
            properties.fields().forEachRemaining(e -> {
                if (!e.getValue().isNull()) {
                    parameters.set(e.getKey(), e.getValue());
                }
            });
        }
        return parameters;
    }

    private static String digest(String name, String text) {
        return Digests.sha256(name, text == null ? "" : text);
    }
}
