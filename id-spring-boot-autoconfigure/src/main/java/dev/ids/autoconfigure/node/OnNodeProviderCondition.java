package dev.ids.autoconfigure.node;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition of {@link ConditionalOnNodeProvider}: reads {@code ids.node.provider} as the properties bind it
 * (relaxed names, any case), and in auto mode the properties of the stores that auto mode chooses by a property
 * ({@link LeaseStoreKind#autoProperty()}): the first of those that is set wins over every store chosen by a bean.
 */
class OnNodeProviderCondition extends SpringBootCondition {

    static final String PROVIDER = "ids.node.provider";

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        Map<String, @Nullable Object> attributes = Objects.requireNonNull(
                metadata.getAnnotationAttributes(ConditionalOnNodeProvider.class.getName()),
                "only @ConditionalOnNodeProvider names this condition");
        String wanted = (String) Objects.requireNonNull(attributes.get("value"),
                "@ConditionalOnNodeProvider's value is required");
        ConditionMessage.Builder message = ConditionMessage.forCondition(ConditionalOnNodeProvider.class,
                "(" + wanted + ")");
        Binder binder = Binder.get(context.getEnvironment());
        String chosen = LeaseStoreKinds.normalize(binder.bind(PROVIDER, String.class).orElse(null));
        if (chosen != null && !chosen.equals(LeaseStoreKinds.AUTO)) {
            String found = PROVIDER + " is " + chosen;
            return chosen.equals(wanted) ? ConditionOutcome.match(message.because(found))
                    : ConditionOutcome.noMatch(message.because(found));
        }
        LeaseStoreKinds kinds = LeaseStoreKinds.of(context.getClassLoader());
        List<String> autoProperties = kinds.autoProperties();
        LeaseStoreKind byProperty = null;
        for (LeaseStoreKind kind : kinds.all()) {
            if (byProperty == null && kind.autoProperty() != null && isSet(binder, kind.autoProperty())) {
                byProperty = kind;
            }
        }
        String found = PROVIDER + " is unset or auto";
        if (byProperty != null) {
            found += " and " + byProperty.autoProperty() + " is set";
        } else {
            for (String property : autoProperties) {
                found += " and " + property + " is unset";
            }
        }
        // Without such a property, every store chosen by a bean stays a candidate: its bean conditions decide.
        LeaseStoreKind wantedKind = kinds.named(wanted);
        boolean matches = byProperty != null ? byProperty == wantedKind
                : wantedKind != null && wantedKind.autoProperty() == null;
        return matches ? ConditionOutcome.match(message.because(found))
                : ConditionOutcome.noMatch(message.because(found));
    }

    private static boolean isSet(Binder binder, String property) {
        return !binder.bind(property, String.class).orElse("").isBlank();
    }
}
