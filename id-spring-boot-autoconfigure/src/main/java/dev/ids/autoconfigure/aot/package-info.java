/**
 * Runtime hints for Spring's ahead-of-time processing and GraalVM native images: what the core's service loading,
 * the Hibernate integration and the value types reach through reflection, resources or Java serialization.
 */
@NullMarked
package dev.ids.autoconfigure.aot;

import org.jspecify.annotations.NullMarked;
