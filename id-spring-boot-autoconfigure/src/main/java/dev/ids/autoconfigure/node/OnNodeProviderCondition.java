package dev.ids.autoconfigure.node;

import dev.ids.autoconfigure.node.IdsNodeProperties.Provider;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition of {@link ConditionalOnNodeProvider}: reads {@code ids.node.provider} as the properties bind it
 * (any case, relaxed names), and in auto mode looks at {@code ids.node.zookeeper.connect-string}.
 */
class OnNodeProviderCondition extends SpringBootCondition {

    static final String PROVIDER = "ids.node.provider";

    static final String CONNECT_STRING = "ids.node.zookeeper.connect-string";

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        Map<String, Object> attributes = metadata.getAnnotationAttributes(ConditionalOnNodeProvider.class.getName());
        Provider wanted = (Provider) attributes.get("value");
        ConditionMessage.Builder message = ConditionMessage.forCondition(ConditionalOnNodeProvider.class,
                "(" + name(wanted) + ")");
        Binder binder = Binder.get(context.getEnvironment());
        Provider chosen;
        try {
            chosen = binder.bind(PROVIDER, Provider.class).orElse(Provider.AUTO);
        } catch (BindException ex) {
            // Binding IdsNodeProperties fails the start-up on the same value, with Boot's report of what is allowed.
            return ConditionOutcome.noMatch(message.because(PROVIDER + " is not one of static, jdbc, r2dbc, "
                    + "zookeeper, auto"));
        }
        if (chosen != Provider.AUTO) {
            String found = PROVIDER + " is " + name(chosen);
            return chosen == wanted ? ConditionOutcome.match(message.because(found))
                    : ConditionOutcome.noMatch(message.because(found));
        }
        String connectString = binder.bind(CONNECT_STRING, String.class).orElse("");
        // Without a connect string, JDBC and R2DBC both stay candidates: their bean conditions (a DataSource; a
        // ConnectionFactory and no DataSource) decide between them.
        boolean matches = connectString.isBlank() ? wanted == Provider.JDBC || wanted == Provider.R2DBC
                : wanted == Provider.ZOOKEEPER;
        String found = PROVIDER + " is unset or auto and " + CONNECT_STRING + " is "
                + (connectString.isBlank() ? "unset" : "set");
        return matches ? ConditionOutcome.match(message.because(found))
                : ConditionOutcome.noMatch(message.because(found));
    }

    private static String name(Provider provider) {
        return provider.name().toLowerCase(Locale.ROOT);
    }
}
