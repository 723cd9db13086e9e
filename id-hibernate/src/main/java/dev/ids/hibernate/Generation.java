package dev.ids.hibernate;

import dev.ids.IdGenerator;
import dev.ids.hibernate.IdsGeneratorNames.Reference;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.hibernate.boot.model.relational.Database;
import org.hibernate.dialect.MariaDBDialect;
import org.hibernate.engine.config.spi.ConfigurationService;
import org.hibernate.generator.GeneratorCreationContext;
import org.hibernate.id.IdentifierGenerationException;
import org.hibernate.mapping.Column;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
import org.hibernate.resource.beans.container.spi.BeanContainer;
import org.hibernate.resource.beans.container.spi.BeanContainer.LifecycleOptions;
import org.hibernate.resource.beans.spi.BeanInstanceProducer;
import org.hibernate.resource.beans.spi.ManagedBeanRegistry;
import org.hibernate.type.BasicType;
import org.hibernate.type.SqlTypes;
import org.jspecify.annotations.Nullable;

/**
 * The work of one generated attribute, shared by {@link IdsGenerator} and {@link IdsMappedGenerator}: checks the
 * attribute at start-up, finds the application's generator once on first use, and converts its values to the
 * attribute's type.
 */
final class Generation {

    /** The singleton of the container: never a cached reference, never a JPA-style new instance. */
    private static final LifecycleOptions SHARED_BEAN = new LifecycleOptions() {

        @Override
        public boolean canUseCachedReferences() {
            return false;
        }

        @Override
        public boolean useJpaCompliantCreation() {
            return false;
        }
    };

    private static final System.Logger LOGGER = System.getLogger(IdsGenerator.class.getName());

    /** The length Hibernate gives a string or binary column that sets none. */
    private static final long DEFAULT_LENGTH = 255;

    /**
     * The columns already warned about, per mapping model: Hibernate creates each generator twice while it starts
     * (once for the metadata, once for the entity persisters) with the same {@link Database}.
     */
    private static final Map<Database, Set<String>> WARNED = Collections.synchronizedMap(new WeakHashMap<>());

    private final SchemeSupport scheme;
    private final Reference reference;
    private final String attribute;
    private final String usage;
    private final Function<Object, Object> converter;
    private final boolean zeroIsUnassigned;
    private final @Nullable IdGenerator<?> configured;
    private final @Nullable BeanContainer container;
    private volatile @Nullable IdGenerator<?> generator;

    private Generation(SchemeSupport scheme, Reference reference, String attribute, String usage,
            Function<Object, Object> converter, boolean zeroIsUnassigned, @Nullable IdGenerator<?> configured,
            @Nullable BeanContainer container) {
        this.scheme = scheme;
        this.reference = reference;
        this.attribute = attribute;
        this.usage = usage;
        this.converter = converter;
        this.zeroIsUnassigned = zeroIsUnassigned;
        this.configured = configured;
        this.container = container;
    }

