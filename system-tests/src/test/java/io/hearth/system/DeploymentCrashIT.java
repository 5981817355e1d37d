package io.hearth.system;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * deployment-service killed with SIGKILL in the middle of a stack of 10 servers and 200 layered
 * software deployments, then started again by {@code deploy/up}: the stack still completes, and every
 * deployment ran exactly once ({@link LayeredStackRun}).
 */
class DeploymentCrashIT {

    @BeforeAll
    static void system() {
        LocalSystem.up();
        LocalSystem.withoutLocalCompute(); // SimulatedCompute plays the driver and the agents
    }

    @Test
    void aStackOf200DeploymentsCompletesWithEachDeploymentRunOnceAfterDeploymentServiceIsKilled() {
        LayeredStackRun.survives("crash", 50, () -> {
            long pid = LocalSystem.kill("deployment-service");
            LocalSystem.startMissing();
            return "deployment-service (pid " + pid + ") killed with SIGKILL and started again";
        });
    }
}
