package io.hearth.platform.health;

import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

/**
 * Makes every place where an error can end up without a caller halt the process on a fatal error
 * ({@link FatalErrors}): threads' uncaught exceptions, Vert.x's (event loops, worker tasks) and the
 * failures Mutiny drops. The consumer pipeline checks its own ({@code EventProcessor}); with
 * {@code -XX:+ExitOnOutOfMemoryError} (deploy/ and k8s/) the JVM already exits where an
 * {@link OutOfMemoryError} is thrown, so this is the second line, and the only one for the other
 * {@link VirtualMachineError}s and for threads that die of an {@link Error}.
 */
@ApplicationScoped
public class FatalErrorGuard {

    private static final Logger LOG = Logger.getLogger(FatalErrorGuard.class);

    private final Vertx vertx;

    public FatalErrorGuard(Vertx vertx) {
        this.vertx = vertx;
    }

    void install(@Observes StartupEvent event) {
        FatalErrors fatal = FatalErrors.PROCESS;
        Thread.setDefaultUncaughtExceptionHandler(fatal.uncaughtHandler(Thread.getDefaultUncaughtExceptionHandler()));
        Handler<Throwable> previous = vertx.exceptionHandler();
        vertx.exceptionHandler(error -> {
            if (!fatal.haltIfFatal(error, "a Vert.x task") && previous != null) {
                previous.handle(error);
            }
        });
        Infrastructure.setDroppedExceptionHandler(error -> {
            if (!fatal.haltIfFatal(error, "a Mutiny pipeline (dropped failure)")) {
                LOG.error("Mutiny had to drop the following exception", error);
            }
        });
    }
}
