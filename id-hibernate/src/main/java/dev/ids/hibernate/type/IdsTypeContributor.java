package dev.ids.hibernate.type;

import dev.ids.IdScheme;
import java.util.Arrays;
import java.util.List;
import org.hibernate.boot.model.TypeContributions;
import org.hibernate.boot.model.TypeContributor;
import org.hibernate.engine.jdbc.spi.JdbcServices;
import org.hibernate.service.ServiceRegistry;
import org.hibernate.type.descriptor.sql.spi.DdlTypeRegistry;
import org.hibernate.type.spi.TypeConfiguration;

/**
 * Registers the {@code JavaType} of every scheme's value type ({@link IdJavaType} of its descriptor) and
 * {@link OrderedVarcharJdbcType} with Hibernate. It is listed in
 * {@code META-INF/services/org.hibernate.boot.model.TypeContributor}, so every Hibernate bootstrap finds it (plain
 * Hibernate, JPA, Spring Boot) with no scanning. Under JPA bootstrap Hibernate runs contributors twice; each
 * registration replaces the previous one with the same instance, so that is harmless.
 */
public final class IdsTypeContributor implements TypeContributor {

    /** One {@code JavaType} per scheme, made once, as a named subclass's {@code INSTANCE} is. */
    private static final List<IdJavaType<?>> JAVA_TYPES = Arrays.stream(IdScheme.values())
            .<IdJavaType<?>>map(scheme -> IdJavaType.of(scheme.descriptor())).toList();

    /**
     * Creates the contributor; Hibernate's service loader calls this.
     */
    public IdsTypeContributor() {
    }

    /**
     * Registers the types.
     *
     * @param typeContributions where to register them
     * @param serviceRegistry gives the dialect, for the DDL of {@link OrderedVarcharJdbcType}
     */
    @Override
    public void contribute(TypeContributions typeContributions, ServiceRegistry serviceRegistry) {
        JAVA_TYPES.forEach(typeContributions::contributeJavaType);
        typeContributions.contributeJdbcType(OrderedVarcharJdbcType.INSTANCE);
        TypeConfiguration types = typeContributions.getTypeConfiguration();
        DdlTypeRegistry ddlTypes = types.getDdlTypeRegistry();
        ddlTypes.addDescriptor(new OrderedVarcharDdlType(ddlTypes,
                serviceRegistry.requireService(JdbcServices.class).getDialect()));
    }
}
