package io.hearth.template;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;

/**
 * Plays deployment-service's runtime export ({@code GET /v1/{tenant}/stacks/{name}/{id}/runtime}) for
 * template-service's abandon tests, on a port of its own: every stack has a server, a software config and a
 * deployment, whose ids are derived from the stack's id ({@link #id}); the demo tenant's token is required.
 */
public class FakeDeploymentService implements QuarkusTestResourceLifecycleManager {

    private HttpServer server;

    /** The id the fake gives a stack's resource. */
    static String id(String stackId, String resource) {
        return UUID.nameUUIDFromBytes((stackId + "/" + resource).getBytes(StandardCharsets.UTF_8)).toString();
    }

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/v1/", exchange -> {
            String[] path = exchange.getRequestURI().getPath().split("/");
            boolean ok = path.length == 7 && "runtime".equals(path[6])
                    && StackFixtures.TOKEN.equals(exchange.getRequestHeaders().getFirst("X-Auth-Token"));
            byte[] body = (ok ? export(path[5], path[4]) : "{}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(ok ? 200 : 404, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return Map.of("hearth.upstream.deployment-service", "http://127.0.0.1:" + server.getAddress().getPort());
    }

    private static String export(String stackId, String name) {
        String server = id(stackId, "server");
        String config = id(stackId, "config");
        String deploy = id(stackId, "deploy");
        return """
                {"id": "%1$s", "name": "%2$s", "action": "CREATE", "status": "COMPLETE", "nested": {},
                 "resources": {
                  "server": {"version": 1, "type": "OS::Nova::Server", "action": "CREATE", "status": "COMPLETE",
                    "physicalId": "%3$s", "attributes": {"first_address": "127.0.1.2"},
                    "data": {"metadata_url": "http://127.0.0.1:8006/v1/stacks/%1$s/servers/%3$s/metadata?x=1"},
                    "properties": {"image": "fedora"}, "dependsOn": [],
                    "server": {"serverId": "%3$s", "generation": 1, "document": "{}"}},
                  "config": {"version": 1, "type": "OS::Heat::SoftwareConfig", "action": "CREATE",
                    "status": "COMPLETE", "physicalId": "%4$s", "properties": {"config": "#!/bin/sh"},
                    "dependsOn": [], "config": {"id": "%4$s", "group": "script", "config": "#!/bin/sh",
                    "inputs": [], "outputs": [], "options": {}, "createdAt": "2026-11-26T17:00:00.123456Z"}},
                  "deploy": {"version": 1, "type": "OS::Heat::SoftwareDeployment", "action": "CREATE",
                    "status": "COMPLETE", "physicalId": "%5$s", "attributes": {"deploy_status_code": 0},
                    "properties": {"input_values": {"foo": "one"}}, "dependsOn": ["config", "server"],
                    "deployment": {"id": "%5$s", "serverId": "%3$s", "configId": "%4$s",
                      "inputValues": {"foo": "one"}, "outputValues": {"deploy_status_code": 0, "ratio": 0.25},
                      "action": "CREATE", "status": "COMPLETE", "signalTransport": "TEMP_URL_SIGNAL",
                      "generation": 1, "signalExpiresAt": "2026-12-26T17:00:00Z", "createdAt": "2026-11-26T17:00:00Z"}}
                 }}""".formatted(stackId, name, server, config, deploy);
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
