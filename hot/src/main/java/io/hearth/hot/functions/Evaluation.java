package io.hearth.hot.functions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.hot.functions.FunctionTable.Kind;
import io.hearth.hot.functions.FunctionTable.Mode;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * One evaluation: walks a value, evaluates the function calls it can and keeps the others (those waiting
 * for a resource id or attribute) as expression nodes with their arguments evaluated. Each function
 * follows Heat's {@code heat/engine/hot/functions.py}: the argument checks Heat makes when it parses a
 * template run on the arguments as written (a nested call counts as a function, whatever it will return),
 * the checks of its {@code result()} run on the evaluated arguments.
 *
 * <p>This class walks values and dispatches each call to its family: {@link References},
 * {@link StringFunctions}, {@link Repeat}, {@link CollectionFunctions}, {@link DataFunctions} and
 * {@link Conditions}. The families share what an evaluation keeps (the context, the budget, the
 * expression nodes left for run time) through the helpers here.
 */
final class Evaluation {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A value that is not there: the false branch of a two-argument {@code if} (Heat's Ellipsis). */
    static final JsonNode ABSENT = MissingNode.getInstance();

    final EvaluationContext ctx;
    final HotVersion version;
    /** Whether the value has a location in the template (which decides where {@code if} is allowed). */
    final boolean located;
    final Budget budget;
    private final Set<JsonNode> unresolved = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Conditions conditions = new Conditions(this);

    Evaluation(EvaluationContext ctx, boolean located, Budget budget) {
        this.ctx = ctx;
        this.version = ctx.version();
        this.located = located;
        this.budget = budget;
    }

    /** A function's complaint; the caller adds where the function is. */
    static final class Problem extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Problem(String message) {
            super(message, null, false, false);
        }
    }

    JsonNode eval(JsonNode node, Path path, Mode mode) {
        if (node == null) {
            return NullNode.getInstance();
        }
        if (node.isObject()) {
            return evalObject(node, path, mode);
        }
        if (node.isArray()) {
            ArrayNode out = NODES.arrayNode(node.size());
            for (int i = 0; i < node.size(); i++) {
                JsonNode v = eval(node.get(i), path.index(i), mode);
                if (v.isMissingNode()) {
                    continue;
                }
                budget.put(null, v, path.index(i));
                out.add(v);
                if (!resolved(v)) {
                    unresolved.add(out);
                }
            }
            return out;
        }
        return node;
    }

