package dev.ids.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.autoconfigure.testing.LeaseTableSeed;
import dev.ids.sno.SnoGenerator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The core writes its lease lines through {@link System.Logger}; in a Boot application they must reach the
 * application's log while the context closes too, after Boot has removed its {@code java.util.logging} bridge.
 */
@ExtendWith(OutputCaptureExtension.class)
class CoreLogRoutingTests {

    @Test
    void aReleaseThatFailsWhileTheContextClosesIsLoggedOnce(CapturedOutput output) {
        String table = "ids_lease_routing_" + ProcessHandle.current().pid();
        // The lease table is seeded, so that the start does not wait ~20 s for a mark-less claim (issue 33 (3)).
        ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE).initializers(LeaseTableSeed.everyDataSource())
                .run("--spring.main.banner-mode=off", "--ids.node.jdbc.table-name=" + table,
                        "--spring.datasource.url=jdbc:h2:file:./target/core-log-routing/" + table
                                + ";DB_CLOSE_DELAY=-1;WRITE_DELAY=0",
                        "--ids.trace-id.enabled=false", "--ids.lable.enabled=false");
        context.getBean(SnoGenerator.class).next();
        // The store loses the lease row: the release at close finds nothing to release and says so.
        context.getBean(JdbcTemplate.class).execute("DROP TABLE " + table);

        context.close();

        List<String> warnings = output.toString().lines().filter(line -> line.contains("Could not release "))
                .toList();
        assertThat(warnings).as("the core's warning, written after Boot's logging cleanup, once").singleElement()
                .asString().contains("WARN").contains("JdbcNodeLeaseProvider")
                .contains("Could not release JdbcNodeLease[namespace=sno");
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({ DataSourceAutoConfiguration.class, IdGeneratorsAutoConfiguration.class,
            org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration.class })
    static class Application {
    }
}
