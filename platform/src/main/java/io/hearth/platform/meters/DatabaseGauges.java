package io.hearth.platform.meters;

import io.hearth.platform.outbox.ContextLoop;
import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs the cheap queries that gauges read (a grouped count, the oldest unsent row) every
 * {@code hearth.metrics.refresh-interval} (15 s by default), each in its own {@link ContextLoop}: a gauge shows what
 * its query last answered, a failed query is logged and tried again at the next interval. Scraping
 * {@code /q/metrics} never reaches the database.
 */
@ApplicationScoped
public class DatabaseGauges {

    private final Vertx vertx;
    private final Duration interval;
    private final List<ContextLoop<Void>> loops = new CopyOnWriteArrayList<>();

    public DatabaseGauges(Vertx vertx,
            @ConfigProperty(name = "hearth.metrics.refresh-interval", defaultValue = "15s") Duration interval) {
        this.vertx = vertx;
        this.interval = interval;
    }

    /** Starts refreshing: {@code refresh} runs at once, then every interval, until the application stops. */
    public void refresh(String name, Supplier<Uni<Void>> refresh) {
        ContextLoop<Void> loop = new ContextLoop<>(name, vertx, refresh, done -> interval, interval);
        loops.add(loop);
        loop.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        loops.forEach(ContextLoop::stop);
    }
}
