package dev.bearings.cli.wiring;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * Adds the providers {@link ServiceLoader} finds to the built-in ones. Built-ins list themselves in
 * {@code META-INF/services} too (so they work without Dagger), so a class already bound is skipped;
 * a different class claiming a taken name is left for the registry to refuse.
 */
final class ServiceLoaderBridge {

    private ServiceLoaderBridge() {
    }

    static <P> List<P> withDiscovered(Class<P> port, Collection<? extends P> builtIn) {
        List<P> all = new ArrayList<>(builtIn);
        Set<Class<?>> bound = new HashSet<>();
        builtIn.forEach(p -> bound.add(p.getClass()));
        for (P discovered : ServiceLoader.load(port, ServiceLoaderBridge.class.getClassLoader())) {
            if (bound.add(discovered.getClass())) {
                all.add(discovered);
            }
        }
        return all;
    }
}
