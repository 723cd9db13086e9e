package dev.ids.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedLinesTest {

    private static List<String> lines(String text) throws IOException {
        BoundedLines lines = new BoundedLines(new StringReader(text), 10);
        List<String> read = new ArrayList<>();
        for (BoundedLines.Line line = lines.next(); line != null; line = lines.next()) {
            read.add(line.text());
        }
        return read;
    }

    @Test
    void endsLinesAsBufferedReaderDoes() throws IOException {
        assertThat(lines("a\nb\r\nc\rd")).containsExactly("a", "b", "c", "d");
        assertThat(lines("a\n\n\r\n")).containsExactly("a", "", "");
        assertThat(lines("")).isEmpty();
        assertThat(lines("\r")).containsExactly("");
    }

    @Test
    void keepsOnlyTheStartOfALongLineButCountsAllOfIt() throws IOException {
        long length = 100_000_000L;
        Reader endless = new Reader() {
            private long left = length;
            private boolean newlineSent;

            @Override
            public int read(char[] buffer, int offset, int count) {
                if (left == 0) {
                    if (newlineSent) {
                        return -1;
                    }
                    newlineSent = true;
                    buffer[offset] = '\n';
                    return 1;
                }
                int n = (int) Math.min(count, left);
                java.util.Arrays.fill(buffer, offset, offset + n, 'z');
                left -= n;
                return n;
            }

            @Override
            public void close() {
            }
        };
        BoundedLines lines = new BoundedLines(endless, 1024);

        BoundedLines.Line line = lines.next();

        assertThat(line.length()).isEqualTo(length);
        assertThat(line.text()).hasSize(1024);
        assertThat(line.isWhole()).isFalse();
        assertThat(lines.next()).isNull();
    }
}
