package dev.ids.sample.accounts;

import dev.ids.hibernate.GeneratedLableId;
import dev.ids.lable.LableId;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * An account, keyed by a Lable ID that Hibernate takes from the generator named "lable" on insert. Its number, the one
 * a customer quotes, is a 64-bit {@code Long} Hibernate also takes from the Lable generator: the starter's Jackson
 * module writes it as a JSON string, as a JavaScript number would lose its last digits.
 */
@Entity
@Table(name = "sample_accounts")
public class Account {

    @Id
    @GeneratedValue(generator = "lable")
    private LableId id;

    @GeneratedLableId
    private Long number;

    private String name;

    protected Account() {
    }

    Account(String name) {
        this.name = name;
    }

    public LableId getId() {
        return id;
    }

    public Long getNumber() {
        return number;
    }

    public String getName() {
        return name;
    }

    /**
     * Returns when the account was created: the millisecond in its ID.
     *
     * @return the ID's timestamp
     */
    public Instant getCreatedAt() {
        return id.timestamp();
    }
}
