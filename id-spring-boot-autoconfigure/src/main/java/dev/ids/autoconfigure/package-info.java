/**
 * Spring Boot auto-configuration of the ID generators: properties under {@code ids}, one generator bean per
 * enabled scheme plus named ones, node identities, and start-up failures that say how to fix the configuration.
 */
@NullMarked
package dev.ids.autoconfigure;

import org.jspecify.annotations.NullMarked;
