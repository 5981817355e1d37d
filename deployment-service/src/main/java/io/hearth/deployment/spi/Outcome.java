package io.hearth.deployment.spi;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/** What a resource handler's step ended with: done, waiting, or failed. */
public sealed interface Outcome {

    /**
     * The action completed.
     *
     * @param physicalId  Heat's physical resource id, may be null
     * @param referenceId what {@code get_resource} returns; null means the resource's name
     * @param attributes  every attribute's value by name
     * @param facts       facts the run that completed it published for the stack tree's data bag, or null: the engine
     *                    sets them unless the resource runs again at once (its inputs changed while it ran), as the
     *                    facts of a superseded run would only make their readers run for nothing
     */
    record Complete(String physicalId, String referenceId, ObjectNode attributes, ObjectNode facts)
            implements Outcome {

        public Complete(String physicalId, String referenceId, ObjectNode attributes) {
            this(physicalId, referenceId, attributes, null);
        }

        /** This outcome with {@code facts} to publish. */
        public Complete withFacts(ObjectNode facts) {
            return new Complete(physicalId, referenceId, attributes, facts);
        }
    }

    /**
     * The action goes on; the engine calls {@link ResourceHandler#resume} at {@code until}.
     *
     * @param until when to look again; null to wait until another action takes over
     */
    record Waiting(Instant until) implements Outcome {
    }

    /**
     * The action failed.
     *
     * @param reason the resource's status reason, as Heat writes it
     */
    record Failed(String reason) implements Outcome {
    }

    /**
     * A signal changed the resource's attributes while it stays as it is (a group's members, a data bag's facts): the
     * engine contextualizes what reads them. Only {@link ResourceHandler#signal} answers it.
     */
    record Changed() implements Outcome {
    }

    /** A completed action whose reference id is the physical id (Heat's default). */
    static Complete complete(String physicalId, ObjectNode attributes) {
        return new Complete(physicalId, physicalId, attributes);
    }

    /**
     * A failure with Heat's {@code ResourceFailure} text: {@code ErrorType: resources.NAME: message}.
     *
     * @param errorType the Python exception's class name Heat would show, e.g. {@code ValueError}
     */
    static Failed failed(String resourceName, String errorType, String message) {
        return new Failed(errorType + ": resources." + resourceName + ": " + message);
    }
}
