package io.hearth.template.console;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The console's pages. Its files come from the console jar's {@code META-INF/resources/console}, which Quarkus
 * serves as static resources; every other path under {@code /console/} is one of the single-page app's own
 * (a stack's page is {@code /console/stacks/{stack_name}}) and gets its {@code index.html}, so a deep link and a
 * reload work. Every answer under {@code /console} carries the headers of application.properties'
 * {@code quarkus.http.header}: the page may load only what comes from this origin ({@code Content-Security-Policy}).
 */
@Path("/console")
public class ConsolePages {

    private final byte[] index = read("META-INF/resources/console/index.html");

    /** Any page of the app: its index.html (the app reads the path); a missing file under assets/ is 404. */
    @GET
    @Path("{page: (?!assets/).*}")
    public Response page() {
        if (index == null) {
            return Response.status(Response.Status.NOT_FOUND).build();
        }
        return Response.ok(index, "text/html; charset=utf-8")
                .header("Cache-Control", "no-cache")
                .build();
    }

    private static byte[] read(String resource) {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
