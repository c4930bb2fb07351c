package dev.bearings.parser.flexmark;

import com.vladsch.flexmark.ast.BlockQuote;
import com.vladsch.flexmark.ast.Code;
import com.vladsch.flexmark.ast.FencedCodeBlock;
import com.vladsch.flexmark.ast.HardLineBreak;
import com.vladsch.flexmark.ast.Heading;
import com.vladsch.flexmark.ast.HtmlBlock;
import com.vladsch.flexmark.ast.HtmlCommentBlock;
import com.vladsch.flexmark.ast.HtmlEntity;
import com.vladsch.flexmark.ast.IndentedCodeBlock;
import com.vladsch.flexmark.ast.ListBlock;
import com.vladsch.flexmark.ast.Paragraph;
import com.vladsch.flexmark.ast.Reference;
import com.vladsch.flexmark.ast.RefNode;
import com.vladsch.flexmark.ast.ImageRef;
import com.vladsch.flexmark.ast.SoftLineBreak;
import com.vladsch.flexmark.ast.Text;
import com.vladsch.flexmark.ast.TextBase;
import com.vladsch.flexmark.ast.ThematicBreak;
import com.vladsch.flexmark.ast.HtmlInline;
import com.vladsch.flexmark.ast.HtmlInlineComment;
import com.vladsch.flexmark.ext.tables.TableBlock;
import com.vladsch.flexmark.ext.tables.TableCell;
import com.vladsch.flexmark.ext.tables.TablesExtension;
import com.vladsch.flexmark.parser.InlineParserExtensionFactory;
import com.vladsch.flexmark.parser.Parser;
import com.vladsch.flexmark.parser.core.ReferencePreProcessorFactory;
import com.vladsch.flexmark.parser.delimiter.DelimiterProcessor;
import com.vladsch.flexmark.parser.internal.CommonmarkInlineParser;
import com.vladsch.flexmark.parser.internal.LinkRefProcessorData;
import com.vladsch.flexmark.util.ast.Document;
import com.vladsch.flexmark.util.ast.Node;
import com.vladsch.flexmark.util.data.DataHolder;
import com.vladsch.flexmark.util.data.MutableDataSet;
import com.vladsch.flexmark.util.sequence.BasedSequence;
import com.vladsch.flexmark.util.sequence.Escaping;
import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.BlockKind;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.markdown.SourceText;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * {@link MarkdownParser} over flexmark-java, in its CommonMark profile plus GFM-style tables.
 *
 * <p>As with the commonmark adapter, inline parsing runs for top-level headings only: chunking
 * needs their text and the block structure, nothing else.
 */
public final class FlexmarkParser implements MarkdownParser {
    private final Parser parser;

    public FlexmarkParser() {
        MutableDataSet options = new MutableDataSet();
        options.set(Parser.EXTENSIONS, List.of(TablesExtension.create()));
        // GFM table rules, as commonmark-java's table extension applies them.
        options.set(TablesExtension.COLUMN_SPANS, false);
        options.set(TablesExtension.APPEND_MISSING_COLUMNS, true);
        options.set(TablesExtension.DISCARD_EXTRA_COLUMNS, true);
        options.set(TablesExtension.HEADER_SEPARATOR_COLUMN_MATCH, true);
        // A custom inline parser drops flexmark's core paragraph pre-processors: put back the one
        // that reads link reference definitions.
        parser = Parser.builder(options)
                .customInlineParserFactory(HeadingsOnly::new)
                .paragraphPreProcessorFactory(new ReferencePreProcessorFactory())
                .build();
    }

    @Override
    public List<Block> parse(String markdown) {
        Document document = parser.parse(markdown);
        SourceText lines = SourceText.of(markdown);
        List<Block> blocks = new ArrayList<>();
        for (Node node = document.getFirstChild(); node != null; node = node.getNext()) {
            int start = node.getStartOffset();
            int end = node.getEndOffset();
            while (end > start && (markdown.charAt(end - 1) == '\n')) {
                end--;
            }
            if (end <= start) {
                continue;
            }
            int first = lines.lineOf(start);
            int last = lines.lineOf(end - 1);
            if (node instanceof Heading && ((Heading) node).isSetextHeading()
                    && startsWithReference(lines.lines(first, last - 1))) {
                node = splitSetextAfterReferences(markdown, lines, first, last, node, blocks);
            } else if (node instanceof Heading) {
                blocks.add(Block.heading(((Heading) node).getLevel(), PlainText.of(node), first, last));
            } else {
                blocks.add(Block.of(kindOf(node), first, last));
            }
        }
        return blocks;
    }

    private boolean startsWithReference(String content) {
        return parser.parse(content).getFirstChild() instanceof Reference;
    }

