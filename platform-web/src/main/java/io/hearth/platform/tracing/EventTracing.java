package io.hearth.platform.tracing;

import io.hearth.contracts.envelope.CloudEvent;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

/**
 * The trace context of Hearth's events, carried in the CloudEvents envelope as the Distributed Tracing extension's
 * {@code traceparent} and {@code tracestate} (W3C Trace Context): an event written while a span is current carries
 * it, and the work that consumes the event runs in a span whose parent it is, so that one stack create is one trace
 * from the API through Kafka to the engine, the gateway and back. The outbox stores the envelope, so the context
 * survives the relay, which sends the row later in a context of its own.
 */
@ApplicationScoped
public class EventTracing {

    /** MDC key of the stack an event or request is about (JSON logs carry it beside {@code traceId}). */
    public static final String STACK_ID = "stackId";
    /** MDC key of the software deployment an event or request is about. */
    public static final String DEPLOYMENT_ID = "deploymentId";

    private static final Logger LOG = Logger.getLogger(EventTracing.class);

    private static final TextMapPropagator PROPAGATOR = W3CTraceContextPropagator.getInstance();

    private static final TextMapGetter<CloudEvent> FROM_EVENT = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(CloudEvent event) {
            return event.extensions().keySet();
        }

        @Override
        public String get(CloudEvent event, String key) {
            return event == null ? null : event.extension(key);
        }
    };

    private final Tracer tracer;

    public EventTracing(Tracer tracer) {
        this.tracer = tracer;
    }

    /** The event carrying the current trace context; as it is when it carries one already or none is current. */
    public static CloudEvent stamped(CloudEvent event) {
        return event.extension(CloudEvent.TRACEPARENT) != null ? event : stamped(event, Context.current());
    }

    /** The event carrying the trace context of {@code context} (replacing any it had). */
    public static CloudEvent stamped(CloudEvent event, Context context) {
        Map<String, String> carrier = new HashMap<>();
        PROPAGATOR.inject(context, carrier, Map::put);
        if (!carrier.containsKey(CloudEvent.TRACEPARENT)) {
            return event;
        }
        return event.withExtension(CloudEvent.TRACEPARENT, carrier.get(CloudEvent.TRACEPARENT))
                .withExtension(CloudEvent.TRACESTATE, carrier.get(CloudEvent.TRACESTATE));
    }

    /** The trace context an event carries (the root context, which has no span, when it carries none). */
    public static Context contextOf(CloudEvent event) {
        return PROPAGATOR.extract(Context.root(), event, FROM_EVENT);
    }

    /** The trace context of a {@code traceparent} (and {@code tracestate}, may be null) kept elsewhere. */
    public static Context contextOf(String traceparent, String tracestate) {
        Map<String, String> carrier = new HashMap<>();
        if (traceparent != null) {
            carrier.put(CloudEvent.TRACEPARENT, traceparent);
        }
        if (tracestate != null) {
            carrier.put(CloudEvent.TRACESTATE, tracestate);
        }
        return PROPAGATOR.extract(Context.root(), carrier, new TextMapGetter<>() {
            @Override
            public Iterable<String> keys(Map<String, String> map) {
                return map.keySet();
            }

            @Override
            public String get(Map<String, String> map, String key) {
                return map == null ? null : map.get(key);
            }
        });
    }

    /**
     * Runs {@code work} in a consumer span that continues the trace of the first of {@code events} that carries one
     * (the others', when they differ, are linked), with the stack and deployment ids in the log context. Call it on
     * the (Vert.x) context the work runs on: the span stays current there until the work ends.
     *
     * @param name   the span's name, e.g. the consumer group
     * @param events the events the work applies (at least one)
     */
    public <T> Uni<T> consuming(String name, List<CloudEvent> events, Supplier<Uni<T>> work) {
        Context parent = Context.root();
        SpanBuilder builder = tracer.spanBuilder(name).setSpanKind(SpanKind.CONSUMER);
        for (CloudEvent event : events) {
            Context context = contextOf(event);
            Span span = Span.fromContext(context);
            if (!span.getSpanContext().isValid()) {
                continue;
            }
            if (parent == Context.root()) {
                parent = context;
            } else if (!span.getSpanContext().getTraceId().equals(Span.fromContext(parent).getSpanContext().getTraceId())) {
                builder.addLink(span.getSpanContext());
            }
        }
        CloudEvent first = events.get(0);
        Span span = builder.setParent(parent)
                .setAttribute("messaging.message.id", first.id())
                .setAttribute("cloudevents.event_type", first.type())
                .setAttribute("messaging.batch.message_count", (long) events.size())
                .startSpan();
        String stackId = dataText(first, "stackId");
        return within(parent.with(span), stackId != null ? stackId : first.subject(), dataText(first, "deploymentId"),
                () -> {
                    LOG.debugf("%s applies %d event(s), the first %s %s", name, events.size(), first.type(), first.id());
                    return work.get();
                });
    }

    /**
     * Runs {@code work} in an internal span whose parent is {@code parent} (a context taken from an event, see
     * {@link #contextOf}), with the stack and deployment ids in the log context.
     */
    public <T> Uni<T> continuing(String name, Context parent, String stackId, String deploymentId,
            Supplier<Uni<T>> work) {
        Span span = tracer.spanBuilder(name).setParent(parent).startSpan();
        return within(parent.with(span), stackId, deploymentId, work);
    }

    private static <T> Uni<T> within(Context context, String stackId, String deploymentId, Supplier<Uni<T>> work) {
        Span span = Span.fromContext(context);
        Scope scope = context.makeCurrent();
        putOrRemove(STACK_ID, stackId);
        putOrRemove(DEPLOYMENT_ID, deploymentId);
        Uni<T> result;
        try {
            result = work.get();
        } catch (RuntimeException | Error e) {
            end(span, scope, e);
            throw e;
        }
        return result.onTermination().invoke((item, failure, cancelled) -> end(span, scope, failure));
    }

    private static void end(Span span, Scope scope, Throwable failure) {
        if (failure != null) {
            span.recordException(failure);
            span.setStatus(StatusCode.ERROR);
        }
        span.end();
        scope.close();
    }

    private static void putOrRemove(String key, String value) {
        if (value == null) {
            MDC.remove(key);
        } else {
            MDC.put(key, value);
        }
    }

    private static String dataText(CloudEvent event, String field) {
        if (event.data() == null || !event.data().path(field).isTextual()) {
            return null;
        }
        return event.data().path(field).textValue();
    }
}
