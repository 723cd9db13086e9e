/**
 * Hibernate {@code JavaType}s for the ID value types, so that entities can use them as {@code @Id} and as ordinary
 * attributes with no converter, registered with every Hibernate bootstrap by {@link IdsTypeContributor}.
 */
@NullMarked
package dev.ids.hibernate.type;

import org.jspecify.annotations.NullMarked;
