package dev.ids.autoconfigure.node;

import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.context.annotation.ImportSelector;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Imports the configuration of every kind of lease store on the class path ({@link LeaseStoreKind}), in the kinds'
 * order: each makes its store's provider under its own conditions, and the first made wins, as the later ones back
 * off when a provider exists.
 */
class LeaseStoreConfigurations implements ImportSelector, BeanClassLoaderAware {

    private ClassLoader classLoader;

    @Override
    public void setBeanClassLoader(ClassLoader classLoader) {
        this.classLoader = classLoader;
    }

    @Override
    public String[] selectImports(AnnotationMetadata importingClassMetadata) {
        return LeaseStoreKinds.of(classLoader).all().stream().map(LeaseStoreKind::configuration)
                .toArray(String[]::new);
    }
}
