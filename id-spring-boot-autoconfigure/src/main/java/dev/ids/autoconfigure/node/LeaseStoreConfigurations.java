package dev.ids.autoconfigure.node;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.context.annotation.ImportSelector;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Imports the configuration of every kind of lease store on the class path ({@link LeaseStoreKind}), in the kinds'
 * order: each makes its store's provider under its own conditions, and the first made wins, as the later ones back
 * off when a provider exists.
 */
class LeaseStoreConfigurations implements ImportSelector, BeanClassLoaderAware {

    private @Nullable ClassLoader classLoader;

    @Override
    public void setBeanClassLoader(ClassLoader classLoader) {
        this.classLoader = classLoader;
    }

    @Override
    public String[] selectImports(AnnotationMetadata importingClassMetadata) {
        List<LeaseStoreKind> kinds = LeaseStoreKinds.of(classLoader).all();
        String[] configurations = new String[kinds.size()];
        for (int i = 0; i < configurations.length; i++) {
            configurations[i] = kinds.get(i).configuration();
        }
        return configurations;
    }
}
