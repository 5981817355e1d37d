package io.hearth.platform.rest;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.pgclient.PgException;
import java.sql.SQLException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class DatabaseErrorsTests {

    private static PgException pg(String state, String message, String detail) {
        return new PgException(message, "ERROR", state, detail);
    }

    @Test
    void aUniqueKeyTakenIsAConflictFoundThroughTheCauseChain() {
        Throwable wrapped = new CompletionException(new IllegalStateException("flush failed",
                pg("23505", "duplicate key value violates unique constraint \"stack_tenant_name\"",
                        "Key (tenant, name)=(demo, web) already exists.")));
        assertThat(DatabaseErrors.isUniqueViolation(wrapped)).isTrue();
        ApiException refusal = DatabaseErrors.refusal(wrapped);
        assertThat(refusal.status()).isEqualTo(409);
        assertThat(refusal.type()).isEqualTo("Conflict");
        assertThat(refusal.getMessage())
                .isEqualTo("The request conflicts with an existing one: Key (tenant, name)=(demo, web) already exists.");
    }

    @Test
    void dataAndOtherIntegrityErrorsAreTheRequestsFault() {
        assertThat(DatabaseErrors.refusal(pg("22001", "value too long for type character varying(255)", null)))
                .satisfies(e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.getMessage()).isEqualTo(
                            "A value of the request cannot be stored: value too long for type character varying(255)");
                });
        assertThat(DatabaseErrors.refusal(pg("23502", "null value in column \"name\"", null)).status()).isEqualTo(400);
        assertThat(DatabaseErrors.refusal(new RuntimeException(new SQLException("invalid input syntax", "22P02")))
                .status()).isEqualTo(400);
    }

    @Test
    void anythingElseIsNoRefusal() {
        assertThat(DatabaseErrors.refusal(pg("40001", "could not serialize access", null))).isNull();
        assertThat(DatabaseErrors.refusal(pg("08006", "connection failure", null))).isNull();
        assertThat(DatabaseErrors.refusal(new IllegalStateException("boom"))).isNull();
        assertThat(DatabaseErrors.isUniqueViolation(new IllegalStateException("boom"))).isFalse();
    }
}
