package io.hearth.template.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.hot.HeatEnvironment;
import io.hearth.hot.TemplateException;
import io.hearth.hot.TemplateParser;
import io.hearth.hot.TemplateProblem;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.params.ParameterParser;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.ReadResult;
import io.hearth.hot.read.SourceLocation;
import io.hearth.hot.read.SourceMap;
import io.hearth.hot.read.TemplateReader;
import io.hearth.platform.rest.ApiException;
import io.hearth.template.domain.Stack;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads what a request defines for a stack (template, environment, parameters, files) and plans
 * it; create, update, preview and validate all go through here, so they accept and refuse the
 * same things with the same messages. Every problem is reported, each with its dotted path and,
 * when the template came as text, its line and column.
 */
@ApplicationScoped
public class StackDefinitions {

    /** Heat's error type for a template or environment that cannot be used. */
    public static final String INVALID = "StackValidationFailed";

    private final TemplateParser parser;
    private final StackPlanner planner;
    private final TemplateReader reader;
    private final EnvironmentFileMerge environmentFileMerge;

    public StackDefinitions(TemplateParser parser, StackPlanner planner, TemplateReader reader,
            EnvironmentFileMerge environmentFileMerge) {
        this.parser = parser;
        this.planner = planner;
        this.reader = reader;
        this.environmentFileMerge = environmentFileMerge;
    }

    /**
     * Reads a request's definition and checks the template's outline.
     *
     * @param template         the request's template: a JSON object, or YAML/JSON text; null when absent
     * @param templateUrl      the request's {@code template_url}, which Hearth does not fetch
     * @param fallbackTemplate the template to use when the request has none (a PATCH update keeps
     *                         the stack's); null when one is required
     * @param environment      the request's environment: an object, or YAML/JSON text; may be null
     * @param parameters       the request's parameters; may be null
     * @param files            the request's files; may be null
     * @throws ApiException 400 with every problem found
     */
    public StackDefinition read(JsonNode template, String templateUrl, JsonNode fallbackTemplate,
            JsonNode environment, Map<String, JsonNode> parameters, Map<String, String> files) {
        return read(template, templateUrl, fallbackTemplate, environment, null, parameters, files);
    }

    /**
     * Reads a request's definition, its {@code environment_files} merged in order as Heat merges them
     * (then the request's {@code environment} is not used, as in Heat), and checks the template's outline.
     *
     * @param environmentFiles names in {@code files} of environments to merge; null or empty for none
     * @throws ApiException 400 with every problem found; Heat's status, type and message for a merge Heat
     *                      refuses
     */
    public StackDefinition read(JsonNode template, String templateUrl, JsonNode fallbackTemplate,
            JsonNode environment, List<String> environmentFiles, Map<String, JsonNode> parameters,
            Map<String, String> files) {
        boolean given = template != null && !template.isNull();
        if (templateUrl != null && !given) {
            throw ApiException.badRequest("InvalidTemplateReference",
                    "template_url is not supported: send the template itself in 'template'");
        }
        if (!given && fallbackTemplate == null) {
            throw ApiException.badRequest("InvalidTemplateReference", "No template specified: send 'template'");
        }
        ReadResult read = given && template.isTextual() ? reader.readTemplate(template.asText()) : null;
        SourceMap sources = read == null ? null : read.sourceMap();
        JsonNode document = !given ? fallbackTemplate : read == null ? template : document(read);
        try {
            parser.validate(document);
        } catch (TemplateException e) {
            throw invalid(e, sources);
        }
        if (environmentFiles == null || environmentFiles.isEmpty()) {
            return new StackDefinition(document, sources, HeatEnvironment.of(environment(environment), parameters),
                    files);
        }
        return new StackDefinition(document, sources, environmentFileMerge.merged(environmentFiles, files,
                parameters, document), files);
    }

    /**
     * Plans a definition as stack create does.
     *
     * @throws ApiException 400 with every problem found
     */
    public StackPlan plan(StackDefinition definition, StackIdentity stack, Integer timeoutMins,
            boolean disableRollback) {
        try {
            return planner.plan(definition.template(), definition.environment(), null, definition.files(), stack,
                    timeoutMins, disableRollback);
        } catch (TemplateException e) {
            throw invalid(e, definition.sources());
        }
    }

    /**
     * Checks a definition as Heat's template-validate does: like {@link #plan}, except that
     * parameters need no values and the values given are not checked against their constraints.
     *
     * @throws ApiException 400 with every problem found
     */
    public void check(StackDefinition definition, StackIdentity stack) {
        check(definition, stack, false);
    }

    /**
     * {@link #check}, with Heat's {@code ignore_errors=99001}: resources whose type's service is absent
     * are no problem.
     */
    public void check(StackDefinition definition, StackIdentity stack, boolean ignoreUnavailable) {
        try {
            planner.validate(definition.template(), definition.environment(), definition.files(), stack);
        } catch (TemplateException e) {
            List<TemplateProblem> left = e.problems().stream()
                    .filter(problem -> !ignoreUnavailable || problem.errorType() == null).toList();
            if (!left.isEmpty()) {
                throw invalid(new TemplateException(left), definition.sources());
            }
        }
    }

