package dev.ids.autoconfigure;

import dev.ids.IdDescriptor;
import dev.ids.MonitoredIdGenerator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What every scheme's group of {@link IdsProperties} ({@code ids.<scheme>}) has: a switch and named generators,
 * each with the group's own settings type.
 *
 * @param <S> the group's type, which is also the type of its named generators' settings
 */
public abstract class SchemeGroup<S extends SchemeGroup<S>> {

    /** Whether to create this generator (for a group: the scheme's default and named generators). */
    private boolean enabled = true;

    /**
     * Further generators of this scheme by name, each with its own settings (unset ones take the core defaults,
     * not the group's) and injectable with {@code @Qualifier("<name>")}.
     */
    private final Map<String, S> named = new LinkedHashMap<>();

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Map<String, S> getNamed() {
        return named;
    }

    /** The node identity set in this group ({@link IdDescriptor#nodeIdentityField()}), or null. */
    abstract @Nullable Long configuredNodeIdentity();

    /** Makes this group's generator through the factory's method for its scheme. */
    abstract MonitoredIdGenerator<?> newGenerator(IdGeneratorFactory factory, String beanName, String prefix);
}
