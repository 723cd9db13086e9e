package dev.ids.testing;

import dev.ids.IdGenerationException;
import dev.ids.event.IdGeneratorListener;
import dev.ids.event.WaitCause;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records the events a generator reports, in order, from any thread. */
public final class RecordingListener implements IdGeneratorListener {

    /** The waits reported over capacity (sequence overflows). */
    public final List<Duration> overflows = new CopyOnWriteArrayList<>();

    /** The waits reported behind a clock that stepped back. */
    public final List<Duration> regressionWaits = new CopyOnWriteArrayList<>();

    /** The waits reported behind a node lease's high-water mark. */
    public final List<Duration> markWaits = new CopyOnWriteArrayList<>();

    /** How far back the clock stood at each reported regression. */
    public final List<Duration> regressions = new CopyOnWriteArrayList<>();

    /** The refusals reported, in order. */
    public final List<IdGenerationException> refusals = new CopyOnWriteArrayList<>();

    @Override
    public void onRefused(IdGenerationException failure) {
        refusals.add(failure);
    }

    @Override
    public void onWait(WaitCause cause, Duration waited) {
        switch (cause) {
            case CAPACITY -> overflows.add(waited);
            case CLOCK_REGRESSION -> regressionWaits.add(waited);
            case LEASE_MARK -> markWaits.add(waited);
        }
    }

    @Override
    public void onClockRegression(Duration backwards) {
        regressions.add(backwards);
    }
}