    /**
     * Prepares the generation for the attribute of the context, or fails naming the attribute when its type or
     * column cannot hold the scheme's values or no generator can be found.
     *
     * @param scheme the scheme
     * @param name the named generator, or empty for the default one
     * @param usage how the attribute asked for it, for messages ({@code @GeneratedSno},
     *     {@code @GeneratedValue(generator = "sno")})
     * @param context Hibernate's context
     */
    static Generation create(SchemeSupport scheme, String name, String usage, GeneratorCreationContext context) {
        Reference reference = new Reference(scheme.scheme(), name);
        String attribute = attribute(context);
        Class<?> type = context.getType().getReturnedClass();
        Function<Object, Object> converter = scheme.converter(type);
        if (converter == null) {
            throw new IdsMappingException(attribute, "Attribute " + attribute + " of type " + type.getName()
                    + " cannot hold a " + scheme.scheme() + " (" + usage + "); supported attribute types: "
                    + scheme.supportedTypes(), "Change the type of " + attribute + " to one of "
                    + scheme.supportedTypes() + ", or take its IDs from a generator of another scheme.");
        }
        int required = scheme.requiredLength(type);
        if (required > 0 && context.getValue() != null) {
            for (Column column : context.getValue().getColumns()) {
                Long length = column.getLength();
                if (column.getSqlType() == null && length != null && length < required) {
                    throw new IdsMappingException(attribute, "Column " + column.getName() + " of attribute "
                            + attribute + " has length " + length + " but a " + scheme.scheme() + " as "
                            + type.getSimpleName() + " needs " + required + " (" + usage + "); set @Column(length = "
                            + required + ")", "Set @Column(length = " + required + ") on " + attribute + ".");
                }
                if (column.getSqlType() == null && (length == null || length == DEFAULT_LENGTH)
                        && firstWarning(context, attribute, column)) {
                    LOGGER.log(System.Logger.Level.WARNING, "Column {0} of {1} has the default length {2}, but a "
                            + "{3} as {4} takes {5}: set @Column(length = {5}){6}", column.getName(), attribute,
                            String.valueOf(DEFAULT_LENGTH), scheme.scheme(), type.getSimpleName(),
                            String.valueOf(required), type == byte[].class
                                    ? " and, for a fixed-length BINARY column, @JdbcTypeCode(SqlTypes.BINARY)" : "");
                }
            }
        }
        if (type == UUID.class && nativeMariaDbUuid(context)) {
            throw new IdsMappingException(attribute, "Attribute " + attribute + " stores a " + scheme.scheme()
                    + " as UUID in "
                    + "MariaDB's native uuid column type (" + usage + "), which refuses a value whose version digit "
                    + "is 8 to F unless its variant digit is 8 to F; " + scheme.scheme() + " values are not RFC 9562 "
                    + "UUIDs and many of them would fail to insert. Store them as BINARY(16): set the Hibernate "
                    + "setting hibernate.type.preferred_uuid_jdbc_type=BINARY, or annotate the attribute with "
                    + "@JdbcTypeCode(SqlTypes.BINARY), or use byte[] or the value type", "Store " + attribute
                    + " as BINARY(16): set the Hibernate setting hibernate.type.preferred_uuid_jdbc_type=BINARY "
                    + "(with Spring Boot: spring.jpa.properties.hibernate.type.preferred_uuid_jdbc_type=BINARY), "
                    + "or annotate the attribute with @JdbcTypeCode(SqlTypes.BINARY), or use byte[] or the value "
                    + "type.");
        }
        if (type == scheme.valueType() && nativeMariaDbUuid(context)) {
            throw new IdsMappingException(attribute, "Attribute " + attribute + " stores a " + type.getSimpleName()
                    + " in MariaDB's native uuid column type (" + usage + ", with @JdbcTypeCode(SqlTypes.UUID)), "
                    + "which Hibernate writes as text, so the " + scheme.scheme() + "'s own text would be sent where "
                    + "MariaDB expects a UUID's, and which MariaDB compares in its own group order, not in the "
                    + scheme.scheme() + "s' order. Remove @JdbcTypeCode(SqlTypes.UUID): a " + type.getSimpleName()
                    + " is stored as BINARY(16) on MariaDB, in its order", "Remove @JdbcTypeCode(SqlTypes.UUID) from "
                    + attribute + ": a " + type.getSimpleName() + " is stored as BINARY(16) on MariaDB, in its order.");
        }
        Object setting = context.getServiceRegistry().requireService(ConfigurationService.class).getSettings()
                .get(reference.settingName());
        if (setting != null && !(setting instanceof IdGenerator<?>)) {
            throw new IdsMappingException(attribute, "Hibernate setting " + reference.settingName() + " must hold "
                    + "an IdGenerator instance such as a " + scheme.generatorType().getSimpleName() + " (for "
                    + attribute + ", " + usage + "), not " + describe(setting), "Put a "
                    + scheme.generatorType().getSimpleName() + " instance in the Hibernate setting "
                    + reference.settingName() + ", or remove the setting to use the bean container's.");
        }
        ManagedBeanRegistry beans = context.getServiceRegistry().getService(ManagedBeanRegistry.class);
        BeanContainer container = beans == null ? null : beans.getBeanContainer();
        if (setting == null && container == null && AotProcessing.inProgress()) {
            // Spring's AOT processing reads the mapping model through a session factory without the bean
            // container; it inserts nothing. The application's own session factory finds the bean on first use.
            LOGGER.log(System.Logger.Level.DEBUG, "No bean container during Spring AOT processing: {0} ({1}) "
                    + "gets its generator in the application's session factory", attribute, usage);
        } else if (setting == null && container == null) {
            throw new IdsMappingException(attribute, "No " + scheme.scheme() + " generator for " + attribute
                    + " (" + usage + "): Hibernate runs without a bean container and the setting "
                    + reference.settingName() + " is not set; put the generator instance (an IdGenerator such as a "
                    + scheme.generatorType().getSimpleName() + ") in that Hibernate setting", "Put a "
                    + scheme.generatorType().getSimpleName() + " instance in the Hibernate setting "
                    + reference.settingName() + ", or start Hibernate with a bean container that has one.");
        }
        boolean zeroIsUnassigned = type == Long.class || type == long.class;
        return new Generation(scheme, reference, attribute, usage, converter, zeroIsUnassigned,
                (IdGenerator<?>) setting, container);
    }

