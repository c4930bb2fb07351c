package dev.bearings.cli.wiring;

import picocli.CommandLine;

import java.util.Map;
import javax.inject.Inject;
import javax.inject.Provider;

/** Lets picocli create commands through Dagger, and anything else the usual way. */
final class CommandFactory implements CommandLine.IFactory {
    private final Map<Class<?>, Provider<Object>> commands;

    @Inject
    CommandFactory(Map<Class<?>, Provider<Object>> commands) {
        this.commands = commands;
    }

    @Override
    public <K> K create(Class<K> type) throws Exception {
        Provider<Object> command = commands.get(type);
        return command != null ? type.cast(command.get()) : CommandLine.defaultFactory().create(type);
    }
}
