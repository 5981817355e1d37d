package io.hearth.deployment.config;

import io.hearth.hot.functions.EvaluationLimits;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of deployment-service's engine. */
@ConfigMapping(prefix = "hearth.deployment")
public interface DeploymentConfig {

    /** The timer loop that resumes resources whose wait is over. */
    Timer timer();

    /**
     * How long a stack action may take when the stack has no {@code timeout_mins}: Heat's
     * {@code stack_action_timeout}, an hour.
     */
    @WithDefault("60m")
    Duration stackTimeout();

    /** What evaluating a plan's functions may produce once runtime values arrive. */
    Limits limits();

    /**
     * Most contextualization reruns in a row (docs/contextualization.md): a deployment whose inputs changed because
     * one that was itself contextualized changed its outputs runs again only while the chain is at most this long;
     * past it the deployment stays as it is and its resource gets an event saying so.
     */
    @WithDefault("10")
    int contextualizeMaxReruns();

    /**
     * How long a stack CHECK waits for a server's agent to poll the metadata document that asks for the check; a
     * server whose agent did not poll by then is CHECK_FAILED.
     */
    @WithDefault("30s")
    Duration serverCheckTimeout();

    /**
     * The largest a stack tree's data bag may grow, in bytes of its facts' JSON: a write beyond it is refused
     * (the API answers 413; a hook's facts are not published and the reason is logged).
     */
    @WithDefault("65536")
    long dataBagMaxBytes();

    /** The limits of evaluation, named by their settings in messages. */
    default EvaluationLimits evaluation() {
        return new EvaluationLimits(limits().maxEvaluatedItems(), limits().maxEvaluatedChars(),
                "hearth.deployment.limits");
    }

    /** What evaluating a plan's functions may produce: template-service's limits, the same defaults. */
    interface Limits {
        /**
         * Most items (list items and map entries, at every depth) in one function's result, one resource's
         * evaluated properties, or a stack's outputs together.
         */
        @WithDefault("262144")
        long maxEvaluatedItems();

        /**
         * Most characters (of strings and map keys) in one function's result, one resource's evaluated
         * properties, or a stack's outputs together.
         */
        @WithDefault("2097152")
        long maxEvaluatedChars();
    }

    /** The timer loop that resumes resources whose wait is over. */
    interface Timer {
        /** Whether this instance runs the timer loop. */
        @WithDefault("true")
        boolean enabled();

        /**
         * The longest the loop sleeps: it wakes at the earliest wake-up time it knows of (stored, or set by this
         * replica's engine since), and looks again at least this often for one set otherwise (by hand).
         */
        @WithDefault("1m")
        Duration pollInterval();

        /** How long the loop waits after a failed step before it tries again. */
        @WithDefault("1s")
        Duration failureBackoff();
    }
}
