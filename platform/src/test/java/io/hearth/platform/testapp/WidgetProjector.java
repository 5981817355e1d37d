package io.hearth.platform.testapp;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.platform.messaging.EventProcessor;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.opentelemetry.api.trace.Span;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.MDC;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** A consumer built as every service builds one: a thin Kafka facade over EventProcessor. */
@ApplicationScoped
public class WidgetProjector {

    /** The event types this handler acts on: widget creations. */
    public static final Set<String> TYPES = Set.of(WidgetCreated.TYPE);

    public static final String GROUP = "widget-projector";

    /** What the handler saw of each applied event: the current trace id and the log context's stack id. */
    public static final Map<String, String> SEEN = new ConcurrentHashMap<>();

    private final EventProcessor processor;

    public WidgetProjector(EventProcessor processor) {
        this.processor = processor;
    }

    @Incoming("widget-events")
    public Uni<Void> consume(String payload) {
        return processor.process(GROUP, payload, TYPES, this::apply);
    }

    private Uni<Void> apply(CloudEvent event) {
        return switch (event.type()) {
            case WidgetCreated.TYPE -> {
                WidgetCreated created = event.dataAs(WidgetCreated.class);
                if ("poison".equals(created.name())) {
                    throw new IllegalArgumentException("widget name 'poison' is refused");
                }
                SEEN.put(event.id(), Span.current().getSpanContext().getTraceId() + " " + MDC.get("stackId"));
                WidgetProjection row = new WidgetProjection();
                row.eventId = event.id();
                row.name = created.name();
                if ("hang".equals(created.name())) {
                    // written, then never ends, as the stuck deployment-service step seen in CI
                    yield row.persist().call(() -> Panache.getSession().chain(session -> session.flush()))
                            .chain(() -> Uni.createFrom().<Void>nothing());
                }
                if ("stall".equals(created.name())) {
                    // written, then idle longer than the consumers' transaction idle timeout (the test's 1 s)
                    yield row.persist().call(() -> Panache.getSession().chain(session -> session.flush()))
                            .onItem().delayIt().by(Duration.ofSeconds(3)).replaceWithVoid();
                }
                yield row.persist().replaceWithVoid();
            }
            default -> EventProcessor.ignore(event);
        };
    }
}
