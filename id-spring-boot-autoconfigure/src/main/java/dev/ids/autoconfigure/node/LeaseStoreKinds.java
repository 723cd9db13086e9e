package dev.ids.autoconfigure.node;

import dev.ids.node.NodeLeaseProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * The kinds of lease store on the class path ({@link LeaseStoreKind}, from {@code META-INF/spring.factories}), in their
 * order, and what the starter says of all of them together: the values {@code ids.node.provider} accepts, and how
 * an application chooses a store.
 *
 * @param all the kinds, in order
 */
record LeaseStoreKinds(List<LeaseStoreKind> all) {

    /** The two values of {@code ids.node.provider} that name no store. */
    static final String STATIC = "static";

    static final String AUTO = "auto";

    /**
     * Reads the kinds registered for a class loader. Spring's loader keeps the names it read per class loader (and
     * lets the class loader go), so a kind is only made again, a small object with no state.
     *
     * @param classLoader the application's class loader, or {@code null} for this class's
     * @return the kinds
     */
    static LeaseStoreKinds of(@Nullable ClassLoader classLoader) {
        ClassLoader loader = classLoader != null ? classLoader : LeaseStoreKinds.class.getClassLoader();
        return new LeaseStoreKinds(List.copyOf(SpringFactoriesLoader.forDefaultResourceLocation(loader)
                .load(LeaseStoreKind.class)));
    }

    /** The kind of that name, if one is registered. */
    @Nullable LeaseStoreKind named(String name) {
        for (LeaseStoreKind kind : all) {
            if (kind.name().equals(name)) {
                return kind;
            }
        }
        return null;
    }

    /**
     * The store chosen by name or by its own property: the kind {@code ids.node.provider} names, or in auto mode the
     * one whose property is set ({@link #byAutoProperty}).
     *
     * @return the kind, or {@code null} for static settings, a name no kind has, or auto mode without such a property
     *     (which leaves the choice to the stores' bean conditions)
     */
    @Nullable LeaseStoreKind chosen(Binder binder) {
        String setting = normalize(binder.bind(OnNodeProviderCondition.PROVIDER, String.class).orElse(null));
        return setting != null && !AUTO.equals(setting) ? named(setting) : byAutoProperty(binder);
    }

    /** The first kind, in order, whose auto-mode property is set: auto mode chooses it over every store of beans. */
    @Nullable LeaseStoreKind byAutoProperty(Binder binder) {
        for (LeaseStoreKind kind : all) {
            String property = kind.autoProperty();
            if (property != null && !binder.bind(property, String.class).orElse("").isBlank()) {
                return kind;
            }
        }
        return null;
    }

    /** The kind that recognizes a provider as its own, if one does. */
    @Nullable LeaseStoreKind recognizing(NodeLeaseProvider provider) {
        for (LeaseStoreKind kind : all) {
            if (kind.recognizes(provider)) {
                return kind;
            }
        }
        return null;
    }

    /**
     * Reads {@code ids.node.provider} as set: trimmed, in lower case.
     *
     * @return the value, or {@code null} when unset or blank
     */
    static @Nullable String normalize(@Nullable String setting) {
        return setting == null || setting.isBlank() ? null : setting.strip().toLowerCase(Locale.ROOT);
    }

    /** Tells whether {@code ids.node.provider} may have this (normalized) value. */
    boolean accepts(@Nullable String setting) {
        return setting == null || STATIC.equals(setting) || AUTO.equals(setting) || named(setting) != null;
    }

    /** The values {@code ids.node.provider} accepts, for example {@code static, jdbc, zookeeper or auto}. */
    String values() {
        return STATIC + ", " + all.stream().map(LeaseStoreKind::name).collect(Collectors.joining(", "))
                + " or " + AUTO;
    }

    /** The values that choose a source explicitly, for example {@code static, jdbc or zookeeper}. */
    String explicitValues() {
        List<String> names = all.stream().map(LeaseStoreKind::name).toList();
        return names.isEmpty() ? STATIC : STATIC + (names.size() > 1 ? ", " + String.join(", ",
                names.subList(0, names.size() - 1)) : "") + " or " + names.get(names.size() - 1);
    }

    /**
     * Tells how an application leases identities from each store that says so, in order.
     *
     * @return for example {@code with a DataSource bean (...) from the application's database, or with
     *     ids.node.zookeeper.connect-string from ZooKeeper}
     */
    String howToChoose() {
        List<String> ways = all.stream().map(LeaseStoreKind::howToChoose).filter(Objects::nonNull).toList();
        if (ways.size() < 2) {
            return String.join("", ways);
        }
        return String.join(", ", ways.subList(0, ways.size() - 1)) + ", or " + ways.get(ways.size() - 1);
    }

    /** The properties whose presence chooses a store in auto mode, in order. */
    List<String> autoProperties() {
        List<String> properties = new ArrayList<>();
        for (LeaseStoreKind kind : all) {
            if (kind.autoProperty() != null) {
                properties.add(kind.autoProperty());
            }
        }
        return properties;
    }
}
