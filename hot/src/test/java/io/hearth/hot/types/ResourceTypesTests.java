package io.hearth.hot.types;

import static io.hearth.hot.types.Yaml.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.TemplateProblem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every type Hearth knows accepts a realistic definition, and the registry lists what Heat lists. */
class ResourceTypesTests {

    /** A realistic good definition of each type, keyed by the type. */
    static final Map<String, String> GOOD = new LinkedHashMap<>();

    static {
        GOOD.put("OS::Heat::SoftwareConfig", """
                type: OS::Heat::SoftwareConfig
                properties:
                  group: script
                  inputs:
                  - name: foo
                    description: What to greet
                    type: String
                    default: world
                    replace_on_change: true
                  - name: count
                    type: Number
                    default: 3
                  - name: hosts
                    type: CommaDelimitedList
                  outputs:
                  - name: result
                    description: The greeting
                  - name: failure
                    type: String
                    error_output: true
                  options: {retries: 2}
                  config: |
                    #!/bin/sh
                    echo "hello $foo" > ${heat_outputs_path}.result
                """);
        GOOD.put("OS::Heat::StructuredConfig", """
                type: OS::Heat::StructuredConfig
                properties:
                  group: ansible
                  inputs: [{name: foo}, {name: bar}]
                  config:
                    config_value_foo: {get_input: foo}
                    nested: {list: [1, 2, {get_input: bar}]}
                """);
        GOOD.put("OS::Heat::SoftwareComponent", """
                type: OS::Heat::SoftwareComponent
                properties:
                  configs:
                  - actions: [CREATE, UPDATE]
                    config: {get_file: install.sh}
                    tool: script
                  - actions: [DELETE, BACKUP]
                    config: echo bye
                    tool: script
                  inputs: [{name: version, default: '1.2'}]
                  outputs: [{name: last_action}]
                """);
        GOOD.put("OS::Heat::SoftwareDeployment", """
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: {get_resource: server}
                  input_values:
                    foo: fooooo
                    bar: {get_attr: [db, networks, private, 0]}
                    count: 3
                  actions: [CREATE, UPDATE, DELETE]
                  name: 10_install
                  signal_transport: HEAT_SIGNAL
                  timeout: 600
                """);
        GOOD.put("OS::Heat::StructuredDeployment", """
                type: OS::Heat::StructuredDeployment
                properties:
                  config: {get_resource: config}
                  server: {get_resource: server}
                  input_values: {foo: fu, bar: barmy}
                  input_key: get_input
                  input_values_validate: STRICT
                  signal_transport: NO_SIGNAL
                  timeout: {get_param: deploy_timeout}
                """);
        GOOD.put("OS::Heat::SoftwareDeploymentGroup", """
                type: OS::Heat::SoftwareDeploymentGroup
                properties:
                  config: {get_resource: config}
                  servers: {'0': {get_resource: server_a}, '1': {get_resource: server_b}}
                  input_values: {role: web}
                  actions: [CREATE, UPDATE, SUSPEND, RESUME]
                  signal_transport: CFN_SIGNAL
                """);
        GOOD.put("OS::Heat::StructuredDeploymentGroup", """
                type: OS::Heat::StructuredDeploymentGroup
                properties:
                  config: {get_resource: config}
                  servers: {get_attr: [group, refs_map]}
                  input_values_validate: LAX
                """);
        GOOD.put("OS::Heat::SoftwareDeployments", """
                type: OS::Heat::SoftwareDeployments
                properties:
                  config: {get_resource: config}
                  servers: {a: 1234, b: 5678}
                """);
        GOOD.put("OS::Hearth::DataBag", """
                type: OS::Hearth::DataBag
                properties:
                  facts: {cluster: alpha, nodes: 3}
                """);
        GOOD.put("OS::Heat::StructuredDeployments", """
                type: OS::Heat::StructuredDeployments
                properties:
                  config: {get_resource: config}
                  servers: {a: abc}
                  input_key: get_input
                """);
        GOOD.put("OS::Heat::MultipartMime", """
                type: OS::Heat::MultipartMime
                properties:
                  parts:
                  - config: {get_resource: cloud_config}
                  - config: {get_resource: boot_script}
                    filename: boot.sh
                    subtype: x-shellscript
                  - config: {get_resource: other_mime}
                    type: multipart
                """);
        GOOD.put("OS::Heat::CloudConfig", """
                type: OS::Heat::CloudConfig
                properties:
                  cloud_config:
                    users:
                    - default
                    - name: deployer
                      ssh_authorized_keys: [{get_param: ssh_key}]
                    write_files:
                    - path: /etc/motd
                      content: hello
                """);
        GOOD.put("OS::Heat::WaitCondition", """
                type: OS::Heat::WaitCondition
                properties:
                  handle: {get_resource: wait_handle}
                  timeout: 600
                  count: 2
                """);
        GOOD.put("OS::Heat::WaitConditionHandle", """
                type: OS::Heat::WaitConditionHandle
                properties:
                  signal_transport: TOKEN_SIGNAL
                """);
        GOOD.put("OS::Heat::RandomString", """
                type: OS::Heat::RandomString
                properties:
                  length: 16
                  character_classes:
                  - class: uppercase
                    min: 2
                  - class: digits
                  character_sequences:
                  - sequence: '!@#$%'
                    min: 1
                  salt: '2024-01'
                """);
        GOOD.put("OS::Heat::Value", """
                type: OS::Heat::Value
                properties:
                  type: comma_delimited_list
                  value: [a, b, {get_param: c}]
                """);
        GOOD.put("OS::Heat::None", """
                type: OS::Heat::None
                properties:
                  anything: goes
                  even: [1, 2, 3]
                """);
        GOOD.put("OS::Heat::TestResource", """
                type: OS::Heat::TestResource
                properties:
                  value: stored
                  wait_secs: 2
                  action_wait_secs: {create: 1, delete: 0.5}
                  fail: false
                  update_replace: 'True'
                """);
        GOOD.put("OS::Heat::ResourceGroup", """
                type: OS::Heat::ResourceGroup
                properties:
                  count: 3
                  index_var: '%idx%'
                  resource_def:
                    type: OS::Nova::Server
                    properties:
                      name: web-%idx%
                      flavor: m1.small
                    metadata: {role: web}
                  removal_policies:
                  - resource_list: ['0', {get_param: victim}]
                  removal_policies_mode: update
                """);
        GOOD.put("OS::Heat::ResourceChain", """
                type: OS::Heat::ResourceChain
                properties:
                  resources: [OS::Heat::RandomString, OS::Heat::None]
                  concurrent: true
                  resource_properties: {length: 8}
                """);
        GOOD.put("OS::Heat::AutoScalingGroup", """
                type: OS::Heat::AutoScalingGroup
                properties:
                  resource:
                    type: OS::Nova::Server
                    properties: {flavor: m1.small, image: cirros}
                  min_size: 1
                  max_size: '5'
                  desired_capacity: 2
                  cooldown: 60
                  rolling_updates: {min_in_service: 1, max_batch_size: 2, pause_time: 1.5}
                """);
        GOOD.put("OS::Heat::ScalingPolicy", """
                type: OS::Heat::ScalingPolicy
                properties:
                  auto_scaling_group_id: {get_resource: asg}
                  adjustment_type: percent_change_in_capacity
                  scaling_adjustment: '-50'
                  min_adjustment_step: 1
                  cooldown: 60
                """);
        GOOD.put("OS::Hearth::MetricAlarm", """
                type: OS::Hearth::MetricAlarm
                properties:
                  meter_name: queue_length
                  statistic: max
                  period: 30
                  evaluation_periods: 2
                  threshold: 10
                  comparison_operator: ge
                  alarm_actions: [{get_attr: [scale_out, alarm_url]}]
                  repeat_actions: false
                  group: {get_resource: asg}
                """);
        GOOD.put("OS::Heat::DeployedServer", """
                type: OS::Heat::DeployedServer
                properties:
                  name: bare-metal-1
                  software_config_transport: POLL_SERVER_HEAT
                  deployment_swift_data: {container: c, object: o}
                """);
        GOOD.put("OS::Nova::Server", """
                type: OS::Nova::Server
                properties:
                  name: web
                  image: {get_param: image}
                  flavor: m1.small
                  key_name: {get_param: key_name}
                  networks:
                  - network: private
                    fixed_ip: 10.0.0.5
                  - port: {get_resource: port}
                  - {get_param: extra_nic}
                  metadata: {role: web, weight: 3}
                  user_data_format: SOFTWARE_CONFIG
                  software_config_transport: POLL_SERVER_HEAT
                  user_data: {get_resource: boot_config}
                  security_groups: [default, {get_resource: sg}]
                  block_device_mapping_v2:
                  - image: cirros
                    volume_size: 10
                    boot_index: 0
                    delete_on_termination: true
                  config_drive: 'true'
                  availability_zone: nova
                  scheduler_hints: {group: abc}
                  tags: [a, b]
                  admin_pass: secret
                """);
        GOOD.put("OS::Heat::Stack", """
                type: OS::Heat::Stack
                properties:
                  context: {region_name: RegionOne}
                  template: {get_file: nested.yaml}
                  timeout: 10
                  parameters: {size: 3}
                """);
    }

