package dev.ids.r2dbc;

import io.r2dbc.spi.Connection;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import reactor.core.publisher.Mono;

/** For tests that count a driver's connections: a connection that runs an action once its close has ended. */
final class ConnectionCloseHook {

    private ConnectionCloseHook() {
    }

    /**
     * Wraps a connection so that {@code closed} runs when its {@code close()} ends (or is cancelled); every other
     * call goes to the connection as it is.
     */
    static Connection onClose(Connection connection, Runnable closed) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    if (method.getName().equals("close") && method.getParameterCount() == 0) {
                        return Mono.from(connection.close()).doOnTerminate(closed).doOnCancel(closed);
                    }
                    try {
                        return method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
