/** Trace entries keyed by elfo TraceIds. */
package dev.ids.sample.traces;
