package io.hearth.platform.rest;

import jakarta.enterprise.context.ApplicationScoped;

/** A database refusal that reached the HTTP edge answered as {@link DatabaseErrors} decides (409 or 400). */
@ApplicationScoped
public class DatabaseRefusal implements FailureRefusal {

    @Override
    public ApiException refusal(Throwable failure) {
        return DatabaseErrors.refusal(failure);
    }
}
