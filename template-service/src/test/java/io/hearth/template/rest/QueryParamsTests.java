package io.hearth.template.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hearth.platform.rest.ApiException;
import jakarta.ws.rs.core.MultivaluedHashMap;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Heat's query-parameter rules and messages. */
class QueryParamsTests {

    private static QueryParams params(String... pairs) {
        MultivaluedHashMap<String, String> map = new MultivaluedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.add(pairs[i], pairs[i + 1]);
        }
        return new QueryParams(map);
    }

    @Test
    void statusesSplitOffTheirActionsAsHeatsParseObjectStatus() {
        List<String> actions = new ArrayList<>(List.of("UPDATE"));
        assertThat(QueryParams.statuses(List.of("CREATE_COMPLETE", "FAILED", "ROLLBACK_IN_PROGRESS", "BOGUS"),
                actions)).containsExactly("COMPLETE", "FAILED", "IN_PROGRESS");
        assertThat(actions).containsExactly("UPDATE", "CREATE", "ROLLBACK");
    }

    @Test
    void integersMustBePlainAndNonNegative() {
        assertThat(params("limit", "0").integer("limit")).isZero();
        assertThat(params("limit", "25").integer("limit")).isEqualTo(25);
        assertThat(params("limit", "").integer("limit")).isNull();
        assertThat(params("limit", "99999999999").integer("limit")).isEqualTo(Integer.MAX_VALUE);
        for (String bad : List.of("1.5", "+3", "03", " 3", "ten")) {
            assertThatThrownBy(() -> params("limit", bad).integer("limit")).isInstanceOf(ApiException.class)
                    .hasMessage("Only integer is acceptable by 'limit'.");
        }
        assertThatThrownBy(() -> params("limit", "-2").integer("limit"))
                .hasMessage("Value '-2' is invalid for 'limit' which only accepts non-negative integer.");
    }

    @Test
    void flagsAreTrueOrFalseInAnyCase() {
        assertThat(params("x", "TRUE").flag("x", false)).isTrue();
        assertThat(params("x", "False").flag("x", true)).isFalse();
        assertThat(params().flag("x", true)).isTrue();
        assertThatThrownBy(() -> params("x", "1").flag("x", false))
                .hasMessage("Unrecognized value \"1\" for \"x\", acceptable values are: true, false.");
        assertThatThrownBy(() -> QueryParams.flag("x", (Object) null))
                .hasMessage("Unrecognized value \"None\" for \"x\", acceptable values are: true, false.");
    }

    @Test
    void sortDirectionsAreOsloDbs() {
        assertThat(params("sort_dir", "desc").sortDirection()).isEqualTo("desc");
        assertThat(params("sort_dir", "asc-nullsfirst").sortDirection()).isEqualTo("asc nulls first");
        assertThat(params().sortDirection()).isNull();
        assertThatThrownBy(() -> params("sort_dir", "ASC").sortDirection()).isInstanceOf(ApiException.class)
                .hasMessage("Unknown sort direction, must be one of: asc-nullsfirst, asc-nullslast, "
                        + "desc-nullsfirst, desc-nullslast");
    }

    @Test
    void emptyValuesCountAsAbsentAndRepeatsAreKept() {
        QueryParams params = params("name", "a", "name", "", "name", "b");
        assertThat(params.all("name")).containsExactly("a", "b");
        assertThat(params.single("name")).isEqualTo("a");
        assertThat(QueryParams.pythonList(List.of("x", "y"), "[", "]")).isEqualTo("['x', 'y']");
    }
}
