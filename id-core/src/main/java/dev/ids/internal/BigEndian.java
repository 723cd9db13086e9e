package dev.ids.internal;

/** Big-endian 64-bit words in byte arrays, as every binary form of this library writes them. */
public final class BigEndian {

    private BigEndian() {
    }

    /**
     * Reads eight bytes as one word, the first byte most significant.
     *
     * @param bytes the bytes
     * @param offset where the word starts; eight bytes must follow
     * @return the word
     */
    public static long read(byte[] bytes, int offset) {
        long word = 0;
        for (int i = offset; i < offset + 8; i++) {
            word = word << 8 | (bytes[i] & 0xFFL);
        }
        return word;
    }

    /**
     * Writes one word as eight bytes, the most significant first.
     *
     * @param bytes the bytes
     * @param offset where the word goes; eight bytes must follow
     * @param word the word
     */
    public static void write(byte[] bytes, int offset, long word) {
        for (int i = offset + 7; i >= offset; i--) {
            bytes[i] = (byte) word;
            word >>>= 8;
        }
    }

    /**
     * Returns the 8 bytes of one word, for the 64-bit schemes.
     *
     * @param word the word
     * @return a new array of 8 bytes
     */
    public static byte[] oneWord(long word) {
        byte[] bytes = new byte[8];
        write(bytes, 0, word);
        return bytes;
    }

    /**
     * Returns the 16 bytes of two words, for the 128-bit schemes.
     *
     * @param high bytes 0..7
     * @param low bytes 8..15
     * @return a new array of 16 bytes
     */
    public static byte[] twoWords(long high, long low) {
        byte[] bytes = new byte[16];
        write(bytes, 0, high);
        write(bytes, 8, low);
        return bytes;
    }
}
