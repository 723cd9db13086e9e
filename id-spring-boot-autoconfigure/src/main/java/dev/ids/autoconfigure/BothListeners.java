package dev.ids.autoconfigure;

import dev.ids.IdGenerationException;
import dev.ids.event.IdGeneratorListener;
import dev.ids.event.WaitCause;
import java.time.Duration;

/** Passes each event to the listener a customizer set, then to the starter's statistics. */
record BothListeners(IdGeneratorListener first, IdGeneratorListener second) implements IdGeneratorListener {

    @Override
    public void onWait(WaitCause cause, Duration waited) {
        first.onWait(cause, waited);
        second.onWait(cause, waited);
    }

    @Override
    public void onClockRegression(Duration backwards) {
        first.onClockRegression(backwards);
        second.onClockRegression(backwards);
    }

    @Override
    public void onRefused(IdGenerationException failure) {
        first.onRefused(failure);
        second.onRefused(failure);
    }
}
