package dev.bearings.cli;

import dagger.Component;

import javax.inject.Singleton;

/** Everything the commands need, wired at compile time. */
@Singleton
@Component(modules = {PluginsModule.class, CommandsModule.class})
interface BearingsComponent {
    CommandFactory commandFactory();
}
