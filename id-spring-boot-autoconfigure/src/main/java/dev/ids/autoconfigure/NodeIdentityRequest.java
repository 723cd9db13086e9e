package dev.ids.autoconfigure;

import dev.ids.IdScheme;

/**
 * What a {@link NodeIdentityProvider} is asked for: the identity one generator needs.
 *
 * @param scheme the generator's scheme
 * @param generatorName the generator's bean name
 * @param property the property that would set the identity, for example {@code ids.sno.partition}
 * @param min the smallest allowed identity
 * @param max the largest allowed identity
 */
public record NodeIdentityRequest(IdScheme scheme, String generatorName, String property, long min, long max) {
}
