package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static io.hearth.deployment.StackDriver.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.ServerSpec;
import io.hearth.contracts.deployment.v1.DeploymentInput;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedOutput;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The heat-templates example {@code software-config/wordpress/WordPress_software-config_1-instance.yaml}
 * run through the engine over the real topics: the test plays the compute driver, the agent and the
 * signal gateway, as {@link SoftwareDeploymentStackTests} does.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class WordPressExampleTests {

    private static final String GATEWAY = "/hearth/signal-gateway";
    private static final String ADDRESS = "10.0.0.5";

    /** {@code db_install.sh}, which the template reads with get_file. */
    private static final String DB_INSTALL = """
            #!/bin/bash -v

            yum -y install mariadb mariadb-server
            touch /var/log/mariadb/mariadb.log
            chown mysql.mysql /var/log/mariadb/mariadb.log
            systemctl start mariadb.service

            # Setup MySQL root password and create a user
            mysqladmin -u root password $db_rootpassword
            cat << EOF | mysql -u root --password=$db_rootpassword
            CREATE DATABASE $db_name;
            GRANT ALL PRIVILEGES ON $db_name.* TO '$db_user'@'%'
            IDENTIFIED BY '$db_password';
            FLUSH PRIVILEGES;
            EXIT
            EOF
            """;

    /** {@code wp_install.sh}, which the template reads with get_file. */
    private static final String WP_INSTALL = """
            #!/bin/bash -v

            yum -y install httpd wordpress

            sed -i "/Deny from All/d" /etc/httpd/conf.d/wordpress.conf
            sed -i "s/Require local/Require all granted/" /etc/httpd/conf.d/wordpress.conf
            sed -i s/database_name_here/$db_name/ /etc/wordpress/wp-config.php
            sed -i s/username_here/$db_user/      /etc/wordpress/wp-config.php
            sed -i s/password_here/$db_password/  /etc/wordpress/wp-config.php
            sed -i s/localhost/$db_ipaddr/        /etc/wordpress/wp-config.php

            setenforce 0 # Otherwise net traffic with DB is disabled

            systemctl start httpd.service
            """;

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @RegisterExtension
    final TopicRecords compute = new TopicRecords(Topics.COMPUTE_SERVERS);

    @RegisterExtension
    final ServerMetadataFeed metadata = new ServerMetadataFeed();

    /**
     * The plan template-service makes of the example with {@code flavor=m1.small} and the other parameters
     * at their defaults, written by hand: get_param and get_file resolved, get_resource and get_attr left as
     * expression nodes, the resources in dependency order with their explicit and implied dependencies.
     */
    private static StackPlan wordPress() {
        Map<String, JsonNode> parameters = new LinkedHashMap<>();
        parameters.put("key_name", TextNode.valueOf("default"));
        parameters.put("flavor", TextNode.valueOf("m1.small"));
        parameters.put("image", TextNode.valueOf("fedora-20.x86_64"));
        parameters.put("db_name", TextNode.valueOf("wordpress"));
        parameters.put("db_username", TextNode.valueOf("admin"));
        List<PlannedResource> resources = List.of(
                config("wordpress_config", """
                        {"inputs": [{"name": "db_name"}, {"name": "db_user"}, {"name": "db_password"},
                                    {"name": "db_ipaddr"}], "group": "script"}""", WP_INSTALL),
                config("db_config", """
                        {"inputs": [{"name": "db_rootpassword"}, {"name": "db_name"}, {"name": "db_user"},
                                    {"name": "db_password"}], "group": "script"}""", DB_INSTALL),
                resource("db_root_password", "OS::Heat::RandomString", null),
                resource("db_password", "OS::Heat::RandomString", null),
                resource("wordpress_instance", "OS::Nova::Server", """
                        {"image": "fedora-20.x86_64", "flavor": "m1.small", "key_name": "default",
                         "user_data_format": "SOFTWARE_CONFIG"}"""),
                resource("db_deployment", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "db_config"}, "server": {"get_resource": "wordpress_instance"},
                         "input_values": {"db_rootpassword": {"get_attr": ["db_root_password", "value"]},
                                          "db_name": "wordpress", "db_user": "admin",
                                          "db_password": {"get_attr": ["db_password", "value"]}}}""",
                        "db_config", "wordpress_instance", "db_root_password", "db_password"),
                resource("wordpress_deployment", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "wordpress_config"},
                         "server": {"get_resource": "wordpress_instance"},
                         "input_values": {"db_name": "wordpress", "db_user": "admin",
                                          "db_password": {"get_attr": ["db_password", "value"]},
                                          "db_ipaddr": {"get_attr": ["wordpress_instance", "networks", "private", 0]}}}""",
                        "db_deployment", "wordpress_config", "wordpress_instance", "db_password"));
        Map<String, PlannedOutput> outputs = Map.of("WebsiteURL", new PlannedOutput("URL for Wordpress wiki",
                HearthJson.readTree("""
                        {"str_replace": {"template": "http://host/wordpress",
                                         "params": {"host": {"get_attr": ["wordpress_instance", "networks",
                                                                          "private", 0]}}}}""")));
        return new StackPlan("2013-05-23", "Heat WordPress template to deploy WordPress on a single instance",
                parameters, resources, outputs, null, true);
    }

    private static PlannedResource config(String name, String properties, String script) {
        PlannedResource planned = resource(name, "OS::Heat::SoftwareConfig", properties);
        ((ObjectNode) planned.properties()).put("config", script);
        return planned;
    }

    @Test
    void theWordPressExampleInstallsTheDatabaseThenWordPressAndGivesItsUrl() {
        String id = UUID.randomUUID().toString();
        driver.create(id, wordPress());
        await().atMost(WAIT).until(() -> newServers(id).size() == 1);
        ServerSpec instance = newServers(id).get(0);
        assertThat(instance.image()).isEqualTo("fedora-20.x86_64");
        assertThat(instance.flavor()).isEqualTo("m1.small");
        String serverId = instance.serverId();
        checkIn(id, serverId);

        // The database goes first, with the parameters and both generated passwords.
        DeploymentItem db = metadata.awaitItems(serverId, 1).get(0);
        String rootPassword = value(id, "db_root_password");
        String password = value(id, "db_password");
        assertThat(rootPassword).hasSize(32).isNotEqualTo(password);
        assertThat(password).hasSize(32);
        assertThat(db.group()).isEqualTo("script");
        assertThat(db.config().asText()).isEqualTo(DB_INSTALL);
        assertThat(db.inputs()).extracting(DeploymentInput::name).startsWith("db_rootpassword", "db_name",
                "db_user", "db_password");
        assertThat(input(db, "db_rootpassword")).isEqualTo(rootPassword);
        assertThat(input(db, "db_name")).isEqualTo("wordpress");
        assertThat(input(db, "db_user")).isEqualTo("admin");
        assertThat(input(db, "db_password")).isEqualTo(password);
        assertThat(input(db, "deploy_action")).isEqualTo("CREATE");
        assertThat(input(db, "deploy_resource_name")).isEqualTo("db_deployment");
        assertThat(driver.statesOf(id, "wordpress_deployment")).isEmpty();
        signal(id, serverId, db, "database created\n");

        // WordPress follows, pointed at the database on the server's private address.
        DeploymentItem wp = metadata.awaitItems(serverId, 2).stream().filter(i -> !i.deploymentId().equals(db.deploymentId())).findFirst()
                .orElseThrow();
        assertThat(wp.config().asText()).isEqualTo(WP_INSTALL);
        assertThat(wp.inputs()).extracting(DeploymentInput::name).startsWith("db_name", "db_user", "db_password",
                "db_ipaddr");
        assertThat(input(wp, "db_name")).isEqualTo("wordpress");
        assertThat(input(wp, "db_user")).isEqualTo("admin");
        assertThat(input(wp, "db_password")).isEqualTo(password);
        assertThat(input(wp, "db_ipaddr")).isEqualTo(ADDRESS);
        assertThat(input(wp, "deploy_resource_name")).isEqualTo("wordpress_deployment");
        signal(id, serverId, wp, "httpd started\n");

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(statuses.get(statuses.size() - 1).statusReason()).isEqualTo("Stack CREATE completed successfully");
        assertThat(driver.outputs(id)).containsOnlyKeys("WebsiteURL");
        assertThat(driver.outputs(id).get("WebsiteURL").asText()).isEqualTo("http://" + ADDRESS + "/wordpress");
        List<String> order = driver.resources(id).stream().filter(r -> r.resourceName().endsWith("_deployment"))
                .map(r -> r.resourceName() + " " + r.action() + "_" + r.status()).toList();
        assertThat(order).containsExactly("db_deployment CREATE_IN_PROGRESS", "db_deployment CREATE_COMPLETE",
                "wordpress_deployment CREATE_IN_PROGRESS", "wordpress_deployment CREATE_COMPLETE");
        assertThat(driver.statesOf(id, "wordpress_instance")).containsExactly("CREATE_IN_PROGRESS",
                "CREATE_COMPLETE");
    }

    /** The value attribute of a completed RandomString. */
    private String value(String stackId, String resource) {
        ResourceStatusChanged done = driver.resources(stackId).stream().filter(r -> r.resourceName().equals(resource)
                && r.status().equals("COMPLETE")).findFirst().orElseThrow();
        return done.attributes().get("value").asText();
    }

    private List<ServerSpec> newServers(String stackId) {
        return ComputeRecords.creates(compute.records(), stackId);
    }

    private void checkIn(String stackId, String serverId) {
        send(stackId, CloudEvent.of(GATEWAY, stackId,
                new ServerCheckedIn(stackId, serverId, ADDRESS, "0.1.0", "boot-1", Instant.now())));
    }

    private void signal(String stackId, String serverId, DeploymentItem item, String stdout) {
        send(stackId, CloudEvent.of(GATEWAY, stackId, new DeploymentSignalled(stackId, item.deploymentId(), serverId, "CREATE",
                item.generation(), stdout, "", 0, Map.of(), Instant.now())));
    }

    private void send(String key, CloudEvent event) {
        driver.publish(Topics.SIGNALS, key, event.toJson());
    }

    private static String input(DeploymentItem item, String name) {
        return item.inputs().stream().filter(i -> i.name().equals(name)).map(DeploymentInput::value).findFirst()
                .orElseThrow().asText();
    }
}
