package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.hot.py.Py;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code OS::Heat::RandomString} ({@code random_string.py}): a random string of {@code length}
 * characters honouring {@code character_classes} and {@code character_sequences} with their minimums
 * (the hidden {@code sequence} property becomes a class, as Heat's translation rule does). The string
 * is the attribute {@code value} and the reference id; any change of properties, {@code salt}
 * included, replaces the resource.
 */
@ApplicationScoped
public class RandomStringHandler implements ResourceHandler {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    @Override
    public Set<String> types() {
        return Set.of("OS::Heat::RandomString");
    }

    @Override
    public JsonNode normalize(String resourceName, JsonNode properties) {
        ObjectNode props = ResourceHandler.super.normalize(resourceName, properties).deepCopy();
        JsonNode length = props.get("length");
        props.set("length", length == null || length.isNull() ? JSON.numberNode(32) : Py.integer(Py.toInt(length)));
        ArrayNode classes = JSON.arrayNode();
        JsonNode given = props.get("character_classes");
        JsonNode sequence = props.remove("sequence");
        boolean hasSequence = sequence != null && Py.truthy(sequence);
        if (given != null && !given.isNull()) {
            given.forEach(c -> classes.add(JSON.objectNode()
                    .put("class", c.path("class").isTextual() ? c.get("class").textValue() : "lettersdigits")
                    .set("min", min(c))));
        } else if (!hasSequence) {
            classes.add(JSON.objectNode().put("class", "lettersdigits").put("min", 1));
        }
        if (hasSequence) {
            classes.add(JSON.objectNode().put("class", sequence.asText()).put("min", 1));
        }
        props.set("character_classes", classes);
        JsonNode sequences = props.get("character_sequences");
        if (sequences != null && !sequences.isNull()) {
            ArrayNode normal = JSON.arrayNode();
            sequences.forEach(s -> normal.add(JSON.objectNode().put("sequence", Py.str(s.path("sequence")))
                    .set("min", min(s))));
            props.set("character_sequences", normal);
        }
        return props;
    }

    private static JsonNode min(JsonNode entry) {
        JsonNode min = entry.get("min");
        return min == null || min.isNull() ? JSON.numberNode(1) : Py.integer(Py.toInt(min));
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        JsonNode props = call.properties();
        List<RandomStrings.CharClass> classes = new ArrayList<>();
        props.path("character_sequences").forEach(s -> classes.add(
                new RandomStrings.CharClass(s.get("sequence").textValue(), s.get("min").intValue())));
        props.path("character_classes").forEach(c -> classes.add(
                RandomStrings.CharClass.named(c.get("class").textValue(), c.get("min").intValue())));
        return Uni.createFrom().item(made(call, RandomStrings.generate(props.get("length").intValue(), classes)));
    }

    /**
     * Heat's {@code handle_adopt}: the string is the data's {@code resource_data.value}, which a template could have
     * given as well (a value is all the resource is). As Heat, the data must give the resource's {@code resource_id};
     * the resource keeps a physical id of its own, so the data cannot name another resource's.
     */
    @Override
    public Uni<Outcome> adopt(ResourceCall call) {
        JsonNode entry = call.adopted();
        if (entry == null || !entry.hasNonNull("resource_id")) {
            return Uni.createFrom().item(Outcome.failed(call.name(), "Exception", "Resource ID was not provided."));
        }
        JsonNode value = entry.path("resource_data").path("value");
        if (!value.isTextual()) {
            return Uni.createFrom().item(Outcome.failed(call.name(), "Exception",
                    "resource_data.value must be the string to adopt"));
        }
        return Uni.createFrom().item(made(call, value.textValue()));
    }

    private static Outcome made(ResourceCall call, String value) {
        ObjectNode attributes = ResourceHandler.attributes().set("value", TextNode.valueOf(value));
        return new Outcome.Complete(call.physicalName(), value, attributes);
    }
}
