package dev.ids.autoconfigure.data;

import dev.ids.IdGenerator;
import dev.ids.autoconfigure.IdsConfigurationException;
import dev.ids.hibernate.IdsGeneratorNames.Reference;
import java.util.Arrays;
import java.util.List;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;

/**
 * Finds the generator bean a generated aggregate ID asks for, as the Hibernate integration finds it: the scheme's
 * default generator by its type (named generators are no default candidates), a named one by the bean name the
 * auto-configuration gives it ({@link Reference#beanName()}, {@code paymentsSnoGenerator}). A missing generator, or
 * one that is not a singleton, fails naming the aggregate and the property to set.
 */
public final class GeneratorBeans {

    private final ConfigurableListableBeanFactory beanFactory;

    /**
     * Creates the lookup.
     *
     * @param beanFactory the application's bean factory
     */
    public GeneratorBeans(ConfigurableListableBeanFactory beanFactory) {
        this.beanFactory = beanFactory;
    }

    /**
     * Returns the generator.
     *
     * @param reference the scheme and name the annotation gives
     * @param attribute the aggregate's ID property, {@code Payment.id}, for messages
     * @param usage how the property asks for it, {@code @GeneratedSno(name = "payments")}, for messages
     */
    IdGenerator<?> find(Reference reference, String attribute, String usage) {
        return reference.name().isEmpty() ? findDefault(reference, attribute, usage)
                : findNamed(reference, attribute, usage);
    }

    private IdGenerator<?> findDefault(Reference reference, String attribute, String usage) {
        String scheme = reference.scheme().schemeName();
        String type = reference.generatorType().getSimpleName();
        List<String> candidates = Arrays.stream(beanFactory.getBeanNamesForType(reference.generatorType(), true,
                false)).filter(this::isDefaultCandidate).toList();
        if (candidates.isEmpty()) {
            throw IdsConfigurationException.missingGenerator(scheme, type, "the aggregate ID " + attribute
                    + " asks for the " + scheme + " generator (" + usage + "), but the application has no " + type
                    + " bean");
        }
        candidates.forEach((name) -> requireSingleton(name, attribute, usage));
        return (IdGenerator<?>) beanFactory.getBeanProvider(reference.generatorType()).getObject();
    }

    private IdGenerator<?> findNamed(Reference reference, String attribute, String usage) {
        String beanName = reference.beanName();
        if (beanFactory.containsBean(beanName)) {
            requireSingleton(beanName, attribute, usage);
            return (IdGenerator<?>) beanFactory.getBean(beanName, reference.generatorType());
        }
        String scheme = reference.scheme().schemeName();
        String defaultName = new Reference(reference.scheme(), "").beanName();
        List<String> named = Arrays.stream(beanFactory.getBeanNamesForType(reference.generatorType(), true, false))
                .filter((name) -> !name.equals(defaultName)).toList();
        throw new IdsConfigurationException("ids." + scheme + ".named." + reference.name(), null,
                "the aggregate ID " + attribute + " asks for the named " + scheme + " generator '" + reference.name()
                        + "' (" + usage + "), but there is no bean " + beanName + "; named " + scheme
                        + " generators: " + (named.isEmpty() ? "none" : named),
                "Configure the generator under ids." + scheme + ".named." + reference.name()
                        + " or correct the name on " + attribute + ".");
    }

    private boolean isDefaultCandidate(String name) {
        return !beanFactory.containsBeanDefinition(name)
                || !(beanFactory.getBeanDefinition(name) instanceof AbstractBeanDefinition definition)
                || definition.isDefaultCandidate();
    }

    /** Two instances of one generator would issue the same IDs: each aggregate type keeps the one it got. */
    private void requireSingleton(String beanName, String attribute, String usage) {
        if (!beanFactory.isSingleton(beanName)) {
            throw new IdsConfigurationException("bean " + beanName, "(not a singleton)", "the aggregate ID "
                    + attribute + " takes its IDs from the bean " + beanName + " (" + usage + "), which is not a "
                    + "singleton; each aggregate type would get an instance of its own, with its own sequence state "
                    + "on the same node identity, and they would issue the same IDs",
                    "Make " + beanName + " a singleton bean.");
        }
    }
}
