package io.hearth.testsupport;

import io.hearth.contracts.Topics;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.jboss.logging.Logger;

/**
 * The Kafka broker and PostgreSQL server of a test JVM, each started once, when first needed, and
 * shared by every test class. {@code KAFKA_BOOTSTRAP_SERVERS} names an external broker to use instead of
 * the in-process one; {@code HEARTH_TEST_DB_URL} (a JDBC URL), {@code HEARTH_TEST_DB_USER} and
 * {@code HEARTH_TEST_DB_PASSWORD} name an external PostgreSQL instead of the embedded one.
 * Hearth's topics are created on the broker either way.
 */
public final class TestInfrastructure {

    private static final Logger LOG = Logger.getLogger(TestInfrastructure.class);
    private static TestInfrastructure instance;

    private final String kafkaBootstrapServers;
    private final List<AutoCloseable> owned = new ArrayList<>();
    private Database database;
    private final String runId = UUID.randomUUID().toString().substring(0, 8);

    /**
     * Where tests reach PostgreSQL.
     *
     * @param jdbcUrl  the JDBC URL
     * @param user     the user name
     * @param password the password, empty for none
     */
    public record Database(String jdbcUrl, String user, String password) {
        /** The same server as a Vert.x reactive client URL. */
        public String reactiveUrl() {
            return jdbcUrl.substring("jdbc:".length());
        }
    }

    private TestInfrastructure(String kafkaBootstrapServers, InProcessKafka kafka) {
        this.kafkaBootstrapServers = kafkaBootstrapServers;
        if (kafka != null) {
            owned.add(kafka);
        }
    }

    /**
     * The shared infrastructure, its broker started on first use (again after {@link #stop()}); the
     * database starts on the first call of {@link #database()}, so a service without one never starts it.
     */
    public static synchronized TestInfrastructure get() {
        if (instance == null) {
            try {
                InProcessKafka kafka = external("KAFKA_BOOTSTRAP_SERVERS") ? null : startKafka();
                instance = new TestInfrastructure(
                        kafka == null ? System.getenv("KAFKA_BOOTSTRAP_SERVERS") : kafka.bootstrapServers(), kafka);
                createTopics(instance.kafkaBootstrapServers);
            } catch (Exception e) {
                throw new IllegalStateException("cannot start the test infrastructure: " + e.getMessage(), e);
            }
        }
        return instance;
    }

    /**
     * Stops what this JVM started, while the JVM still runs: the test resource calls it when
     * its application stops, before shutdown hooks race each other.
     */
    public static synchronized void stop() {
        if (instance != null) {
            instance.owned.forEach(TestInfrastructure::closeQuietly);
            instance = null;
        }
    }

    /** The broker's bootstrap servers. */
    public String kafkaBootstrapServers() {
        return kafkaBootstrapServers;
    }

    /** The PostgreSQL server, started on first use. */
    public synchronized Database database() {
        if (database == null) {
            try {
                EmbeddedPostgres postgres = external("HEARTH_TEST_DB_URL") ? null : startPostgres();
                if (postgres != null) {
                    owned.add(postgres);
                }
                database = postgres == null ? externalDatabase() : embeddedDatabase(postgres);
            } catch (Exception e) {
                throw new IllegalStateException("cannot start the test database: " + e.getMessage(), e);
            }
        }
        return database;
    }

    /** A short id unique to this test JVM, for consumer groups and names. */
    public String runId() {
        return runId;
    }

    private static boolean external(String variable) {
        String value = System.getenv(variable);
        if (value != null && !value.isBlank()) {
            LOG.infof("tests use %s=%s", variable, value);
            return true;
        }
        return false;
    }

    private static InProcessKafka startKafka() throws Exception {
        long start = System.nanoTime();
        InProcessKafka kafka = InProcessKafka.start();
        LOG.infof("in-process Kafka broker at %s ready in %d ms", kafka.bootstrapServers(),
                (System.nanoTime() - start) / 1_000_000);
        return kafka;
    }

    private static EmbeddedPostgres startPostgres() throws Exception {
        long start = System.nanoTime();
        EmbeddedPostgres postgres = EmbeddedPostgres.builder().start();
        LOG.infof("embedded PostgreSQL on port %d ready in %d ms", postgres.getPort(),
                (System.nanoTime() - start) / 1_000_000);
        return postgres;
    }

    private static Database embeddedDatabase(EmbeddedPostgres postgres) {
        return new Database("jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/postgres", "postgres", "");
    }

    private static Database externalDatabase() {
        return new Database(System.getenv("HEARTH_TEST_DB_URL"), envOr("HEARTH_TEST_DB_USER", "postgres"),
                envOr("HEARTH_TEST_DB_PASSWORD", ""));
    }

    private static void createTopics(String bootstrapServers) throws InterruptedException, ExecutionException {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        try (Admin admin = Admin.create(props)) {
            Set<String> existing = admin.listTopics().names().get();
            List<NewTopic> missing = Topics.all().stream()
                    .filter(t -> !existing.contains(t.name()))
                    .map(t -> new NewTopic(t.name(), t.partitions(), (short) 1)
                            .configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, t.cleanupPolicy(),
                                    TopicConfig.MAX_MESSAGE_BYTES_CONFIG, String.valueOf(t.maxMessageBytes()))))
                    .toList();
            try {
                admin.createTopics(missing).all().get();
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
        }
    }

    private static String envOr(String name, String fallback) {
        String value = System.getenv(name);
        return value == null ? fallback : value;
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            LOG.debugf(e, "stopping %s failed", closeable);
        }
    }
}
