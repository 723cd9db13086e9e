package dev.ids.autoconfigure.node;

import dev.ids.node.NodeLeaseProvider;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.AliasFor;

/**
 * Marks a lease store's configuration ({@link LeaseStoreKind#configuration()}), which makes the store's
 * {@link NodeLeaseProvider} bean and its {@link StarterLeaseStore} bean: a configuration without bean method proxies,
 * used when {@code ids.node.provider} chooses the store and the classes its kind requires are present
 * ({@link ConditionalOnNodeProvider}), and only when the application defines no {@link NodeLeaseProvider} of its own.
 * A store chosen without those classes fails the start-up in the starter's words and its kind's
 * ({@link MissingStoreModule}), so its configuration has no other case to handle.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Configuration(proxyBeanMethods = false)
@ConditionalOnNodeProvider("")
@ConditionalOnMissingBean(NodeLeaseProvider.class)
public @interface LeaseStoreConfiguration {

    /**
     * Names the lease store, as its {@link LeaseStoreKind#name()} does.
     *
     * @return the store's name, for example {@code etcd}
     */
    @AliasFor(annotation = ConditionalOnNodeProvider.class, attribute = "value")
    String value();
}