    private JsonNode evalObject(JsonNode obj, Path path, Mode mode) {
        if (obj.size() == 1) {
            String name = obj.fieldNames().next();
            Kind kind = FunctionTable.kind(name, version, mode);
            if (kind != Kind.DATA) {
                Path at = path.key(name);
                switch (kind) {
                    case TOO_NEW -> throw new ExpressionException(at.toString(), "The function \"" + name
                            + "\" is not supported in " + HotVersion.KEY + " " + version.date() + "; it requires "
                            + FunctionTable.since(name, mode).date() + " or later");
                    case REMOVED -> throw new ExpressionException(at.toString(),
                            "The template version is invalid: The function " + name
                                    + " is not supported in this version of HOT.");
                    case INVALID_HERE -> throw new ExpressionException(at.toString(), invalidHere(name));
                    case NOT_IN_HEARTH -> throw new ExpressionException(at.toString(), notInHearth(name));
                    default -> {
                        try {
                            Budget.Call started = budget.enter(name);
                            JsonNode result = call(name, obj.get(name), at, mode);
                            budget.leave(started, result);
                            return result;
                        } catch (Problem p) {
                            throw new ExpressionException(at.toString(), p.getMessage());
                        }
                    }
                }
            }
        }
        ObjectNode out = NODES.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = obj.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = eval(e.getValue(), path.key(e.getKey()), mode);
            if (v.isMissingNode()) {
                continue;
            }
            budget.put(e.getKey(), v, path.key(e.getKey()));
            out.set(e.getKey(), v);
            if (!resolved(v)) {
                unresolved.add(out);
            }
        }
        return out;
    }

    static String invalidHere(String name) {
        return "The function \"" + name + "\" is invalid in this context";
    }

    private static String notInHearth(String name) {
        if (name.equals("yaql")) {
            return "yaql is not supported by Hearth; use other intrinsic functions";
        }
        return name + " is not supported by Hearth; use the HOT intrinsic functions";
    }

    /** Whether the value has nothing left to evaluate at run time. */
    boolean resolved(JsonNode value) {
        return !unresolved.contains(value);
    }

    /** Whether a value as written is a function call (Heat's "isinstance(x, Function)"). */
    boolean isCall(JsonNode node, Mode mode) {
        return node != null && node.isObject() && node.size() == 1
                && FunctionTable.kind(node.fieldNames().next(), version, mode) != Kind.DATA;
    }

    /** The call kept as an expression node, its arguments evaluated as far as they go. */
    JsonNode pending(String fn, JsonNode args) {
        ObjectNode node = NODES.objectNode();
        node.set(fn, args);
        unresolved.add(node);
        return node;
    }

    /** A call's arguments, evaluated; an argument removed by a two-argument {@code if} is null. */
    JsonNode args(JsonNode raw, Path at, Mode mode) {
        JsonNode v = eval(raw, at, mode);
        return v.isMissingNode() ? NullNode.getInstance() : v;
    }

    /** A list's item, null when absent. */
    static JsonNode item(JsonNode list, int i) {
        JsonNode v = list.get(i);
        return v == null ? NullNode.getInstance() : v;
    }

    /** A map's value, null when absent. */
    static JsonNode field(JsonNode map, String key) {
        JsonNode v = map.get(key);
        return v == null ? NullNode.getInstance() : v;
    }

    static Problem problem(String message) {
        return new Problem(message);
    }

    private JsonNode call(String fn, JsonNode raw, Path at, Mode mode) {
        return switch (fn) {
            case "get_param" -> References.getParam(this, raw, at, mode);
            case "get_resource" -> References.getResource(this, raw, at, mode);
            case "get_attr", "Fn::GetAtt" -> References.getAttr(this, fn, raw, at, mode);
            case "Ref" -> References.ref(this, raw, at, mode);
            case "get_file" -> References.getFile(this, raw, at, mode);
            case "str_replace", "str_replace_strict", "str_replace_vstrict" ->
                    StringFunctions.strReplace(this, fn, raw, at, mode);
            case "list_join", "Fn::Join" -> StringFunctions.listJoin(this, fn, raw, at, mode);
            case "Fn::Replace" -> StringFunctions.cfnReplace(this, fn, raw, at, mode);
            case "Fn::Split" -> CfnFunctions.split(this, fn, raw, at, mode);
            case "Fn::Select" -> CfnFunctions.select(this, fn, raw, at, mode);
            case "Fn::Base64" -> CfnFunctions.base64(this, fn, raw, at, mode);
            case "Fn::MemberListToMap" -> CfnFunctions.memberListToMap(this, fn, raw, at, mode);
            case "Fn::FindInMap" -> CfnFunctions.findInMap(this, fn, raw, at, mode);
            case "resource_facade", "Fn::ResourceFacade" -> References.resourceFacade(this, fn, raw);
            case "Fn::GetAZs" -> CfnFunctions.getAZs(this, fn, raw, at, mode);
            case "str_split" -> StringFunctions.strSplit(this, raw, at, mode);
            case "repeat" -> Repeat.repeat(this, raw, at, mode);
            case "map_merge" -> CollectionFunctions.mapMerge(this, raw, at, mode);
            case "map_replace" -> CollectionFunctions.mapReplace(this, raw, at, mode);
            case "list_concat", "list_concat_unique" -> CollectionFunctions.listConcat(this, fn, raw, at, mode);
            case "contains" -> CollectionFunctions.contains(this, raw, at, mode);
            case "filter" -> CollectionFunctions.filter(this, raw, at, mode);
            case "digest" -> DataFunctions.digest(this, raw, at, mode);
            case "make_url" -> DataFunctions.makeUrl(this, raw, at, mode);
            case "if", "Fn::If" -> conditions.ifFunction(fn, raw, at, mode);
            case "equals", "Fn::Equals" -> conditions.equalsFunction(fn, raw, at, mode);
            case "not" -> conditions.notFunction(raw, at, mode);
            case "Fn::Not" -> conditions.cfnNot(fn, raw, at, mode);
            case "and", "or", "Fn::And", "Fn::Or" -> conditions.andOr(fn, raw, at, mode);
            default -> throw new IllegalStateException("no implementation of " + fn);
        };
    }

    /** A builder's initial capacity for a string of that length (one that was reserved). */
    static int capacity(long length) {
        return (int) Math.min(length, Integer.MAX_VALUE - 8);
    }

    /** A condition as a resource or output names it: a name, a boolean or a condition function. */
    boolean evaluateCondition(JsonNode condition, Path path) {
        return conditions.evaluateCondition(condition, path);
    }

    /** Names that, as the only key of a map, make it a call that may be left for run time. */
    static final Set<String> FUNCTION_NAMES = Collections.unmodifiableSet(functionNames());

    private static Set<String> functionNames() {
        Set<String> names = new LinkedHashSet<>(FunctionTable.TEMPLATE_SINCE.keySet());
        names.addAll(FunctionTable.CFN_TEMPLATE);
        return names;
    }
}
