package dev.ids.autoconfigure;

import dev.ids.IdDescriptor;
import dev.ids.IdScheme;
import dev.ids.NodeIdentityField;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * The node identities that the generators this context is about to make require (those of every scheme whose
 * {@linkplain NodeIdentityField#required() identity field is required}; the default generator of each scheme unless
 * the application replaced it, and the named ones), read from the bean
 * definitions and the properties without making any generator. A start-up that fails for a missing identity asks
 * for all of them, so that one report names every property to set.
 */
final class RequiredNodeIdentities {

    /** One generator still to be made that needs a node identity, and the value its property sets, if any. */
    record Required(NodeIdentityRequest request, @Nullable Long configured) {
    }

    private final ConfigurableListableBeanFactory beans;

    private final IdsProperties properties;

    RequiredNodeIdentities(ConfigurableListableBeanFactory beans, IdsProperties properties) {
        this.beans = beans;
        this.properties = properties;
    }

    /** The generators not made yet, in the order of the schemes, each default generator before its named ones. */
    List<Required> notYetMade() {
        List<Required> required = new ArrayList<>();
        for (IdScheme scheme : IdScheme.values()) {
            IdDescriptor<?> descriptor = scheme.descriptor();
            descriptor.nodeIdentityField().filter(NodeIdentityField::required).ifPresent(field -> add(required,
                    scheme, properties.group(scheme), descriptor.generatorType(), field));
        }
        return required;
    }

    private void add(List<Required> required, IdScheme scheme, SchemeGroup<?> group, Class<?> type,
            NodeIdentityField field) {
        String prefix = "ids." + scheme.schemeName();
        String defaultName = Character.toLowerCase(type.getSimpleName().charAt(0)) + type.getSimpleName().substring(1);
        if (isDefaultGenerator(defaultName)) {
            add(required, scheme, defaultName, prefix + "." + field.setting(), field,
                    group.configuredNodeIdentity());
        }
        for (Map.Entry<String, ? extends SchemeGroup<?>> named : group.getNamed().entrySet()) {
            String beanName = named.getKey() + type.getSimpleName();
            if (beans.containsBeanDefinition(beanName)) {
                add(required, scheme, beanName, prefix + ".named." + named.getKey() + "." + field.setting(), field,
                        named.getValue().configuredNodeIdentity());
            }
        }
    }

    private void add(List<Required> required, IdScheme scheme, String beanName, String property,
            NodeIdentityField field, @Nullable Long configured) {
        if (!beans.containsSingleton(beanName)) {
            required.add(new Required(new NodeIdentityRequest(scheme, beanName, property, field.min(), field.max()),
                    configured));
        }
    }

    /** Whether the bean is the starter's default generator: absent when the application replaced it. */
    private boolean isDefaultGenerator(String beanName) {
        if (!beans.containsBeanDefinition(beanName)) {
            return false;
        }
        BeanDefinition definition = beans.getBeanDefinition(beanName);
        return definition instanceof AnnotatedBeanDefinition annotated && annotated.getFactoryMethodMetadata() != null
                && annotated.getFactoryMethodMetadata().getDeclaringClassName()
                        .startsWith(IdGeneratorsAutoConfiguration.class.getName() + "$");
    }
}
