package io.hearth.agent.hook;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** The newest part of a hook's output: at most {@value #MAX_BYTES} bytes of UTF-8, the oldest part dropped. */
public final class Tail {

    /** The cap on deploy_stdout and deploy_stderr. */
    public static final int MAX_BYTES = 950_000;

    private Tail() {
    }

    /** The last {@code maxBytes} bytes of a file as text; empty when the file does not exist. */
    public static String of(Path file, int maxBytes) throws IOException {
        if (!Files.isRegularFile(file)) {
            return "";
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            int size = (int) Math.min(length, maxBytes);
            byte[] bytes = new byte[size];
            in.seek(length - size);
            in.readFully(bytes);
            return decode(bytes, length > size);
        }
    }

    /** The last {@code maxBytes} bytes (UTF-8) of a text. */
    public static String of(String text, int maxBytes) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxBytes) {
            return text;
        }
        return decode(Arrays.copyOfRange(bytes, bytes.length - maxBytes, bytes.length), true);
    }

    /** Decodes, skipping the continuation bytes of a character cut at the start. */
    private static String decode(byte[] bytes, boolean cut) {
        int start = 0;
        while (cut && start < bytes.length && start < 3 && (bytes[start] & 0xC0) == 0x80) {
            start++;
        }
        return new String(bytes, start, bytes.length - start, StandardCharsets.UTF_8);
    }
}
