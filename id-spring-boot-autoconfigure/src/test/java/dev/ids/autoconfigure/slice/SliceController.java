package dev.ids.autoconfigure.slice;

import dev.ids.sno.Sno;
import dev.ids.traceid.TraceId;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** A controller as an application writes one, for the test-slice tests of MVC and WebFlux. */
@RestController
public class SliceController {

    /**
     * Answers the IDs it was given.
     *
     * @param id a path variable
     * @param trace a request parameter
     * @return both, for JSON
     */
    @GetMapping("/slice/{id}")
    public Echo echo(@PathVariable Sno id, @RequestParam TraceId trace) {
        return new Echo(id, trace);
    }

    /**
     * The IDs a request carried.
     *
     * @param id the path variable
     * @param trace the request parameter
     */
    public record Echo(Sno id, TraceId trace) {
    }
}
