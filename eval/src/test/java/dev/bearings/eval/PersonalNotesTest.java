package dev.bearings.eval;

import dev.bearings.core.note.Note;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.source.files.FolderSource;
import dev.bearings.testprocess.ProjectData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The project's personal-notes set: frozen, complete, and every judgement pointing at something real. */
class PersonalNotesTest {
    private static final Path SET = ProjectData.PERSONAL_NOTES;
    private final CommonmarkParser parser = new CommonmarkParser();

    private EvalDataset load(Path dir, PersonalNotes.Level level) throws Exception {
        return PersonalNotes.load(dir, new FolderSource(dir.resolve("notes")), parser, level, Integer.MAX_VALUE);
    }

    @Test
    void theSetIsTheFrozenOne() throws IOException {
        assertThat(PersonalNotes.checksum(SET)).as("the set changed after it was frozen").isEqualTo(PersonalNotes.FROZEN_CHECKSUM);
    }

    @Test
    void theDecisionRecordNamesTheFrozenSet() throws IOException {
        assertThat(Files.readString(ProjectData.ROOT.resolve("docs/decisions/0002-fusion-and-model.md")))
                .contains(PersonalNotes.FROZEN_CHECKSUM);
    }

    @Test
    void aChangedNoteChangesTheChecksum(@TempDir Path copy) throws IOException {
        copyTree(SET, copy);
        assertThat(PersonalNotes.checksum(copy)).isEqualTo(PersonalNotes.FROZEN_CHECKSUM);
        Path note = copy.resolve("notes/homelab/vpn-wireguard.md");
        Files.writeString(note, Files.readString(note) + " ");
        assertThat(PersonalNotes.checksum(copy)).isNotEqualTo(PersonalNotes.FROZEN_CHECKSUM);
    }

    @Test
    void aRunSaysWhetherItsSetIsTheFrozenOneTheProjectsChangedOrAnother(@TempDir Path copy) throws IOException {
        assertThat(PersonalNotes.notice(SET, SET)).isEqualTo("personal-notes set " + SET + ": sha256 " + PersonalNotes.FROZEN_CHECKSUM
                + " (the project's frozen set)");
        copyTree(SET, copy);
        Path note = copy.resolve("notes/homelab/vpn-wireguard.md");
        Files.writeString(note, Files.readString(note) + " ");
        String changed = PersonalNotes.checksum(copy);
        assertThat(PersonalNotes.notice(copy, copy)).isEqualTo("personal-notes set " + copy + ": sha256 " + changed
                + " (CHANGED from the frozen set " + PersonalNotes.FROZEN_CHECKSUM + ")");
        assertThat(PersonalNotes.notice(copy, SET)).isEqualTo("personal-notes set " + copy + ": sha256 " + changed);
    }

    @Test
    void questionsTheNotesDoNotAnswerAreReadBesideTheQuestionsAtNoteLevel(@TempDir Path copy) throws Exception {
        copyTree(SET, copy);
        assertThat(load(copy, PersonalNotes.Level.NOTE).unanswerable()).as("none beside the questions: none").isEmpty();
        Files.writeString(copy.resolve(PersonalNotes.UNANSWERABLE), """
                {"id": "u1", "text": "what is the capital of Peru"}

                {"id": "u2", "text": "netflix login for the telly"}
                """);
        assertThat(load(copy, PersonalNotes.Level.NOTE).unanswerable()).containsExactly(
                Map.entry("u1", "what is the capital of Peru"), Map.entry("u2", "netflix login for the telly"));
        assertThat(load(copy, PersonalNotes.Level.SECTION).unanswerable()).as("asked once, at note level").isEmpty();
        Files.writeString(copy.resolve(PersonalNotes.UNANSWERABLE), "{\"id\": \"u1\"}\n");
        assertThatThrownBy(() -> load(copy, PersonalNotes.Level.NOTE)).hasMessageContaining(PersonalNotes.UNANSWERABLE)
                .hasMessageContaining("without an id or a text");
    }

    @Test
    void noteLevelHasEveryQuestionOfFiveKindsJudgedByRealNotes() throws Exception {
        EvalDataset notes = load(SET, PersonalNotes.Level.NOTE);
        assertThat(notes.notes()).hasSizeGreaterThanOrEqualTo(60);
        assertThat(notes.queries()).hasSizeGreaterThanOrEqualTo(150);
        assertThat(notes.groups().values().stream().collect(Collectors.groupingBy(k -> k, Collectors.counting())))
                .containsOnlyKeys("synonym", "paraphrase", "multi", "exact", "tag")
                .allSatisfy((kind, count) -> assertThat(count).as(kind).isEqualTo(32L));
        assertThat(notes.byPassage()).isFalse();
        Map<String, Note> byId = notes.notes().stream().collect(Collectors.toMap(Note::id, n -> n));
        notes.gold().values().forEach(judged -> assertThat(byId).containsKeys(judged.keySet().toArray(String[]::new)));
        // Two notes over 2,000 words (the on-call runbook, the third long one, has 1,737).
        assertThat(notes.notes().stream().filter(n -> n.text().strip().split("\\s+").length > 2000)).as("long notes")
                .hasSize(2);
    }