    /**
     * Returns the value to store: the one the application assigned, or a new one converted to the attribute's type.
     *
     * @param currentValue the attribute's value before the insert
     * @return the value
     */
    Object generate(Object currentValue) {
        if (currentValue != null && !(zeroIsUnassigned && currentValue instanceof Long number && number == 0L)) {
            return currentValue;
        }
        Object value = generator().next();
        if (!scheme.valueType().isInstance(value)) {
            throw new IdentifierGenerationException("The " + scheme.scheme() + " generator for " + attribute
                    + " returned " + describe(value) + " instead of a " + scheme.valueType().getName()
                    + "; check " + (configured != null ? "the setting " + reference.settingName()
                            : "the bean " + reference.beanName()));
        }
        return converter.apply(value);
    }

    private IdGenerator<?> generator() {
        IdGenerator<?> found = generator;
        if (found == null) {
            synchronized (this) {
                found = generator;
                if (found == null) {
                    IdGenerator<?> setting = configured;
                    BeanContainer beans = container;
                    if (setting != null) {
                        found = setting;
                    } else if (beans != null) {
                        found = lookUp(beans);
                    } else {
                        throw new IdentifierGenerationException("No " + scheme.scheme() + " generator for "
                                + attribute + " (" + usage + "): this session factory was built during Spring AOT "
                                + "processing (" + AotProcessing.PROPERTY + "=true), without a bean container, to "
                                + "read the mappings only; the application's session factory gets the generator "
                                + "bean from Spring");
                    }
                    generator = found;
                }
            }
        }
        return found;
    }

    /**
     * Gets the generator bean from the container: the default one by its type; a named one by its bean name, making
     * sure the container did not hand back the default one because no bean had that name.
     */
    private IdGenerator<?> lookUp(BeanContainer beans) {
        Class<? extends IdGenerator<?>> type = scheme.generatorType();
        if (reference.name().isEmpty()) {
            return beans.getBean(type, SHARED_BEAN, refusal("no " + type.getSimpleName() + " bean"))
                    .getBeanInstance();
        }
        String beanName = reference.beanName();
        IdGenerator<?> named = beans.getBean(beanName, type, SHARED_BEAN,
                refusal("no bean named " + beanName)).getBeanInstance();
        IdGenerator<?> byType;
        try {
            byType = beans.getBean(type, SHARED_BEAN, refusal("no default bean")).getBeanInstance();
        } catch (RuntimeException noDefault) {
            return named;
        }
        if (named == byType) {
            throw notFound("no bean named " + beanName);
        }
        return named;
    }

    private BeanInstanceProducer refusal(String reason) {
        return new BeanInstanceProducer() {

            @Override
            public <B> B produceBeanInstance(Class<B> beanType) {
                throw notFound(reason);
            }

            @Override
            public <B> B produceBeanInstance(String name, Class<B> beanType) {
                throw notFound(reason);
            }
        };
    }

    private IdentifierGenerationException notFound(String reason) {
        String property = reference.name().isEmpty() ? "ids." + scheme.scheme() + ".enabled"
                : "ids." + scheme.scheme() + ".named." + reference.name() + ".*";
        return new IdentifierGenerationException("No " + scheme.scheme()
                + (reference.name().isEmpty() ? "" : " generator named '" + reference.name() + "'") + " for "
                + attribute + " (" + usage + "): " + reason + " in the bean container and no setting "
                + reference.settingName() + "; under Spring Boot check " + property + " (or define the bean "
                + reference.beanName() + " of type " + scheme.generatorType().getName() + "; a test slice such as "
                + "@DataJpaTest leaves the generators out unless it imports IdGeneratorsAutoConfiguration), "
                + "otherwise put the generator instance in the Hibernate setting " + reference.settingName());
    }

    /** Whether the warning about this column has not been logged yet for the mapping model of the context. */
    private static boolean firstWarning(GeneratorCreationContext context, String attribute, Column column) {
        Database database = context.getDatabase();
        return database == null || WARNED.computeIfAbsent(database, (key) -> ConcurrentHashMap.newKeySet())
                .add(attribute + "." + column.getName());
    }

    /** Whether the attribute is a UUID in MariaDB's {@code uuid} column type. */
    private static boolean nativeMariaDbUuid(GeneratorCreationContext context) {
        return context.getDatabase() != null && context.getDatabase().getDialect() instanceof MariaDBDialect
                && context.getType() instanceof BasicType<?> basic
                && basic.getJdbcType().getDdlTypeCode() == SqlTypes.UUID;
    }

    private static String attribute(GeneratorCreationContext context) {
        PersistentClass entity = context.getPersistentClass() != null ? context.getPersistentClass()
                : context.getRootClass();
        Property property = context.getProperty();
        return (entity == null ? "?" : entity.getEntityName()) + "." + (property == null ? "?" : property.getName());
    }

    private static String describe(Object value) {
        return value == null ? "null" : value.getClass().getName() + " '" + value + "'";
    }
}
