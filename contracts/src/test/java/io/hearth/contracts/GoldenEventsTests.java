package io.hearth.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.compute.v1.DriverHeartbeat;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.EventCatalog;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.contracts.stack.v1.StackCreateRequested;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The golden example of every event type under {@code src/test/resources/events/}: each must
 * read into its record and write back to exactly the same JSON, so renaming or removing a
 * field of a record (or of the envelope) fails the build.
 */
class GoldenEventsTests {

    /** Where the golden files live, relative to the module (surefire's working directory). */
    static final Path GOLDEN_DIR = Path.of("src", "test", "resources", "events");

    /** {@code io.hearth.<context>.<event>.v<N>}. */
    static final Pattern TYPE_PATTERN = Pattern.compile("io\\.hearth\\.([a-z]+)\\.[a-z-]+\\.v(\\d+)");

    /** {@code io.hearth.contracts.<context>.v<N>}: where an event record lives. */
    static final Pattern PACKAGE_PATTERN = Pattern.compile("io\\.hearth\\.contracts\\.([a-z]+)\\.v(\\d+)");

    /** The producing services of each topic, per docs/design.md's Services table. */
    static final Map<String, Set<String>> PRODUCERS = Map.ofEntries(
            Map.entry(Topics.STACK_COMMANDS, Set.of("/hearth/template-service")),
            Map.entry(Topics.STACK_EVENTS, Set.of("/hearth/deployment-service", "/hearth/notifier")),
            Map.entry(Topics.SERVER_METADATA, Set.of("/hearth/deployment-service")),
            Map.entry(Topics.SERVER_DEPLOYMENTS, Set.of("/hearth/deployment-service")),
            Map.entry(Topics.SIGNALS, Set.of("/hearth/signal-gateway", "/hearth/deployment-service")),
            Map.entry(Topics.INSTANCE_LIFECYCLE, Set.of("/hearth/deployment-service")),
            Map.entry(Topics.MEMBERSHIP, Set.of("/hearth/notifier")),
            Map.entry(Topics.SCALING, Set.of("/hearth/signal-gateway", "/hearth/notifier")),
            Map.entry(Topics.COMPUTE_SERVERS, Set.of("/hearth/deployment-service")),
            Map.entry(Topics.COMPUTE_STATUS, Set.of("/hearth/compute")),
            Map.entry(Topics.METRICS, Set.of("/hearth/signal-gateway", "/hearth/deployment-service")));

    /** Topics keyed by server id; every other topic is keyed by stack id. */
    static final Set<String> KEYED_BY_SERVER = Set.of(Topics.SERVER_METADATA, Topics.SERVER_DEPLOYMENTS,
            Topics.COMPUTE_SERVERS,
            Topics.COMPUTE_STATUS);

    static final ObjectMapper MAPPER = HearthJson.mapper();

    static Stream<EventCatalog.Entry> entries() {
        return EventCatalog.entries().stream();
    }

    static Path goldenFile(EventCatalog.Entry entry) {
        return GOLDEN_DIR.resolve(entry.type() + ".json");
    }

