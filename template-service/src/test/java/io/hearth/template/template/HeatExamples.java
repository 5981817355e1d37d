package io.hearth.template.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Where openstack/heat-templates' examples are (the build sets {@code hearth.examples} to
 * {@code ../shared/examples/heat-templates}), and the environment that lets them plan here.
 */
public final class HeatExamples {

    /** The examples' directory. */
    public static final Path DIR = Path.of(System.getProperty("hearth.examples",
            "/work/shared/examples/heat-templates"));

    /** Stubs out the OpenStack services Hearth does not have. */
    public static final JsonNode ENVIRONMENT = environment();

    private HeatExamples() {
    }

    private static JsonNode environment() {
        try {
            return new YAMLMapper().readTree("""
                    resource_registry:
                      "OS::Neutron::*": "OS::Heat::None"
                      "OS::Cinder::*": "OS::Heat::None"
                      "OS::Nova::KeyPair": "OS::Heat::None"
                      "OS::Nova::Flavor": "OS::Heat::None"
                      "OS::Glance::*": "OS::Heat::None"
                      "OS::Aodh::*": "OS::Heat::None"
                      "OS::Octavia::*": "OS::Heat::None"
                    """);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
