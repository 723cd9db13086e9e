/**
 * IDs for Project Reactor: {@link dev.ids.reactor.ReactiveIdGenerator} issues a generator's IDs as {@code Mono}s,
 * inline where no wait is needed and on a scheduler that may block otherwise.
 */
@NullMarked
package dev.ids.reactor;

import org.jspecify.annotations.NullMarked;
