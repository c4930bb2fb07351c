package dev.bearings.parser.commonmark;

import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.BlockKind;
import dev.bearings.core.markdown.MarkdownParser;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.internal.InlineParserImpl;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.Code;
import org.commonmark.node.Document;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.LinkReferenceDefinition;
import org.commonmark.node.ListBlock;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.SourceSpan;
import org.commonmark.node.Text;
import org.commonmark.node.ThematicBreak;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.InlineParser;
import org.commonmark.parser.InlineParserContext;
import org.commonmark.parser.Parser;
import org.commonmark.parser.SourceLine;
import org.commonmark.parser.SourceLines;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link MarkdownParser} over commonmark-java (CommonMark 0.31.2 plus GFM tables).
 *
 * <p>Chunking needs the block structure and the text of top-level headings, not the inline parse
 * of every paragraph, so inline parsing runs for top-level headings only. That uses
 * commonmark-java's own inline parser ({@code InlineParserImpl}, public but in an internal
 * package, hence the pinned version); the contract suite fails if it ever stops matching the spec.
 */
public final class CommonmarkParser implements MarkdownParser {
    private final Parser parser = Parser.builder()
            .extensions(List.of(TablesExtension.create()))
            .includeSourceSpans(IncludeSourceSpans.BLOCKS)
            .inlineParserFactory(HeadingsOnly::new)
            .build();

    @Override
    public List<Block> parse(String markdown) {
        Node document = parser.parse(markdown);
        List<Block> blocks = new ArrayList<>();
        for (Node node = document.getFirstChild(); node != null; node = node.getNext()) {
            List<SourceSpan> spans = node.getSourceSpans();
            if (spans.isEmpty()) {
                continue;
            }
            int first = spans.get(0).getLineIndex() + 1;
            int last = spans.get(spans.size() - 1).getLineIndex() + 1;
            if (node instanceof Heading) {
                blocks.add(Block.heading(((Heading) node).getLevel(), PlainText.of(node), first, last));
            } else {
                blocks.add(Block.of(kindOf(node), first, last));
            }
        }
        return blocks;
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
        } else if (node instanceof HtmlBlock) {
            return BlockKind.HTML;
        } else if (node instanceof ThematicBreak) {
            return BlockKind.THEMATIC_BREAK;
        } else if (node instanceof LinkReferenceDefinition) {
            return BlockKind.LINK_DEFINITION;
        } else if (node instanceof TableBlock) {
            return BlockKind.TABLE;
        }
        return BlockKind.OTHER;
    }

    /** Parses inline content of top-level headings only; other blocks keep no inline children. */
    private static final class HeadingsOnly implements InlineParser {
        private final InlineParserContext context;
        private InlineParser full;

        HeadingsOnly(InlineParserContext context) {
            this.context = context;
        }

        @Override
        public void parse(SourceLines lines, Node block) {
            if (block instanceof Heading && block.getParent() instanceof Document) {
                SourceLines read = atMost(lines, MarkdownParser.MAX_HEADING_CHARS);
                String content = read.getContent();
                if (isPlain(content)) {
                    // Nothing inline could change: skip building a full inline parser for this note.
                    block.appendChild(new Text(content));
                    return;
                }
                if (full == null) {
                    full = new InlineParserImpl(context);
                }
                full.parse(read, block);
            }
        }
    }

    /** The first {@code max} characters of the lines (the line feed between two counted), never half a surrogate pair. */
    static SourceLines atMost(SourceLines lines, int max) {
        SourceLines kept = SourceLines.empty();
        int left = max;
        for (SourceLine line : lines.getLines()) {
            CharSequence content = line.getContent();
            if (content.length() <= left) {
                kept.addLine(line);
                left -= content.length() + 1;
            } else {
                int end = left > 0 && Character.isHighSurrogate(content.charAt(left - 1)) ? left - 1 : left;
                kept.addLine(line.substring(0, end));
                break;
            }
            if (left < 0) {
                break;
            }
        }
        return kept;
    }

    /** Text without any character that starts inline markup, an escape, an entity or a line break. */
    static boolean isPlain(String content) {
        for (int i = 0; i < content.length(); i++) {
            char c = content.charAt(i);
            if (c == '\\' || c == '`' || c == '*' || c == '_' || c == '[' || c == ']' || c == '!' || c == '&'
                    || c == '<' || c == '>' || c == '~' || c == '\n' || c == ':' || c == '@') {
                return false;
            }
        }
        return true;
    }

    /** A heading's text as a reader sees it: markup gone, escapes and entities resolved. */
    static final class PlainText {
        private PlainText() {
        }

        static String of(Node node) {
            StringBuilder out = new StringBuilder();
            append(node, out);
            return out.toString().replaceAll("\\s+", " ").strip();
        }

        private static void append(Node node, StringBuilder out) {
            for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
                if (child instanceof Text) {
                    out.append(((Text) child).getLiteral());
                } else if (child instanceof Code) {
                    out.append(((Code) child).getLiteral());
                } else if (child instanceof SoftLineBreak || child instanceof HardLineBreak) {
                    out.append(' ');
                } else {
                    append(child, out);
                }
            }
        }
    }
}
