package dev.ids.testing;

import dev.ids.clock.ManualClock;
import java.util.function.Supplier;

/**
 * A {@link ManualClock} on which a rival call arrives while the first call to pause waits: after that pause has
 * moved the clock, and on the same thread, so that the test knows who asked first. The rival's own pauses bring no
 * further rival.
 *
 * @param <T> what the rival's call returns
 */
public final class RivalledClock<T> extends ForwardingClock {

    private Supplier<T> rival;
    private boolean arrived;
    private T rivalResult;

    /**
     * Wraps a manual clock.
     *
     * @param time the clock that reads and moves
     */
    public RivalledClock(ManualClock time) {
        super(time);
    }

    /**
     * Sets the call the rival makes.
     *
     * @param call the rival's call, usually to the generator this clock drives
     */
    public void rival(Supplier<T> call) {
        this.rival = call;
    }

    /**
     * Returns what the rival got.
     *
     * @return the rival's result
     */
    public T rivalResult() {
        if (!arrived) {
            throw new AssertionError("no call paused, so no rival arrived");
        }
        return rivalResult;
    }

    @Override
    public void pause(long nanos) {
        super.pause(nanos);
        if (rival != null && !arrived) {
            arrived = true;
            rivalResult = rival.get();
        }
    }
}
