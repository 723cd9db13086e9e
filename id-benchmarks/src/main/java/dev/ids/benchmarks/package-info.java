/**
 * JMH benchmarks of the ids generators, codecs and Hibernate generators against the ID libraries in common use, and
 * {@link dev.ids.benchmarks.BenchmarkSuite}, which runs them and writes the table of BENCHMARKS.md.
 */
package dev.ids.benchmarks;
