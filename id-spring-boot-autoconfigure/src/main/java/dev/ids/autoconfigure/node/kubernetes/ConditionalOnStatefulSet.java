package dev.ids.autoconfigure.node.kubernetes;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Conditional;

/** Matches when the pod's ordinal is to be the node identity: {@code stateful-set} true, or {@code pod-ordinal} set. */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Documented
@Conditional(ConditionalOnStatefulSet.StatefulSetCondition.class)
@interface ConditionalOnStatefulSet {

    /** Either property. */
    class StatefulSetCondition extends AnyNestedCondition {

        StatefulSetCondition() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnBooleanProperty("ids.node.kubernetes.stateful-set")
        static class StatefulSet {
        }

        @ConditionalOnProperty("ids.node.kubernetes.pod-ordinal")
        static class PodOrdinal {
        }
    }
}
