package dev.bearings.cli.command;

import picocli.CommandLine;

/** {@code bearings --version}. */
public final class Version implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[]{"bearings " + VersionNumber.NUMBER};
    }
}
