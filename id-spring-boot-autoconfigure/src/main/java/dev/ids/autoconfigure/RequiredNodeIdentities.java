package dev.ids.autoconfigure;

import dev.ids.IdScheme;
import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.sno.Sno;
import dev.ids.sno.SnoGenerator;
import dev.ids.traceid.TraceId;
import dev.ids.traceid.TraceIdGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * The node identities that the generators this context is about to make require (TraceId, Lable and sno; the
 * default generator of each scheme unless the application replaced it, and the named ones), read from the bean
 * definitions and the properties without making any generator. A start-up that fails for a missing identity asks
 * for all of them, so that one report names every property to set.
 */
final class RequiredNodeIdentities {

    /** One generator still to be made that needs a node identity, and the value its property sets, if any. */
    record Required(NodeIdentityRequest request, Integer configured) {
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
        add(required, IdScheme.TRACE_ID, properties.getTraceId(), TraceIdGenerator.class, "node-no",
                TraceId.MAX_NODE_NO, IdsProperties.TraceId::getNodeNo);
        add(required, IdScheme.LABLE, properties.getLable(), LableIdGenerator.class, "generator-id",
                LableId.MAX_GENERATOR_ID, IdsProperties.Lable::getGeneratorId);
        add(required, IdScheme.SNO, properties.getSno(), SnoGenerator.class, "partition", Sno.MAX_PARTITION,
                IdsProperties.Sno::getPartition);
        return required;
    }

    private <S extends IdsProperties.SchemeGroup<S>> void add(List<Required> required, IdScheme scheme, S group,
            Class<?> type, String identity, long max, Function<S, Integer> configured) {
        String prefix = "ids." + scheme.schemeName();
        String defaultName = Character.toLowerCase(type.getSimpleName().charAt(0)) + type.getSimpleName().substring(1);
        if (isDefaultGenerator(defaultName)) {
            add(required, scheme, defaultName, prefix + "." + identity, max, configured.apply(group));
        }
        for (Map.Entry<String, S> named : group.getNamed().entrySet()) {
            String beanName = named.getKey() + type.getSimpleName();
            if (beans.containsBeanDefinition(beanName)) {
                add(required, scheme, beanName, prefix + ".named." + named.getKey() + "." + identity, max,
                        configured.apply(named.getValue()));
            }
        }
    }

    private void add(List<Required> required, IdScheme scheme, String beanName, String property, long max,
            Integer configured) {
        if (!beans.containsSingleton(beanName)) {
            required.add(new Required(new NodeIdentityRequest(scheme, beanName, property, 0, max), configured));
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
