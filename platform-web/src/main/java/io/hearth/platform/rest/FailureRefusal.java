package io.hearth.platform.rest;

/**
 * What a failure of a layer below the web one means for the client when it is the request's doing rather
 * than a fault: platform's {@code DatabaseRefusal} reads database errors so. Every bean of this type is
 * asked, by {@link ApiExceptionMappers} and {@link HeatErrorRoutes} alike; a service without a database
 * has none, and such a failure is a logged 500.
 */
public interface FailureRefusal {

    /** The refusal {@code failure} stands for, or null when it is none of this kind's. */
    ApiException refusal(Throwable failure);

    /** {@code failure} itself when it is an {@link ApiException}, else the first refusal a kind finds; null if none. */
    static ApiException first(Iterable<FailureRefusal> kinds, Throwable failure) {
        if (failure instanceof ApiException refusal) {
            return refusal;
        }
        for (FailureRefusal kind : kinds) {
            ApiException refusal = kind.refusal(failure);
            if (refusal != null) {
                return refusal;
            }
        }
        return null;
    }
}
