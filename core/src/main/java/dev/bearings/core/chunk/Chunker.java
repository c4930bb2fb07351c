package dev.bearings.core.chunk;

import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.BlockKind;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.SourceText;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * Cuts a parsed note into chunks.
 *
 * <ol>
 *   <li>A section runs from a top-level heading to the next one (text above the first heading is a
 *       section with an empty path). Headings inside code, quotes, lists or HTML are not top-level.</li>
 *   <li>A section that fits (words, and tokens when there is a budget) is one chunk. One that does not
 *       is cut into pieces. Each cut is made at the coarsest kind of boundary that still fills at
 *       least half of the piece: between blocks, then between lines (code, lists, tables, quotes,
 *       HTML) or sentences (paragraphs), then between words, and as a last resort between characters
 *       (only a single "word" larger than the token budget needs it).</li>
 *   <li>Each piece after the first starts with the last {@code overlapWords} words of the chunk
 *       before it (fewer only when that chunk has fewer, or when, under a token budget, they would
 *       take more than half of it). Overlap never reaches across a heading.</li>
 *   <li>A whole section under {@code minWords} is merged into the chunk before it; the first section
 *       merges into the chunk after it, repeatedly while the result is still under the minimum. A
 *       merge happens only while the result stays within {@link ChunkingRules#mergedMaxWords()} and
 *       the token budget; otherwise the small section stays a chunk of its own.</li>
 * </ol>
 * A chunk's text is the source between two offsets, verbatim, without leading blank lines or
 * trailing white space. Under a token budget, a chunk's prefix takes at most half of the budget (a
 * longer one is cut to fit), and no text longer than {@link TokenBudget#maxChars()} is handed to the
 * token counter: a text that long is taken not to fit. Instances are immutable and thread-safe.
 */
public final class Chunker {
    private final ChunkingRules rules;
    private final TokenBudget budget;

    public Chunker(ChunkingRules rules) {
        this(rules, null);
    }

    /** @param budget the token limit, or null for words alone */
    public Chunker(ChunkingRules rules, TokenBudget budget) {
        this.rules = Objects.requireNonNull(rules, "rules");
        this.budget = budget;
    }

    public ChunkingRules rules() {
        return rules;
    }

    public List<Chunk> chunk(MarkdownDocument document) {
        return chunk(document, ChunkPrefix.NONE);
    }

    /**
     * The chunks of a note as they are embedded behind {@code prefix}: each carries the prefix it was
     * measured with ({@link Chunk#prefix()}), cut to fit the budget where the given one is too long.
     */
    public List<Chunk> chunk(MarkdownDocument document, ChunkPrefix prefix) {
        return new Run(document, Objects.requireNonNull(prefix, "prefix")).chunks();
    }

    private record Section(HeadingPath path, List<Block> blocks, int start, int end) {
    }

    /** A chunk before merging: text {@code [start, end)}, of which the first overlap words repeat. */
    private record Draft(HeadingPath path, int start, int end, int overlapWords, boolean wholeSections) {
    }

    private enum Boundary { BLOCK, LINE_OR_SENTENCE, WORD }

    /** The state of chunking one document. */
    private final class Run {
        private final SourceText source;
        private final String text;
        private final ChunkPrefix prefix;
        private final Map<HeadingPath, String> fittedPrefixes = new HashMap<>();
        private final int[] wordStarts;
        private final List<Section> sections = new ArrayList<>();
        private BreakIterator sentences;

        Run(MarkdownDocument document, ChunkPrefix prefix) {
            this.source = document.source();
            this.text = source.text();
            this.prefix = prefix;
            this.wordStarts = Words.starts(text, 0, text.length());
            collectSections(document.blocks());
        }

        private void collectSections(List<Block> blocks) {
            HeadingPath path = HeadingPath.ROOT;
            List<Block> current = new ArrayList<>();
            for (Block block : blocks) {
                if (block.kind() == BlockKind.FRONT_MATTER) {
                    continue;
                }
                if (block.isHeading()) {
                    addSection(path, current);
                    path = path.enter(new Heading(block.headingLevel(), block.headingText()));
                    current = new ArrayList<>();
                }
                current.add(block);
            }
            addSection(path, current);
        }

        private void addSection(HeadingPath path, List<Block> blocks) {
            if (blocks.isEmpty()) {
                return;
            }
            int start = source.lineStart(blocks.get(0).startLine());
            // Trimmed once here, so that asking whether the rest of a section fits never walks back
            // over its trailing white space again.
            int end = trimEnd(start, source.lineEnd(blocks.get(blocks.size() - 1).endLine()));
            sections.add(new Section(path, List.copyOf(blocks), start, end));
        }

        List<Chunk> chunks() {
            List<Draft> drafts = new ArrayList<>();
            for (Section section : sections) {
                split(section, drafts);
            }
            List<Draft> merged = merge(drafts);
            List<Chunk> chunks = new ArrayList<>(merged.size());
            for (Draft draft : merged) {
                int end = trimEnd(draft.start(), draft.end());
                if (end <= draft.start()) {
                    continue;
                }
                String chunkText = text.substring(draft.start(), end);
                String before = prefix(draft.path());
                OptionalInt tokens = budget == null ? OptionalInt.empty()
                        : OptionalInt.of(budget.counter().count(before + chunkText));
                chunks.add(new Chunk(chunks.size(), draft.path(),
                        new LineRange(source.lineOf(draft.start()), source.lineOf(end - 1)),
                        draft.start(), end, before, chunkText, words(draft.start(), end), draft.overlapWords(), tokens));
            }
            return chunks;
        }

        private void split(Section section, List<Draft> drafts) {
            if (fits(section.path(), section.start(), section.end())) {
                drafts.add(new Draft(section.path(), section.start(), section.end(), 0, true));
                return;
            }
            int pieceStart = section.start();
            int previousStart = section.start();
            boolean first = true;
            while (true) {
                pieceStart = skipLineBreaks(pieceStart, section.end());
                if (pieceStart >= section.end()) {
                    return;
                }
                // The overlap never reaches before the previous chunk: under a tight token budget a
                // piece may hold fewer new words than the overlap asks for.
                int overlap = first ? 0 : Math.min(rules.overlapWords(), wordIndex(pieceStart) - wordIndex(previousStart));
                overlap = overlapWithinHalfTheBudget(section.path(), pieceStart, overlap);
                int textStart = overlap == 0 ? pieceStart : wordStarts[wordIndex(pieceStart) - overlap];
                if (fits(section.path(), textStart, section.end())) {
                    drafts.add(new Draft(section.path(), textStart, section.end(), overlap, false));
                    return;
                }
                int cut = bestCut(section, textStart, pieceStart, overlap);
                if (cut < 0 && overlap > 0) {
                    overlap = 0;
                    textStart = pieceStart;
                    cut = bestCut(section, textStart, pieceStart, 0);
                }
                if (cut < 0) {
                    cut = characterCut(section.path(), textStart, pieceStart, section.end());
                }
                drafts.add(new Draft(section.path(), textStart, cut, overlap, false));
                previousStart = textStart;
                pieceStart = cut;
                first = false;
            }
        }

        /**
         * Under a tight token budget the overlap could leave room for only a word or two of new text;
         * it may take at most half of the budget.
         */
        private int overlapWithinHalfTheBudget(HeadingPath path, int pieceStart, int overlap) {
            if (budget == null || overlap == 0) {
                return overlap;
            }
            int half = budget.maxTokens() / 2;
            int low = 0;
            int high = overlap;
            while (low < high) {
                int mid = (low + high + 1) >>> 1;
                if (within(path, wordStarts[wordIndex(pieceStart) - mid], pieceStart, half)) {
                    low = mid;
                } else {
                    high = mid - 1;
                }
            }
            return low;
        }

        /** The furthest cut after {@code pieceStart} at the coarsest boundary that fills half the piece, or -1. */
        private int bestCut(Section section, int textStart, int pieceStart, int overlap) {
            int window = windowEnd(section.path(), textStart, section.end());
            int halfFull = Math.max(1, (rules.maxWords() - overlap) / 2);
            for (Boundary boundary : Boundary.values()) {
                int[] candidates = candidates(boundary, section, pieceStart, window);
                int cut = furthestFitting(section.path(), textStart, candidates);
                if (cut >= 0 && (boundary == Boundary.WORD || words(pieceStart, cut) >= halfFull)) {
                    return cut;
                }
            }
            return -1;
        }

        /** No cut beyond this offset can fit: it would hold more words (or characters) than allowed. */
        private int windowEnd(HeadingPath path, int textStart, int sectionEnd) {
            int lastWord = wordIndex(textStart) + rules.maxWords();
            int end = lastWord < wordStarts.length ? Math.min(sectionEnd, wordStarts[lastWord]) : sectionEnd;
            if (budget != null) {
                long charLimit = (long) textStart + budget.maxChars() - prefix(path).length();
                end = (int) Math.min(end, charLimit);
            }
            return end;
        }

        private int[] candidates(Boundary boundary, Section section, int pieceStart, int window) {
            Candidates out = new Candidates();
            if (boundary == Boundary.WORD) {
                for (int i = wordIndex(pieceStart + 1); i < wordStarts.length && wordStarts[i] <= window; i++) {
                    out.add(wordStarts[i]);
                }
                out.addIf(window == section.end(), window);
                return out.sorted(pieceStart);
            }
            // Only boundaries in (pieceStart, window] count: looking from the section's first block, or
            // at every line of a block, made cutting one huge block quadratic in its size.
            List<Block> blocks = section.blocks();
            for (int b = firstBlockEndingAfter(blocks, pieceStart); b < blocks.size(); b++) {
                Block block = blocks.get(b);
                int blockStart = source.lineStart(block.startLine());
                int blockEnd = source.lineEnd(block.endLine());
                if (blockStart > window) {
                    break;
                }
                out.add(blockStart);
                if (boundary == Boundary.LINE_OR_SENTENCE) {
                    if (block.kind().splitsAtLines()) {
                        int firstLine = Math.max(block.startLine(), source.lineOf(pieceStart)) + 1;
                        for (int line = firstLine; line <= block.endLine() && source.lineStart(line) <= window; line++) {
                            out.add(source.lineStart(line));
                        }
                    } else {
                        addSentenceStarts(Math.max(blockStart, pieceStart), Math.min(blockEnd, window), blockEnd, out);
                    }
                }
            }
            out.addIf(section.end() <= window, section.end());
            return out.sorted(pieceStart, window);
        }

        /** The index of the first block that ends after {@code offset}: blocks are in order and do not overlap. */
        private int firstBlockEndingAfter(List<Block> blocks, int offset) {
            int low = 0;
            int high = blocks.size();
            while (low < high) {
                int mid = (low + high) >>> 1;
                if (source.lineEnd(blocks.get(mid).endLine()) > offset) {
                    high = mid;
                } else {
                    low = mid + 1;
                }
            }
            return low;
        }

        /** Sentence starts in {@code [from, to)}; the end of the text looked at is one only at the block's end. */
        private void addSentenceStarts(int from, int to, int blockEnd, Candidates out) {
            if (to <= from) {
                return;
            }
            if (sentences == null) {
                sentences = BreakIterator.getSentenceInstance(Locale.ROOT);
            }
            sentences.setText(text.substring(from, to));
            for (int at = sentences.next(); at != BreakIterator.DONE; at = sentences.next()) {
                if (from + at < to || to == blockEnd) {
                    out.add(from + at);
                }
            }
        }

        private int furthestFitting(HeadingPath path, int textStart, int[] candidates) {
            int low = 0;
            int high = candidates.length - 1;
            int found = -1;
            while (low <= high) {
                int mid = (low + high) >>> 1;
                if (fits(path, textStart, candidates[mid])) {
                    found = candidates[mid];
                    low = mid + 1;
                } else {
                    high = mid - 1;
                }
            }
            return found;
        }

        /**
         * Cuts between code points: only text without a word to cut at (a line of {@code >}) or a single
         * word that alone exceeds the token budget gets here. The cut is looked for first at doubling
         * distances from the piece's start, from half the budget's tokens in characters, then between
         * the last that fitted and the first that did not: a probe costs the tokenizer its length, and
         * the cut is usually a budget's worth of characters away, far short of the window's end.
         */
        private int characterCut(HeadingPath path, int textStart, int pieceStart, int sectionEnd) {
            int low = pieceStart + 1;
            int high = windowEnd(path, textStart, sectionEnd);
            int found = -1;
            for (long step = Math.max(1, budget.maxTokens() / 2); low <= high; step *= 2) {
                int probe = (int) Math.min(high, pieceStart + step);
                int cut = outsidePairs(probe);
                if (cut > pieceStart && fits(path, textStart, cut)) {
                    found = cut;
                    low = probe + 1;
                } else {
                    high = probe - 1;
                    break;
                }
            }
            while (low <= high) {
                int probe = (low + high) >>> 1;
                // The search moves on from the probe, not the cut, or it would probe the same place forever.
                int cut = outsidePairs(probe);
                if (cut > pieceStart && fits(path, textStart, cut)) {
                    found = cut;
                    low = probe + 1;
                } else {
                    high = probe - 1;
                }
            }
            if (found < 0) {
                throw new IllegalStateException("token budget of " + budget.maxTokens()
                        + " cannot hold a single character after the prefix \"" + prefix(path) + "\"");
            }
            return found;
        }

        /** A cut never falls inside a surrogate pair: one there stands for the cut before the pair. */
        private int outsidePairs(int cut) {
            return cut < text.length() && Character.isLowSurrogate(text.charAt(cut)) ? cut - 1 : cut;
        }

        private List<Draft> merge(List<Draft> drafts) {
            List<Draft> out = new ArrayList<>();
            Draft head = null;
            for (Draft draft : drafts) {
                if (head != null) {
                    Draft held = head;
                    Draft forward = new Draft(draft.path(), held.start(), draft.end(), 0, draft.wholeSections());
                    head = null;
                    if (canMerge(forward)) {
                        if (forward.wholeSections() && tooSmall(forward) && out.isEmpty()) {
                            head = forward;
                        } else {
                            out.add(forward);
                        }
                        continue;
                    }
                    out.add(held);
                }
                if (draft.wholeSections() && tooSmall(draft)) {
                    if (out.isEmpty()) {
                        head = draft;
                        continue;
                    }
                    Draft last = out.get(out.size() - 1);
                    Draft upward = new Draft(last.path(), last.start(), draft.end(), last.overlapWords(),
                            last.wholeSections());
                    if (canMerge(upward)) {
                        out.set(out.size() - 1, upward);
                        continue;
                    }
                }
                out.add(draft);
            }
            if (head != null) {
                out.add(head);
            }
            return out;
        }

        private boolean tooSmall(Draft draft) {
            return words(draft.start(), draft.end()) < rules.minWords();
        }

        private boolean canMerge(Draft merged) {
            return words(merged.start(), merged.end()) <= rules.mergedMaxWords()
                    && fitsBudget(merged.path(), merged.start(), merged.end());
        }

        private boolean fits(HeadingPath path, int start, int end) {
            return words(start, end) <= rules.maxWords() && fitsBudget(path, start, end);
        }

        private boolean fitsBudget(HeadingPath path, int start, int end) {
            return budget == null || within(path, start, end, budget.maxTokens());
        }

        /**
         * Whether {@code text[start, end)} behind the path's prefix takes at most {@code tokens} tokens. A
         * text longer than the budget's characters is taken not to fit without being counted: counting
         * the rest of a huge section at every piece of it handed the tokenizer the whole section again
         * and again, which took time growing with the square of its size.
         */
        private boolean within(HeadingPath path, int start, int end, int tokens) {
            String before = prefix(path);
            int trimmed = trimEnd(start, end);
            return before.length() + trimmed - start <= budget.maxChars()
                    && budget.counter().count(before + text.substring(start, trimmed)) <= tokens;
        }

        /** What is embedded before a chunk under {@code path}, fitted to the budget once per path. */
        private String prefix(HeadingPath path) {
            return fittedPrefixes.computeIfAbsent(path, p -> fitted(prefix.prefix(p)));
        }

        /**
         * The prefix as given when it takes at most half of the budget (in tokens, and in characters);
         * else its longest start that does, cut between words where one fits and between characters
         * where none does, followed by the given prefix's trailing white space (what parts it from the
         * text); or nothing at all. A 600-word heading, or a long paragraph that a following
         * {@code ---} turns into a setext heading, otherwise left no room for any text.
         */
        private String fitted(String given) {
            if (budget == null || given.isEmpty()) {
                return given;
            }
            int half = budget.maxTokens() / 2;
            int room = budget.maxChars() / 2;
            if (given.length() <= room && budget.counter().count(given) <= half) {
                return given;
            }
            int bodyEnd = given.length();
            while (bodyEnd > 0 && Character.isWhitespace(given.charAt(bodyEnd - 1))) {
                bodyEnd--;
            }
            String tail = given.substring(bodyEnd);
            int limit = Math.min(bodyEnd, room - tail.length());
            Candidates wordEnds = new Candidates();
            for (int i = 1; i < limit; i++) {
                if (Character.isWhitespace(given.charAt(i)) && !Character.isWhitespace(given.charAt(i - 1))) {
                    wordEnds.add(i);
                }
            }
            int cut = furthestFittingStart(given, tail, wordEnds.sorted(0), half);
            if (cut < 0) {
                Candidates characters = new Candidates();
                for (int i = 1; i <= limit; i++) {
                    if (i == given.length() || !Character.isLowSurrogate(given.charAt(i))) {
                        characters.add(i);
                    }
                }
                cut = furthestFittingStart(given, tail, characters.sorted(0), half);
            }
            return cut < 0 ? "" : given.substring(0, cut).stripTrailing() + tail;
        }

        /** The largest of the ascending {@code ends} whose start of {@code given}, with {@code tail}, counts at most {@code tokens}; or -1. */
        private int furthestFittingStart(String given, String tail, int[] ends, int tokens) {
            int low = 0;
            int high = ends.length - 1;
            int found = -1;
            while (low <= high) {
                int mid = (low + high) >>> 1;
                if (budget.counter().count(given.substring(0, ends[mid]).stripTrailing() + tail) <= tokens) {
                    found = ends[mid];
                    low = mid + 1;
                } else {
                    high = mid - 1;
                }
            }
            return found;
        }

        /** Words whose first character lies in {@code [start, end)}. */
        private int words(int start, int end) {
            return wordIndex(end) - wordIndex(start);
        }

        /** How many words start before an offset. */
        private int wordIndex(int offset) {
            int i = Arrays.binarySearch(wordStarts, offset);
            return i >= 0 ? i : -i - 1;
        }

        private int skipLineBreaks(int at, int end) {
            while (at < end && text.charAt(at) == '\n') {
                at++;
            }
            return at;
        }

        private int trimEnd(int start, int end) {
            while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
                end--;
            }
            return end;
        }
    }

    /** A growable, sortable list of candidate cut offsets. */
    private static final class Candidates {
        private int[] values = new int[32];
        private int size;

        void add(int value) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = value;
        }

        void addIf(boolean condition, int value) {
            if (condition) {
                add(value);
            }
        }

        int[] sorted(int after) {
            return sorted(after, Integer.MAX_VALUE);
        }

        /** Distinct values in {@code (after, upTo]}, ascending. */
        int[] sorted(int after, int upTo) {
            int[] sorted = Arrays.copyOf(values, size);
            Arrays.sort(sorted);
            int count = 0;
            for (int value : sorted) {
                if (value > after && value <= upTo && (count == 0 || sorted[count - 1] != value)) {
                    sorted[count++] = value;
                }
            }
            return Arrays.copyOf(sorted, count);
        }
    }
}
