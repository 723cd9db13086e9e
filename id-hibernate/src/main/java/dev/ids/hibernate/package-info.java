/**
 * Hibernate integration of the ID generators, without Spring: one annotation per scheme for generated
 * identifiers and other generated attributes ({@code @Id @GeneratedSno byte[] id}), the generators behind
 * {@code @GeneratedValue(generator = "sno")}, registered by {@link dev.ids.hibernate.IdsGeneratorRegistrations}
 * without a mapping file, and a start-up check that catches misspelt generator names.
 *
 * <p>Under Spring the generators are the application's generator beans, found through Hibernate's bean container.
 * With plain Hibernate, put each generator instance in a Hibernate setting, {@code ids.generator.<scheme>} or
 * {@code ids.generator.<scheme>.<name>}:
 *
 * <pre>{@code
 * var configuration = new HibernatePersistenceConfiguration("orders")
 *         .managedClass(Order.class)
 *         .property("ids.generator.sno", SnoGenerator.builder().partition(513).build());
 * }</pre>
 *
 * @see dev.ids.hibernate.IdsGeneratorNames
 */
@NullMarked
package dev.ids.hibernate;

import org.jspecify.annotations.NullMarked;
