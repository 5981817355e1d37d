package io.hearth.template.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.hot.EnvironmentFiles;
import io.hearth.hot.HeatEnvironment;
import io.hearth.hot.params.ParameterParser;
import io.hearth.hot.params.ParameterType;
import io.hearth.hot.read.TemplateReader;
import io.hearth.platform.rest.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A request's {@code environment_files}: each read from the request's {@code files} and merged in order
 * over its parameters ({@link EnvironmentFiles}), the environment Heat builds when a request names them.
 */
@ApplicationScoped
public class EnvironmentFileMerge {

    private final TemplateReader reader;

    public EnvironmentFileMerge(TemplateReader reader) {
        this.reader = reader;
    }

    /**
     * The environment: the request's parameters, then each file merged over them.
     *
     * @param names      the request's {@code environment_files}, in order
     * @param files      where they are read from
     * @param parameters the request's parameters; may be null
     * @param template   the template, whose parameters' types decide how values merge
     * @throws ApiException 400 for a name not in {@code files} or a file that is no environment; Heat's
     *                      status, type and message for a merge Heat refuses
     */
    public ObjectNode merged(List<String> names, Map<String, String> files, Map<String, JsonNode> parameters,
            JsonNode template) {
        ObjectNode environment = HeatEnvironment.of(null, parameters);
        try {
            EnvironmentFiles.merge(environment, read(names, files), parameterTypes(template));
        } catch (EnvironmentFiles.MergeException e) {
            throw new ApiException(e.status(), e.errorType(), e.getMessage());
        }
        return environment;
    }

    private List<EnvironmentFiles.Read> read(List<String> names, Map<String, String> files) {
        List<EnvironmentFiles.Read> read = new ArrayList<>();
        for (String name : names) {
            String text = files == null ? null : files.get(name);
            if (text == null) {
                throw ApiException.badRequest(StackDefinitions.INVALID,
                        "environment_files: " + name + " is not in the files");
            }
            JsonNode document;
            try {
                document = StackDefinitions.document(reader.readEnvironment(text));
            } catch (ApiException e) {
                throw ApiException.badRequest(StackDefinitions.INVALID,
                        "environment_files: " + name + ": " + e.getMessage());
            }
            read.add(new EnvironmentFiles.Read(name, document.isObject() ? (ObjectNode) document
                    : HearthJson.mapper().createObjectNode()));
        }
        return read;
    }

    /** The template's parameters and their types (what Heat's {@code param_schemata} gives a merge). */
    private static Map<String, ParameterType> parameterTypes(JsonNode template) {
        Map<String, ParameterType> types = new HashMap<>();
        ParameterParser.parse(template).parameters().forEach((name, definition) -> {
            if (definition.type() != null) {
                types.put(name, definition.type());
            }
        });
        return types;
    }
}