    /**
     * What the definition asks for that Hearth accepts without checking (custom constraints that
     * look values up in OpenStack, ...), each located as problems are.
     */
    public static List<String> warnings(StackDefinition definition) {
        return ParameterParser.parse(definition.template()).warnings().stream()
                .map(warning -> located(warning, definition.sources())).toList();
    }

    /** Stores a definition and its plan in the stack: what stack show, template and update read. */
    /**
     * Keeps what the stack is defined as now ({@link Stack#previousDefinition}), so that a rollback of the update
     * about to be stored can put it back ({@link #restorePrevious}).
     */
    public static void keepPrevious(Stack stack) {
        ObjectNode kept = HearthJson.mapper().createObjectNode();
        kept.put("description", stack.description);
        kept.put("template", stack.template);
        kept.put("environment", stack.environment);
        kept.put("files", stack.files);
        kept.put("parameters", stack.parameters);
        kept.put("timeoutMins", stack.timeoutMins);
        kept.put("disableRollback", stack.disableRollback);
        stack.previousDefinition = HearthJson.write(kept);
    }

    /** Puts back the definition kept before the update that is being rolled back; nothing when none was kept. */
    public static void restorePrevious(Stack stack) {
        if (stack.previousDefinition == null) {
            return;
        }
        JsonNode kept = HearthJson.readTree(stack.previousDefinition);
        stack.description = kept.path("description").textValue();
        stack.template = kept.path("template").textValue();
        stack.environment = kept.path("environment").textValue();
        stack.files = kept.path("files").textValue();
        stack.parameters = kept.path("parameters").textValue();
        stack.timeoutMins = kept.path("timeoutMins").isNumber() ? kept.path("timeoutMins").intValue() : null;
        stack.disableRollback = kept.path("disableRollback").asBoolean(true);
        stack.previousDefinition = null;
    }

    public static void store(Stack stack, StackDefinition definition, StackPlan plan) {
        stack.description = plan.description();
        stack.template = HearthJson.write(definition.template());
        stack.environment = HearthJson.write(definition.environment());
        stack.files = definition.files().isEmpty() ? null : HearthJson.write(definition.files());
        stack.parameters = HearthJson.write(plan.parameters());
        stack.timeoutMins = plan.timeoutMins();
        stack.disableRollback = plan.disableRollback();
        stack.warnings = warnings(definition);
    }

    /** The request's environment read, or null when it sent none. */
    private JsonNode environment(JsonNode environment) {
        if (environment == null || environment.isNull()) {
            return null;
        }
        if (environment.isTextual()) {
            return document(reader.readEnvironment(environment.asText()));
        }
        List<TemplateProblem> problems = HeatEnvironment.check(environment);
        if (!problems.isEmpty()) {
            throw ApiException.badRequest(INVALID, String.join("\n", problems.stream()
                    .map(p -> p.path().isEmpty() ? p.message() : "environment." + p).toList()));
        }
        return environment;
    }

    /** The document read, or every problem of reading it, each with its line and column. */
    static JsonNode document(ReadResult read) {
        if (!read.ok()) {
            throw ApiException.badRequest(INVALID, String.join("\n", read.problems().stream()
                    .map(p -> withLocation(p, Optional.ofNullable(p.location()))).toList()));
        }
        return read.document();
    }

    /**
     * The 400 for a template's problems, each located in the template text when there was one. A problem
     * Heat reports with an error type of its own (a resource type whose service is absent:
     * {@code ResourceTypeUnavailable}) gives the answer its type and comes first, in Heat's words alone
     * (so a template with no other problem gets Heat's body exactly); the others follow as usual.
     */
    private static ApiException invalid(TemplateException e, SourceMap sources) {
        List<TemplateProblem> typed = e.problems().stream().filter(problem -> problem.errorType() != null).toList();
        List<String> messages = new ArrayList<>(typed.stream().map(TemplateProblem::message).toList());
        e.problems().stream().filter(problem -> problem.errorType() == null)
                .forEach(problem -> messages.add(located(problem, sources)));
        return ApiException.badRequest(typed.isEmpty() ? INVALID : typed.get(0).errorType(),
                String.join("\n", messages));
    }

    /** {@code path: message (template, line L, column C)} where the template text locates the path. */
    private static String located(TemplateProblem problem, SourceMap sources) {
        return withLocation(problem, sources == null || problem.path() == null || problem.path().isEmpty()
                ? Optional.empty() : sources.locateNearest(problem.path()));
    }

    private static String withLocation(Object problem, Optional<SourceLocation> where) {
        return where.map(location -> problem + " (" + location + ")").orElse(problem.toString());
    }
}
