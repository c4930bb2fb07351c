package dev.bearings.cli.wiring;

import dagger.Module;
import dagger.Provides;
import dev.bearings.app.Plugins;

import javax.inject.Singleton;

/**
 * The providers of every port, built in or a plugin's, as {@link java.util.ServiceLoader} finds them on
 * the class path: each adapter lists its provider in {@code META-INF/services}, the one list of them.
 */
@Module
interface PluginsModule {

    @Provides
    @Singleton
    static Plugins plugins() {
        return Plugins.discovered(PluginsModule.class.getClassLoader());
    }
}