    static String golden(EventCatalog.Entry entry) {
        try {
            return Files.readString(goldenFile(entry), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode goldenTree(EventCatalog.Entry entry) throws IOException {
        return MAPPER.readTree(golden(entry));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void goldenFileExists(EventCatalog.Entry entry) {
        assertThat(goldenFile(entry)).as("golden file of %s", entry.type()).isRegularFile();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void goldenParsesAsACompleteEnvelopeOfItsType(EventCatalog.Entry entry) throws IOException {
        CloudEvent event = CloudEvent.parse(golden(entry));

        assertThat(event.type()).isEqualTo(entry.type());
        assertThat(EventCatalog.byType(event.type())).isEqualTo(entry);
        assertThat(event.specversion()).isEqualTo(CloudEvent.SPEC_VERSION);
        assertThat(UUID.fromString(event.id()).toString()).isEqualTo(event.id());
        assertThat(event.source()).isIn(PRODUCERS.get(entry.topic()));
        assertThat(event.time()).isNotNull();
        assertThat(event.datacontenttype()).isEqualTo(CloudEvent.JSON);
        assertThat(event.data()).isNotNull();
        assertThat(event.data().isObject()).isTrue();

        String keyField = DriverHeartbeat.TYPE.equals(entry.type()) ? "driver"
                : KEYED_BY_SERVER.contains(entry.topic()) ? "serverId" : "stackId";
        assertThat(event.data().path(keyField).isTextual()).as("data.%s", keyField).isTrue();
        assertThat(event.subject()).as("subject is the topic's key, data.%s", keyField)
                .isEqualTo(event.data().get(keyField).asText());

        JsonNode tree = goldenTree(entry);
        assertThat(tree.fieldNames()).toIterable().as("golden envelope attributes").containsExactlyInAnyOrder(
                "specversion", "id", "source", "type", "subject", "time", "datacontenttype", "data");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void dataReadsIntoItsRecordAndWritesBackUnchanged(EventCatalog.Entry entry) throws IOException {
        CloudEvent event = CloudEvent.parse(golden(entry));

        Object record = event.dataAs(entry.record());

        assertThat(record).isInstanceOf(entry.record());
        JsonNode golden = goldenTree(entry).get("data");
        JsonNode written = MAPPER.valueToTree(record);
        JsonTrees.assertSameJson(written, golden, entry.record().getSimpleName() + " written back by Jackson");
        JsonNode onTheWire = MAPPER.readTree(MAPPER.writeValueAsString(record));
        assertThat(onTheWire).as("%s as JSON text", entry.record().getSimpleName()).isEqualTo(golden);
        assertThat(MAPPER.treeToValue(onTheWire, entry.record())).as("read again").isEqualTo(record);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void wholeEnvelopeRoundTrips(EventCatalog.Entry entry) throws IOException {
        CloudEvent event = CloudEvent.parse(golden(entry));

        String json = event.toJson();

        assertThat(MAPPER.readTree(json)).isEqualTo(goldenTree(entry));
        assertThat(CloudEvent.parse(json)).isEqualTo(event);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void dataWithAnUnknownFieldStillReads(EventCatalog.Entry entry) throws IOException {
        Object expected = CloudEvent.parse(golden(entry)).dataAs(entry.record());
        ObjectNode tree = (ObjectNode) goldenTree(entry);
        ((ObjectNode) tree.get("data")).put("fieldAddedLaterInV1", "ignored by older readers")
                .putObject("anotherNewField").put("nested", 1);

        CloudEvent event = CloudEvent.parse(MAPPER.writeValueAsString(tree));

        assertThat(event.dataAs(entry.record())).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void recordTypeConstantMatchesTheCatalogAndTheNamingRule(EventCatalog.Entry entry) throws Exception {
        Object constant = entry.record().getField("TYPE").get(null);

        assertThat(constant).isEqualTo(entry.type());
        Matcher type = TYPE_PATTERN.matcher(entry.type());
        assertThat(type.matches()).as("%s matches %s", entry.type(), TYPE_PATTERN).isTrue();
        Matcher pkg = PACKAGE_PATTERN.matcher(entry.record().getPackageName());
        assertThat(pkg.matches()).as("package of %s", entry.record().getName()).isTrue();
        assertThat(type.group(1)).as("context of the type and of the package").isEqualTo(pkg.group(1));
        assertThat(type.group(2)).as("version of the type and of the package").isEqualTo(pkg.group(2));
        assertThat(EventCatalog.of(entry.record())).isEqualTo(entry);
        assertThat(EventCatalog.typeOf(entry.record())).isEqualTo(entry.type());
        assertThat(entry.record().isRecord()).isTrue();
    }

    @Test
    void everyGoldenFileNamesACataloguedType() throws IOException {
        assertThat(GOLDEN_DIR).isDirectory();
        List<String> files;
        try (Stream<Path> listing = Files.list(GOLDEN_DIR)) {
            files = listing.map(p -> p.getFileName().toString()).sorted().toList();
        }
        Set<String> expected = EventCatalog.entries().stream()
                .map(e -> e.type() + ".json")
                .collect(Collectors.toSet());

        assertThat(files).as("files in %s", GOLDEN_DIR).allSatisfy(name -> assertThat(expected).contains(name));
        assertThat(files).hasSameSizeAs(expected);
    }

    @Test
    void catalogUsesOnlyMainTopicsAndEveryMainTopicCarriesEvents() {
        Set<String> used = EventCatalog.entries().stream().map(EventCatalog.Entry::topic).collect(Collectors.toSet());

        assertThat(Topics.MAIN).containsExactlyInAnyOrderElementsOf(used);
        assertThat(EventCatalog.entries()).extracting(EventCatalog.Entry::type).doesNotHaveDuplicates();
        assertThat(EventCatalog.entries()).extracting(EventCatalog.Entry::record).doesNotHaveDuplicates();
        assertThat(EventCatalog.entries()).hasSize(31);
    }

    @Test
    void nestedRecordsIgnoreUnknownFieldsToo() throws IOException {
        EventCatalog.Entry create = EventCatalog.of(StackCreateRequested.class);
        ObjectNode tree = (ObjectNode) goldenTree(create);
        ObjectNode plan = (ObjectNode) tree.get("data").get("plan");
        plan.put("newPlanField", true);
        ((ObjectNode) plan.get("resources").get(0)).put("newResourceField", "x");
        ((ObjectNode) plan.get("outputs").get("wordpress_url")).put("newOutputField", "x");
        assertThat(CloudEvent.parse(MAPPER.writeValueAsString(tree)).dataAs(StackCreateRequested.class))
                .isEqualTo(CloudEvent.parse(golden(create)).dataAs(StackCreateRequested.class));

        EventCatalog.Entry metadata = EventCatalog.of(ServerMetadata.class);
        tree = (ObjectNode) goldenTree(metadata);
        ObjectNode item = (ObjectNode) tree.get("data").get("deployments").get(0);
        item.put("updated_time", "2026-11-22T08:02:00Z");
        ((ObjectNode) item.get("inputs").get(0)).put("default", "wordpress");
        assertThat(CloudEvent.parse(MAPPER.writeValueAsString(tree)).dataAs(ServerMetadata.class))
                .isEqualTo(CloudEvent.parse(golden(metadata)).dataAs(ServerMetadata.class));

        EventCatalog.Entry membership = EventCatalog.of(MembershipChanged.class);
        tree = (ObjectNode) goldenTree(membership);
        ((ObjectNode) tree.get("data").get("members").get(0)).put("zone", "local");
        assertThat(CloudEvent.parse(MAPPER.writeValueAsString(tree)).dataAs(MembershipChanged.class))
                .isEqualTo(CloudEvent.parse(golden(membership)).dataAs(MembershipChanged.class));
    }

    @Test
    void createRequestedKeepsRuntimeReferencesAsExpressionNodes() throws IOException {
        StackCreateRequested create = CloudEvent.parse(golden(EventCatalog.of(StackCreateRequested.class)))
                .dataAs(StackCreateRequested.class);

        assertThat(create.plan().resources()).extracting(r -> r.name())
                .containsExactly("db_server", "db_deployment", "wp_deployment", "cache");
        assertThat(create.plan().resources().get(3).template()).isEqualTo("cache.yaml");
        assertThat(create.plan().resources().get(0).template()).isNull();
        assertThat(create.plan().files()).containsKey("cache.yaml");
        JsonNode password = create.plan().resources().get(2).properties().get("input_values").get("db_password");
        assertThat(password).isEqualTo(MAPPER.readTree("{\"get_attr\": [\"db_deployment\", \"db_password\"]}"));
        assertThat(create.plan().outputs()).containsKey("wordpress_url");
    }

    @Test
    void aPlanWithoutFilesOrTemplatesReadsAsBefore() throws IOException {
        ObjectNode tree = (ObjectNode) goldenTree(EventCatalog.of(StackCreateRequested.class));
        ObjectNode plan = (ObjectNode) tree.get("data").get("plan");
        plan.remove("files");
        plan.remove("environment");
        ((com.fasterxml.jackson.databind.node.ArrayNode) plan.get("resources")).remove(3);

        StackCreateRequested create = CloudEvent.parse(MAPPER.writeValueAsString(tree)).dataAs(StackCreateRequested.class);

        assertThat(create.plan().files()).isEmpty();
        assertThat(create.plan().environment()).isNull();
        assertThat(create.plan().resources()).allSatisfy(r -> assertThat(r.template()).isNull());
        JsonNode written = MAPPER.valueToTree(create.plan());
        assertThat(written.has("files")).isFalse();
        assertThat(written.has("environment")).isFalse();
        assertThat(written.get("resources").get(0).has("template")).isFalse();
    }

    @Test
    void serverMetadataCarriesHeatsDerivedInputs() throws IOException {
        ServerMetadata metadata = CloudEvent.parse(golden(EventCatalog.of(ServerMetadata.class)))
                .dataAs(ServerMetadata.class);

        assertThat(metadata.deployments()).isNotEmpty().allSatisfy(item -> {
            assertThat(item.creationTime()).isNotNull();
            assertThat(item.inputs()).extracting(i -> i.name()).containsSubsequence("deploy_server_id",
                    "deploy_action", "deploy_stack_id", "deploy_resource_name", "deploy_signal_transport",
                    "deploy_signal_id", "deploy_signal_verb");
            assertThat(item.inputs()).filteredOn(i -> i.name().equals("deploy_server_id"))
                    .singleElement().extracting(i -> i.value().asText()).isEqualTo(metadata.serverId());
        });
        JsonNode firstItem = goldenTree(EventCatalog.of(ServerMetadata.class)).get("data").get("deployments").get(0);
        assertThat(firstItem.has("creation_time")).as("Heat's field name creation_time").isTrue();
        assertThat(firstItem.has("creationTime")).isFalse();
    }
}
