package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.stack.Action;
import io.hearth.deployment.mime.CloudConfigYaml;
import io.hearth.deployment.mime.MultipartMime;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.deployment.software.SoftwareConfigStore;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.hot.py.PyJson;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The software-config family ({@code software_config.py}, {@code structured_config.py},
 * {@code software_component.py}, {@code multi_part.py}, {@code cloud_config.py}): each create stores
 * an immutable config, whose id is the physical and reference id and whose config value is the
 * attribute {@code config}; every change replaces the resource (a new config, then the old one is
 * deleted); delete removes the stored config.
 */
@ApplicationScoped
public class SoftwareConfigHandler implements ResourceHandler {

    static final String SOFTWARE_CONFIG = "OS::Heat::SoftwareConfig";
    static final String STRUCTURED_CONFIG = "OS::Heat::StructuredConfig";
    static final String SOFTWARE_COMPONENT = "OS::Heat::SoftwareComponent";
    static final String MULTIPART_MIME = "OS::Heat::MultipartMime";
    static final String CLOUD_CONFIG = "OS::Heat::CloudConfig";

    private static final String UNGROUPED = "Heat::Ungrouped";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final SoftwareConfigStore store;

    public SoftwareConfigHandler(SoftwareConfigStore store) {
        this.store = store;
    }

    @Override
    public Set<String> types() {
        return Set.of(SOFTWARE_CONFIG, STRUCTURED_CONFIG, SOFTWARE_COMPONENT, MULTIPART_MIME, CLOUD_CONFIG);
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        return definition(call)
                .chain(definition -> store.create(call.stack().tenant, call.physicalName(), definition))
                .map(row -> Outcome.complete(row.id.toString(), attributes(call.row().type, row)));
    }

    @Override
    public Uni<Outcome> delete(ResourceCall call) {
        return store.delete(call.row().physicalId)
                .replaceWith(new Outcome.Complete(call.row().physicalId, null, ResourceHandler.attributes()));
    }

    private static ObjectNode attributes(String type, SoftwareConfig row) {
        JsonNode config = SoftwareConfigStore.configOf(row);
        ObjectNode attributes = ResourceHandler.attributes().set("config", config);
        if (SOFTWARE_COMPONENT.equals(type)) {
            attributes.set("configs", config.path("configs").deepCopy());
        }
        return attributes;
    }

    /** What the type stores, from its properties. */
    private Uni<SoftwareConfigStore.Definition> definition(ResourceCall call) {
        JsonNode p = call.properties();
        return switch (call.row().type) {
            case SOFTWARE_COMPONENT -> Uni.createFrom().item(new SoftwareConfigStore.Definition("component",
                    JSON.objectNode().set("configs", components(p.path("configs"))), ConfigIo.inputs(p.get("inputs")),
                    ConfigIo.outputs(p.get("outputs")), options(p)));
            case CLOUD_CONFIG -> Uni.createFrom().item(plain(TextNode.valueOf(CloudConfigYaml.render(p.get("cloud_config")))));
            case MULTIPART_MIME -> message(call).map(text -> plain(TextNode.valueOf(text)));
            default -> Uni.createFrom().item(new SoftwareConfigStore.Definition(
                    p.path("group").isTextual() ? p.get("group").textValue() : UNGROUPED,
                    p.get("config"), ConfigIo.inputs(p.get("inputs")), ConfigIo.outputs(p.get("outputs")), options(p)));
        };
    }

    private static SoftwareConfigStore.Definition plain(JsonNode config) {
        return new SoftwareConfigStore.Definition(UNGROUPED, config, JSON.arrayNode(), JSON.arrayNode(),
                JSON.objectNode());
    }

    private static JsonNode options(JsonNode properties) {
        JsonNode options = properties.get("options");
        return options == null || options.isNull() ? JSON.objectNode() : options;
    }

    /** SoftwareComponent's {@code configs}, each with its {@code actions} default. */
    private static ArrayNode components(JsonNode configs) {
        ArrayNode out = JSON.arrayNode();
        for (JsonNode config : configs) {
            ObjectNode entry = config.deepCopy();
            if (!entry.hasNonNull("actions")) {
                entry.set("actions", JSON.arrayNode().add(Action.CREATE.name()).add(Action.UPDATE.name()));
            }
            out.add(entry);
        }
        return out;
    }

    /**
     * {@code MultipartMime.get_message}: each part inline, or the config of the software config whose id
     * it is; a {@code multipart} part contributes the parts of the message it holds.
     */
    private Uni<String> message(ResourceCall call) {
        List<JsonNode> items = new ArrayList<>();
        call.properties().path("parts").forEach(items::add);
        List<MultipartMime.Part> parts = new ArrayList<>();
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (JsonNode item : items) {
            chain = chain.chain(() -> partText(call.stack().tenant, item.get("config")).invoke(text -> {
                if ("multipart".equals(item.path("type").asText("text"))) {
                    parts.addAll(MultipartMime.parts(text));
                } else {
                    parts.add(new MultipartMime.Part(text, textOrNull(item.get("subtype")),
                            textOrNull(item.get("filename"))));
                }
            })).replaceWithVoid();
        }
        return chain.map(nothing -> MultipartMime.render(parts));
    }

    private Uni<String> partText(String tenant, JsonNode config) {
        String inline = config == null || config.isNull() ? "" : config.isTextual() ? config.textValue()
                : PyJson.dumps(config, false);
        if (SoftwareConfigStore.uuid(inline) == null) {
            return Uni.createFrom().item(inline);
        }
        return store.find(tenant, inline).map(row -> {
            if (row == null) {
                return inline;
            }
            JsonNode stored = SoftwareConfigStore.configOf(row);
            return stored.isTextual() ? stored.textValue() : PyJson.dumps(stored, false);
        });
    }

    private static String textOrNull(JsonNode value) {
        return value == null || value.isNull() ? null : value.asText();
    }
}
