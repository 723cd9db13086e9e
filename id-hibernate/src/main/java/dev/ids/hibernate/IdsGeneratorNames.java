package dev.ids.hibernate;

import dev.ids.IdScheme;
import java.lang.annotation.Annotation;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The names under which the ids generators are known to Hibernate: the generator names of
 * {@code @GeneratedValue(generator = ...)}, the settings that hold generator instances and the bean names looked up
 * through Hibernate's bean container.
 *
 * <h2>{@code @GeneratedValue(generator = "sno")}</h2>
 * The five scheme names ({@code trace-id}, {@code lable}, {@code gid}, {@code sno}, {@code muid}) are registered
 * as generators by {@link IdsGeneratorRegistrations} whenever {@code id-hibernate} is on the class path, with or
 * without Spring. A named generator, {@code generator = "sno:payments"}, is registered when its instance setting
 * ({@code ids.generator.sno.payments}) is given or {@value #NAMES_SETTING} lists it; the Spring Boot
 * auto-configuration lists every such name its entities use. {@code @GeneratedSno(name = "payments")} needs no
 * registration.
 *
 * <h2>Settings</h2>
 * <ul>
 *   <li>{@code ids.generator.<scheme>}, {@code ids.generator.<scheme>.<name>}: the generator instance (an
 *       {@code IdGenerator} of the scheme, for example a {@code SnoGenerator}) for plain Hibernate, or to override
 *       the bean container.</li>
 *   <li>{@value #NAMES_SETTING}: named generator names to register, comma separated.</li>
 *   <li>{@value #SCHEME_NAMES_SETTING}: {@code false} registers the scheme names only when listed.</li>
 *   <li>{@value #CHECK_NAMES_SETTING}: {@code false} turns off the start-up check of generator names (see
 *       {@link IdsGeneratorNameCheck}).</li>
 * </ul>
 */
public final class IdsGeneratorNames {

    /** The prefix of the settings that hold generator instances. */
    public static final String SETTING_PREFIX = "ids.generator.";

    /**
     * The setting that lists named generator names to register ({@code sno:payments,trace-id:audit}), comma
     * separated.
     */
    public static final String NAMES_SETTING = "ids.generator.names";

    /**
     * The setting that, set to {@code false}, registers the five scheme names only when {@value #NAMES_SETTING}
     * lists them: the Spring Boot auto-configuration lists exactly the names its entities use, so that an
     * application that uses none loads none of Hibernate's mapping-document processing.
     */
    public static final String SCHEME_NAMES_SETTING = "ids.generator.scheme-names";

    /** The setting that turns the start-up check of generator names off ({@code false}); on by default. */
    public static final String CHECK_NAMES_SETTING = "ids.generator.check-names";

    /** The parameter of {@link IdsMappedGenerator} that names the scheme. */
    public static final String SCHEME_PARAMETER = "ids.scheme";

    /** The parameter of {@link IdsMappedGenerator} that names a named generator. */
    public static final String NAME_PARAMETER = "ids.name";

    /** The separator between scheme and generator name in a generator name: {@code sno:payments}. */
    public static final char NAME_SEPARATOR = ':';

    /**
     * Hibernate's own generator strategy names: a generator name equal to one of them means Hibernate's generator,
     * not a misspelt scheme ({@code uuid} is one edit away from {@code muid}, {@code guid} from {@code gid}).
     */
    private static final List<String> HIBERNATE_STRATEGIES = List.of("native", "assigned", "enhanced-sequence",
            "sequence", "enhanced-table", "table", "identity", "increment", "foreign", "uuid", "uuid.hex", "uuid2",
            "select", "guid");

    private IdsGeneratorNames() {
    }

    /**
     * A generator of the ids library as a generator name refers to it: a scheme and, for a named generator, its
     * name.
     *
     * @param scheme the scheme
     * @param name the generator's name, empty for the scheme's default generator
     */
    public record Reference(IdScheme scheme, String name) {

        /**
         * Checks the components.
         *
         * @param scheme the scheme, not null
         * @param name the name, not null
         */
        public Reference {
            if (scheme == null || name == null) {
                throw new IllegalArgumentException("scheme and name are required, got " + scheme + ", " + name);
            }
        }

        /**
         * Returns the generator name that refers to this generator: {@code sno} or {@code sno:payments}.
         *
         * @return the generator name
         */
        public String generatorName() {
            return name.isEmpty() ? scheme.schemeName() : scheme.schemeName() + NAME_SEPARATOR + name;
        }

        /**
         * Returns the Hibernate setting that may hold this generator's instance: {@code ids.generator.sno} or
         * {@code ids.generator.sno.payments}.
         *
         * @return the setting's name
         */
        public String settingName() {
            return SETTING_PREFIX + (name.isEmpty() ? scheme.schemeName() : scheme.schemeName() + "." + name);
        }

        /**
         * Returns the name of the Spring bean of a named generator as the ids auto-configuration registers it:
         * the name followed by the generator type's simple name, {@code paymentsSnoGenerator}.
         *
         * @return the bean name; for the default generator, the simple name with a lower-case initial
         *     ({@code snoGenerator}), although the default generator is looked up by type
         */
        public String beanName() {
            String type = SchemeSupport.of(scheme).generatorType().getSimpleName();
            return name.isEmpty() ? Character.toLowerCase(type.charAt(0)) + type.substring(1) : name + type;
        }

        /**
         * Returns the generator type of the scheme, such as {@code SnoGenerator}.
         *
         * @return the type the bean is looked up by
         */
        public Class<?> generatorType() {
            return SchemeSupport.of(scheme).generatorType();
        }
    }

    /**
     * Reads a generator name that refers to an ids generator exactly: a scheme name ({@code sno}) or a scheme name,
     * {@code ':'} and a generator name ({@code sno:payments}).
     *
     * @param generatorName the generator name of {@code @GeneratedValue}
     * @return the generator it refers to, or empty when it is not exactly one of those forms
     */
    public static Optional<Reference> parse(String generatorName) {
        if (generatorName == null) {
            return Optional.empty();
        }
        int separator = generatorName.indexOf(NAME_SEPARATOR);
        String schemePart = separator < 0 ? generatorName : generatorName.substring(0, separator);
        String name = separator < 0 ? "" : generatorName.substring(separator + 1);
        if (separator >= 0 && (name.isBlank() || !name.strip().equals(name))) {
            return Optional.empty();
        }
        for (IdScheme scheme : IdScheme.values()) {
            if (scheme.schemeName().equals(schemePart)) {
                return Optional.of(new Reference(scheme, name));
            }
        }
        return Optional.empty();
    }

    /**
     * Reads the generator one of the five generator annotations ({@link GeneratedSno} and so on) asks for.
     *
     * @param annotation any annotation
     * @return the scheme and name of the generator, or empty when the annotation is not a generator annotation
     */
    public static Optional<Reference> of(Annotation annotation) {
        return SchemeSupport.find(annotation)
                .map(support -> new Reference(support.scheme(), SchemeSupport.nameOf(annotation)));
    }

    /**
     * Returns the name of a scheme's generator annotation, without loading it: for reflection hints, which name the
     * annotations for a native image.
     *
     * @param scheme the scheme
     * @return the annotation's fully qualified name, {@code dev.ids.hibernate.GeneratedSno} for {@code sno}
     */
    public static String annotationName(IdScheme scheme) {
        return SchemeSupport.of(scheme).annotationName();
    }

    /** Names that are not misspellings of a scheme name but still mean it. */
    private static final java.util.Map<String, IdScheme> ALIASES = java.util.Map.of("lable-id", IdScheme.LABLE,
            "lableid", IdScheme.LABLE, "traceid", IdScheme.TRACE_ID, "trace", IdScheme.TRACE_ID);

    /**
     * Finds the ids generator name that a generator name that is not one was probably meant to be: the same
     * scheme name in another case or with {@code _} or a space for {@code -} ({@code SNO}, {@code trace_id}), or
     * within a small edit distance of one ({@code snoo}, {@code muids}, {@code lable} spelt {@code label}): at
     * most 2 edits (insertion, deletion, substitution or swap of neighbours) for the longer scheme names and 1 for
     * {@code sno} and {@code gid}, keeping the first letter (so that {@code pid}, {@code uid} or {@code sid},
     * likely sequence names, are not taken for {@code gid} or {@code muid}); and the names of the annotations and
     * value types
     * ({@code lable-id}, {@code traceid}, {@code trace}). Hibernate's own strategy names ({@code uuid}, {@code guid},
     * {@code table}, ...) are never taken for misspellings. A {@code :name} suffix is kept.
     *
     * @param generatorName the generator name of {@code @GeneratedValue}
     * @return the name probably meant, or empty when the name is exact or not close to any scheme name
     */
    public static Optional<String> probablyMeant(String generatorName) {
        if (generatorName == null || parse(generatorName).isPresent()) {
            return Optional.empty();
        }
        int separator = generatorName.indexOf(NAME_SEPARATOR);
        String schemePart = separator < 0 ? generatorName : generatorName.substring(0, separator);
        String suffix = separator < 0 ? "" : generatorName.substring(separator);
        String normalized = schemePart.strip().toLowerCase(Locale.ROOT).replace('_', '-').replace(' ', '-');
        if (HIBERNATE_STRATEGIES.contains(normalized) || normalized.length() < 2) {
            return Optional.empty();
        }
        IdScheme best = ALIASES.get(normalized);
        int bestDistance = best == null ? Integer.MAX_VALUE : 0;
        for (IdScheme scheme : IdScheme.values()) {
            String candidate = scheme.schemeName();
            int distance = distance(normalized, candidate);
            boolean close = normalized.charAt(0) == candidate.charAt(0)
                    && distance <= (candidate.length() <= 3 ? 1 : 2);
            if (close && distance < bestDistance) {
                best = scheme;
                bestDistance = distance;
            }
        }
        return best == null ? Optional.empty() : Optional.of(best.schemeName() + suffix.strip());
    }

    /** The optimal string alignment distance: Levenshtein plus the swap of two neighbouring characters. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
