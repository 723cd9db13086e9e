package dev.ids.sample;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/**
 * The {@code from} (inclusive) and {@code to} (exclusive) instants of a "created between" query. The resources turn
 * it into the lowest ID of {@code from} and the highest ID of {@link #last()}, and query the primary key between them.
 *
 * @param from the first instant of the range
 * @param to the instant just after the range
 */
public record TimeRange(Instant from, Instant to) {

    /** How far back a range reaches when only {@code to} is given. */
    public static final Duration DEFAULT_SPAN = Duration.ofHours(1);

    /**
     * Makes the range of a request: none when neither bound is given; {@code to} defaults to now and {@code from} to
     * {@link #DEFAULT_SPAN} before {@code to}.
     *
     * @param from the {@code from} request parameter, or {@code null}
     * @param to the {@code to} request parameter, or {@code null}
     * @return the range, or empty when neither is given
     * @throws ResponseStatusException (400) when {@code from} is not before {@code to}
     */
    public static Optional<TimeRange> of(Instant from, Instant to) {
        if (from == null && to == null) {
            return Optional.empty();
        }
        Instant end = to != null ? to : Instant.now();
        Instant start = from != null ? from : end.minus(DEFAULT_SPAN);
        if (!start.isBefore(end)) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                    "from (" + start + ") must be before to (" + end + ")");
        }
        return Optional.of(new TimeRange(start, end));
    }

    /**
     * Returns the lowest ID of {@code from}.
     *
     * @param min the scheme's lowest ID of an instant, such as {@code Sno::min}
     * @param <T> the ID type
     * @return the lowest ID of the range
     * @throws ResponseStatusException (400) when the scheme cannot express {@code from}
     */
    public <T> T lowest(Function<Instant, T> min) {
        return bound(min, from);
    }

    /**
     * Returns the highest ID of {@link #last()}.
     *
     * @param max the scheme's highest ID of an instant, such as {@code Sno::max}
     * @param <T> the ID type
     * @return the highest ID of the range
     * @throws ResponseStatusException (400) when the scheme cannot express the range's last instant
     */
    public <T> T highest(Function<Instant, T> max) {
        return bound(max, last());
    }

    // A time outside what a scheme can express (an sno after 2079, a Lable ID before 1970) is the caller's mistake,
    // not the server's: 400 with the scheme's own message.
    private static <T> T bound(Function<Instant, T> bound, Instant instant) {
        try {
            return bound.apply(instant);
        }
        catch (IllegalArgumentException ex) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, ex.getMessage(), ex);
        }
    }

    /**
     * Returns the last instant inside the range, one nanosecond before {@code to}.
     *
     * @return the last instant of the range
     */
    public Instant last() {
        return to.minusNanos(1);
    }
}