    static Stream<Arguments> goodDefinitions() {
        return GOOD.entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goodDefinitions")
    void realisticDefinitionsAreValid(String type, String definition) {
        JsonNode resource = yaml(definition);
        List<TemplateProblem> problems = ResourceValidator.standard().validate("res", resource);
        assertThat(problems).isEmpty();
        assertThat(ResourceValidator.standard().resolve("res", type))
                .isInstanceOfSatisfying(TypeResolution.Resolved.class, r -> assertThat(r.type().name()).isEqualTo(type));
    }

    @Test
    void everyTypeHasAGoodDefinitionInThisTest() {
        assertThat(GOOD.keySet()).containsExactlyInAnyOrderElementsOf(
                ResourceTypes.heat().all().stream().map(ResourceType::name).toList());
    }

    @Test
    void registryHoldsTheBriefsTypesAndListsOnlyVisibleOnes() {
        ResourceTypes types = ResourceTypes.heat();
        assertThat(types.listedNames()).containsExactly("OS::Hearth::DataBag", "OS::Hearth::MetricAlarm",
                "OS::Heat::AutoScalingGroup", "OS::Heat::CloudConfig", "OS::Heat::DeployedServer",
                "OS::Heat::MultipartMime", "OS::Heat::None", "OS::Heat::RandomString",
                "OS::Heat::ResourceChain", "OS::Heat::ResourceGroup", "OS::Heat::ScalingPolicy", "OS::Heat::SoftwareComponent", "OS::Heat::SoftwareConfig",
                "OS::Heat::SoftwareDeployment", "OS::Heat::SoftwareDeploymentGroup", "OS::Heat::Stack",
                "OS::Heat::StructuredConfig",
                "OS::Heat::StructuredDeployment", "OS::Heat::StructuredDeploymentGroup", "OS::Heat::TestResource",
                "OS::Heat::Value", "OS::Heat::WaitCondition", "OS::Heat::WaitConditionHandle", "OS::Nova::Server");
        ResourceType aliased = types.get("OS::Heat::SoftwareDeployments").orElseThrow();
        assertThat(aliased.supportStatus().status()).isEqualTo(SupportStatus.Status.HIDDEN);
        assertThat(aliased.supportStatus().message()).isEqualTo("Please use OS::Heat::SoftwareDeploymentGroup instead.");
        assertThat(aliased.supportStatus().previous().status()).isEqualTo(SupportStatus.Status.DEPRECATED);
        assertThat(aliased.properties().keySet())
                .isEqualTo(types.get("OS::Heat::SoftwareDeploymentGroup").orElseThrow().properties().keySet());
    }

    @Test
    void schemasCarryHeatsDeclarations() {
        ResourceTypes types = ResourceTypes.heat();
        ResourceType deployment = types.get("OS::Heat::SoftwareDeployment").orElseThrow();
        PropertySchema actions = deployment.properties().get("actions");
        assertThat(actions.type()).isEqualTo(PropertyType.LIST);
        assertThat(actions.updateAllowed()).isTrue();
        assertThat(actions.defaultValue()).isEqualTo(yaml("[CREATE, UPDATE]"));
        assertThat(((Constraint.AllowedValues) actions.constraints().get(0)).allowedAsText())
                .containsExactly("CREATE", "UPDATE", "DELETE", "SUSPEND", "RESUME", "CONTEXTUALIZE");
        assertThat(((Constraint.AllowedValues) deployment.properties().get("signal_transport").constraints().get(0))
                .allowedAsText())
                .containsExactly("CFN_SIGNAL", "TEMP_URL_SIGNAL", "HEAT_SIGNAL", "NO_SIGNAL", "ZAQAR_SIGNAL");
        assertThat(deployment.properties().get("server").required()).isTrue();
        assertThat(deployment.attributes()).containsKeys("deploy_stdout", "deploy_stderr", "deploy_status_code",
                "show");

        PropertySchema inputs = types.get("OS::Heat::SoftwareConfig").orElseThrow().properties().get("inputs");
        assertThat(inputs.itemSchema().mapSchema())
                .containsOnlyKeys("name", "description", "type", "default", "replace_on_change");
        assertThat(inputs.itemSchema().mapSchema().get("default").type()).isEqualTo(PropertyType.ANY);
        PropertySchema outputs = types.get("OS::Heat::SoftwareConfig").orElseThrow().properties().get("outputs");
        assertThat(outputs.itemSchema().mapSchema()).containsOnlyKeys("name", "description", "type", "error_output", "fact");

        PropertySchema length = types.get("OS::Heat::RandomString").orElseThrow().properties().get("length");
        assertThat(length.constraints()).containsExactly(new Constraint.Range(1, 512, null));
        PropertySchema sequence = types.get("OS::Heat::RandomString").orElseThrow().properties().get("sequence");
        assertThat(sequence.supportStatus().status()).isEqualTo(SupportStatus.Status.HIDDEN);
        assertThat(sequence.supportStatus().previous().message()).isEqualTo("Use property character_classes.");

        ResourceType server = types.get("OS::Nova::Server").orElseThrow();
        assertThat(server.properties()).containsKeys("name", "image", "flavor", "key_name", "networks", "metadata",
                "user_data", "user_data_format", "software_config_transport", "block_device_mapping",
                "admin_pass", "personality", "diskConfig");
        assertThat(server.attributes()).containsKeys("name", "networks", "first_address", "addresses",
                "os_collect_config", "show");
        assertThat(server.properties().get("personality").supportStatus().status())
                .isEqualTo(SupportStatus.Status.DEPRECATED);

        assertThat(types.get("OS::Heat::AutoScalingGroup").orElseThrow().attributes())
                .containsKeys("outputs", "outputs_list", "current_size", "refs", "refs_map", "show");
        assertThat(types.get("OS::Heat::ResourceGroup").orElseThrow().attributes())
                .containsKeys("refs", "refs_map", "attributes", "removed_rsrc_list", "show");
        ResourceType chain = types.get("OS::Heat::ResourceChain").orElseThrow();
        assertThat(chain.attributes()).containsOnlyKeys("refs", "attributes", "show");
        assertThat(chain.attributeError("chain", "refs_map")).as("Heat's chain overrides get_attribute").isEmpty();
        assertThat(types.updatesInPlace("OS::Heat::ResourceChain", List.of("resources"))).isTrue();
        assertThat(types.updatesInPlace("OS::Heat::ResourceChain", List.of("resource_properties")))
                .as("not update_allowed in Heat: a change replaces the chain").isFalse();
        assertThat(types.get("OS::Heat::ScalingPolicy").orElseThrow().attributes())
                .containsKeys("alarm_url", "signal_url");
        assertThat(types.get("OS::Heat::WaitCondition").orElseThrow().attributes()).containsKeys("data");
        assertThat(types.get("OS::Heat::Value").orElseThrow().attributes()).containsKeys("value");
        assertThat(types.get("OS::Heat::TestResource").orElseThrow().attributes()).containsKeys("output");
    }

    @Test
    void deprecatedAndHiddenUsesAreNoticedNotRejected() {
        JsonNode rs = yaml("""
                type: OS::Heat::RandomString
                properties: {sequence: digits}
                """);
        assertThat(ResourceValidator.standard().validate("rs", rs)).isEmpty();
        ResourceType type = ResourceTypes.heat().get("OS::Heat::RandomString").orElseThrow();
        assertThat(PropertyValidator.supportNotices(type, "rs", rs.get("properties"))).containsExactly(
                new TemplateProblem("resources.rs.properties.sequence",
                        "Property sequence is HIDDEN. Use property character_classes."));
        ResourceType alias = ResourceTypes.heat().get("OS::Heat::StructuredDeployments").orElseThrow();
        assertThat(PropertyValidator.supportNotices(alias, "d", null)).containsExactly(new TemplateProblem(
                "resources.d.type",
                "OS::Heat::StructuredDeployments is HIDDEN. Please use OS::Heat::StructuredDeploymentGroup instead."));
    }
}
