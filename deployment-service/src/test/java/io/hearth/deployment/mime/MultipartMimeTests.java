package io.hearth.deployment.mime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The message is byte for byte what Python's email package writes for Heat's MultipartMime. */
class MultipartMimeTests {

    private static final String BOUNDARY = "===============1234567890123456789==";

    @Test
    void partsAreTextAttachmentsInAMixedMessageAsPythonWritesThem() {
        String message = MultipartMime.render(List.of(
                new MultipartMime.Part("#!/bin/sh\necho hi\n", "x-shellscript", "run.sh"),
                new MultipartMime.Part("#cloud-config\nruncmd: []\n", null, null),
                new MultipartMime.Part("héllo", "", "cloud.yaml"),
                new MultipartMime.Part("no newline", "", "")), () -> 1234567890123456789L);

        // Python 3: MIMEMultipart(_subparts=[MIMEText(...), ...]).as_string(), Heat's _append_part rules.
        assertThat(message).isEqualTo("Content-Type: multipart/mixed; boundary=\"" + BOUNDARY + "\"\n"
                + "MIME-Version: 1.0\n\n"
                + "--" + BOUNDARY + "\n"
                + "Content-Type: text/x-shellscript; charset=\"us-ascii\"\nMIME-Version: 1.0\n"
                + "Content-Transfer-Encoding: 7bit\nContent-Disposition: attachment; filename=\"run.sh\"\n\n"
                + "#!/bin/sh\necho hi\n\n"
                + "--" + BOUNDARY + "\n"
                + "Content-Type: text/plain; charset=\"us-ascii\"\nMIME-Version: 1.0\n"
                + "Content-Transfer-Encoding: 7bit\n\n"
                + "#cloud-config\nruncmd: []\n\n"
                + "--" + BOUNDARY + "\n"
                + "Content-Type: text/cloud; charset=\"utf-8\"\nMIME-Version: 1.0\n"
                + "Content-Transfer-Encoding: base64\nContent-Disposition: attachment; filename=\"cloud.yaml\"\n\n"
                + "aMOpbGxv\n\n"
                + "--" + BOUNDARY + "\n"
                + "Content-Type: text/plain; charset=\"us-ascii\"\nMIME-Version: 1.0\n"
                + "Content-Transfer-Encoding: 7bit\n\n"
                + "no newline\n"
                + "--" + BOUNDARY + "--\n");
    }

    @Test
    void aMessageWithoutPartsHasOnlyItsBoundaries() {
        assertThat(MultipartMime.render(List.of(), () -> 1234567890123456789L)).isEqualTo(
                "Content-Type: multipart/mixed; boundary=\"" + BOUNDARY + "\"\nMIME-Version: 1.0\n\n"
                        + "--" + BOUNDARY + "\n\n--" + BOUNDARY + "--\n");
    }

    @Test
    void theBoundaryNeverAppearsInAPart() {
        String part = "--" + BOUNDARY + "\n";
        String message = MultipartMime.render(List.of(new MultipartMime.Part(part, null, null)),
                () -> 1234567890123456789L);
        assertThat(message).startsWith("Content-Type: multipart/mixed; boundary=\"" + BOUNDARY + ".0\"");
    }

    @Test
    void aMultipartMessageSplitsBackIntoItsParts() {
        String inner = MultipartMime.render(List.of(
                new MultipartMime.Part("#!/bin/sh\necho hi\n", "x-shellscript", "run.sh"),
                new MultipartMime.Part("héllo", null, null)));

        assertThat(MultipartMime.parts(inner)).containsExactly(
                new MultipartMime.Part("#!/bin/sh\necho hi\n", "x-shellscript", "run.sh"),
                new MultipartMime.Part("héllo", "plain", null));
        assertThat(MultipartMime.parts("#cloud-config\n")).isEmpty();
    }

    @Test
    void aFilenameWithoutSubtypeGivesItsRootAsSubtypeAsHeatDoes() {
        assertThat(MultipartMime.splitextRoot("part1.sh")).isEqualTo("part1");
        assertThat(MultipartMime.splitextRoot("a.b.c")).isEqualTo("a.b");
        assertThat(MultipartMime.splitextRoot(".bashrc")).isEqualTo(".bashrc");
        assertThat(MultipartMime.splitextRoot("dir.d/run")).isEqualTo("dir.d/run");
    }
}
