package io.hearth.platform.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The relay's claim against a backlog the planner does not know about: the table's statistics were taken when
 * its queue was empty (as autovacuum sees it between bursts), its plan is the cached generic one, and thousands
 * of rows then wait. A claim must still cost its batch, not the backlog: a plan that scanned the table for each
 * claimed row made each claim cost grow with the square of the backlog, and a stack delete's burst of events took
 * tens of seconds to leave the outbox.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class OutboxClaimPlanTests {

    private static final int BATCH = 100;
    private static final int BACKLOG = 3_000;

    private final TestDatabase db = TestDatabase.schema("eventing_test");

    @ParameterizedTest(name = "delete: {0}")
    @ValueSource(booleans = {true, false})
    void aClaimCostsItsBatchNotTheBacklogHoweverStaleTheStatistics(boolean delete) throws Exception {
        db.execute("truncate outbox_event",
                // Published rows fill pages, all but the last go, and vacuum's statistics see one row in them.
                rows(2_000, "now()"),
                "delete from outbox_event where seq < (select max(seq) from outbox_event)",
                "vacuum analyze outbox_event",
                rows(BACKLOG, "null"));

        String prepare = "prepare claim(int" + (delete ? "" : ", timestamptz") + ") as "
                + OutboxClaim.claimStatement("eventing_test", delete);
        String claim = "execute claim(" + BATCH + (delete ? "" : ", now()") + ")";
        String plan = db.queryStringRolledBack("explain (analyze, format json) " + claim,
                "set local plan_cache_mode = force_generic_plan", prepare);

        JsonNode root = new ObjectMapper().readTree(plan).get(0).get("Plan");
        assertThat(root.get("Actual Rows").asLong()).as("rows claimed").isEqualTo(BATCH);
        assertThat(rowsTouched(root)).as("rows the claim of %d read, in plan %s", BATCH, plan)
                .isLessThanOrEqualTo(10L * BATCH); // a few plan nodes of the batch each; the backlog is 30 batches

        // The look for earlier rows of the batch's keys, after the claim in its transaction.
        String keys = db.queryString("select format('%L, %L, %L', array_agg(topic), array_agg(aggregateid),"
                + " array_agg(seq)) from (select * from outbox_event where published_at is null order by seq limit ?) b",
                BATCH);
        String earlier = db.queryStringRolledBack("explain (analyze, format json) execute earlier(" + keys + ")",
                "set local plan_cache_mode = force_generic_plan", prepare, claim, OutboxClaim.NO_SEQ_SCAN,
                "prepare earlier(varchar[], varchar[], bigint[]) as " + OutboxClaim.earlierStatement("eventing_test"));
        JsonNode look = new ObjectMapper().readTree(earlier).get(0).get("Plan");
        assertThat(look.get("Actual Rows").asLong()).as("keys with an earlier row").isZero();
        assertThat(rowsTouched(look)).as("rows the look for earlier rows read, in plan %s", earlier)
                .isLessThanOrEqualTo(10L * BATCH);
    }

    /** An insert of {@code count} rows of one key each, published at {@code publishedAt} (SQL). */
    private static String rows(int count, String publishedAt) {
        return "insert into outbox_event (id, aggregatetype, aggregateid, type, topic, payload, timestamp,"
                + " published_at) select gen_random_uuid(), 'test', 'k' || n, 'claim', 'hearth.test.claim', 'x',"
                + " now(), " + publishedAt + " from generate_series(1, " + count + ") n";
    }

    /** Rows every node of a plan produced or filtered out, over all its loops: the work the statement did. */
    private static long rowsTouched(JsonNode node) {
        long rows = (node.path("Actual Rows").asLong() + node.path("Rows Removed by Filter").asLong()
                + node.path("Rows Removed by Join Filter").asLong()) * Math.max(1, node.path("Actual Loops").asLong());
        for (JsonNode child : node.path("Plans")) {
            rows += rowsTouched(child);
        }
        return rows;
    }
}
