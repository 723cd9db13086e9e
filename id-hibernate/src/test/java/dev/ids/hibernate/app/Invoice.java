package dev.ids.hibernate.app;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An entity of the plain Hibernate application, its ID named by the generator name {@code sno} alone. */
@Entity
@Table(name = "plain_app_invoice")
public class Invoice {

    @Id
    @GeneratedValue(generator = "sno")
    @Column(length = 16)
    private String id;

    private String customer;

    protected Invoice() {
    }

    public Invoice(String customer) {
        this.customer = customer;
    }

    public String getId() {
        return id;
    }

    public String getCustomer() {
        return customer;
    }
}
