package dev.bearings.eval;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.source.NoteSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The evaluation suite's datasets, in the order they are reported: SciFact, ObliQA dev, ArguAna and
 * JSQuAD-ja from the shared data, the project's own personal-notes set and the shared personal-notes-b,
 * each personal set at note and at section level. {@code bearings eval --suite} and the benchmarks that
 * tune on the suite read it from here.
 */
public final class EvalSuite {
    /** The shared datasets the suite needs, by folder name. */
    public static final List<String> SHARED = List.of("beir-scifact", "obliqa-dev", "beir-arguana", "jsquad-ja", "personal-notes-b");

    /** A dataset, read when its turn comes, so that only one is in memory at a time. */
    @FunctionalInterface
    public interface Loader {
        EvalDataset load() throws Exception;
    }

    /** Opens a folder of Markdown notes as a note source (the personal sets are read as a user's folder is). */
    @FunctionalInterface
    public interface FolderSources {
        NoteSource open(Path folder) throws Exception;
    }

    private EvalSuite() {
    }

    /**
     * The suite's datasets, from the shared data folder {@code shared} and the project's own personal-notes set
     * {@code projectSet}, with at most {@code maxQueries} queries each and, in the BEIR sets, at most
     * {@code distractors} documents no query judges.
     *
     * @throws IOException naming the first dataset that is missing
     */
    public static List<Loader> loaders(Path shared, Path projectSet, FolderSources folders, MarkdownParser parser, int maxQueries,
                                       int distractors) throws IOException {
        for (String name : SHARED) {
            if (!Files.isDirectory(shared.resolve(name))) {
                throw new IOException("the suite needs " + shared.resolve(name) + ", which is missing");
            }
        }
        List<Loader> loaders = new ArrayList<>();
        for (String beir : List.of("beir-scifact", "obliqa-dev", "beir-arguana", "jsquad-ja")) {
            Path dir = shared.resolve(beir);
            loaders.add(beir.equals("obliqa-dev") ? () -> EvalDataset.obliqa(dir, maxQueries)
                    : () -> EvalDataset.beir(dir, "test", maxQueries, distractors));
        }
        loaders.addAll(personal(projectSet, folders, parser, maxQueries));
        loaders.addAll(personal(shared.resolve("personal-notes-b"), folders, parser, maxQueries));
        return loaders;
    }

    /** A personal-notes set at note level, then at section level. */
    public static List<Loader> personal(Path dir, FolderSources folders, MarkdownParser parser, int maxQueries) throws IOException {
        if (!Files.isRegularFile(dir.resolve("questions.jsonl"))) {
            throw new IOException(dir + " is not a personal-notes set: it has no questions.jsonl");
        }
        List<Loader> loaders = new ArrayList<>();
        for (PersonalNotes.Level level : PersonalNotes.Level.values()) {
            loaders.add(() -> {
                try (NoteSource notes = folders.open(dir.resolve("notes"))) {
                    return PersonalNotes.load(dir, notes, parser, level, maxQueries);
                }
            });
        }
        return loaders;
    }
}
