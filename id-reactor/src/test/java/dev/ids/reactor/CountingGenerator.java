package dev.ids.reactor;

import dev.ids.IdGenerator;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.scheduler.Schedulers;

/** Passes both calls through to a generator, counting where they ran and how they ended. */
final class CountingGenerator<T> implements IdGenerator<T> {

    private final IdGenerator<T> delegate;
    /** Attempts that issued an ID on a non-blocking thread. */
    final AtomicInteger issuedInline = new AtomicInteger();
    /** Attempts that said "would wait". */
    final AtomicInteger refused = new AtomicInteger();
    /** Calls to next(), wherever they ran. */
    final AtomicInteger waited = new AtomicInteger();
    /** Calls to next() made on a non-blocking thread: none may be. */
    final AtomicInteger nextOnNonBlockingThread = new AtomicInteger();

    CountingGenerator(IdGenerator<T> delegate) {
        this.delegate = delegate;
    }

    @Override
    public T next() {
        waited.incrementAndGet();
        if (Schedulers.isInNonBlockingThread()) {
            nextOnNonBlockingThread.incrementAndGet();
        }
        return delegate.next();
    }

    @Override
    public T tryNext() {
        T id = delegate.tryNext();
        if (id == null) {
            refused.incrementAndGet();
        } else if (Schedulers.isInNonBlockingThread()) {
            issuedInline.incrementAndGet();
        }
        return id;
    }

    @Override
    public String toString() {
        return "Counting[" + delegate + "]";
    }
}
