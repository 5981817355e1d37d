package io.hearth.platform.health;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * Ends the process with a status, so that its supervisor ({@code deploy/}'s, or Kubernetes) starts it
 * again: {@code System.exit} runs the shutdown (consumers leave their groups, connections close), and a
 * halt follows if that has not ended the process within {@link #HALT_AFTER} (a blocked polling thread can
 * hold up the consumer's close). Tests replace this bean with one that records the request.
 */
@DefaultBean
@ApplicationScoped
public class ProcessExit {

    /** How long the orderly shutdown may take before the JVM is halted. */
    public static final Duration HALT_AFTER = Duration.ofSeconds(15);

    private static final Logger LOG = Logger.getLogger(ProcessExit.class);

    /**
     * Exits the process.
     *
     * @param status the exit status (non-zero: the supervisor restarts the service)
     * @param reason why, for the log
     */
    public void exit(int status, String reason) {
        LOG.errorf("exiting with status %d so that the service is restarted: %s", status, reason);
        Thread halt = new Thread(() -> {
            try {
                Thread.sleep(HALT_AFTER.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.err.println("shutdown did not finish within " + HALT_AFTER.toSeconds() + " s; halting");
            Runtime.getRuntime().halt(status);
        }, "hearth-exit-halt");
        halt.setDaemon(true);
        halt.start();
        System.exit(status);
    }
}
