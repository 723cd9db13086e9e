package dev.ids.testing;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Skips the tests that need an unavailable {@link RequiredService}, each reported as skipped with the reason, and
 * prints one line per suite on the console: what it needed, where it looked, how many tests were skipped, and that
 * {@code CI=true} makes them required. With {@code CI=true} an unavailable service fails the suite instead.
 *
 * <p>Declared on a class, the service also guards the class's {@code @BeforeAll} and {@code @AfterAll} methods (they
 * start applications and browsers, and clean up after them), which are passed over while it is unavailable; on a
 * method, only that test.
 *
 * @param <A> the annotation that names the service
 */
public abstract class RequiredServiceCondition<A extends Annotation>
        implements ExecutionCondition, InvocationInterceptor, AfterAllCallback {

    /** Each service is tried once per JVM: the answer holds for the whole run. */
    private static final Map<String, Optional<String>> TRIED = new ConcurrentHashMap<>();

    private static final ExtensionContext.Namespace SKIPPED = ExtensionContext.Namespace.create(
            RequiredServiceCondition.class, "skipped");

    private final Class<A> annotationType;

    /**
     * Creates the condition for an annotation.
     *
     * @param annotationType the annotation that names the service
     */
    protected RequiredServiceCondition(Class<A> annotationType) {
        this.annotationType = annotationType;
    }

    /**
     * Returns the service an annotation asks for.
     *
     * @param annotation the annotation found on the test class or method
     * @return the service
     */
    protected abstract RequiredService service(A annotation);

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<A> annotation = AnnotationSupport.findAnnotation(context.getElement(), annotationType)
                .or(() -> context.getTestClass().flatMap(type -> AnnotationSupport.findAnnotation(type, annotationType)));
        if (annotation.isEmpty()) {
            return ConditionEvaluationResult.enabled("needs no " + annotationType.getSimpleName());
        }
        RequiredService service = service(annotation.get());
        Optional<String> unavailability = unavailability(service);
        if (unavailability.isEmpty()) {
            return ConditionEvaluationResult.enabled(service.description() + " is available");
        }
        String reason = service.description() + " is not available (" + unavailability.get() + ")";
        if (requiredByCi()) {
            throw new IllegalStateException("CI=true requires " + reason);
        }
        if (context.getTestMethod().isEmpty()) {
            // The class itself stays enabled, so that each of its tests is reported as skipped below.
            return ConditionEvaluationResult.enabled(reason + "; its tests are skipped one by one");
        }
        context.getParent().ifPresent(suite -> suite.getStore(SKIPPED)
                .computeIfAbsent(service.description(), key -> new AtomicInteger(), AtomicInteger.class)
                .incrementAndGet());
        return ConditionEvaluationResult.disabled(reason + "; CI=true makes it required");
    }

    @Override
    public void interceptBeforeAllMethod(Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context) throws Throwable {
        proceedIfClassServiceAvailable(invocation, context);
    }

    @Override
    public void interceptAfterAllMethod(Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context) throws Throwable {
        proceedIfClassServiceAvailable(invocation, context);
    }

    private void proceedIfClassServiceAvailable(Invocation<Void> invocation, ExtensionContext context)
            throws Throwable {
        Optional<A> annotation = AnnotationSupport.findAnnotation(context.getRequiredTestClass(), annotationType);
        if (annotation.isPresent() && unavailability(service(annotation.get())).isPresent()) {
            invocation.skip();
        } else {
            invocation.proceed();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        ExtensionContext.Store store = context.getStore(SKIPPED);
        TRIED.forEach((description, unavailability) -> {
            AtomicInteger count = store.get(description, AtomicInteger.class);
            if (count != null && unavailability.isPresent()) {
                boolean one = count.get() == 1;
                System.out.println("[SKIPPED] " + context.getRequiredTestClass().getSimpleName() + ": " + count.get()
                        + (one ? " test needs " : " tests need ") + description + ", which is not available ("
                        + unavailability.get() + "); CI=true makes " + (one ? "it" : "them") + " required");
            }
        });
    }

    private static Optional<String> unavailability(RequiredService service) {
        return TRIED.computeIfAbsent(service.description(), description -> service.unavailability());
    }

    private static boolean requiredByCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }
}
