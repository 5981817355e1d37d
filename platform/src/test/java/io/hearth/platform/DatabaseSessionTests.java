package io.hearth.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The settings of the database sessions every service opens with platform's configuration. */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class DatabaseSessionTests {

    @Inject
    Pool pool;

    @Test
    void sessionsCompileNoQueryWithPostgresqlsJit() {
        String jit = pool.query("show jit").execute().map(rows -> rows.iterator().next().getString(0))
                .await().atMost(Duration.ofSeconds(30));
        assertThat(jit).isEqualTo("off");
    }
}
