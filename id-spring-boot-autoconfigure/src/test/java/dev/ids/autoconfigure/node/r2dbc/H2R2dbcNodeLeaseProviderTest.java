package dev.ids.autoconfigure.node.r2dbc;

/** The R2DBC lease provider's behaviour on H2 in memory (r2dbc-h2), always. */
class H2R2dbcNodeLeaseProviderTest extends R2dbcNodeLeaseContract {

    @Override
    String url() {
        return "r2dbc:h2:mem:///ids-r2dbc-lease;DB_CLOSE_DELAY=-1";
    }
}
