package dev.ids.autoconfigure.jpa;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Wraps the application's DataSource to count what the JDBC driver is asked to do with INSERT statements:
 * {@code addBatch}, {@code executeBatch} and single {@code executeUpdate} calls.
 */
final class StatementCounter implements BeanPostProcessor {

    private final AtomicInteger addBatch = new AtomicInteger();
    private final AtomicInteger executeBatch = new AtomicInteger();
    private final AtomicInteger executeUpdate = new AtomicInteger();

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof DataSource dataSource) {
            return proxy(DataSource.class, dataSource, (target, method, args) -> {
                Object result = invoke(method, target, args);
                return result instanceof Connection connection ? connection(connection) : result;
            });
        }
        return bean;
    }

    void reset() {
        addBatch.set(0);
        executeBatch.set(0);
        executeUpdate.set(0);
    }

    int addBatch() {
        return addBatch.get();
    }

    int executeBatch() {
        return executeBatch.get();
    }

    int executeUpdate() {
        return executeUpdate.get();
    }

    private Connection connection(Connection connection) {
        return proxy(Connection.class, connection, (target, method, args) -> {
            Object result = invoke(method, target, args);
            if (result instanceof PreparedStatement statement && method.getName().equals("prepareStatement")
                    && args[0] instanceof String sql && sql.strip().toLowerCase(Locale.ROOT).startsWith("insert")) {
                return statement(statement);
            }
            return result;
        });
    }

    private PreparedStatement statement(PreparedStatement statement) {
        return proxy(PreparedStatement.class, statement, (target, method, args) -> {
            switch (method.getName()) {
                case "addBatch" -> addBatch.incrementAndGet();
                case "executeBatch" -> executeBatch.incrementAndGet();
                case "executeUpdate", "execute" -> executeUpdate.incrementAndGet();
                default -> {
                }
            }
            return invoke(method, target, args);
        });
    }

    private static Object invoke(java.lang.reflect.Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** A proxy of the interface that hands every call to the handler with the real target. */
    private static <T> T proxy(Class<T> type, T target, TargetHandler handler) {
        InvocationHandler invocation = (proxy, method, args) -> handler.handle(target, method, args);
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type }, invocation));
    }

    @FunctionalInterface
    private interface TargetHandler {

        Object handle(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable;
    }
}
