package dev.ids.autoconfigure;

import dev.ids.IdScheme;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.HierarchicalBeanFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.AutowireCandidateQualifier;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers a bean for each generator of {@code ids.<scheme>.named.<name>}: bean name {@code <name>} followed by
 * the scheme's generator type ({@code paymentsSnoGenerator}), qualifier {@code <name>}. Named generators are not
 * default candidates, so injection without {@code @Qualifier("<name>")} still finds the scheme's default generator.
 */
class NamedIdGeneratorsRegistrar implements ImportBeanDefinitionRegistrar, EnvironmentAware, BeanFactoryAware {

    private @Nullable Environment environment;

    private @Nullable BeanFactory beanFactory;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beanFactory = beanFactory;
    }

    @Override
    public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
        IdsProperties properties = Binder.get(Objects.requireNonNull(environment,
                "set by Spring (EnvironmentAware) before it registers bean definitions"))
                .bindOrCreate("ids", IdsProperties.class);
        for (IdScheme scheme : IdScheme.values()) {
            register(registry, scheme, properties.group(scheme), scheme.descriptor().generatorType());
        }
    }

    private <S extends SchemeGroup<S>> void register(BeanDefinitionRegistry registry,
            IdScheme scheme, SchemeGroup<S> group, Class<?> type) {
        if (!group.isEnabled()) {
            return;
        }
        for (Map.Entry<String, S> entry : group.getNamed().entrySet()) {
            String name = entry.getKey();
            S settings = entry.getValue();
            String prefix = "ids." + scheme.schemeName() + ".named." + name;
            if (!settings.getNamed().isEmpty()) {
                throw new IdsConfigurationException(prefix + ".named", settings.getNamed().keySet(),
                        "named generators cannot have named generators of their own",
                        "Move the generators of " + prefix + ".named up to ids." + scheme.schemeName() + ".named.");
            }
            if (!settings.isEnabled()) {
                continue;
            }
            String beanName = name + type.getSimpleName();
            if (beanFactory instanceof HierarchicalBeanFactory hierarchy && hierarchy.getParentBeanFactory() != null
                    && hierarchy.getParentBeanFactory().containsBean(beanName)) {
                continue; // a parent context made it: one generator per identity
            }
            // A factory method with plain arguments, not an instance supplier: AOT processing writes it as code.
            registerFactory(registry);
            RootBeanDefinition definition = new RootBeanDefinition();
            definition.setTargetType(type);
            definition.setFactoryBeanName(NamedIdGenerators.BEAN_NAME);
            definition.setUniqueFactoryMethodName("create");
            definition.getConstructorArgumentValues().addIndexedArgumentValue(0, scheme);
            definition.getConstructorArgumentValues().addIndexedArgumentValue(1, name);
            definition.getConstructorArgumentValues().addIndexedArgumentValue(2, beanName);
            definition.addQualifier(new AutowireCandidateQualifier(Qualifier.class, name));
            definition.setDefaultCandidate(false);
            definition.setLazyInit(false);
            registry.registerBeanDefinition(beanName, definition);
        }
    }

    private static void registerFactory(BeanDefinitionRegistry registry) {
        if (!registry.containsBeanDefinition(NamedIdGenerators.BEAN_NAME)) {
            RootBeanDefinition factory = new RootBeanDefinition(NamedIdGenerators.class);
            factory.setAutowireMode(AbstractBeanDefinition.AUTOWIRE_CONSTRUCTOR);
            factory.setRole(BeanDefinition.ROLE_INFRASTRUCTURE);
            registry.registerBeanDefinition(NamedIdGenerators.BEAN_NAME, factory);
        }
    }
}