    /**
     * flexmark takes link reference definitions followed by a setext underline for the heading's
     * text (CommonMark spec examples 215 and 216 say otherwise): the definitions are definitions,
     * and the heading is what follows them, or, when nothing follows, the underline is paragraph text.
     *
     * @return the last node consumed
     */
    private Node splitSetextAfterReferences(String markdown, SourceText lines, int first, int last, Node heading,
                                            List<Block> blocks) {
        Document content = parser.parse(lines.lines(first, last - 1));
        SourceText contentLines = SourceText.of(content.getChars().toString());
        int line = first;
        for (Node child = content.getFirstChild(); child instanceof Reference; child = child.getNext()) {
            int refLast = first - 1 + contentLines.lineOf(Math.max(child.getStartOffset(), child.getEndOffset() - 1));
            blocks.add(Block.of(BlockKind.LINK_DEFINITION, line, refLast));
            line = refLast + 1;
        }
        if (line < last) {
            Node rest = parser.parse(lines.lines(line, last)).getFirstChild();
            blocks.add(Block.heading(((Heading) heading).getLevel(), PlainText.of(rest), line, last));
            return heading;
        }
        Node next = heading.getNext();
        if (next instanceof Paragraph && lines.lineOf(next.getStartOffset()) == last + 1) {
            int nextEnd = next.getEndOffset();
            while (nextEnd > next.getStartOffset() && markdown.charAt(nextEnd - 1) == '\n') {
                nextEnd--;
            }
            blocks.add(Block.of(BlockKind.PARAGRAPH, last, lines.lineOf(nextEnd - 1)));
            return next;
        }
        blocks.add(Block.of(BlockKind.PARAGRAPH, last, last));
        return heading;
    }

    private static BlockKind kindOf(Node node) {
        if (node instanceof Paragraph) {
            return BlockKind.PARAGRAPH;
        } else if (node instanceof ListBlock) {
            return BlockKind.LIST;
        } else if (node instanceof FencedCodeBlock || node instanceof IndentedCodeBlock) {
            return BlockKind.CODE;
        } else if (node instanceof BlockQuote) {
            return BlockKind.QUOTE;
        } else if (node instanceof HtmlBlock || node instanceof HtmlCommentBlock) {
            return BlockKind.HTML;
        } else if (node instanceof ThematicBreak) {
            return BlockKind.THEMATIC_BREAK;
        } else if (node instanceof Reference) {
            return BlockKind.LINK_DEFINITION;
        } else if (node instanceof TableBlock) {
            return BlockKind.TABLE;
        }
        return BlockKind.OTHER;
    }

    /** Parses inline content of top-level headings only. */
    private static final class HeadingsOnly extends CommonmarkInlineParser {
        HeadingsOnly(DataHolder options, BitSet specialCharacters, BitSet delimiterCharacters,
                     Map<Character, DelimiterProcessor> delimiterProcessors, LinkRefProcessorData linkRefProcessors,
                     List<InlineParserExtensionFactory> extensions) {
            super(options, specialCharacters, delimiterCharacters, delimiterProcessors, linkRefProcessors, extensions);
        }

        @Override
        public void parse(BasedSequence content, Node block) {
            boolean topLevelHeading = block instanceof Heading && block.getParent() instanceof Document;
            boolean skippable = block instanceof Paragraph || block instanceof Heading || block instanceof TableCell;
            if (topLevelHeading) {
                super.parse(atMost(content, MarkdownParser.MAX_HEADING_CHARS), block);
            } else if (!skippable) {
                // the table extension splitting rows, which needs the real parse
                super.parse(content, block);
            }
        }
    }

    /** The first {@code max} characters, never half a surrogate pair. */
    static BasedSequence atMost(BasedSequence content, int max) {
        if (content.length() <= max) {
            return content;
        }
        return content.subSequence(0, Character.isHighSurrogate(content.charAt(max - 1)) ? max - 1 : max);
    }

    /** A heading's text as a reader sees it: markup gone, escapes and entities resolved. */
    static final class PlainText {
        /**
         * CommonMark reads brackets that match no link definition as literal text; flexmark keeps
         * them as an undefined reference node, so put the brackets back.
         */
        private static void appendUndefinedReference(RefNode ref, StringBuilder out) {
            if (ref instanceof ImageRef) {
                out.append('!');
            }
            out.append('[');
            append(ref, out);
            out.append(']');
            if (!ref.isReferenceTextCombined() && ref.getReferenceOpeningMarker().isNotNull()) {
                out.append('[').append(Escaping.unescapeString(ref.getReference().toString())).append(']');
            }
        }

        private PlainText() {
        }

        static String of(Node node) {
            StringBuilder out = new StringBuilder();
            append(node, out);
            return out.toString().replaceAll("\\s+", " ").strip();
        }

        private static void append(Node node, StringBuilder out) {
            for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
                if (child instanceof Text || child instanceof TextBase) {
                    out.append(Escaping.unescapeString(child.getChars().toString()));
                } else if (child instanceof HtmlEntity) {
                    out.append(Escaping.unescapeString(child.getChars().toString()));
                } else if (child instanceof Code) {
                    out.append(Escaping.collapseWhitespace(((Code) child).getText().toString(), false));
                } else if (child instanceof SoftLineBreak || child instanceof HardLineBreak) {
                    out.append(' ');
                } else if (child instanceof HtmlInline || child instanceof HtmlInlineComment) {
                    continue;
                } else if (child instanceof RefNode && !((RefNode) child).isDefined()) {
                    appendUndefinedReference((RefNode) child, out);
                } else {
                    append(child, out);
                }
            }
        }
    }
}
