package io.hearth.hot.functions;

import static io.hearth.hot.functions.Evaluation.item;
import static io.hearth.hot.functions.Evaluation.problem;
import static io.hearth.hot.functions.HotVersion.V2015_10_15;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.functions.FunctionTable.Mode;
import io.hearth.hot.py.Py;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The functions that read what a template does not hold: {@code get_param}, {@code get_resource},
 * {@code get_attr} and {@code get_file} (Heat's {@code GetParam}, {@code GetResource}, {@code GetAtt*} and
 * {@code GetFile}), and CFN's {@code Ref} and {@code Fn::GetAtt}. A reference to a resource waits for run time until the context's
 * {@link RuntimeResolver} knows it.
 */
final class References {

    private References() {
    }

    static JsonNode getParam(Evaluation ev, JsonNode raw, Path at, Mode mode) {
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending("get_param", args);
        }
        if (!Py.truthy(args)) {
            throw problem("Function \"get_param\" must have arguments");
        }
        JsonNode name;
        List<JsonNode> path = new ArrayList<>();
        if (args.isTextual()) {
            name = args;
        } else if (args.isArray()) {
            name = args.get(0);
            for (int i = 1; i < args.size(); i++) {
                path.add(args.get(i));
            }
        } else {
            throw problem("Argument to \"get_param\" must be string or list");
        }
        if (!name.isTextual()) {
            throw problem("Parameter name in \"get_param\" must be string");
        }
        JsonNode value = ev.ctx.parameter(name.textValue());
        if (value == null) {
            throw problem("The Parameter (" + name.textValue() + ") was not provided.");
        }
        for (JsonNode key : path) {
            value = AttributePath.step(value, key, true);
            if (value == null) {
                return TextNode.valueOf("");
            }
        }
        ev.budget.reserve(ev.budget.inputSize(value));
        return value.deepCopy();
    }

    static JsonNode getResource(Evaluation ev, JsonNode raw, Path at, Mode mode) {
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending("get_resource", args);
        }
        return resource(ev, "get_resource", args, at);
    }

    /**
     * CFN's {@code Ref} (Heat's {@code cfn_funcs.Ref}): a resource's reference when it names one of the
     * template's resources, else a parameter's value ({@code ParamRef}, the only form conditions have).
     */
    static JsonNode ref(Evaluation ev, JsonNode raw, Path at, Mode mode) {
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending("Ref", args);
        }
        boolean resource = mode == Mode.TEMPLATE && args.isTextual()
                && ev.ctx.resourceNames().map(names -> names.contains(args.textValue())).orElse(true);
        if (resource) {
            return resource(ev, "Ref", args, at);
        }
        JsonNode value = args.isTextual() ? ev.ctx.parameter(args.textValue()) : null;
        if (value == null) {
            if (args.isTextual() && ev.ctx.declaredParameters().contains(args.textValue())) {
                throw problem("The Parameter (" + args.textValue() + ") was not provided.");
            }
            throw problem("The specified reference \"" + Py.str(args) + "\" (in unknown) is incorrect.");
        }
        ev.budget.reserve(ev.budget.inputSize(value));
        return value.deepCopy();
    }

    /** A resource's reference id, or the call kept until run time. */
    private static JsonNode resource(Evaluation ev, String fn, JsonNode args, Path at) {
        String name = resourceName(ev, args, at);
        return ev.ctx.resolver().resource(name).map(v -> (JsonNode) v.deepCopy())
                .orElseGet(() -> ev.pending(fn, args));
    }

    /** {@code get_attr}, and CFN's {@code Fn::GetAtt}, which takes exactly a resource and an attribute. */
    static JsonNode getAttr(Evaluation ev, String fn, JsonNode raw, Path at, Mode mode) {
        boolean cfn = !fn.equals("get_attr");
        boolean allAttributesForm = !cfn && ev.version.atLeast(V2015_10_15);
        boolean call = ev.isCall(raw, mode);
        if (cfn) {
            if (!raw.isArray() || raw.size() != 2) {
                throw problem("Arguments to \"" + fn + "\" must be of the form [resource_name, attribute]");
            }
        } else if (!allAttributesForm) {
            if (!raw.isArray()) {
                throw problem("Argument to \"get_attr\" must be a list");
            }
            if (raw.size() < 2) {
                throw problem("Arguments to \"get_attr\" must be of the form [resource_name, attribute, (path), ...]");
            }
        } else {
            if (!call && !Py.truthy(raw)) {
                throw problem("Arguments to \"get_attr\" can be of the next forms: [resource_name] or "
                        + "[resource_name, attribute, (path), ...]");
            }
            if (call || !(raw.isArray() || raw.isTextual())
                    || (raw.isTextual() && Py.len(raw.textValue()) > 1)) {
                throw problem("Argument to \"get_attr\" must be a list");
            }
        }
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending(fn, args);
        }
        JsonNode resource;
        JsonNode attribute = null;
        List<JsonNode> path = new ArrayList<>();
        if (args.isTextual()) {
            resource = args; // Heat reads a one-character string as [resource_name]
        } else {
            resource = item(args, 0);
            if (args.size() > 1 || !allAttributesForm) {
                attribute = item(args, 1);
                for (int i = 2; i < args.size(); i++) {
                    path.add(args.get(i));
                }
            }
        }
        String name = resourceName(ev, resource, at);
        Optional<JsonNode> value;
        if (attribute == null) {
            value = ev.ctx.resolver().attributes(name);
        } else {
            if (!attribute.isTextual()) {
                throw problem("The Referenced Attribute (" + name + " " + Py.str(attribute) + ") is incorrect.");
            }
            value = ev.ctx.resolver().attribute(name, attribute.textValue(), List.copyOf(path));
        }
        return value.map(v -> {
            ev.budget.reserve(ev.budget.size(v));
            return (JsonNode) v.deepCopy();
        }).orElseGet(() -> ev.pending(fn, args));
    }

    /** A referenced resource's name; refused as Heat refuses it when it is no resource of the template. */
    private static String resourceName(Evaluation ev, JsonNode name, Path at) {
        boolean known = name.isTextual()
                && ev.ctx.resourceNames().map(names -> names.contains(name.textValue())).orElse(true);
        if (!known) {
            throw problem("The specified reference \"" + Py.str(name) + "\" (in " + referenceKey(at)
                    + ") is incorrect.");
        }
        return name.textValue();
    }

    /** Heat's name for the place of a reference: {@code web.Properties} for a resource's properties. */
    private static String referenceKey(Path at) {
        List<Object> segments = at.segments();
        if (segments.size() >= 3 && "resources".equals(segments.get(0)) && segments.get(2) instanceof String s) {
            String section = switch (s) {
                case "properties" -> "Properties";
                case "metadata" -> "Metadata";
                case "update_policy" -> "UpdatePolicy";
                case "deletion_policy" -> "DeletionPolicy";
                default -> s;
            };
            return segments.get(1) + "." + section;
        }
        String full = at.toString();
        int dot = full.lastIndexOf('.');
        return dot > 0 ? full.substring(0, dot) : full;
    }

    static JsonNode getFile(Evaluation ev, JsonNode raw, Path at, Mode mode) {
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending("get_file", args);
        }
        if (!args.isTextual()) {
            throw problem("Argument to \"get_file\" must be a string");
        }
        String content = ev.ctx.files().get(args.textValue());
        if (content == null) {
            throw problem("No content found in the \"files\" section for get_file path: " + args.textValue());
        }
        ev.budget.reserve(0, content.length(), true);
        return TextNode.valueOf(content);
    }

    /** HOT's facade attributes; CFN names them Metadata, DeletionPolicy and UpdatePolicy. */
    private static final List<String> FACADE = List.of("metadata", "deletion_policy", "update_policy");
    private static final List<String> CFN_FACADE = List.of("Metadata", "DeletionPolicy", "UpdatePolicy");

    /**
     * Heat's {@code ResourceFacade}: the metadata, deletion policy or update policy of the resource whose nested
     * stack this is ({@link EvaluationContext#facade}).
     */
    static JsonNode resourceFacade(Evaluation ev, String fn, JsonNode raw) {
        List<String> allowed = fn.equals("resource_facade") ? FACADE : CFN_FACADE;
        int index = raw.isTextual() ? allowed.indexOf(raw.textValue()) : -1;
        if (index < 0) {
            throw problem("Incorrect arguments to \"" + fn + "\" should be one of: " + String.join(", ", allowed));
        }
        JsonNode facade = ev.ctx.facade().orElseThrow(() -> problem("\"" + fn
                + "\" is only available in the template of a template resource (a nested stack)"));
        JsonNode value = facade.get(FACADE.get(index));
        if (value == null || value.isNull()) {
            return index == 1 ? TextNode.valueOf("Delete") : JsonNodeFactory.instance.objectNode();
        }
        return value;
    }
}
