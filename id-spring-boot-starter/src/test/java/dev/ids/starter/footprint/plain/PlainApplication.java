package dev.ids.starter.footprint.plain;

import dev.ids.starter.footprint.FootprintMain;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A Boot application with JPA and one entity numbered by a database sequence: no ids class in it. */
@SpringBootApplication
public class PlainApplication {

    public static void main(String[] args) {
        FootprintMain.run(PlainApplication.class, Note::new);
    }

    /** The entity. */
    @Entity
    public static class Note {

        @Id
        @GeneratedValue
        Long id;

        @Override
        public String toString() {
            return "Note " + id;
        }
    }
}
