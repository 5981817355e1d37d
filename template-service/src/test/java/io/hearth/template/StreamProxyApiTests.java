package io.hearth.template;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The live streams on the public endpoint, the notifier played by {@link FakeNotifier}: a stream whose client goes
 * ends at the notifier too, and a refusal carries Heat's error body whatever the notifier's looked like.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
@WithTestResource(FakeNotifier.class)
class StreamProxyApiTests {

    @Test
    void aStreamEndsAtTheNotifierWhenItsClientGoes() throws Exception {
        int endedBefore = FakeNotifier.ENDED.get();
        for (int client = 0; client < 5; client++) {
            try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
                OutputStream out = socket.getOutputStream();
                out.write(("GET /v1/demo/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Auth-Token: " + StackFixtures.TOKEN
                        + "\r\nAccept: text/event-stream\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                // A slow reader: it takes a few kB, then goes.
                InputStream in = socket.getInputStream();
                byte[] some = in.readNBytes(4096);
                assertThat(new String(some, StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 200");
            }
        }
        int ended = endedBefore + 5;
        await().atMost(Duration.ofSeconds(15)).until(() -> FakeNotifier.ENDED.get() >= ended);
        assertThat(FakeNotifier.OPEN.get()).isZero();
    }

    @Test
    void aStreamWhoseClientWentBeforeTheNotifierAnsweredEndsThereToo() throws Exception {
        int endedBefore = FakeNotifier.ENDED.get();
        for (int client = 0; client < 3; client++) {
            try (Socket socket = new Socket("127.0.0.1", RestAssured.port)) {
                socket.getOutputStream().write(("GET /v1/demo/stacks/slow/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "X-Auth-Token: " + StackFixtures.TOKEN + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                Thread.sleep(200);
            }
        }
        int ended = endedBefore + 3;
        await().atMost(Duration.ofSeconds(15)).until(() -> FakeNotifier.ENDED.get() >= ended);
        await().atMost(Duration.ofSeconds(5)).until(() -> FakeNotifier.OPEN.get() == 0);
    }

    @Test
    void aRefusedStreamCarriesHeatsErrorBody() {
        given().get("/v1/demo/stream").then().statusCode(401).contentType("application/json")
                .body("code", equalTo(401)).body("error.type", equalTo("Unauthorized"))
                .body("error.message", equalTo("no token"));
    }
}
