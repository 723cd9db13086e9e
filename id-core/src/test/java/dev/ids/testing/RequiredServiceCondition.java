package dev.ids.testing;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.annotation.Testable;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;

/**
 * Skips the tests that need an unavailable {@link RequiredService}, each reported as skipped with the reason, and
 * prints one line per suite on the console: what it needed, where it looked, how many tests were skipped, and that
 * {@code CI=true} makes them required. With {@code CI=true} an unavailable service fails the suite instead.
 *
 * <p>Declared on a class, the whole class is skipped: its {@code @BeforeAll} methods (which start applications and
 * browsers) do not run, no test instance is made (so no Spring context is loaded), and the build reports each of its
 * tests as skipped with the reason. Declared on a method, only that test.
 *
 * @param <A> the annotation that names the service
 */
public abstract class RequiredServiceCondition<A extends Annotation> implements ExecutionCondition {

    /** Each service is tried once per JVM: the answer holds for the whole run. */
    private static final Map<String, Optional<String>> TRIED = new ConcurrentHashMap<>();

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
        Optional<A> annotation = context.getElement()
                .flatMap(element -> AnnotationSupport.findAnnotation(element, annotationType));
        if (annotation.isEmpty()) {
            return ConditionEvaluationResult.enabled("needs no " + annotationType.getSimpleName());
        }
        RequiredService service = service(annotation.get());
        Optional<String> unavailability = TRIED.computeIfAbsent(service.description(),
                description -> service.unavailability());
        if (unavailability.isEmpty()) {
            return ConditionEvaluationResult.enabled(service.description() + " is available");
        }
        String reason = service.description() + " is not available (" + unavailability.get() + ")";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException("CI=true requires " + reason);
        }
        int skipped = context.getElement().map(RequiredServiceCondition::testsIn).orElse(1);
        System.out.println("[SKIPPED] " + context.getRequiredTestClass().getSimpleName()
                + context.getTestMethod().map(method -> "." + method.getName()).orElse("") + ": " + skipped
                + (skipped == 1 ? " test needs " : " tests need ") + service.description()
                + ", which is not available (" + unavailability.get() + "); CI=true makes "
                + (skipped == 1 ? "it" : "them") + " required");
        return ConditionEvaluationResult.disabled(reason + "; CI=true makes it required");
    }

    /**
     * The tests a class declares or inherits, its {@code @Nested} classes' included (a parameterized test counts
     * once), or 1 for a method.
     */
    private static int testsIn(AnnotatedElement element) {
        if (!(element instanceof Class<?> type)) {
            return 1;
        }
        int tests = AnnotationSupport.findAnnotatedMethods(type, Testable.class, HierarchyTraversalMode.TOP_DOWN)
                .size();
        for (Class<?> nested : type.getDeclaredClasses()) {
            if (AnnotationSupport.isAnnotated(nested, Nested.class)) {
                tests += testsIn(nested);
            }
        }
        return tests;
    }
}
