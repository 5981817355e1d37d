package io.hearth.hot.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.plan.PlannedOutput;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.hot.CfnOutline;
import io.hearth.hot.TemplateException;
import io.hearth.hot.TemplateParser;
import io.hearth.hot.TemplateProblem;
import io.hearth.hot.functions.EvaluationContext;
import io.hearth.hot.functions.EvaluationLimits;
import io.hearth.hot.functions.Evaluator;
import io.hearth.hot.functions.ExpressionException;
import io.hearth.hot.functions.HotVersion;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.params.ParameterResolver;
import io.hearth.hot.params.ResolvedParameters;
import io.hearth.hot.read.SourcePath;
import io.hearth.hot.read.TemplateReader;
import io.hearth.hot.types.ResourceRegistry;
import io.hearth.hot.types.ResourceValidator;
import io.hearth.hot.types.TypeResolution;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a validated template (HOT, or CFN through its {@link CfnOutline}), its environment and the user's
 * parameters into a plan:
 * parameter values resolved and checked against their constraints, every static intrinsic
 * function evaluated (runtime references stay as function nodes for deployment-service), each resource's type mapped through the environment and its properties checked
 * against the type's schema, each resource's dependencies (depends_on, get_resource,
 * get_attr) found and the resources put in an order that respects them. Every problem is
 * reported, not only the first. Evaluation is held to {@link EvaluationLimits}: each function's
 * result, and all the resources' and outputs' evaluated values together.
 */
public final class StackPlanner {

    /** What {@code get_param} says of a parameter without a value. */
    /** A problem with a property's value, directly in a template: {@code resources.R.properties.P...}. */
    private static final Pattern NESTED_VALUE_PATH = Pattern.compile("(resources\\.[^.<]+)\\.properties\\..+");
    private static final Pattern NOT_PROVIDED = Pattern.compile("The Parameter \\(.*\\) was not provided\\.");

    /** Heat's {@code max_nested_stack_depth}: how deep stacks may nest below the top one. */
    public static final int MAX_NESTED_DEPTH = 5;

    /**
     * The types whose resources make stacks at run time from the stack's {@code files} and environment, which
     * the plan then carries (as it does for a template resource).
     */
    static final Set<String> NEEDS_FILES = Set.of("OS::Heat::Stack", "OS::Heat::ResourceGroup",
            "OS::Heat::AutoScalingGroup", "OS::Heat::ResourceChain");

    private final EvaluationLimits limits;
    private final TemplateReader reader;
    private final TemplateParser parser;

    /** A planner evaluating under the default limits. */
    public StackPlanner() {
        this(EvaluationLimits.DEFAULTS);
    }

    /** A planner evaluating under the given limits (the service's, from {@code hearth.template.limits}). */
    public StackPlanner(EvaluationLimits limits) {
        this(limits, new TemplateReader());
    }

    /**
     * A planner evaluating under the given limits that reads nested templates (of template resources and
     * {@code OS::Heat::Stack}) with that reader, under its limits.
     */
    public StackPlanner(EvaluationLimits limits, TemplateReader reader) {
        this.limits = limits;
        this.reader = reader;
        this.parser = new TemplateParser(reader.options());
    }

    /**
     * Plans a template.
     *
     * @param template          the validated template
     * @param environment       the stack's environment, or null
     * @param requestParameters the request's parameters, or null
     * @param files             the request's files by name (what get_file reads)
     * @param stack             the stack's name, id and tenant (OS::stack_name, ...)
     * @throws TemplateException with every problem found
     */
    public StackPlan plan(JsonNode template, JsonNode environment, Map<String, JsonNode> requestParameters,
            Map<String, String> files, StackIdentity stack, Integer timeoutMins, boolean disableRollback) {
        return plan(template, environment, requestParameters, files, stack, timeoutMins, disableRollback, true, 0,
                null);
    }

    /**
     * Checks a template as Heat's template-validate does (a stack with {@code strict_validate}
     * off): everything {@link #plan} checks, except that parameters need no values and the values
     * given are not checked against their constraints; a {@code get_param} of a parameter without
     * a value is not an error.
     *
     * @param template    the validated template
     * @param environment the environment, or null
     * @param files       the files by name (what get_file reads)
     * @param stack       the stack's name, id and tenant as far as they are known
     * @throws TemplateException with every problem found
     */
    public void validate(JsonNode template, JsonNode environment, Map<String, String> files, StackIdentity stack) {
        plan(template, environment, null, files, stack, null, true, false, 0, null);
    }