    @Test
    void sectionLevelFindsEverySectionsLines() throws Exception {
        EvalDataset sections = load(SET, PersonalNotes.Level.SECTION);
        assertThat(sections.byPassage()).isTrue();
        assertThat(sections.queries()).hasSameSizeAs(load(SET, PersonalNotes.Level.NOTE).queries());
        Map<String, Note> byId = sections.notes().stream().collect(Collectors.toMap(Note::id, n -> n));
        assertThat(sections.spans()).allSatisfy((key, span) -> {
            int lines = byId.get(span.noteId()).text().split("\n", -1).length;
            assertThat(span.firstLine()).isBetween(1, span.lastLine());
            assertThat(span.lastLine()).isLessThanOrEqualTo(lines);
        });
        EvalDataset.GoldSpan why = sections.spans().get("homelab/pihole-dns.md|# Pi-hole > ## Why");
        String[] pihole = byId.get("homelab/pihole-dns.md").text().split("\n", -1);
        assertThat(pihole[why.firstLine() - 1]).isEqualTo("## Why");
    }

    @Test
    void aQuestionAboutAMissingNoteOrSectionIsNamed(@TempDir Path copy) throws Exception {
        copyTree(SET, copy);
        Path questions = copy.resolve("questions.jsonl");
        String original = Files.readString(questions);
        Files.writeString(questions, original.replace("\"heading\": \"# Pi-hole > ## Why\"", "\"heading\": \"# Pi-hole > ## Whence\""));
        assertThatThrownBy(() -> load(copy, PersonalNotes.Level.SECTION)).hasMessageContaining("question q002")
                .hasMessageContaining("no section '# Pi-hole > ## Whence'");
        Files.writeString(questions, original.replace("\"notes\": [\"homelab/pihole-dns.md\"]", "\"notes\": [\"homelab/gone.md\"]"));
        assertThatThrownBy(() -> load(copy, PersonalNotes.Level.NOTE)).hasMessageContaining("question q002")
                .hasMessageContaining("homelab/gone.md");
    }

    @Test
    void anotherSetJudgesTheTextDirectlyUnderAHeadingTheOpeningTextAndTagsByNote(@TempDir Path set) throws Exception {
        Files.createDirectories(set.resolve("notes/dog"));
        Files.writeString(set.resolve("notes/dog/walks.md"), "Walks by the river.\nOff the lead at the weir.\n");
        Files.writeString(set.resolve("notes/dog/vet.md"), "# Vet\nDr Shah.\n## Routine\nBooster in May.\n### Fleas\nMonthly.\n## Food\n300 g.\n");
        Files.writeString(set.resolve("questions.jsonl"), String.join("\n",
                "{\"id\": \"b1\", \"kind\": \"synonym\", \"text\": \"where can he run free\", \"notes\": [\"dog/walks.md\"], "
                        + "\"sections\": [{\"note\": \"dog/walks.md\", \"heading\": \"\"}]}",
                "{\"id\": \"b2\", \"kind\": \"synonym\", \"text\": \"jabs\", \"notes\": [\"dog/vet.md\"], "
                        + "\"sections\": [{\"note\": \"dog/vet.md\", \"heading\": \"# Vet > ## Routine\"}]}",
                "{\"id\": \"b3\", \"kind\": \"tag\", \"text\": \"dog notes\", \"notes\": [\"dog/vet.md\"], "
                        + "\"sections\": [{\"note\": \"dog/vet.md\", \"heading\": \"# Vet\"}]}", ""));
        EvalDataset sections = load(set, PersonalNotes.Level.SECTION);
        assertThat(sections.name()).isEqualTo(set.getFileName() + "-sections");
        assertThat(sections.spans().get("dog/walks.md|")).isEqualTo(new EvalDataset.GoldSpan("dog/walks.md", 1, 2));
        assertThat(sections.spans().get("dog/vet.md|# Vet > ## Routine")).as("not its sub-section")
                .isEqualTo(new EvalDataset.GoldSpan("dog/vet.md", 3, 4));
        assertThat(sections.spans().get("dog/vet.md|# Vet")).as("a tag question: the whole note")
                .isEqualTo(new EvalDataset.GoldSpan("dog/vet.md", 1, 8));
        assertThat(load(set, PersonalNotes.Level.NOTE).name()).isEqualTo(set.getFileName().toString());
    }

    @Test
    void theSharedSecondSetLoadsWholeAtBothLevels() throws Exception {
        Path b = ProjectData.SHARED.resolve("personal-notes-b");
        dev.bearings.testkit.Prerequisite.requireFile(b.resolve("questions.jsonl"));
        EvalDataset notes = load(b, PersonalNotes.Level.NOTE);
        EvalDataset sections = load(b, PersonalNotes.Level.SECTION);
        assertThat(notes.notes()).hasSize(74);
        assertThat(notes.queries()).hasSize(134);
        assertThat(sections.queries()).hasSize(134);
        assertThat(notes.groups().values()).containsOnly("synonym", "paraphrase", "howto", "multi", "exact", "tag");
        assertThat(sections.spans().keySet()).as("the notes with no heading are judged by their text")
                .anyMatch(key -> key.endsWith("|"));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }
}
