package dev.ids.testing;

import dev.ids.IdGenerationException;
import dev.ids.event.IdGeneratorListener;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records the events a generator reports, in order, from any thread. */
public final class RecordingListener implements IdGeneratorListener {

    /** The waits reported with each sequence overflow. */
    public final List<Duration> overflows = new CopyOnWriteArrayList<>();

    /** How far back the clock stood at each reported regression. */
    public final List<Duration> regressions = new CopyOnWriteArrayList<>();

    /** The refusals reported, in order. */
    public final List<IdGenerationException> refusals = new CopyOnWriteArrayList<>();

    @Override
    public void onRefused(IdGenerationException failure) {
        refusals.add(failure);
    }

    @Override
    public void onSequenceOverflow(Duration waited) {
        overflows.add(waited);
    }

    @Override
    public void onClockRegression(Duration backwards) {
        regressions.add(backwards);
    }
}
