package io.hearth.hot.types;

import static io.hearth.hot.types.Yaml.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.TemplateProblem;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** get_attr against the attributes of the referenced resource's type. */
class AttributeReferencesTests {

    private static final JsonNode RESOURCES = yaml("""
            config: {type: OS::Heat::SoftwareConfig}
            deployment: {type: OS::Heat::SoftwareDeployment}
            deployments: {type: OS::Heat::SoftwareDeploymentGroup}
            server: {type: OS::Nova::Server}
            password: {type: OS::Heat::RandomString}
            group: {type: OS::Heat::ResourceGroup}
            asg: {type: OS::Heat::AutoScalingGroup}
            policy: {type: OS::Heat::ScalingPolicy}
            wait: {type: OS::Heat::WaitCondition}
            value: {type: OS::Heat::Value}
            test: {type: OS::Heat::TestResource}
            port: {type: OS::Neutron::Port}
            """);

    private final ResourceValidator validator = new ResourceValidator(
            ResourceRegistry.fromEnvironment(yaml("resource_registry: {\"OS::Neutron::*\": \"OS::Heat::None\"}")),
            Set.of());

    private Optional<TemplateProblem> check(String arguments) {
        return validator.checkGetAttr("outputs.out.value", yaml(arguments), RESOURCES);
    }

    @Test
    void declaredAttributesAreAccepted() {
        for (String ok : new String[] {"[server, networks, private, 0]", "[server, first_address]", "[server, show]",
            "[password, value]", "[value, value]", "[test, output]", "[wait, data]", "[policy, alarm_url]",
            "[policy, signal_url]", "[config, config]", "[deployment, deploy_stdout]",
            "[deployment, deploy_status_code]", "[asg, outputs_list, name]", "[asg, current_size]", "[asg, refs_map]",
            "[group, refs]", "[group, removed_rsrc_list]", "[group, attributes, name]", "[server]"}) {
            assertThat(check(ok)).as(ok).isEmpty();
        }
    }

    @Test
    void undeclaredAttributesGetHeatsMessage() {
        assertThat(check("[server, ip]")).contains(new TemplateProblem("outputs.out.value",
                "The Referenced Attribute (server ip) is incorrect."));
        assertThat(check("[password, length]")).contains(new TemplateProblem("outputs.out.value",
                "The Referenced Attribute (password length) is incorrect."));
        assertThat(check("[asg, something]")).contains(new TemplateProblem("outputs.out.value",
                "The Referenced Attribute (asg something) is incorrect."));
    }

    @Test
    void deploymentOutputsAreKnownOnlyAtRunTimeSoAnyNameIsAccepted() {
        assertThat(check("[deployment, result]")).isEmpty();
        assertThat(check("[deployments, result]")).isEmpty();
        assertThat(check("[deployments, deploy_stdouts]")).isEmpty();
    }

    @Test
    void groupsExposeMembers() {
        assertThat(check("[group, resource.0]")).isEmpty();
        assertThat(check("[group, resource.0.value]")).isEmpty();
        assertThat(check("[group, value]")).isEmpty();
        assertThat(check("[asg, resource.1.networks]")).isEmpty();
    }

    @Test
    void stubbedResourcesAnswerAnything() {
        assertThat(check("[port, fixed_ips, 0, ip_address]")).isEmpty();
    }

    @Test
    void malformedReferences() {
        assertThat(check("[nothing, x]")).contains(new TemplateProblem("outputs.out.value",
                "The specified reference \"nothing\" (in outputs.out.value) is incorrect."));
        assertThat(check("server")).contains(new TemplateProblem("outputs.out.value",
                "Argument to \"get_attr\" must be a list"));
        assertThat(check("[{get_param: which}, x]")).isEmpty();
        assertThat(check("[server, {get_param: attr}]")).isEmpty();
    }

    @Test
    void typeLevelQuestion() {
        ResourceType server = ResourceTypes.heat().get("OS::Nova::Server").orElseThrow();
        assertThat(server.hasAttribute("os_collect_config")).isTrue();
        assertThat(server.hasAttribute("deploy_stdout")).isFalse();
        ResourceType deployment = ResourceTypes.heat().get("OS::Heat::SoftwareDeployment").orElseThrow();
        assertThat(deployment.hasAttribute("anything_the_config_declares")).isTrue();
        assertThat(server.attributeError("web", "nope")).contains("The Referenced Attribute (web nope) is incorrect.");
    }
}
