package dev.ids.autoconfigure;

import dev.ids.IdScheme;
import dev.ids.generator.GeneratorBuilder;

/**
 * Customizes the builder of each generator the starter creates, after the properties are applied and before the
 * generator is built: set its clock or listener, or cast to the scheme's builder for anything else. Customizer
 * beans are applied in their {@link org.springframework.core.Ordered order}.
 */
@FunctionalInterface
public interface IdGeneratorBuilderCustomizer {

    /**
     * Customizes one generator's builder.
     *
     * @param generatorName the generator's bean name
     * @param scheme the generator's scheme
     * @param builder the builder, for example a {@link dev.ids.sno.SnoGenerator.Builder}
     */
    void customize(String generatorName, IdScheme scheme, GeneratorBuilder<?> builder);
}
