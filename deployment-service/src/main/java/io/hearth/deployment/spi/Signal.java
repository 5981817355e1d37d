package io.hearth.deployment.spi;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.compute.v1.ServerReported;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.contracts.scaling.v1.ScalingRequested;
import io.hearth.contracts.signal.v1.DataBagChanged;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.contracts.signal.v1.NestedStackSettled;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.contracts.signal.v1.WaitConditionSignalled;
import io.hearth.deployment.software.DeploymentChange;

/**
 * Something from outside a stack's engine for one of its resources, Heat's resource signal: the engine
 * finds the resource by {@link #resourceName} when the signal names one, else by {@link #physicalId}, and
 * hands the signal to its handler's {@link ResourceHandler#signal}, the one way in for all of them.
 */
public sealed interface Signal {

    /** The physical id of the resource the signal is for; null for a signal that names its resource. */
    String physicalId();

    /**
     * Whether the signal is for every resource of the stack that holds its {@link #physicalId} (each
     * {@code OS::Hearth::DataBag} of a tree holds the tree's id), not only the current one.
     */
    default boolean everyHolder() {
        return false;
    }

    /** The name of the resource the signal is for, or null when it is found by {@link #physicalId}. */
    default String resourceName() {
        return null;
    }

    /** A server's agent checked in (its first poll after a boot). */
    record CheckIn(ServerCheckedIn event) implements Signal {
        @Override
        public String physicalId() {
            return event.serverId();
        }
    }

    /** A compute driver reported on one generation of a server's desired state (docs/compute-drivers.md). */
    record ComputeReport(ServerReported event) implements Signal {
        @Override
        public String physicalId() {
            return event.serverId();
        }
    }

    /** A deployment's hook signalled its result through the signal gateway. */
    record HookResult(DeploymentSignalled event) implements Signal {
        @Override
        public String physicalId() {
            return event.deploymentId();
        }
    }

    /** The API changed a deployment (Heat's {@code PUT software_deployments/{id}}, how Heat's agents signal too). */
    record DeploymentUpdate(String tenant, String deploymentId, DeploymentChange change) implements Signal {
        @Override
        public String physicalId() {
            return deploymentId;
        }
    }

    /**
     * A ScalingPolicy's alarm URL was called (Heat's signal to the policy, which adjusts its group): for the
     * group the request names, which reads the policy.
     */
    record ScalingAlarm(ScalingRequested event) implements Signal {
        @Override
        public String physicalId() {
            return null;
        }

        @Override
        public String resourceName() {
            return event.groupName();
        }
    }

    /**
     * A group's CREATE_COMPLETE members changed (the notifier's {@code MembershipChanged}): for the group resource,
     * whose {@code members} attribute it sets; what reads it is contextualized.
     */
    record Membership(MembershipChanged event) implements Signal {
        @Override
        public String physicalId() {
            return null;
        }

        @Override
        public String resourceName() {
            return event.groupName();
        }
    }

    /** The stack tree's data bag changed: for every {@code OS::Hearth::DataBag} resource of the stack. */
    record DataBag(DataBagChanged event) implements Signal {
        @Override
        public String physicalId() {
            return event.rootStackId();
        }

        @Override
        public boolean everyHolder() {
            return true;
        }
    }

    /** A nested stack's action ended in a transaction of its own; for the parent's resource that owns it. */
    record NestedSettled(NestedStackSettled event) implements Signal {
        @Override
        public String physicalId() {
            return event.nestedStackId();
        }
    }

    /** A WaitConditionHandle's pre-signed URL was called (the gateway's {@code WaitConditionSignalled}). */
    record WaitConditionSignal(WaitConditionSignalled event) implements Signal {
        @Override
        public String physicalId() {
            return null;
        }

        @Override
        public String resourceName() {
            return event.handleName();
        }
    }

    /**
     * Heat's resource signal through the API ({@code POST .../resources/{name}/signal}, a stack command), with
     * the request's body as Heat's {@code details} (may be null).
     */
    record ApiSignal(String resourceName, JsonNode details) implements Signal {
        @Override
        public String physicalId() {
            return null;
        }
    }
}
