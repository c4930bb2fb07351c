package dev.bearings.cli;

import picocli.CommandLine;

import javax.inject.Inject;
import javax.inject.Provider;
import java.util.Map;

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