    /**
     * Plans a nested stack at run time (deployment-service, as a template resource, {@code OS::Heat::Stack} or a
     * group creates or updates it): as {@link #plan}, with rollback disabled as Heat's nested stacks have it.
     *
     * @param template    the nested template ({@link #readNested})
     * @param environment its environment ({@link ChildEnvironment}): the parameters are its values
     * @param files       the top stack's files
     * @param stack       the nested stack's name, id and tenant
     * @param depth       how deep it nests: 1 for a child of a top stack
     * @param facade      the parent resource as {@code resource_facade} reads it ({@link #facade}); null for none
     * @throws TemplateException with every problem found
     */
    public StackPlan planNested(JsonNode template, JsonNode environment, Map<String, String> files,
            StackIdentity stack, Integer timeoutMins, int depth, JsonNode facade) {
        if (depth > MAX_NESTED_DEPTH) {
            throw new TemplateException("Recursion depth exceeds " + MAX_NESTED_DEPTH + ".");
        }
        return plan(template, environment, null, files, stack, timeoutMins, true, true, depth, facade);
    }

    /** A nested stack as an update preview sees it: its template and its plan. */
    public record Nested(JsonNode template, StackPlan plan) {
    }

    /**
     * The nested stack a template resource of a plan would have, as Heat's update preview builds it in memory
     * ({@code preview_resources}): its template is the plan's file, its parameters the resource's properties known
     * at plan time (those holding no runtime reference), in the environment Heat gives a child, planned as
     * template-validate plans (a parameter may lack its value).
     *
     * @param stack the nested stack's name, id and tenant
     * @param depth how deep it nests: 1 for a child of a top stack
     * @return null when the resource is not a template resource or its nested stack cannot be planned
     */
    public Nested previewNested(StackPlan parent, PlannedResource resource, StackIdentity stack, int depth) {
        String text = resource.template() == null ? null : parent.files().get(resource.template());
        if (text == null || depth > MAX_NESTED_DEPTH) {
            return null;
        }
        try {
            JsonNode template = readNested(resource.template(), text);
            ObjectNode parameters = (ObjectNode) staticValues(resource.properties());
            parameters.properties().removeIf(e -> e.getValue().isNull()); // as the engine passes them
            JsonNode environment = ChildEnvironment.of(parent.environment(), parameters, resource.name(),
                    resource.type());
            return new Nested(template, plan(template, environment, null, parent.files(), stack,
                    parent.timeoutMins(), true, false, depth,
                    facade(resource.metadata(), resource.deletionPolicy(), resource.updatePolicy())));
        } catch (TemplateException e) {
            return null;
        }
    }

    /**
     * Reads a nested template: a file of the stack's {@code files} by name, or (name null) a template given as
     * text, under the reader's limits, its outline checked.
     *
     * @throws TemplateException with every problem found
     */
    public JsonNode readNested(String name, String text) {
        NestedTemplates.Read read = new NestedTemplates(reader, parser, Map.of(), null).text(name, text);
        if (read.template() == null) {
            throw new TemplateException(read.problems());
        }
        return read.template();
    }

    /** Plans a template of either format: a CFN template through its outline, its problems in its own terms. */
    private StackPlan plan(JsonNode template, JsonNode environment, Map<String, JsonNode> requestParameters,
            Map<String, String> files, StackIdentity stack, Integer timeoutMins, boolean disableRollback,
            boolean strict, int depth, JsonNode facade) {
        try {
            return planOutline(CfnOutline.hot(template), environment, requestParameters, files, stack, timeoutMins,
                    disableRollback, strict, depth, facade);
        } catch (TemplateException e) {
            throw CfnOutline.written(template, e);
        }
    }

