package dev.bearings.cli.wiring;

import dev.bearings.app.plugin.Plugins;
import picocli.CommandLine;

import java.lang.reflect.Constructor;

/**
 * Makes the commands picocli lists as subcommands, the one list of them: a command's constructor takes
 * what it needs of {@link Plugins} (the providers of every port, as {@link java.util.ServiceLoader} finds
 * them, made when first asked for) and this factory (for a command that runs other command lines);
 * anything else is made as picocli makes it.
 */
public final class CommandFactory implements CommandLine.IFactory {
    private final Plugins plugins;

    public CommandFactory(Plugins plugins) {
        this.plugins = plugins;
    }

    /** The command line of {@code root}, its commands made with the providers found on the class path. */
    public static CommandLine commandLine(Class<?> root) {
        return new CommandLine(root, new CommandFactory(Plugins.discovered(CommandFactory.class.getClassLoader())));
    }

    @Override
    public <K> K create(Class<K> type) throws Exception {
        for (Constructor<?> constructor : type.getDeclaredConstructors()) {
            Class<?>[] parameters = constructor.getParameterTypes();
            if (parameters.length == 1 && parameters[0] == Plugins.class) {
                constructor.setAccessible(true);
                return type.cast(constructor.newInstance(plugins));
            }
            if (parameters.length == 2 && parameters[0] == Plugins.class && parameters[1] == CommandLine.IFactory.class) {
                constructor.setAccessible(true);
                return type.cast(constructor.newInstance(plugins, this));
            }
        }
        return CommandLine.defaultFactory().create(type);
    }
}
