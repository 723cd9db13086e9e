package dev.ids.sample.r2dbc;

import dev.ids.autoconfigure.data.r2dbc.IdR2dbcConverters;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import java.util.List;
import java.util.Locale;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.r2dbc.config.AbstractR2dbcConfiguration;
import org.springframework.data.r2dbc.repository.config.EnableR2dbcRepositories;
import org.springframework.r2dbc.connection.init.ConnectionFactoryInitializer;
import org.springframework.r2dbc.connection.init.ResourceDatabasePopulator;

/**
 * Spring Data R2DBC, configured by the application (Spring Boot 4.1.1's R2DBC auto-configuration is not on Maven
 * Central): the ConnectionFactory from {@code sample.r2dbc.url}, the starter's ID converters for its database, the
 * repositories of this package and the tables, from {@code schema-<database>.sql}.
 */
@Configuration
@EnableR2dbcRepositories
class DataConfiguration extends AbstractR2dbcConfiguration {

    private final String url;

    DataConfiguration(@Value("${sample.r2dbc.url}") String url) {
        this.url = url;
    }

    @Bean
    @Override
    public ConnectionFactory connectionFactory() {
        return ConnectionFactories.get(url);
    }

    /** This configuration defines the conversions, so the starter leaves them to it: its converters go in here. */
    @Override
    protected List<Object> getCustomConverters() {
        return IdR2dbcConverters.of(getDialect(connectionFactory()));
    }

    /** Spring Data R2DBC creates no tables: the script for the database's product (H2 or PostgreSQL) does. */
    @Bean
    ConnectionFactoryInitializer tables(ConnectionFactory connectionFactory) {
        String database = connectionFactory.getMetadata().getName();
        ClassPathResource script = new ClassPathResource("schema-" + database.toLowerCase(Locale.ROOT) + ".sql");
        if (!script.exists()) {
            throw new IllegalStateException("The sample has tables for H2 and PostgreSQL, not for " + database
                    + " (" + url + "): point sample.r2dbc.url at one of those, or add " + script.getPath());
        }
        ConnectionFactoryInitializer initializer = new ConnectionFactoryInitializer();
        initializer.setConnectionFactory(connectionFactory);
        initializer.setDatabasePopulator(new ResourceDatabasePopulator(script));
        return initializer;
    }
}
