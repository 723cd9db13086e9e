package dev.ids.autoconfigure.node;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Conditional;

/**
 * Matches when {@code ids.node.provider} chooses the given lease provider: set to it, or unset (or {@code auto})
 * while the properties point to it, ZooKeeper when {@code ids.node.zookeeper.connect-string} is set and JDBC or
 * R2DBC otherwise. What else auto mode needs (a DataSource bean for JDBC, a ConnectionFactory bean and no DataSource
 * for R2DBC, no provider bean of the application's) is left to the bean conditions beside this one, so that the
 * condition report shows each reason apart.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnNodeProviderCondition.class)
@interface ConditionalOnNodeProvider {

    /**
     * The provider to match.
     *
     * @return {@code JDBC}, {@code R2DBC}, {@code ZOOKEEPER} or {@code STATIC}
     */
    IdsNodeProperties.Provider value();
}
