package dev.ids.autoconfigure;

import dev.ids.IdScheme;
import dev.ids.gid.GidGenerator;
import dev.ids.lable.LableIdGenerator;
import dev.ids.muid.MuidGenerator;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceIdGenerator;
import java.util.Map;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.HierarchicalBeanFactory;
import org.springframework.beans.factory.annotation.Qualifier;
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

    private Environment environment;

    private BeanFactory beanFactory;

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
        IdsProperties properties = Binder.get(environment).bindOrCreate("ids", IdsProperties.class);
        register(registry, IdScheme.TRACE_ID, properties.getTraceId(), TraceIdGenerator.class,
                (factory, name, prefix, settings) -> factory.traceId(name, prefix, settings));
        register(registry, IdScheme.LABLE, properties.getLable(), LableIdGenerator.class,
                (factory, name, prefix, settings) -> factory.lable(name, prefix, settings));
        register(registry, IdScheme.GID, properties.getGid(), GidGenerator.class,
                (factory, name, prefix, settings) -> factory.gid(name, prefix, settings));
        register(registry, IdScheme.SNO, properties.getSno(), SnoGenerator.class,
                (factory, name, prefix, settings) -> factory.sno(name, prefix, settings));
        register(registry, IdScheme.MUID, properties.getMuid(), MuidGenerator.class,
                (factory, name, prefix, settings) -> factory.muid(name, prefix, settings));
    }

    private <S extends IdsProperties.SchemeGroup<S>, G> void register(BeanDefinitionRegistry registry,
            IdScheme scheme, S group, Class<G> type, Creation<S, G> creation) {
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
            RootBeanDefinition definition = new RootBeanDefinition(type, () -> creation.create(
                    beanFactory.getBean(IdGeneratorFactory.class), beanName, prefix, settings));
            definition.addQualifier(new AutowireCandidateQualifier(Qualifier.class, name));
            definition.setDefaultCandidate(false);
            definition.setLazyInit(false);
            registry.registerBeanDefinition(beanName, definition);
        }
    }

    /** Creates one named generator from its settings. */
    @FunctionalInterface
    private interface Creation<S, G> {

        G create(IdGeneratorFactory factory, String beanName, String prefix, S settings);
    }
}
