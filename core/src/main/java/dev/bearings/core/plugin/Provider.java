package dev.bearings.core.plugin;

import java.util.Set;

/**
 * A named factory for one implementation of a port. Built-in adapters and third-party ones are
 * found the same way: each lists its provider in {@code META-INF/services/<the port's provider
 * interface>}, such as {@link ParserProvider}.
 *
 * @param <T> the port
 */
public interface Provider<T> {

    /** The name users choose it by, such as {@code commonmark}: lower case, digits and dashes. */
    String name();

    /** One line for help texts. */
    String description();

    /** The settings {@link #create} understands; any other is refused before it is called. */
    default Set<String> settingNames() {
        return Set.of();
    }

    T create(Settings settings);
}
