package io.hearth.deployment.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Heat's short ids (the vectors of heat/tests/test_short_id.py) and physical resource names. */
class PhysicalNamesTests {

    @Test
    void shortIdsAreHeats() {
        assertThat(PhysicalNames.shortId(UUID.fromString("11111111-1111-4111-bfff-ffffffffffff")))
                .isEqualTo("ceirceirceir");
        assertThat(PhysicalNames.shortId(UUID.fromString("ffffffff-ffff-4fff-8000-000000000000")))
                .isEqualTo("777777777777");
        assertThat(PhysicalNames.shortId(UUID.fromString("00000000-0000-4000-bfff-ffffffffffff")))
                .isEqualTo("aaaaaaaaaaaa");
        assertThat(PhysicalNames.shortId(UUID.fromString("ffffffff-00ff-4000-aaaa-aaaaaaaaaaaa")))
                .isEqualTo("aaaa77777777");
    }

    @Test
    void aPhysicalNameIsStackResourceAndShortId() {
        assertThat(PhysicalNames.of("web*", "pw", UUID.fromString("11111111-1111-4111-bfff-ffffffffffff")))
                .isEqualTo("web-pw-ceirceirceir");
        String longName = PhysicalNames.of("s".repeat(300), "pw", UUID.fromString(
                "11111111-1111-4111-bfff-ffffffffffff"));
        assertThat(longName).hasSize(255).startsWith("ss-").endsWith("s-pw-ceirceirceir");
    }
}
