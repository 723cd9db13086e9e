package dev.ids.autoconfigure.node;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionMessage.Style;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;

/** The condition of {@link ConditionalOnMissingStoreClasses}: looks each class up without loading it. */
class OnMissingStoreClassesCondition extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        Map<String, @Nullable Object> attributes = Objects.requireNonNull(
                metadata.getAnnotationAttributes(ConditionalOnMissingStoreClasses.class.getName()),
                "only @ConditionalOnMissingStoreClasses names this condition");
        List<String> needed = Arrays.asList((String[]) Objects.requireNonNull(attributes.get("value"),
                "@ConditionalOnMissingStoreClasses's value is required"));
        List<String> missing = needed.stream()
                .filter(name -> !ClassUtils.isPresent(name, context.getClassLoader())).toList();
        ConditionMessage.Builder message = ConditionMessage.forCondition(ConditionalOnMissingStoreClasses.class);
        return missing.isEmpty()
                ? ConditionOutcome.noMatch(message.found("required class", "required classes")
                        .items(Style.QUOTE, needed))
                : ConditionOutcome.match(message.didNotFind("required class", "required classes")
                        .items(Style.QUOTE, missing));
    }
}
