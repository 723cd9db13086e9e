package dev.ids.sample.accounts;

import dev.ids.lable.LableId;
import dev.ids.lable.LableIdGenerator;
import dev.ids.sample.NotFound;
import dev.ids.sample.TimeRange;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/accounts}: stores accounts; Hibernate gives each a Lable ID. The time-range query takes its bounds from
 * the generator bean, which gives them only in the time-sequential mode ({@code ids.lable.mode: time-sequential}):
 * SPREAD IDs do not sort by time, so the generator would refuse rather than select unrelated accounts.
 */
@RestController
@RequestMapping("/api/accounts")
class AccountController {

    private final AccountRepository accounts;

    private final LableIdGenerator lableIds;

    AccountController(AccountRepository accounts, LableIdGenerator lableIds) {
        this.accounts = accounts;
        this.lableIds = lableIds;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    Account create(@RequestBody(required = false) NewAccount request) {
        String name = request != null ? request.name() : null;
        return accounts.save(new Account(Objects.requireNonNullElse(name, "Ada Lovelace")));
    }

    @GetMapping("/{id}")
    Account get(@PathVariable LableId id) {
        return accounts.findById(id).orElseThrow(() -> NotFound.of("account", id));
    }

    @GetMapping
    List<Account> list(@RequestParam(required = false) Instant from, @RequestParam(required = false) Instant to) {
        return TimeRange.of(from, to)
                .map(range -> accounts.findByIdBetweenOrderByIdAsc(range.lowest(lableIds::min),
                        range.highest(lableIds::max)))
                .orElseGet(accounts::findTop50ByOrderByIdDesc);
    }

    /**
     * The body of a new account; every field is optional.
     *
     * @param name the holder's name, "Ada Lovelace" by default
     */
    record NewAccount(String name) {
    }
}
