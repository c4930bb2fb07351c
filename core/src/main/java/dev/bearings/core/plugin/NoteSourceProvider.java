package dev.bearings.core.plugin;

import dev.bearings.core.source.NoteSource;

/**
 * Provides a kind of note source ({@code folder}, {@code bear}) from named settings, such as
 * {@code path=/home/me/notes}; list implementations in {@code META-INF/services}.
 */
public interface NoteSourceProvider extends Provider<NoteSource> {
}
