package io.hearth.contracts.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.envelope.HearthJson;
import org.junit.jupiter.api.Test;

/** A run's id is Heat's derived config id: one per run, the same in every document that lists the run. */
class DeploymentItemTests {

    private static final String DEPLOYMENT = "c4ca4238-a0b9-4382-8dcc-509a6f75849b";

    @Test
    void eachRunOfADeploymentHasAnIdOfItsOwnThatNeverChanges() {
        String create = DeploymentItem.runId(DEPLOYMENT, "CREATE", 1);
        assertThat(DeploymentItem.runId(DEPLOYMENT, "CREATE", 1)).isEqualTo(create);
        assertThat(create).isNotEqualTo(DEPLOYMENT);
        assertThat(DeploymentItem.runId(DEPLOYMENT, "UPDATE", 2)).isNotEqualTo(create);
        assertThat(DeploymentItem.runId(DEPLOYMENT, "CREATE", 2)).isNotEqualTo(create);
        assertThat(DeploymentItem.runId(DEPLOYMENT, "BACKUP", 1)).isNotEqualTo(create);
        assertThat(DeploymentItem.runId("e4da3b7f-bbce-4345-9777-2b0674a318d5", "CREATE", 1)).isNotEqualTo(create);
    }

    @Test
    void anItemWrittenBeforeRunsHadIdsIsItsDeploymentsRun() throws Exception {
        DeploymentItem old = HearthJson.mapper().readValue("{\"id\": \"" + DEPLOYMENT + "\", \"name\": \"c\","
                + " \"group\": \"script\", \"config\": \"\", \"inputs\": [], \"outputs\": [], \"generation\": 1}",
                DeploymentItem.class);
        assertThat(old.deploymentId()).isEqualTo(DEPLOYMENT);
        DeploymentItem current = HearthJson.mapper().readValue("{\"id\": \"r\", \"deployment_id\": \"" + DEPLOYMENT
                + "\", \"generation\": 1}", DeploymentItem.class);
        assertThat(current.id()).isEqualTo("r");
        assertThat(current.deploymentId()).isEqualTo(DEPLOYMENT);
    }
}
