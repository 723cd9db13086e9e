package dev.ids.autoconfigure.data.r2dbc;

import dev.ids.autoconfigure.IdGeneratorsAutoConfiguration;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.data.r2dbc.config.AbstractR2dbcConfiguration;
import org.springframework.data.r2dbc.repository.config.EnableR2dbcRepositories;

/**
 * The application of the Spring Data R2DBC suite, configured as an application on Spring Boot 4.1.1 must, without
 * Boot's R2DBC auto-configuration: an {@link AbstractR2dbcConfiguration} over a {@link ConnectionFactory} from
 * {@link ConnectionFactories#get}, returning {@link IdR2dbcConverters} from {@code getCustomConverters()};
 * the ids generators and their Data R2DBC glue.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@ImportAutoConfiguration({ IdGeneratorsAutoConfiguration.class, IdsDataR2dbcAutoConfiguration.class })
@EnableR2dbcRepositories(considerNestedRepositories = true)
class R2dbcTestApplication extends AbstractR2dbcConfiguration {

    /** The R2DBC URL of the database. */
    static final String URL = "r2dbc-suite.url";

    /** The property that, set to {@code false}, leaves out the entities whose ID is a {@code java.util.UUID}. */
    static final String UUID_IDS = "r2dbc-suite.uuid-ids";

    /** The user name on the database. */
    static final String USER = "r2dbc-suite.user";

    @Value("${" + URL + "}")
    private String url;

    @Value("${" + USER + "}")
    private String user;

    @Value("${" + UUID_IDS + ":true}")
    private boolean uuidIds;

    @Bean
    @Override
    public ConnectionFactory connectionFactory() {
        // The password of all three test databases is empty, which a URL cannot spell.
        return ConnectionFactories.get(ConnectionFactoryOptions.parse(url).mutate()
                .option(ConnectionFactoryOptions.USER, user).option(ConnectionFactoryOptions.PASSWORD, "").build());
    }

    @Override
    protected List<Object> getCustomConverters() {
        return IdR2dbcConverters.of(getDialect(connectionFactory()));
    }

    /** The entities of the suite, those with UUID IDs only where the database's uuid type sorts like the IDs. */
    @Override
    protected Set<Class<?>> getInitialEntitySet() {
        List<Class<?>> types = new ArrayList<>(R2dbcEntities.IDENTIFIED.stream()
                .filter((type) -> uuidIds || !R2dbcEntities.hasUuidId(type)).toList());
        types.add(R2dbcEntities.Payment.class);
        types.add(R2dbcEntities.SnoRecord.class);
        return new HashSet<>(types);
    }
}
