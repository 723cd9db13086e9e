package dev.ids.sample.orders;

/** The kind of an order, which its sno carries in the metabyte so that the ID alone tells it. */
public enum OrderKind {

    /** An ordinary order; metabyte 1. */
    STANDARD(1),
    /** An order to ship first; metabyte 2. */
    EXPRESS(2),
    /** Goods coming back; metabyte 3. */
    RETURN(3);

    private final int metabyte;

    OrderKind(int metabyte) {
        this.metabyte = metabyte;
    }

    /**
     * Returns the sno metabyte of this kind.
     *
     * @return 1 to 3
     */
    public int metabyte() {
        return metabyte;
    }

    /**
     * Returns the kind a metabyte stands for.
     *
     * @param metabyte an sno's metabyte
     * @return the kind
     * @throws IllegalArgumentException for a metabyte no kind uses
     */
    public static OrderKind ofMetabyte(int metabyte) {
        for (OrderKind kind : values()) {
            if (kind.metabyte == metabyte) {
                return kind;
            }
        }
        throw new IllegalArgumentException("no order kind has metabyte " + metabyte);
    }
}
