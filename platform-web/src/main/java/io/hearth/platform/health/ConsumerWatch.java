package io.hearth.platform.health;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.reactive.messaging.kafka.KafkaClientService;
import io.smallrye.reactive.messaging.kafka.KafkaConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.jboss.logging.Logger;

/**
 * Watches the consumer of every incoming Kafka channel of the service. Every
 * {@code hearth.health.consumer.probe-interval} it hands each consumer's polling thread a no-op that
 * beats a {@link LoopHeartbeat} (and notes the assigned partitions); a thread that died, or that is
 * blocked or starved, runs none, and its heartbeat falls silent. The Kafka client's metrics say when it
 * last polled and sent its group a heartbeat. SmallRye's own checks do not see any of this: they look at
 * the broker connection and at failures the channel reported.
 */
@ApplicationScoped
public class ConsumerWatch {

    private static final Logger LOG = Logger.getLogger(ConsumerWatch.class);

    private final KafkaClientService kafka;
    private final HealthConfig.Consumer config;
    private final Map<KafkaConsumer<?, ?>, Probe> probes = new ConcurrentHashMap<>();
    private ScheduledExecutorService scheduler;

    public ConsumerWatch(KafkaClientService kafka, HealthConfig config) {
        this.kafka = kafka;
        this.config = config.consumer();
    }

    void start(@Observes StartupEvent event) {
        scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "hearth-consumer-watch");
            thread.setDaemon(true);
            return thread;
        });
        long interval = config.probeInterval().toMillis();
        scheduler.scheduleWithFixedDelay(this::probeAll, 0, interval, TimeUnit.MILLISECONDS);
    }

    void stop(@Observes ShutdownEvent event) {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
    }

    /** The threshold the checks apply. */
    public Duration threshold() {
        return config.stallThreshold();
    }

    /** The vitals of every consumer that exists so far, by channel. */
    public List<ConsumerVitals> vitals() {
        List<ConsumerVitals> all = new ArrayList<>();
        for (String channel : kafka.getConsumerChannels()) {
            List<KafkaConsumer<Object, Object>> consumers = kafka.getConsumers(channel);
            for (int i = 0; i < consumers.size(); i++) {
                KafkaConsumer<?, ?> consumer = consumers.get(i);
                Probe probe = probes.get(consumer);
                org.apache.kafka.clients.consumer.Consumer<?, ?> client = consumer.unwrap();
                if (probe == null || client == null) {
                    continue; // not created or not probed yet
                }
                Map<MetricName, ? extends Metric> metrics = client.metrics();
                all.add(new ConsumerVitals(consumers.size() == 1 ? channel : channel + "-" + i,
                        probe.heartbeat.problem(config.stallThreshold()), metric(metrics, "last-poll-seconds-ago"),
                        metric(metrics, "last-heartbeat-seconds-ago"), probe.partitions));
            }
        }
        return all;
    }

    /**
     * A health check's answer over every consumer: DOWN with the problem of each consumer that has one,
     * each consumer's summary otherwise.
     */
    public HealthCheckResponse report(String name, BiFunction<ConsumerVitals, Duration, Optional<String>> problem) {
        HealthCheckResponseBuilder response = HealthCheckResponse.named(name).up();
        for (ConsumerVitals vitals : vitals()) {
            Optional<String> wrong = problem.apply(vitals, config.stallThreshold());
            response.withData(vitals.name(), wrong.orElseGet(vitals::summary));
            if (wrong.isPresent()) {
                response.down();
            }
        }
        return response.build();
    }

    private void probeAll() {
        try {
            for (String channel : kafka.getConsumerChannels()) {
                for (KafkaConsumer<?, ?> consumer : kafka.getConsumers(channel)) {
                    if (consumer.unwrap() != null) {
                        probes.computeIfAbsent(consumer, c -> new Probe()).submit(consumer, channel);
                    }
                }
            }
        } catch (RuntimeException e) {
            LOG.warnf(e, "probing the Kafka consumers failed: %s", e.getMessage());
        }
    }

    private static double metric(Map<MetricName, ? extends Metric> metrics, String name) {
        for (Map.Entry<MetricName, ? extends Metric> entry : metrics.entrySet()) {
            if (entry.getKey().name().equals(name) && entry.getValue().metricValue() instanceof Double value) {
                return value;
            }
        }
        return -1;
    }

    /** One consumer's probes: at most one waits for the polling thread at a time. */
    private static final class Probe {
        final LoopHeartbeat heartbeat = new LoopHeartbeat();
        final AtomicBoolean pending = new AtomicBoolean();
        volatile int partitions;

        void submit(KafkaConsumer<?, ?> consumer, String channel) {
            if (!pending.compareAndSet(false, true)) {
                return; // the last one has not run yet: the heartbeat tells how long
            }
            consumer.runOnPollingThread(client -> {
                partitions = client.assignment().size();
                heartbeat.beat();
            }).subscribe().with(done -> pending.set(false), failure -> {
                pending.set(false);
                LOG.debugf("probe of channel %s failed: %s", channel, failure.getMessage());
            });
        }
    }
}
