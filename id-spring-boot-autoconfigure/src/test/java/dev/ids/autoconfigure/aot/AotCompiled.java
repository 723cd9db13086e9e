package dev.ids.autoconfigure.aot;

import java.io.File;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.env.MapPropertySource;

/**
 * Compiles what {@link AotProcessing} generated and starts a fresh context from it alone, as an application built
 * with {@code process-aot} starts: the generated initializer registers the bean definitions, with no configuration
 * class parsing and no condition evaluation. Each generated class is defined in the class loader and package of the
 * class it was generated for, so that it reaches package-private members as it would in the built application.
 */
final class AotCompiled {

    private AotCompiled() {
    }

    /** A refreshed context made by the generated initializer, with the given properties. */
    static GenericApplicationContext start(AotProcessing processing, GenericApplicationContext fresh,
            Map<String, Object> properties, Path directory) throws Exception {
        Path classes = compile(processing, directory);
        ClassLoader application = AotCompiled.class.getClassLoader();
        Map<String, Class<?>> anchors = new LinkedHashMap<>();
        Map<String, Class<?>> packages = new HashMap<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter((path) -> path.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(file).toString().replace(File.separatorChar, '.')
                        .replaceFirst("\\.class$", "");
                Class<?> anchor = anchor(name, application);
                anchors.put(name, anchor);
                if (anchor != null) {
                    packages.put(anchor.getPackageName(), anchor);
                }
            }
        }
        for (var generated : anchors.entrySet()) {
            String name = generated.getKey();
            // a class generated for no class of its own, such as Spring Data's OrdersImpl__AotRepository
            Class<?> anchor = generated.getValue() != null ? generated.getValue()
                    : packages.get(name.substring(0, name.lastIndexOf('.')));
            if (anchor != null) {
                MethodHandles.privateLookupIn(anchor, MethodHandles.lookup())
                        .defineClass(Files.readAllBytes(classes.resolve(name.replace('.', File.separatorChar)
                                + ".class")));
            }
        }
        // the classes in packages of their own (the initializer's) come from a child loader that sees the others
        ClassLoader loader = new URLClassLoader(new URL[] { classes.toUri().toURL() }, application);
        fresh.getEnvironment().getPropertySources().addFirst(new MapPropertySource("test", properties));
        fresh.setClassLoader(loader);
        @SuppressWarnings("unchecked")
        ApplicationContextInitializer<GenericApplicationContext> initializer =
                (ApplicationContextInitializer<GenericApplicationContext>) loader
                        .loadClass(processing.initializer().reflectionName()).getConstructor().newInstance();
        initializer.initialize(fresh);
        fresh.refresh();
        return fresh;
    }

    private static Path compile(AotProcessing processing, Path directory) throws IOException {
        Path sources = Files.createDirectories(directory.resolve("sources"));
        Path classes = Files.createDirectories(directory.resolve("classes"));
        List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "-proc:none", "-nowarn",
                "-classpath", System.getProperty("java.class.path") + File.pathSeparator + classes));
        for (var source : processing.sources().entrySet()) {
            Path file = sources.resolve(source.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            arguments.add(file.toString());
        }
        for (var generated : processing.classes().entrySet()) {
            Path file = classes.resolve(generated.getKey());
            Files.createDirectories(file.getParent());
            Files.write(file, generated.getValue());
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler.run(null, null, null, arguments.toArray(String[]::new)) != 0) {
            throw new IllegalStateException("The generated sources did not compile, see the output");
        }
        return classes;
    }

    /**
     * The application class a generated class was generated for ({@code Foo} of {@code Foo__BeanDefinitions}, its
     * nested classes and {@code Foo$Bar__Accessor_x}), or {@code null} when there is none.
     */
    private static Class<?> anchor(String generated, ClassLoader loader) {
        int marker = generated.indexOf("__");
        if (marker < 0) {
            return null;
        }
        String target = generated.substring(0, marker);
        while (true) {
            try {
                return Class.forName(target, false, loader);
            } catch (ClassNotFoundException e) {
                // Outer_Inner__BeanDefinitions stands for Outer$Inner: try the package's outer class
                int cut = Math.max(target.lastIndexOf('_'), target.lastIndexOf('$'));
                if (cut <= target.lastIndexOf('.')) {
                    return null;
                }
                target = target.substring(0, cut);
            }
        }
    }
}
