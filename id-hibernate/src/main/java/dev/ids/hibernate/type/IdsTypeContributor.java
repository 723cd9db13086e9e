package dev.ids.hibernate.type;

import org.hibernate.boot.model.TypeContributions;
import org.hibernate.boot.model.TypeContributor;
import org.hibernate.engine.jdbc.spi.JdbcServices;
import org.hibernate.service.ServiceRegistry;
import org.hibernate.type.descriptor.sql.spi.DdlTypeRegistry;
import org.hibernate.type.spi.TypeConfiguration;

/**
 * Registers the {@code JavaType}s of the five ID value types and {@link OrderedVarcharJdbcType} with Hibernate. It
 * is listed in {@code META-INF/services/org.hibernate.boot.model.TypeContributor}, so every Hibernate bootstrap
 * finds it (plain Hibernate, JPA, Spring Boot) with no scanning. Under JPA bootstrap Hibernate runs contributors
 * twice; each registration replaces the previous one, so that is harmless.
 */
public final class IdsTypeContributor implements TypeContributor {

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
        typeContributions.contributeJavaType(TraceIdJavaType.INSTANCE);
        typeContributions.contributeJavaType(LableIdJavaType.INSTANCE);
        typeContributions.contributeJavaType(GidJavaType.INSTANCE);
        typeContributions.contributeJavaType(SnoJavaType.INSTANCE);
        typeContributions.contributeJavaType(MuidJavaType.INSTANCE);
        typeContributions.contributeJdbcType(OrderedVarcharJdbcType.INSTANCE);
        TypeConfiguration types = typeContributions.getTypeConfiguration();
        DdlTypeRegistry ddlTypes = types.getDdlTypeRegistry();
        ddlTypes.addDescriptor(new OrderedVarcharDdlType(ddlTypes,
                serviceRegistry.requireService(JdbcServices.class).getDialect()));
    }
}
