package dev.bearings.core;

import dev.bearings.core.chunk.LineRange;
import dev.bearings.core.chunk.NoteSections;
import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.BlockKind;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class NoteSectionsTest {
    /** Enough Markdown for these cases: ATX headings, every other non-blank line a paragraph. */
    private static final MarkdownParser ATX = markdown -> {
        List<Block> blocks = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith("#")) {
                int level = line.indexOf(' ');
                blocks.add(Block.heading(level, line.substring(level + 1), i + 1, i + 1));
            } else if (!line.isBlank()) {
                blocks.add(Block.of(BlockKind.PARAGRAPH, i + 1, i + 1));
            }
        }
        return blocks;
    };

    private static final String NOTE = String.join("\n",
            "# VPN",                 // 1
            "Intro.",                // 2
            "## Router setup",       // 3
            "Forward UDP 51820.",    // 4
            "### Firmware",          // 5
            "Update it first.",      // 6
            "## Clients",            // 7
            "Phones and laptops.",   // 8
            "# Office",              // 9
            "## Router setup",       // 10
            "Ask IT.",               // 11
            "");  // a final newline ends line 11; it starts no line 12

    private final MarkdownDocument document = MarkdownDocument.parse(NOTE, ATX);

    @Test
    void aSectionRunsToTheNextHeadingOfItsLevelAndKeepsItsSubsections() {
        assertThat(NoteSections.find(document, "Router setup")).contains(new LineRange(3, 6));
        assertThat(NoteSections.text(document, new LineRange(3, 6)))
                .isEqualTo("## Router setup\nForward UDP 51820.\n### Firmware\nUpdate it first.\n");
        assertThat(NoteSections.find(document, "# VPN")).contains(new LineRange(1, 8));
        assertThat(NoteSections.find(document, "## clients")).contains(new LineRange(7, 8));
    }

    @Test
    void theTextDirectlyUnderAHeadingStopsAtTheNextHeadingOfAnyLevel() {
        assertThat(NoteSections.directText(document, "# VPN > ## Router setup")).contains(new LineRange(3, 4));
        assertThat(NoteSections.directText(document, "# VPN")).as("a title: the opening text").contains(new LineRange(1, 2));
        assertThat(NoteSections.directText(document, "## Clients")).contains(new LineRange(7, 8));
        assertThat(NoteSections.directText(document, "## Nowhere")).isEmpty();
    }

    @Test
    void anEmptyHeadingNamesTheTextBeforeTheFirstHeadingOrTheWholeNote() {
        MarkdownDocument noHeading = MarkdownDocument.parse("---\ntags: [dog]\n---\nWalks by the river.\nOff the lead.\n", ATX);
        assertThat(NoteSections.directText(noHeading, "")).contains(new LineRange(1, 5));
        MarkdownDocument opening = MarkdownDocument.parse("Some words first.\n\n# Later\nText.\n", ATX);
        assertThat(NoteSections.directText(opening, "")).contains(new LineRange(1, 2));
        assertThat(NoteSections.directText(document, "")).as("a note that starts with its heading").isEmpty();
        assertThat(NoteSections.find(document, "")).isEmpty();
    }

    @Test
    void aHeadingPathFromSearchResultsPicksTheRightOneOfTwoLikeNamedSections() {
        assertThat(NoteSections.find(document, "# Office > ## Router setup")).contains(new LineRange(10, 11));
        assertThat(NoteSections.find(document, "# VPN > ## Router setup > ### Firmware")).contains(new LineRange(5, 6));
        assertThat(NoteSections.find(document, "# VPN > ### Firmware")).contains(new LineRange(5, 6));
    }

    @Test
    void noMatchingHeadingOrAWrongLevelOrOrderFindsNothing() {
        assertThat(NoteSections.find(document, "Printers")).isEmpty();
        assertThat(NoteSections.find(document, "### Router setup")).isEmpty();
        assertThat(NoteSections.find(document, "# Office > ### Firmware")).isEmpty();
        assertThat(NoteSections.find(document, " > ")).isEmpty();
    }

    @Test
    void headingMarksAreReadOnlyWhenTheyAreOneToSixHashesAndASpace() {
        MarkdownDocument deep = MarkdownDocument.parse("# Top\n###### Deep\ntext\n", ATX);
        assertThat(NoteSections.find(deep, "###### Deep")).contains(new LineRange(2, 3));
        assertThat(NoteSections.find(deep, "####### Deep")).as("seven hashes are text").isEmpty();
        assertThat(NoteSections.find(deep, "#Top")).as("no space: text").isEmpty();
        assertThat(NoteSections.find(deep, "#\tTop")).contains(new LineRange(1, 3));
        assertThat(NoteSections.find(deep, "##")).as("a bare mark asks for nothing").isEmpty();
    }

    @Test
    void theLastSectionRunsToTheEndOfTheNote() {
        MarkdownDocument open = MarkdownDocument.parse("# A\nalpha\n# B\nbeta", ATX);
        assertThat(NoteSections.find(open, "B")).contains(new LineRange(3, 4));
        assertThat(NoteSections.text(open, new LineRange(3, 4))).isEqualTo("# B\nbeta");
        assertThat(NoteSections.text(open, new LineRange(1, 2))).isEqualTo("# A\nalpha\n");
    }
}
