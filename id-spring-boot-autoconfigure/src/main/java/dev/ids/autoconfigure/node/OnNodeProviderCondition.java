package dev.ids.autoconfigure.node;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionMessage.Style;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition of {@link ConditionalOnNodeProvider}: reads {@code ids.node.provider} as the properties bind it
 * (relaxed names, any case), and in auto mode the properties of the stores that auto mode chooses by a property
 * ({@link LeaseStoreKind#autoProperty()}): the first of those that is set wins over every store chosen by a bean. A
 * store chosen so matches once the classes its kind requires are present.
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
        LeaseStoreKinds kinds = LeaseStoreKinds.of(context.getClassLoader());
        LeaseStoreKind wantedKind = kinds.named(wanted);
        if (chosen != null && !chosen.equals(LeaseStoreKinds.AUTO)) {
            String found = PROVIDER + " is " + chosen;
            return chosen.equals(wanted) ? withClasses(wantedKind, context, message, found)
                    : ConditionOutcome.noMatch(message.because(found));
        }
        LeaseStoreKind byProperty = kinds.byAutoProperty(binder);
        String found = PROVIDER + " is unset or auto";
        if (byProperty != null) {
            found += " and " + byProperty.autoProperty() + " is set";
        } else {
            for (String property : kinds.autoProperties()) {
                found += " and " + property + " is unset";
            }
        }
        // Without such a property, every store chosen by a bean stays a candidate: its bean conditions decide.
        boolean matches = byProperty != null ? byProperty == wantedKind
                : wantedKind != null && wantedKind.autoProperty() == null;
        return matches ? withClasses(wantedKind, context, message, found)
                : ConditionOutcome.noMatch(message.because(found));
    }

    /**
     * The store is chosen: it matches once the classes its kind requires are present. Without them the store's
     * configuration is skipped and {@link MissingStoreConfiguration} fails the start-up in its stead.
     */
    private static ConditionOutcome withClasses(@Nullable LeaseStoreKind kind, ConditionContext context,
            ConditionMessage.Builder message, String found) {
        MissingStoreModule needs = kind == null ? null : kind.requires(context.getClassLoader());
        List<String> missing = needs == null ? List.of() : needs.missing(context.getClassLoader());
        return missing.isEmpty() ? ConditionOutcome.match(message.because(found))
                : ConditionOutcome.noMatch(message.didNotFind("required class", "required classes")
                        .items(Style.QUOTE, missing));
    }
}
