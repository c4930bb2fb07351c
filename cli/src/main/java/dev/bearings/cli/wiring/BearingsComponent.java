package dev.bearings.cli.wiring;

import dagger.Component;
import picocli.CommandLine;

import javax.inject.Singleton;

/** Everything the commands need, wired at compile time. */
@Singleton
@Component(modules = {PluginsModule.class, CommandsModule.class})
public interface BearingsComponent {
    CommandLine.IFactory commands();
}