    private StackPlan planOutline(JsonNode template, JsonNode environment, Map<String, JsonNode> requestParameters,
            Map<String, String> files, StackIdentity stack, Integer timeoutMins, boolean disableRollback,
            boolean strict, int depth, JsonNode facade) {
        List<TemplateProblem> problems = new ArrayList<>();
        ResolvedParameters resolved = ParameterResolver.resolve(template, environment, requestParameters);
        problems.addAll(strict ? resolved.problems() : resolved.definitionProblems());
        Map<String, JsonNode> parameters = resolved.values();
        // a parameter that is defined but whose value was refused is reported once, where it is defined
        Set<String> refused = new LinkedHashSet<>(resolved.section().parameters().keySet());
        refused.removeAll(parameters.keySet());
        ResourceRegistry registry = ResourceRegistry.fromEnvironment(environment);
        problems.addAll(registry.problems());
        NestedTemplates nested = new NestedTemplates(reader, parser, files,
                environment == null ? null : environment.get("parameter_defaults"));
        ResourceValidator validator = new ResourceValidator(registry, files.keySet(), nested::type);
        boolean needsFiles = false;
        JsonNode resources = template.path("resources");
        Set<String> names = new LinkedHashSet<>();
        resources.fieldNames().forEachRemaining(names::add);
        EvaluationContext context = EvaluationContext.builder(HotVersion.ofPlan(template.get(HotVersion.KEY).asText()))
                .parameters(parameters).declaredParameters(resolved.section().parameters().keySet()).files(files)
                .conditions(template.get("conditions")).mappings(template.get("Mappings")).stack(stack)
                .resourceNames(names).limits(limits).facade(facade).build();
        Sections sections = new Sections(context, problems, refused);
        Map<String, PlannedResource> planned = new LinkedHashMap<>();
        Map<String, Set<String>> explicitDependencies = new LinkedHashMap<>();
        // template resources refused for not offering their facade's interface: their attributes are not checked
        Set<String> unlikeFacade = new LinkedHashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = resources.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> entry = it.next();
            String name = entry.getKey();
            JsonNode definition = entry.getValue();
            String path = "resources." + name;
            if (definition.has("condition")
                    && !sections.enabled(definition.get("condition"), "resources", name, "condition")) {
                continue;
            }
            JsonNode properties = sections.evaluate(definition.get("properties"), "resources", name, "properties");
            JsonNode metadata = sections.evaluate(definition.get("metadata"), "resources", name, "metadata");
            JsonNode policy = definition.get("deletion_policy");
            JsonNode updatePolicy = definition.hasNonNull("update_policy")
                    ? sections.evaluate(definition.get("update_policy"), "resources", name, "update_policy") : null;
            Set<String> dependsOn = new LinkedHashSet<>();
            JsonNode explicit = definition.get("depends_on");
            if (explicit != null) {
                (explicit.isArray() ? explicit : JsonNodeFactory.instance.arrayNode().add(explicit))
                        .forEach(d -> dependsOn.add(d.asText()));
            }
            explicitDependencies.put(name, Set.copyOf(dependsOn));
            for (String target : dependsOn) {
                if (!resources.has(target)) {
                    // Heat's InvalidTemplateReference, keyed by the resource's name
                    problems.add(new TemplateProblem(path + ".depends_on", "The specified reference \"" + target
                            + "\" (in " + name + ") is incorrect."));
                }
            }
            // get_resource and get_attr to a resource not in the template were refused as they were evaluated
            Set<String> implied = new LinkedHashSet<>();
            collectReferences(properties, implied);
            collectReferences(metadata, implied);
            implied.stream().filter(resources::has).forEach(dependsOn::add);
            if (dependsOn.contains(name)) {
                problems.add(new TemplateProblem(path, "a resource cannot depend on itself"));
            }
            checkAttributes(validator, resources, properties, path + ".properties", unlikeFacade, problems);
            checkAttributes(validator, resources, metadata, path + ".metadata", unlikeFacade, problems);
            List<TemplateProblem> invalid = validator.validate(name, withProperties(definition, properties));
            problems.addAll(invalid);
            TypeResolution type = validator.resolve(name, definition.get("type").asText());
            String templateName = null;
            if (type instanceof TypeResolution.NestedTemplate t && files.containsKey(t.template())) {
                templateName = t.template();
                NestedTemplates.Read read = nested.read(templateName);
                read.problems().forEach(p -> problems.add(new TemplateProblem(path, p.toString())));
                if (read.template() != null && invalid.isEmpty()) {
                    int before = problems.size();
                    checkNested(read.template(), ChildEnvironment.of(environment, staticValues(properties), name,
                            t.requested()), files, stack, name, path + "<" + templateName + ">", depth,
                            facade(metadata, policy == null ? null : policy.asText(), updatePolicy), problems);
                    // Heat checks the facade once the nested stack is valid, and names no path
                    if (problems.size() == before) {
                        registry.facade(t.requested(), name)
                                .flatMap(like -> nested.facadeProblem(t, read.template(), like))
                                .ifPresent(message -> {
                                    problems.add(new TemplateProblem("", message));
                                    unlikeFacade.add(name);
                                });
                    }
                }
            } else if (type instanceof TypeResolution.Resolved r && NEEDS_FILES.contains(r.type().name())) {
                needsFiles = true;
                if (r.type().name().equals("OS::Heat::Stack") && invalid.isEmpty()) {
                    checkInlineStack(nested, properties, environment, files, stack, name, path, depth, problems);
                }
                if (r.type().name().equals("OS::Heat::ResourceGroup") && invalid.isEmpty()) {
                    checkGroupMember(properties, environment, files, stack, name, path, depth, problems);
                }
            }
            needsFiles |= templateName != null;
            planned.put(name, new PlannedResource(name,
                    type instanceof TypeResolution.Resolved r ? r.type().name() : type.requested(), properties,
                    List.copyOf(dependsOn), metadata, policy == null ? null : policy.asText(), templateName,
                    updatePolicy, List.copyOf(registry.restrictedActions(name)))
                    .withHooks(List.copyOf(registry.hooks(name))));
        }
        Map<String, PlannedOutput> outputs = new LinkedHashMap<>();
        template.path("outputs").fields().forEachRemaining(entry -> {
            JsonNode output = entry.getValue();
            if (output.has("condition")
                    && !sections.enabled(output.get("condition"), "outputs", entry.getKey(), "condition")) {
                return;
            }
            JsonNode description = output.get("description");
            JsonNode value = sections.evaluate(output.get("value"), "outputs", entry.getKey(), "value");
            checkAttributes(validator, resources, value, "outputs." + entry.getKey() + ".value", unlikeFacade,
                    problems);
            outputs.put(entry.getKey(), new PlannedOutput(description == null ? null : description.asText(), value));
        });
        if (!strict) {
            problems.removeIf(problem -> NOT_PROVIDED.matcher(problem.message()).matches());
        }
        if (!problems.isEmpty()) {
            throw new TemplateException(problems);
        }
        JsonNode description = template.get("description");
        return new StackPlan(template.get("heat_template_version").asText(),
                description == null ? null : description.asText(), parameters,
                DependencyOrder.sort(LiveReferences.split(withoutDisabled(planned), explicitDependencies)), outputs,
                timeoutMins, disableRollback,
                needsFiles ? files : null, needsFiles ? environment : null);
    }

    /**
     * Heat's {@code validate_nested_stack}: the nested template validated as template-validate does (its
     * parameters given the values known now), each of its problems reported under {@code prefix}
     * ({@code resources.NAME<file.yaml>}); a stack nested deeper than {@link #MAX_NESTED_DEPTH} is refused.
     */
    private void checkNested(JsonNode nestedTemplate, JsonNode environment, Map<String, String> files,
            StackIdentity stack, String resourceName, String prefix, int depth, JsonNode facade,
            List<TemplateProblem> problems) {
        if (depth >= MAX_NESTED_DEPTH) {
            problems.add(new TemplateProblem(prefix, "Recursion depth exceeds " + MAX_NESTED_DEPTH + "."));
            return;
        }
        StackIdentity child = stack == null ? null
                : new StackIdentity(stack.name() + "-" + resourceName, null, stack.projectId());
        try {
            plan(nestedTemplate, environment, null, files, child, null, true, false, depth + 1, facade);
        } catch (TemplateException e) {
            e.problems().forEach(p -> problems.add(underNestedResource(prefix, p)));
        }
    }

    /**
     * A nested stack's problem under {@code prefix}. Heat validates a nested stack without its property values
     * ({@code strict_validate = False}): a bad value surfaces from the resource reading it, at the resource with
     * an empty path of its own ({@code resources.R: : Value 'BAD' is not an integer}), so a value problem is
     * worded that way here; problems of the properties' keys keep their path.
     */
    private static TemplateProblem underNestedResource(String prefix, TemplateProblem problem) {
        String path = problem.path() == null ? "" : problem.path();
        Matcher value = NESTED_VALUE_PATH.matcher(path);
        if (value.matches()) {
            return new TemplateProblem(prefix + "." + value.group(1), ": " + problem.message());
        }
        return new TemplateProblem(path.isEmpty() ? prefix : prefix + "." + path, problem.message());
    }

    /** An {@code OS::Heat::Stack} whose {@code template} is known now: read and validated as a nested one. */
    private void checkInlineStack(NestedTemplates nested, JsonNode properties, JsonNode environment,
            Map<String, String> files, StackIdentity stack, String name, String path, int depth,
            List<TemplateProblem> problems) {
        JsonNode text = properties == null ? null : properties.get("template");
        if (text == null || !text.isTextual()) {
            return;
        }
        NestedTemplates.Read read = nested.text(null, text.textValue());
        read.problems().forEach(p -> problems.add(new TemplateProblem(path + ".properties.template", p.toString())));
        if (read.template() != null) {
            checkNested(read.template(), ChildEnvironment.of(environment, staticValues(properties.get("parameters")),
                    name, null), files, stack, name, path + "<nested_stack>", depth, null, problems);
        }
    }

    /**
     * Heat's {@code ResourceGroup.validate_nested_stack}: when the group has members ({@code count} above 0), its
     * nested stack holding only the first member (named {@code "0"}, or the first name {@code removal_policies}
     * does not skip; {@code index_var} replaced) is validated as a nested one ({@code resources.NAME<nested_stack>}),
     * so an invalid member definition is refused before anything is created; with {@code count: 0} it is not
     * validated at all (a feature switched off by a zero count). A definition that reads another resource (known
     * only at run time) or a count known only then is left to run time.
     */
    private void checkGroupMember(JsonNode properties, JsonNode environment, Map<String, String> files,
            StackIdentity stack, String name, String path, int depth, List<TemplateProblem> problems) {
        if (properties == null || hasRuntimeReference(properties)) {
            return;
        }
        JsonNode count = properties.get("count");
        long size = count == null || count.isNull() ? 1 : count.isNumber() ? count.asLong() : -1;
        if (count != null && count.isTextual() && count.asText().strip().matches("[+-]?\\d+")) {
            size = Long.parseLong(count.asText().strip());
        }
        JsonNode definition = properties.get("resource_def");
        if (size <= 0 || definition == null || !definition.isObject() || !definition.path("type").isTextual()) {
            return;
        }
        Set<String> skipped = new LinkedHashSet<>();
        properties.path("removal_policies").forEach(policy -> policy.path("resource_list")
                .forEach(member -> skipped.add(member.asText())));
        int first = 0;
        while (skipped.contains(String.valueOf(first))) {
            first++;
        }
        String member = String.valueOf(first);
        String indexVar = properties.path("index_var").isTextual() ? properties.get("index_var").asText() : "%index%";
        ObjectNode template = JsonNodeFactory.instance.objectNode();
        template.put("heat_template_version", "2015-04-30");
        template.putObject("resources").set(member, GroupMemberDefinition.of(definition, indexVar, member));
        checkNested(template, ChildEnvironment.of(environment, null, name, null), files, stack, name,
                path + "<nested_stack>", depth, null, problems);
    }

    /**
     * A template resource as its nested stack's {@code resource_facade} reads it (Heat's {@code parent_resource}):
     * its metadata, deletion policy and update policy, each null when the resource has none.
     */
    public static JsonNode facade(JsonNode metadata, String deletionPolicy, JsonNode updatePolicy) {
        ObjectNode facade = JsonNodeFactory.instance.objectNode();
        facade.set("metadata", metadata);
        facade.put("deletion_policy", deletionPolicy);
        facade.set("update_policy", updatePolicy);
        return facade;
    }

    /** The values known at plan time: those holding no runtime reference (get_resource, get_attr). */
    private static JsonNode staticValues(JsonNode values) {
        ObjectNode known = JsonNodeFactory.instance.objectNode();
        if (values != null && values.isObject()) {
            values.fields().forEachRemaining(e -> {
                if (!hasRuntimeReference(e.getValue())) {
                    known.set(e.getKey(), e.getValue());
                }
            });
        }
        return known;
    }

    private static boolean hasRuntimeReference(JsonNode value) {
        if (value.isObject() && (value.has("get_resource") || value.has("get_attr"))) {
            return true;
        }
        for (JsonNode child : value) {
            if (hasRuntimeReference(child)) {
                return true;
            }
        }
        return false;
    }

    /** The definition with its properties as planned (get_param resolved), for validation. */
    private static JsonNode withProperties(JsonNode definition, JsonNode properties) {
        ObjectNode copy = ((ObjectNode) definition).deepCopy();
        if (properties == null) {
            copy.remove("properties");
        } else {
            copy.set("properties", properties);
        }
        return copy;
    }

    /**
     * Evaluates a template's sections one after another under one budget (what those before hold counts
     * against the limits), and records each section's problem.
     */
    private static final class Sections {
        private final Evaluator evaluator;
        private final List<TemplateProblem> problems;
        private final Set<String> refusedParameters;

        Sections(EvaluationContext context, List<TemplateProblem> problems, Set<String> refusedParameters) {
            this.evaluator = new Evaluator(context);
            this.problems = problems;
            this.refusedParameters = refusedParameters;
        }

        /** The value with every static function evaluated; runtime references stay as function nodes. */
        JsonNode evaluate(JsonNode value, String... location) {
            if (value == null) {
                return null;
            }
            try {
                return evaluator.evaluate(value, location);
            } catch (ExpressionException e) {
                boolean alreadyReported = refusedParameters.stream()
                        .anyMatch(p -> e.heatMessage().equals("The Parameter (" + p + ") was not provided."));
                if (!alreadyReported) {
                    problems.add(new TemplateProblem(e.path(), e.heatMessage()));
                }
                return value;
            }
        }

        /** Whether a resource's or output's {@code condition} holds; a bad condition is a problem. */
        boolean enabled(JsonNode condition, String... location) {
            try {
                return evaluator.evaluateCondition(condition, location);
            } catch (ExpressionException e) {
                problems.add(new TemplateProblem(e.path(), e.heatMessage()));
                return true;
            }
        }
    }

    /**
     * Heat's check of each {@code get_attr} against the referenced resource's type: an attribute
     * the type does not have is refused ({@code The Referenced Attribute (pw valeu) is incorrect.}).
     * References to resources not in the template were already refused by the evaluation; those to the
     * {@code unchecked} resources (already refused) are not checked.
     */
    private static void checkAttributes(ResourceValidator validator, JsonNode resources, JsonNode value, String path,
            Set<String> unchecked, List<TemplateProblem> problems) {
        if (value == null) {
            return;
        }
        if (value.isObject()) {
            String fn = value.size() == 1 ? value.fieldNames().next() : "";
            if ((fn.equals("get_attr") || fn.equals("Fn::GetAtt")) && value.get(fn).isArray()
                    && resources.has(value.get(fn).path(0).asText())
                    && !unchecked.contains(value.get(fn).path(0).asText())) {
                validator.checkGetAttr(SourcePath.key(path, fn), value.get(fn), resources).ifPresent(problems::add);
            }
            value.fields().forEachRemaining(e -> checkAttributes(validator, resources, e.getValue(),
                    SourcePath.key(path, e.getKey()), unchecked, problems));
        } else if (value.isArray()) {
            for (int i = 0; i < value.size(); i++) {
                checkAttributes(validator, resources, value.get(i), SourcePath.index(path, i), unchecked, problems);
            }
        }
    }

    /**
     * The resources with their dependencies on resources whose condition is false dropped: Heat
     * allows such references (they resolve to nothing) and creates the rest without waiting.
     */
    private static Map<String, PlannedResource> withoutDisabled(Map<String, PlannedResource> planned) {
        Map<String, PlannedResource> kept = new LinkedHashMap<>();
        planned.forEach((name, r) -> kept.put(name, r.dependsOn().stream().allMatch(planned::containsKey) ? r
                : r.withDependsOn(r.dependsOn().stream().filter(planned::containsKey).toList())));
        return kept;
    }

    /**
     * Adds the resources a value refers to ({@code get_resource}, {@code get_attr} and their CFN forms), at any
     * depth.
     */
    static void collectReferences(JsonNode node, Set<String> into) {
        if (node == null) {
            return;
        }
        if (node.isObject() && node.size() == 1) {
            if (node.has("get_resource") || node.has("Ref")) {
                into.add(node.elements().next().asText());
            } else if ((node.has("get_attr") || node.has("Fn::GetAtt")) && node.elements().next().isArray()) {
                into.add(node.elements().next().path(0).asText());
            }
        }
        node.elements().forEachRemaining(child -> collectReferences(child, into));
    }
}
