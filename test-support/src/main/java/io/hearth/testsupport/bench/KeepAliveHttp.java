package io.hearth.testsupport.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * A minimal HTTP/1.1 client on one keep-alive socket, for benchmarks: the client shares the machine's
 * cores with what it measures, and java.net.http costs about a millisecond of CPU per request, more
 * than a metadata poll itself. Reads Content-Length and chunked bodies; reconnects once when the
 * server closed the connection. Not thread-safe: one per client thread.
 */
public final class KeepAliveHttp implements AutoCloseable {

    /** A response: status code and body text. */
    public record Answer(int status, String body) {
    }

    private final String host;
    private final int port;
    private final int timeoutMillis;
    private Socket socket;
    private BufferedInputStream in;
    private OutputStream out;

    /**
     * @param host          server host
     * @param port          server port
     * @param timeoutMillis read timeout (a long-poll needs more than its wait)
     */
    public KeepAliveHttp(String host, int port, int timeoutMillis) {
        this.host = host;
        this.port = port;
        this.timeoutMillis = timeoutMillis;
    }

    /**
     * Sends one request and reads its answer.
     *
     * @param method  e.g. GET
     * @param target  path and query
     * @param body    JSON body, or null for none
     * @param headers extra request headers
     */
    public Answer exchange(String method, String target, String body, Map<String, String> headers) throws IOException {
        for (int attempt = 0; ; attempt++) {
            try {
                if (socket == null) {
                    socket = new Socket(host, port);
                    socket.setTcpNoDelay(true);
                    socket.setSoTimeout(timeoutMillis);
                    in = new BufferedInputStream(socket.getInputStream(), 65536);
                    out = new BufferedOutputStream(socket.getOutputStream(), 65536);
                }
                byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
                StringBuilder head = new StringBuilder().append(method).append(' ').append(target)
                        .append(" HTTP/1.1\r\nHost: ").append(host).append(':').append(port)
                        .append("\r\nAccept: application/json\r\n");
                headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
                if (body != null) {
                    head.append("Content-Type: application/json\r\n");
                }
                head.append("Content-Length: ").append(content.length).append("\r\n\r\n");
                out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
                out.write(content);
                out.flush();
                return read();
            } catch (IOException e) {
                close();
                if (attempt > 0) {
                    throw e;
                }
            }
        }
    }

    private Answer read() throws IOException {
        String status = line();
        if (status == null) {
            throw new IOException("connection closed");
        }
        int code = Integer.parseInt(status.substring(9, 12));
        int length = -1;
        boolean chunked = false;
        boolean closing = false;
        for (String header = line(); header != null && !header.isEmpty(); header = line()) {
            String lower = header.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Integer.parseInt(lower.substring(15).trim());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            } else if (lower.startsWith("connection:") && lower.contains("close")) {
                closing = true;
            }
        }
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        if (chunked) {
            for (int size = Integer.parseInt(line().split(";")[0].trim(), 16); size > 0;
                    size = Integer.parseInt(line().split(";")[0].trim(), 16)) {
                content.write(in.readNBytes(size));
                line();
            }
            line();
        } else if (length > 0) {
            content.write(in.readNBytes(length));
        }
        if (closing) {
            close();
        }
        return new Answer(code, content.toString(StandardCharsets.UTF_8));
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                return line.length() == 0 ? null : line.toString();
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    /** Closes the socket; the next exchange opens a new one. */
    @Override
    public void close() {
        try {
            if (socket != null) {
                socket.close();
            }
        } catch (IOException ignored) {
            // closing anyway
        }
        socket = null;
    }
}
