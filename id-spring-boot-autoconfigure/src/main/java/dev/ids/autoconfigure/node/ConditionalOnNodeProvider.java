package dev.ids.autoconfigure.node;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Conditional;

/**
 * Matches when {@code ids.node.provider} may choose the named lease store: set to its name, or unset (or
 * {@code auto}) unless auto mode goes to another store because that store's property is set
 * ({@link LeaseStoreKind#autoProperty()}, as a ZooKeeper connect string), or set to the store's own such property;
 * and the classes the store's kind requires ({@link LeaseStoreKind#requires}) are present, looked up by name.
 * What else auto mode needs (a DataSource bean for JDBC, a ConnectionFactory bean and no DataSource for R2DBC, no
 * provider bean of the application's) is left to the bean conditions beside this one, so that the condition report
 * shows each reason apart.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnNodeProviderCondition.class)
public @interface ConditionalOnNodeProvider {

    /**
     * Names the lease store to match, as its {@link LeaseStoreKind#name()} does.
     *
     * @return the store's name, for example {@code jdbc}
     */
    String value();
}
