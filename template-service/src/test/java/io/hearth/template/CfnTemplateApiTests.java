package io.hearth.template;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.stack.v1.StackCreateRequested;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/**
 * CFN-format templates through the stacks API, with deployment-service's side played over the real
 * topics: the plan that reaches {@code hearth.stack.commands} carries CFN's functions for the engine,
 * and the stack keeps and shows the template as it was written.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class CfnTemplateApiTests {

    private static final String TOKEN = "hearth-dev-token";
    private static final String TEMPLATE = """
            AWSTemplateFormatVersion: '2010-09-09'
            Description: random things, the CFN way
            Parameters:
              Length: {Type: Number, Default: 16, MinValue: 8}
            Resources:
              pw:
                Type: OS::Heat::RandomString
                Properties: {length: {Ref: Length}}
              marker:
                Type: OS::Heat::None
                DependsOn: pw
            Outputs:
              password:
                Description: the password
                Value: {"Fn::GetAtt": [pw, value]}
              summary:
                Value: {"Fn::Join": [" ", [{Ref: "AWS::StackName"}, {Ref: marker}, {"Fn::GetAtt": [pw, value]}]]}
            """;

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private final TestDatabase db = TestDatabase.schema("template");

    private static RequestSpecification api() {
        return given().header("X-Auth-Token", TOKEN).contentType(ContentType.JSON).redirects().follow(false);
    }

    @Test
    void aCfnStackIsPlannedKeptAsWrittenAndShowsItsOutputs() {
        ConsumerTask<String, String> commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
        try {
            String name = "cfn-" + UUID.randomUUID().toString().substring(0, 8);
            String id = api().body(Map.of("stack_name", name, "template", TEMPLATE, "parameters", Map.of("Length", 12)))
                    .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");

            await().atMost(Duration.ofSeconds(30)).until(() -> commands.getRecords().stream()
                    .anyMatch(r -> id.equals(r.key())));
            StackCreateRequested command = CloudEvent.parse(commands.getRecords().stream()
                    .filter(r -> id.equals(r.key())).findFirst().orElseThrow().value()).dataAs(StackCreateRequested.class);
            assertThat(command.plan().templateVersion()).isEqualTo("2010-09-09");
            assertThat(command.plan().resources()).extracting(PlannedResource::name).containsExactly("pw", "marker");
            assertThat(command.plan().resources().get(0).properties()).isEqualTo(HearthJson.readTree("{\"length\": 12}"));
            assertThat(command.plan().resources().get(1).dependsOn()).containsExactly("pw");
            assertThat(command.plan().outputs().get("summary").value()).isEqualTo(HearthJson.readTree(
                    "{\"Fn::Join\": [\" \", [\"" + name + "\", {\"Ref\": \"marker\"}, {\"Fn::GetAtt\": [\"pw\", \"value\"]}]]}"));

            publishComplete(id, name, Map.of("password", TextNode.valueOf("s3cr3t"),
                    "summary", TextNode.valueOf(name + " marker s3cr3t")));
            await().atMost(Duration.ofSeconds(30)).until(() ->
                    db.queryLong("select count(*) from stack where id = ?::uuid and status = 'COMPLETE'", id) == 1);
            String stack = "/v1/demo/stacks/" + name + "/" + id;
            api().get(stack).then().statusCode(200)
                    .body("stack.stack_status", equalTo("CREATE_COMPLETE"))
                    .body("stack.description", equalTo("random things, the CFN way"))
                    .body("stack.parameters.Length", equalTo("12")) // Heat shows every parameter as text
                    .body("stack.parameters.'AWS::StackName'", equalTo(name))
                    .body("stack.parameters.'AWS::StackId'", equalTo("arn:openstack:heat::demo:stacks/" + name + "/" + id))
                    .body("stack.parameters.'AWS::Region'", equalTo("ap-southeast-1"))
                    .body("stack.parameters.'OS::stack_id'", equalTo(null))
                    .body("stack.outputs.find { it.output_key == 'password' }.output_value", equalTo("s3cr3t"))
                    .body("stack.outputs.find { it.output_key == 'password' }.description", equalTo("the password"))
                    .body("stack.outputs.find { it.output_key == 'summary' }.output_value",
                            equalTo(name + " marker s3cr3t"));
            api().get(stack + "/template").then().statusCode(200)
                    .body("AWSTemplateFormatVersion", equalTo("2010-09-09"))
                    .body("Resources.pw.Type", equalTo("OS::Heat::RandomString"))
                    .body("Resources.marker.DependsOn", equalTo("pw"))
                    .body("resources", equalTo(null));
        } finally {
            commands.close();
        }
    }

    @Test
    void refusalsNameTheTemplatesOwnPathsAndPlaces() {
        api().body(Map.of("stack_name", "cfnbad", "template", """
                AWSTemplateFormatVersion: '2010-09-09'
                Resources:
                  pw:
                    Type: OS::Heat::RandomString
                    Properties: {bogus: 1}
                Outputs:
                  out: {Value: {"Fn::GetAtt": [pw, valeu]}}
                """)).post("/v1/demo/stacks").then().statusCode(400)
                .body("error.type", equalTo("StackValidationFailed"))
                .body("error.message", equalTo("Resources.pw.Properties: Unknown Property bogus (template, line 5, "
                        + "column 17)\nOutputs.out.Value.Fn::GetAtt: The Referenced Attribute (pw valeu) is "
                        + "incorrect. (template, line 7, column 31)"));
        api().body(Map.of("stack_name", "cfnbad", "template", "AWSTemplateFormatVersion: '2010-09-09'\n"
                + "Resources:\n  x: {Properties: {}}\n")).post("/v1/demo/stacks").then().statusCode(400)
                .body("error.message", equalTo("Resources.x: Each Resource must contain a Type key. (template, line 3, "
                        + "column 6)"));
    }

    @Test
    void validateDescribesCfnParameters() {
        api().body(Map.of("template", TEMPLATE)).post("/v1/demo/validate").then().statusCode(200)
                .body("Description", equalTo("random things, the CFN way"))
                .body("Parameters.Length.Type", equalTo("Number"))
                .body("Parameters.Length.MinValue", equalTo(8))
                .body("Parameters.Length.Default", equalTo(16));
    }

    @Test
    void theTemplateVersionsIncludeTheCfnOnes() {
        api().get("/v1/demo/template_versions").then().statusCode(200)
                .body("template_versions.findAll { it.type == 'cfn' }.version",
                        equalTo(java.util.List.of("AWSTemplateFormatVersion.2010-09-09",
                                "HeatTemplateFormatVersion.2012-12-12")));
        api().get("/v1/demo/template_versions/AWSTemplateFormatVersion.2010-09-09/functions").then().statusCode(200)
                .body("template_functions.functions", hasItems("Ref", "Fn::GetAtt", "Fn::Join", "Fn::If",
                        "Fn::FindInMap"))
                .body("template_functions.functions", not(hasItem("get_param")));
        api().queryParam("with_condition_func", true)
                .get("/v1/demo/template_versions/AWSTemplateFormatVersion.2010-09-09/functions").then().statusCode(200)
                .body("template_functions.functions", hasItems("Fn::Equals", "Fn::Not", "Fn::And", "Fn::Or"));
        api().get("/v1/demo/template_versions/HeatTemplateFormatVersion.2012-12-12/functions").then().statusCode(200)
                .body("template_functions.functions", not(hasItem("Fn::If")));
        api().get("/v1/demo/template_versions/heat_template_version.2010-09-09/functions").then().statusCode(404);
    }

    private void publishComplete(String id, String name, Map<String, JsonNode> outputs) {
        CloudEvent event = CloudEvent.of("/hearth/deployment-service", id,
                new StackStatusChanged(id, "demo", name, "CREATE", "COMPLETE", "Stack CREATE completed successfully",
                        outputs, 2));
        kafka.produceStrings().fromRecords(new ProducerRecord<>(Topics.STACK_EVENTS, id, event.toJson()))
                .awaitCompletion();
    }
}
