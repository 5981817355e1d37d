package io.hearth.deployment;

import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestInfrastructure;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The statements the application sends PostgreSQL, as PostgreSQL receives them: the test resource puts a proxy
 * between the application's reactive pool and the test database that reads the frontend protocol (a simple query's
 * text, an extended query's text at each Bind of its prepared statement) and forwards every byte unchanged.
 * Statements are kept per connection, in their order, so a test can take one transaction's statements.
 */
public class StatementLog extends HearthTestResource {

    /** A statement executed on a connection (numbered in the order connections were opened). */
    public record Statement(int connection, String sql) {
    }

    private static final List<Statement> EXECUTED = new ArrayList<>();
    private static final AtomicInteger CONNECTIONS = new AtomicInteger();
    private ServerSocket server;

    @Override
    public Map<String, String> start() {
        Map<String, String> properties = new HashMap<>(super.start());
        URI database = URI.create(TestInfrastructure.get().database().reactiveUrl());
        try {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new IllegalStateException("cannot open the statement log's port", e);
        }
        Thread acceptor = new Thread(() -> accept(database.getHost(), database.getPort()), "statement-log");
        acceptor.setDaemon(true);
        acceptor.start();
        properties.put("quarkus.datasource.reactive.url", "postgresql://127.0.0.1:" + server.getLocalPort()
                + database.getRawPath() + (database.getRawQuery() == null ? "" : "?" + database.getRawQuery()));
        return properties;
    }

    @Override
    public void stop() {
        try {
            server.close();
        } catch (IOException e) {
            // closing: nothing to do
        }
        super.stop();
    }

    /** Every statement executed so far, in order. */
    public static synchronized List<Statement> executed() {
        return List.copyOf(EXECUTED);
    }

    /**
     * The transactions executed so far: per connection, the statements from a {@code BEGIN} to its {@code COMMIT} or
     * {@code ROLLBACK}, both included.
     */
    public static List<List<String>> transactions() {
        Map<Integer, List<String>> open = new HashMap<>();
        List<List<String>> done = new ArrayList<>();
        for (Statement statement : executed()) {
            String sql = statement.sql().strip().toLowerCase(Locale.ROOT);
            if (sql.startsWith("begin") || sql.startsWith("start transaction")) {
                open.put(statement.connection(), new ArrayList<>());
            }
            List<String> transaction = open.get(statement.connection());
            if (transaction != null) {
                transaction.add(statement.sql());
                if (sql.startsWith("commit") || sql.startsWith("rollback")) {
                    done.add(open.remove(statement.connection()));
                }
            }
        }
        return done;
    }

    private static synchronized void executed(int connection, String sql) {
        EXECUTED.add(new Statement(connection, sql));
    }

    private void accept(String host, int port) {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(host, port);
                int connection = CONNECTIONS.incrementAndGet();
                daemon(() -> frontend(connection, client, upstream), "statement-log-" + connection + "-in");
                daemon(() -> copy(upstream, client), "statement-log-" + connection + "-out");
            } catch (IOException e) {
                if (!server.isClosed()) {
                    e.printStackTrace();
                }
            }
        }
    }

    private static void daemon(Runnable body, String name) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Forwards the application's messages, noting each statement executed. */
    private static void frontend(int connection, Socket client, Socket upstream) {
        Map<String, String> prepared = new HashMap<>();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(client.getInputStream()));
                OutputStream out = new BufferedOutputStream(upstream.getOutputStream())) {
            boolean startup = true;
            while (true) {
                if (startup) {
                    int length = in.readInt();
                    byte[] body = new byte[length - 4];
                    in.readFully(body);
                    int code = ((body[0] & 0xff) << 24) | ((body[1] & 0xff) << 16) | ((body[2] & 0xff) << 8)
                            | (body[3] & 0xff);
                    startup = code == 80877103 || code == 80877104; // an SSL or GSS encryption request comes first
                    writeInt(out, length);
                    out.write(body);
                    out.flush();
                    continue;
                }
                int type = in.read();
                if (type < 0) {
                    return;
                }
                int length = in.readInt();
                byte[] body = new byte[length - 4];
                in.readFully(body);
                int[] at = {0};
                switch (type) {
                    case 'Q' -> executed(connection, cstring(body, at));
                    case 'P' -> {
                        String name = cstring(body, at);
                        prepared.put(name, cstring(body, at));
                    }
                    case 'B' -> {
                        cstring(body, at); // the portal
                        executed(connection, prepared.getOrDefault(cstring(body, at), "?"));
                    }
                    default -> {
                    }
                }
                out.write(type);
                writeInt(out, length);
                out.write(body);
                if (type == 'S' || type == 'Q' || type == 'H' || type == 'X' || type == 'p' || in.available() == 0) {
                    out.flush();
                }
            }
        } catch (EOFException e) {
            // the application closed the connection
        } catch (IOException e) {
            // either side closed the connection
        } finally {
            close(client);
            close(upstream);
        }
    }

    private static void copy(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException e) {
            // either side closed the connection
        } finally {
            close(from);
            close(to);
        }
    }

    private static String cstring(byte[] body, int[] at) {
        int start = at[0];
        int end = start;
        while (body[end] != 0) {
            end++;
        }
        at[0] = end + 1;
        return new String(body, start, end - start, StandardCharsets.UTF_8);
    }

    private static void writeInt(OutputStream out, int value) throws IOException {
        out.write(value >>> 24);
        out.write(value >>> 16);
        out.write(value >>> 8);
        out.write(value);
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // closed already
        }
    }
}
