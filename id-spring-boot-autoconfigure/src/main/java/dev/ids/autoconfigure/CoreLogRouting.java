package dev.ids.autoconfigure;

import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Keeps the core's lease log lines ({@code dev.ids.*}, written through {@link System.Logger}, which is
 * {@code java.util.logging} unless the application installed another {@code System.LoggerFinder}) in the
 * application's log through the whole life of the context, its close included.
 *
 * <p>Boot routes {@code java.util.logging} into Logback or Log4j with a handler on the JUL root logger, and removes that
 * handler when the context closes, before beans are destroyed: every line the core wrote from then on (a release that
 * failed, a lease lost while shutting down) went nowhere. This handler, on the JUL logger {@code dev.ids} alone, hands
 * those records to Spring's logging directly, so they no longer need the root's bridge; the {@code dev.ids} logger
 * stops passing them to the root, so that each line is written once.
 *
 * <p>Installed only while such a bridge is on the root: then Spring's logging goes to Logback or Log4j, not back to
 * {@code java.util.logging}, so a record cannot come round again.
 */
final class CoreLogRouting extends Handler {

    private static final String LOGGER = "dev.ids";

    /** Held, as {@code java.util.logging} keeps loggers only weakly and would drop the configured one. */
    private static final Logger ROUTED = Logger.getLogger(LOGGER);

    private final SimpleFormatter formatter = new SimpleFormatter();

    private CoreLogRouting() {
    }

    /**
     * Routes {@code dev.ids} records to Spring's logging, once per JVM (per {@code java.util.logging} manager), if
     * the JUL root logger bridges to Logback or Log4j now.
     *
     * @return whether the routing is in place
     */
    static synchronized boolean install() {
        for (Handler handler : ROUTED.getHandlers()) {
            // By name: a copy of this class from another class loader (a second application in this JVM) routes too.
            if (handler.getClass().getName().equals(CoreLogRouting.class.getName())) {
                return true;
            }
        }
        if (!rootIsBridged()) {
            return false;
        }
        ROUTED.addHandler(new CoreLogRouting());
        ROUTED.setUseParentHandlers(false);
        return true;
    }

    private static boolean rootIsBridged() {
        for (Handler handler : Logger.getLogger("").getHandlers()) {
            String name = handler.getClass().getName();
            if (name.equals("org.slf4j.bridge.SLF4JBridgeHandler")
                    || name.equals("org.apache.logging.log4j.jul.Log4jBridgeHandler")) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void publish(LogRecord record) {
        if (record == null) {
            return;
        }
        Log log = LogFactory.getLog(record.getLoggerName() == null ? LOGGER : record.getLoggerName());
        String message = formatter.formatMessage(record);
        Throwable thrown = record.getThrown();
        int level = record.getLevel().intValue();
        if (level >= Level.SEVERE.intValue()) {
            log.error(message, thrown);
        } else if (level >= Level.WARNING.intValue()) {
            log.warn(message, thrown);
        } else if (level >= Level.INFO.intValue()) {
            log.info(message, thrown);
        } else if (level >= Level.FINE.intValue()) {
            log.debug(message, thrown);
        } else {
            log.trace(message, thrown);
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
