package dev.bearings.mcp;

import dev.bearings.app.words.Dates;
import dev.bearings.app.json.IndexStatusJson;
import dev.bearings.app.words.Limits;
import dev.bearings.app.index.LiveIndex;
import dev.bearings.app.json.NoteJson;
import dev.bearings.app.json.NoteSummaryJson;
import dev.bearings.app.words.PlainErrors;
import dev.bearings.app.json.SearchHitJson;
import dev.bearings.app.source.SourceNames;
import dev.bearings.app.json.SyncReportJson;
import dev.bearings.app.json.TagJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.usecase.ListNotes;
import dev.bearings.core.usecase.ListTags;
import dev.bearings.core.usecase.ReadNote;
import dev.bearings.core.usecase.SearchNotes;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The tools Bearings offers an agent over MCP. Each declares its output schema and answers twice: as
 * structured content, for clients that use the answer as data, and as one JSON text for older clients
 * (search's is exactly what {@code bearings search --json} prints). Every tool but sync_index only
 * reads. Failures come back as tool errors in plain words, through {@link PlainErrors}.
 */
public final class McpTools {
    private static final Logger LOG = LoggerFactory.getLogger(McpTools.class);
    public static final int MAX_LIMIT = Limits.MOST;

    private final LiveIndex index;
    private final String storeName;
    /** How long a search may sync changed notes first; empty when a watcher keeps the index fresh. */
    private final Optional<Duration> syncBudget;
    private final McpJsonMapper mapper;
    private final ObjectMapper json = new ObjectMapper();
    private final JsonNode outputSchemas;
    /** The tools by name: what a client's call runs, and what {@link #call} runs for the search page. */
    private final Map<String, Handler> handlers = Map.of("search_notes", this::search, "read_note", this::readNote,
            "read_notes", this::readNotes, "list_notes", this::listNotes, "list_tags", arguments -> listTags(), "index_status", arguments -> status(),
            "sync_index", arguments -> sync());

    public McpTools(LiveIndex index, String storeName, Optional<Duration> syncBudget, McpJsonMapper mapper) {
        this.index = index;
        this.storeName = storeName;
        this.syncBudget = syncBudget;
        this.mapper = mapper;
        try (InputStream schemas = McpTools.class.getResourceAsStream("mcp-output-schemas.json")) {
            this.outputSchemas = json.readTree(schemas);
        } catch (IOException e) {
            throw new UncheckedIOException("the MCP output schemas are missing from the jar", e);
        }
    }

    /** A handler's answer: the JSON of this object. */
    @FunctionalInterface
    private interface Handler {
        public Object answer(Arguments arguments) throws Exception;
    }

    /** A schema's numbers written as JSON reads them, whatever the user's locale (Arabic digits are not JSON). */
    private static String inRoot(String schema, Object... values) {
        return String.format(Locale.ROOT, schema, values);
    }

    public List<SyncToolSpecification> specifications() {
        return List.of(
                tool("search_notes", "Search the user's notes by meaning and by keywords",
                        "Finds the passages of the user's Markdown notes (Bear, Obsidian, folders) that best answer a "
                                + "question, such as 'how did I set up the VPN?'. Returns passages best first, each with "
                                + "its text, the note's title and id, the heading path and line range it came from, the "
                                + "score and a link that opens the note. Notes changed since the last sync are indexed "
                                + "first. Use read_note with a result's noteId (and headingPath) to read more. Each passage's "
                                + "strength is strong or weak; when none is strong, the notes may not answer the question: "
                                + "say so, and do not present weak passages as the answer. Keywords: \"exact phrase\", "
                                + "prefix*, -word to leave out.",
                        """
                        {"type":"object","properties":{
                          "query":{"type":"string","description":"A question or keywords, in natural language."},
                          "limit":{"type":"integer","minimum":1,"maximum":%2$d,"description":"Most passages to return (default %3$d)."},
                          "tags":{"type":"array","items":{"type":"string"},"description":"Only notes with one of these tags or a child tag (work matches work/projects)."},
                          "mode":{"type":"string","enum":["hybrid","vector","keyword"],"description":"hybrid (default) fuses meaning and keywords; vector is meaning only; keyword is exact words only."},
                          "since":{"type":"string","description":"Only notes modified on or after this date: %1$s."},
                          "before":{"type":"string","description":"Only notes modified before this date."},
                          "source":{"type":"string","description":"Only notes of this source: its name as bearings sources lists it (notes), as index_status names it (folder:/home/me/notes), or its kind (folder, bear) when the index has one of it."}},
                         "required":["query"],"additionalProperties":false}""".transform(schema -> inRoot(schema, Dates.FORMS, Limits.MOST, Limits.SEARCH)),
                        "passages", Access.READS),
                tool("read_note", "Read a note, whole or one section",
                        "Returns a note's Markdown as it is now in its source, whole or only the section under a heading. "
                                + "Pass the noteId from search_notes or list_notes, and optionally the headingPath of a "
                                + "search result ('# VPN > ## Router setup') or a heading's text ('Router setup').",
                        """
                        {"type":"object","properties":{
                          "id":{"type":"string","description":"The note's id (noteId in search results)."},
                          "heading":{"type":"string","description":"A heading path or heading text: return only that section, sub-sections included."},
                          "source":{"type":"string","description":"The note's source, needed only when two sources have a note with this id."}},
                         "required":["id"],"additionalProperties":false}""",
                        null, Access.READS),
                tool("read_notes", "Read several notes at once",
                        "Returns the Markdown of up to " + Limits.READ_AT_ONCE + " notes, as read_note returns each, in one call; ids that cannot be "
                                + "read are listed under notFound with why.",
                        """
                        {"type":"object","properties":{
                          "ids":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":%d,"description":"The notes' ids (noteId in search results)."},
                          "heading":{"type":"string","description":"Only this section of each note, where it has one."}},
                         "required":["ids"],"additionalProperties":false}""".transform(schema -> inRoot(schema, Limits.READ_AT_ONCE)),
                        null, Access.READS),
                tool("list_notes", "List notes by tag, title or date",
                        "Lists the indexed notes, most recently modified first, with id, title, tags, modified date, "
                                + "source and link, a page at a time (pass nextCursor back as cursor for the next). Filter by "
                                + "tag (children included), by words in the title, or by date.",
                        """
                        {"type":"object","properties":{
                          "tag":{"type":"string","description":"Only notes with this tag or a child tag."},
                          "title_contains":{"type":"string","description":"Only notes whose title contains this text (any case)."},
                          "modified_since":{"type":"string","description":"Only notes modified on or after this date: %1$s."},
                          "limit":{"type":"integer","minimum":1,"maximum":%2$d,"description":"Most notes in a page (default %3$d)."},
                          "cursor":{"type":"string","description":"The nextCursor of the page before, for the next page."}},
                         "additionalProperties":false}""".transform(schema -> inRoot(schema, Dates.FORMS, Limits.MOST, Limits.NOTES)),
                        null, Access.READS),
                tool("list_tags", "List the tags of the notes",
                        "Lists every tag used in the indexed notes with how many notes carry it (a parent tag counts "
                                + "the notes of its children too), alphabetically.",
                        """
                        {"type":"object","properties":{},"additionalProperties":false}""",
                        "tags", Access.READS),
                tool("index_status", "How big and how fresh the index is",
                        "Reports the notes and chunks in the index per source, the last sync, the model and chunking "
                                + "rules, notes skipped and why, and how many notes changed since the last sync.",
                        """
                        {"type":"object","properties":{},"additionalProperties":false}""",
                        null, Access.READS),
                tool("sync_index", "Bring the index up to date now",
                        "Indexes the notes added, changed or deleted since the last sync, in every configured source, "
                                + "and reports what it did. Searches already do this for recent changes; use this after "
                                + "large changes. Can take minutes for thousands of new notes.",
                        """
                        {"type":"object","properties":{},"additionalProperties":false}""",
                        "sources", Access.SYNCS));
    }

    /** What a tool does to the index, as its annotations tell a client. */
    private enum Access {
        /** Only reads: a client need not ask the user before calling it. */
        READS,
        /** Brings the index up to date: writes, but calling it twice does no more than once. */
        SYNCS
    }

    /**
     * @param listKey the field of {@code structuredContent} that holds the answer when it is a list (MCP's
     *                structured content is an object); the text block keeps the bare list, as {@code --json} prints it
     */
    private SyncToolSpecification tool(String name, String title, String description, String schema, String listKey,
                                       Access access) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(name).title(title).description(description)
                .inputSchema(mapper, schema).outputSchema(mapper, outputSchemas.get(name).toString())
                .annotations(McpSchema.ToolAnnotations.builder().title(title).readOnlyHint(access == Access.READS)
                        .destructiveHint(false).idempotentHint(true).openWorldHint(false).build())
                .build();
        return SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) -> {
            try {
                Object answer = call(name, request.arguments());
                Object structured = json.convertValue(listKey == null ? answer : Map.of(listKey, answer), Map.class);
                return McpSchema.CallToolResult.builder().addTextContent(json.writeValueAsString(answer))
                        .structuredContent(structured).isError(false).build();
            } catch (Exception | Error e) {
                return McpSchema.CallToolResult.builder().addTextContent(plainError(name, e)).isError(true).build();
            }
        }).build();
    }

    /**
     * Runs the tool {@code name} on {@code arguments} as a client's call runs it (the same checks, the same
     * hold on the index) and returns its answer, the object whose JSON is the tool's text: for the search
     * page, which asks the same tools over its own endpoints.
     */
    public Object call(String name, Map<String, Object> arguments) throws Exception {
        Handler handler = handlers.get(name);
        if (handler == null) {
            throw new IllegalArgumentException("there is no tool " + clip(name));
        }
        return index.exclusively(() -> handler.answer(new Arguments(arguments)));
    }

    /** What a client is told of a failure: plain words, no path outside the sources; the unexpected is logged. */
    public String plainError(String what, Throwable e) {
        if (!PlainErrors.expected(e)) {
            LOG.error("{} failed", what, e);
        }
        return errors().message(e);
    }

    private PlainErrors errors() {
        List<Path> roots = new ArrayList<>();
        try {
            for (NoteSource source : index.openSources()) {
                try (source) {
                    roots.addAll(source.locations());
                }
            }
        } catch (Exception unreadable) {
            // No roots: every path is hidden.
        }
        return new PlainErrors(roots);
    }

    private List<SearchHitJson> search(Arguments arguments) throws Exception {
        String query = SearchNotes.requireAskable(arguments.text("query").orElseThrow(() -> new IllegalArgumentException("query is required")));
        int limit = arguments.integer("limit", Limits.SEARCH, 1, MAX_LIMIT);
        SearchNotes.Mode mode = arguments.text("mode").map(SearchNotes.Mode::parse).orElse(SearchNotes.Mode.HYBRID);
        Optional<String> source = arguments.text("source");
        if (syncBudget.isPresent()) {
            index.refresh(Instant.now().plus(syncBudget.get()));
        }
        ChunkIndexReader reader = index.reader();
        SearchFilter filter = new SearchFilter(Set.copyOf(arguments.texts("tags")), arguments.date("since"), arguments.date("before"),
                source.map(asked -> SourceNames.resolve(asked, reader.stats().notesBySource().keySet(), sourceIds(), "source")));
        requireKnown(reader, filter.tags());
        SearchNotes.Results results = new SearchNotes(index.embedder(), reader.manifest().recipe().tuning())
                .search(reader, new SearchNotes.Request(query, limit, mode, filter));
        return results.ranked().stream().map(hit -> SearchHitJson.of(hit, results.weights())).toList();
    }

    /** The configured sources' short names; none when the configuration cannot be read (the full names still work). */
    private Map<String, String> sourceIds() {
        try {
            return index.sourceIds();
        } catch (IOException | RuntimeException unreadable) {
            return Map.of();
        }
    }

    private NoteJson readNote(Arguments arguments) throws Exception {
        return read(arguments.text("id").orElseThrow(() -> new IllegalArgumentException("id is required")),
                arguments.text("source"), arguments.text("heading"));
    }

    /** One note as the tool read_note and a note resource give it. */
    public NoteJson read(String id, Optional<String> source, Optional<String> heading) throws Exception {
        return NoteJson.of(new ReadNote(index.parser()).read(index.reader(), index::read, new ReadNote.Request(id, source, heading)));
    }

    /** A tag no note carries is said, not answered with nothing as a tag with no match this time would be. */
    private static void requireKnown(ChunkIndexReader reader, java.util.Collection<String> tags) {
        List<String> unknown = ListTags.unknown(reader, tags);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("no note is tagged " + String.join(" or ", unknown) + "; list_tags lists the tags there are");
        }
    }

    /** A page of notes, and where the next one starts. */
    record NotesPage(List<NoteSummaryJson> notes, String nextCursor) {
    }

    private NotesPage listNotes(Arguments arguments) throws Exception {
        int limit = arguments.integer("limit", Limits.NOTES, 1, MAX_LIMIT);
        int from = arguments.text("cursor").map(McpTools::offset).orElse(0);
        ListNotes.Query query = new ListNotes.Query(arguments.text("tag"), arguments.text("title_contains"),
                arguments.date("modified_since"), from + limit + 1);
        requireKnown(index.reader(), query.tag().map(List::of).orElse(List.of()));
        List<NoteSummaryJson> notes = ListNotes.list(index.reader(), query).stream().skip(from).map(NoteSummaryJson::of).toList();
        return notes.size() > limit ? new NotesPage(notes.subList(0, limit), cursor(from + limit)) : new NotesPage(notes, null);
    }

    /** Several notes, each as read_note reads it. */
    record NotesRead(List<NoteJson> notes, List<NotFound> notFound) {
    }

    record NotFound(String id, String error) {
    }

    private NotesRead readNotes(Arguments arguments) {
        List<NoteJson> notes = new ArrayList<>();
        List<NotFound> notFound = new ArrayList<>();
        for (String id : arguments.texts("ids")) {
            try {
                notes.add(read(id, Optional.empty(), arguments.text("heading")));
            } catch (Exception e) {
                notFound.add(new NotFound(clip(id), plainError("read_notes", e)));
            }
        }
        return new NotesRead(notes, notFound);
    }

    /** An opaque cursor for the listing from {@code offset} on. */
    static String cursor(int offset) {
        return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(("notes:" + offset).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Where a cursor starts. */
    static int offset(String cursor) {
        try {
            String text = new String(java.util.Base64.getUrlDecoder().decode(cursor), java.nio.charset.StandardCharsets.UTF_8);
            if (text.startsWith("notes:")) {
                int offset = Integer.parseInt(text.substring("notes:".length()));
                if (offset >= 0) {
                    return offset;
                }
            }
        } catch (IllegalArgumentException notOurs) {
            // Said below.
        }
        throw new IllegalArgumentException("cursor must be a nextCursor this server gave, not '" + clip(cursor) + "'");
    }

    private List<TagJson> listTags() throws Exception {
        return TagJson.of(ListTags.list(index.reader()));
    }

    private IndexStatusJson status() throws Exception {
        // The reader last: counting changes may open the index anew, and the watcher may swap it, so a
        // reader taken first could be closed before it is read.
        List<String> sources = index.sourceNames();
        int changed = index.pendingChanges();
        return IndexStatusJson.of(storeName, index.reader(), index.sources(), sources, changed);
    }

    private List<SyncReportJson> sync() throws Exception {
        return index.syncAll().stream().map(SyncReportJson::of).toList();
    }

    /** Echoed input is cut short, so a huge argument cannot come back as a huge error. */
    private static String clip(String text) {
        return text.length() <= 120 ? text : text.substring(0, 120) + "...";
    }

    /** A tool's arguments, checked where the input schema cannot say enough. */
    private record Arguments(Map<String, Object> values) {
        Arguments {
            values = values == null ? Map.of() : new LinkedHashMap<>(values);
        }

        public Optional<String> text(String name) {
            Object value = values.get(name);
            if (value == null) {
                return Optional.empty();
            }
            if (!(value instanceof String text)) {
                throw new IllegalArgumentException(name + " must be a string");
            }
            return Optional.of(text);
        }

        public List<String> texts(String name) {
            Object value = values.get(name);
            if (value == null) {
                return List.of();
            }
            if (!(value instanceof Collection<?> items) || !items.stream().allMatch(String.class::isInstance)) {
                throw new IllegalArgumentException(name + " must be an array of strings");
            }
            return items.stream().map(String.class::cast).toList();
        }

        public int integer(String name, int fallback, int min, int max) {
            Object value = values.get(name);
            if (value == null) {
                return fallback;
            }
            if (!(value instanceof Number number) || number.doubleValue() != Math.rint(number.doubleValue())
                    || number.doubleValue() < min || number.doubleValue() > max) {
                throw new IllegalArgumentException(name + " must be a whole number from " + min + " to " + max);
            }
            return number.intValue();
        }

        public Optional<Instant> date(String name) {
            return text(name).map(value -> Dates.instant(value, name));
        }
    }
}
