package io.hearth.testsupport;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What a Hearth service that owns a database (platform's outbox and inbox) offers operators beyond
 * {@link PlatformEndpointsContract}: its database and the outbox relay's producer in readiness, the
 * outbox's meters and its consumers' lag in the metrics.
 */
public abstract class EventingEndpointsContract extends PlatformEndpointsContract {

    @Test
    void isReadyWithItsDatabaseAndTheOutboxProducerChecked() {
        ready().body("checks.name", hasItem(containsString("Reactive PostgreSQL")))
                .body("checks.find { it.name.contains('Reactive Messaging') }.data.'hearth-outbox'", equalTo("[OK]"));
    }

    @Test
    void exposesTheOutboxMetrics() {
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("hearth_outbox_published"));
        // The backlog gauges, refreshed from the database; the relay runs, so its backlog is small and young.
        MetricsPage page = MetricsPage.scrape();
        assertThat(page.value("hearth_outbox_pending")).hasValueSatisfying(rows -> assertThat(rows).isNotNegative());
        assertThat(page.value("hearth_outbox_oldest_age_seconds"))
                .hasValueSatisfying(age -> assertThat(age).isBetween(0.0, 60.0));
    }

    @Test
    void exposesTheConsumerLagOfItsKafkaConsumers() {
        // Kafka's client metrics, bound once a consumer has fetched (quarkus.micrometer.binder.kafka.enabled).
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(MetricsPage.scrape()
                .has("kafka_consumer_fetch_manager_records_lag_max{")).isTrue());
    }
}
