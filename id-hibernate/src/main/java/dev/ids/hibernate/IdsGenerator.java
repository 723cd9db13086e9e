package dev.ids.hibernate;

import java.lang.annotation.Annotation;
import org.hibernate.generator.AnnotationBasedGenerator;
import org.hibernate.generator.GeneratorCreationContext;

/**
 * The Hibernate generator behind {@link GeneratedTraceId}, {@link GeneratedLableId}, {@link GeneratedGid},
 * {@link GeneratedSno} and {@link GeneratedMuid}, for identifiers and for other attributes. It generates on insert
 * only, before the statement runs (so JDBC batching keeps working), keeps a value the application assigned, and
 * converts the scheme's value to the attribute's type.
 *
 * <p>It never makes a generator of its own: it uses the instance in the Hibernate setting
 * {@code ids.generator.<scheme>[.<name>]} or, failing that, gets the generator bean from Hibernate's bean container
 * once, on the first insert: under Spring the bean of the scheme's generator type (a {@code SnoGenerator}), or for a
 * named generator the bean named {@code <name>SnoGenerator} (see {@link IdsGeneratorNames}).
 * A value the application assigned before the insert is kept; for a {@code long}/{@code Long} attribute, 0 counts as
 * unassigned. An attribute type the scheme cannot hold, a column too short for the value, or no way to find the
 * generator fail the start-up with a message that names the attribute.
 */
public class IdsGenerator extends GeneratesOnInsert implements AnnotationBasedGenerator<Annotation> {

    private static final long serialVersionUID = 1L;


    /** Creates the generator; Hibernate then calls {@link #initialize(Annotation, GeneratorCreationContext)}. */
    public IdsGenerator() {
    }

    /**
     * Prepares the generator for the annotated attribute.
     *
     * @param annotation one of the five generator annotations
     * @param context Hibernate's context for the attribute
     */
    @Override
    public void initialize(Annotation annotation, GeneratorCreationContext context) {
        SchemeSupport scheme = SchemeSupport.of(annotation);
        String name = SchemeSupport.nameOf(annotation);
        String usage = "@" + annotation.annotationType().getSimpleName()
                + (name.isEmpty() ? "" : "(name = \"" + name + "\")");
        this.generation = Generation.create(scheme, name, usage, context);
    }
}
