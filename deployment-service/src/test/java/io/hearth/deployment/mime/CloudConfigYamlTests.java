package io.hearth.deployment.mime;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.contracts.envelope.HearthJson;
import org.junit.jupiter.api.Test;

/** The config is what Heat's {@code '#cloud-config\n' + yaml.dump(cloud_config, Dumper=SafeDumper)} writes. */
class CloudConfigYamlTests {

    @Test
    void writesBlockYamlWithSortedKeysAsPyYamlDoes() {
        String config = CloudConfigYaml.render(HearthJson.readTree("""
                {"write_files": [{"path": "/tmp/x", "content": "hello\\nworld\\n"}],
                 "runcmd": ["echo hi", "yes", "1"], "packages": [], "x": {}, "u": "é",
                 "long": "a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a "}
                """));

        // Output of PyYAML 6 for the same value.
        assertThat(config).isEqualTo("#cloud-config\n"
                + "long: 'a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a a\n"
                + "  a a a a a a a a a a a a '\n"
                + "packages: []\n"
                + "runcmd:\n- echo hi\n- 'yes'\n- '1'\n"
                + "u: \"\\xe9\"\n" // PyYAML: \xE9
                + "write_files:\n- content: 'hello\n\n    world\n\n    '\n  path: /tmp/x\n"
                + "x: {}\n");
    }

    @Test
    void noCloudConfigIsAnEmptyMap() {
        assertThat(CloudConfigYaml.render(null)).isEqualTo("#cloud-config\n{}\n");
    }
}
