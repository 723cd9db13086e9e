package dev.ids.cli;

import java.io.IOException;
import java.io.Reader;
import org.jspecify.annotations.Nullable;

/**
 * Reads text line by line (ended by {@code \n}, {@code \r\n} or {@code \r}, as {@link java.io.BufferedReader}
 * does) while keeping at most a limit of any one line in memory: a longer line is read to its end only to count its
 * characters, so a huge line cannot exhaust the heap.
 */
final class BoundedLines {

    /**
     * A line: all of it, or only its first {@code limit} characters when it is longer.
     *
     * @param text the line, or its start when it is too long
     * @param length how many characters the whole line has
     */
    record Line(String text, long length) {

        boolean isWhole() {
            return text.length() == length;
        }
    }

    private final Reader reader;
    private final int limit;
    private final char[] buffer = new char[8192];
    private int position;
    private int end;
    private boolean skipLineFeed;

    BoundedLines(Reader reader, int limit) {
        this.reader = reader;
        this.limit = limit;
    }

    /**
     * Reads the next line.
     *
     * @return the line, or {@code null} at the end of the text
     * @throws IOException when the reader fails, as with a {@link java.nio.charset.CharacterCodingException}
     */
    @Nullable Line next() throws IOException {
        StringBuilder kept = new StringBuilder();
        long length = 0;
        while (true) {
            if (position == end && !fill()) {
                return length == 0 ? null : new Line(kept.toString(), length);
            }
            char c = buffer[position++];
            if (skipLineFeed) {
                skipLineFeed = false;
                if (c == '\n') {
                    continue;
                }
            }
            if (c == '\n' || c == '\r') {
                skipLineFeed = c == '\r';
                return new Line(kept.toString(), length);
            }
            if (length < limit) {
                kept.append(c);
            }
            length++;
        }
    }

    private boolean fill() throws IOException {
        int read;
        do {
            read = reader.read(buffer, 0, buffer.length);
        } while (read == 0);
        if (read < 0) {
            return false;
        }
        position = 0;
        end = read;
        return true;
    }
}
