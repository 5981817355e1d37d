package io.hearth.hot.types;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.contracts.envelope.HearthJson;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The catalogue's answer to "does this change replace the resource?", which template-service's update
 * preview and deployment-service's engine both ask.
 */
class UpdateAllowedTests {

    private static final ResourceTypes TYPES = ResourceTypes.heat();

    @Test
    void aServerTakesMetadataAndItsUpdatePoliciesInPlaceAndIsReplacedForAnythingItsDriversCannotChange() {
        assertThat(TYPES.updatesInPlace("OS::Nova::Server", Set.of("metadata", "admin_pass",
                "flavor_update_policy", "image_update_policy", "user_data_update_policy",
                "deployment_swift_data"))).isTrue();
        for (String property : Set.of("name", "image", "flavor", "networks", "user_data", "tags", "key_name")) {
            assertThat(TYPES.updatesInPlace("OS::Nova::Server", Set.of("metadata", property))).as(property).isFalse();
        }
        assertThat(TYPES.updatesInPlace("OS::Heat::DeployedServer", Set.of("metadata"))).isTrue();
        assertThat(TYPES.updatesInPlace("OS::Heat::DeployedServer", Set.of("name"))).isFalse();
    }

    @Test
    void aDeploymentTakesItsConfigInputsActionsNameAndTimeoutInPlaceAsHeatDoes() {
        Set<String> inPlace = Set.of("config", "input_values", "actions", "name", "timeout");
        assertThat(TYPES.updatesInPlace("OS::Heat::SoftwareDeployment", inPlace)).isTrue();
        assertThat(TYPES.updatesInPlace("OS::Heat::StructuredDeployment", inPlace)).isTrue();
        assertThat(TYPES.updatesInPlace("OS::Heat::SoftwareDeployment", Set.of("server"))).isFalse();
        assertThat(TYPES.updatesInPlace("OS::Heat::SoftwareDeployment", Set.of("signal_transport"))).isFalse();
        // Heat's structured_config.py: neither is update_allowed
        assertThat(TYPES.updatesInPlace("OS::Heat::StructuredDeployment", Set.of("input_key"))).isFalse();
        assertThat(TYPES.updatesInPlace("OS::Heat::StructuredDeployment", Set.of("input_values_validate")))
                .isFalse();
    }

    @Test
    void noneTakesAnyChangeAnUnknownTypeNoneAndNoChangeIsInPlace() {
        assertThat(TYPES.updatesInPlace("OS::Heat::None", Set.of("anything"))).isTrue();
        assertThat(TYPES.updatesInPlace("OS::Unknown::Thing", Set.of("x"))).isFalse();
        assertThat(TYPES.updatesInPlace("OS::Heat::RandomString", Set.of())).isTrue();
        assertThat(TYPES.updatesInPlace("OS::Heat::RandomString", Set.of("length"))).isFalse();
    }

    @Test
    void changedPropertiesAreThoseWhoseValuesDifferAMissingOneCountingAsNull() {
        assertThat(ResourceTypes.changedProperties(
                HearthJson.readTree("{\"a\": 1, \"b\": [1], \"c\": null, \"d\": \"x\"}"),
                HearthJson.readTree("{\"a\": 1, \"b\": [2], \"e\": 3, \"d\": \"y\"}")))
                .containsExactly("b", "d", "e");
        assertThat(ResourceTypes.changedProperties(null, HearthJson.readTree("{\"a\": 1}"))).containsExactly("a");
    }
}
