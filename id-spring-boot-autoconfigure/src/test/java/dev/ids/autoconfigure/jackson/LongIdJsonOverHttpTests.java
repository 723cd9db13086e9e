package dev.ids.autoconfigure.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ids.hibernate.GeneratedLableId;
import dev.ids.hibernate.GeneratedTraceId;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A whole application over HTTP: an entity whose {@code Long} IDs Hibernate generates is answered with those IDs as
 * JSON strings, equal to the stored values, while its other {@code Long}s stay numbers; a body carrying them as
 * strings or numbers is read back. The answers are read with a mapper that knows nothing of the IDs, and checked as
 * text, as a JavaScript client would see them.
 */
@SpringBootTest(classes = LongIdJsonOverHttpTests.TicketsApplication.class,
        webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {"ids.trace-id.node-no=7", "ids.lable.generator-id=5", "ids.lable.mode=time-sequential",
                "ids.sno.partition=513", "spring.jpa.hibernate.ddl-auto=create-drop"})
class LongIdJsonOverHttpTests {

    private static final long JAVASCRIPT_EXACT_LIMIT = 1L << 53;

    private final HttpClient http = HttpClient.newHttpClient();

    private final JsonMapper plainMapper = new JsonMapper();

    @LocalServerPort
    private int port;

    @Autowired
    private EntityManager entityManager;

    @Test
    void answersGeneratedLongIdsAsStringsEqualToTheStoredOnes() throws Exception {
        HttpResponse<String> response = post("/tickets", "{\"parentId\":\"9007199254740993\",\"quantity\":3}");

        assertThat(response.statusCode()).isEqualTo(201);
        JsonNode json = plainMapper.readTree(response.body());
        assertThat(json.get("id").isString()).isTrue();
        assertThat(json.get("number").isString()).isTrue();
        long id = Long.parseLong(json.get("id").stringValue());
        Ticket stored = entityManager.find(Ticket.class, id);
        assertThat(stored.getId()).isGreaterThan(JAVASCRIPT_EXACT_LIMIT);
        assertThat(json.get("number").stringValue()).isEqualTo(Long.toString(stored.getNumber()));
        assertThat(response.body()).contains("\"parentId\":\"9007199254740993\"").contains("\"quantity\":3");
        assertThat(stored.getParentId()).isEqualTo(9_007_199_254_740_993L);
    }

    @Test
    void readsTheIdsBackFromAPathAndFromNumbers() throws Exception {
        String id = plainMapper.readTree(post("/tickets", "{\"parentId\":9007199254740993}").body()).get("id")
                .stringValue();

        HttpResponse<String> response = get("/tickets/" + id);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(plainMapper.readTree(response.body()).get("id").stringValue()).isEqualTo(id);
        assertThat(plainMapper.readTree(response.body()).get("parentId").stringValue()).isEqualTo("9007199254740993");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).GET().build(), BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String json) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(json)).build(), BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(TicketController.class)
    static class TicketsApplication {
    }

    /** A JPA entity as a user writes it: Hibernate fills in both {@code Long} IDs on insert. */
    @Entity
    @Table(name = "json_tickets")
    public static class Ticket {

        @Id
        @GeneratedTraceId
        private Long id;

        @GeneratedLableId
        private Long number;

        @IdAsString
        private Long parentId;

        private Long quantity;

        protected Ticket() {
        }

        public Long getId() {
            return id;
        }

        public Long getNumber() {
            return number;
        }

        public Long getParentId() {
            return parentId;
        }

        public void setParentId(Long parentId) {
            this.parentId = parentId;
        }

        public Long getQuantity() {
            return quantity;
        }

        public void setQuantity(Long quantity) {
            this.quantity = quantity;
        }
    }

    @RestController
    static class TicketController {

        private final EntityManager entityManager;

        TicketController(EntityManager entityManager) {
            this.entityManager = entityManager;
        }

        @PostMapping("/tickets")
        @ResponseStatus(HttpStatus.CREATED)
        @Transactional
        Ticket create(@RequestBody Ticket ticket) {
            entityManager.persist(ticket);
            return ticket;
        }

        @GetMapping("/tickets/{id}")
        @Transactional(readOnly = true)
        Ticket get(@PathVariable long id) {
            return entityManager.find(Ticket.class, id);
        }
    }
}
