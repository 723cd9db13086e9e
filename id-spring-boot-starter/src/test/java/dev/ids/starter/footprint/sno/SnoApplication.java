package dev.ids.starter.footprint.sno;

import dev.ids.starter.footprint.FootprintMain;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The same application with its entity numbered by the starter's sno generator. */
@SpringBootApplication
public class SnoApplication {

    public static void main(String[] args) {
        FootprintMain.run(SnoApplication.class, Note::new);
    }

    /** The entity. */
    @Entity
    public static class Note {

        @Id
        @GeneratedValue(generator = "sno")
        @Column(length = 16)
        String id;

        @Override
        public String toString() {
            return "Note " + id;
        }
    }
}
