package dev.bearings.core;

import dev.bearings.core.markdown.FrontMatter;
import dev.bearings.core.markdown.SourceText;
import dev.bearings.core.note.NoteText;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SourceTextTest {

    @Test
    void lineEndingsAndByteOrderMarkAreNormalised() {
        SourceText text = SourceText.of("\uFEFFone\r\ntwo\rthree\n");
        assertThat(text.text()).isEqualTo("one\ntwo\nthree\n");
        assertThat(text.lineCount()).isEqualTo(3);
        assertThat(text.line(2)).isEqualTo("two");
        assertThat(text.lineOf(text.lineStart(3))).isEqualTo(3);
        assertThat(text.lineOf(5)).isEqualTo(2);
    }

    @Test
    void emptyTextHasNoLines() {
        assertThat(SourceText.of("").lineCount()).isZero();
        assertThat(SourceText.of("x").lineCount()).isOne();
    }

    @Test
    void frontMatterNeedsAClosingLine() {
        assertThat(FrontMatter.find(SourceText.of("---\ntitle: x\n"))).isEmpty();
        assertThat(FrontMatter.find(SourceText.of("text\n---\n"))).isEmpty();
        FrontMatter yaml = FrontMatter.find(SourceText.of("---\ntitle: \"Quoted\"\ntags:\n  - a\n  - b/c\n...\nbody")).orElseThrow();
        assertThat(yaml.endLine()).isEqualTo(6);
        assertThat(yaml.first("title")).hasValue("Quoted");
        assertThat(yaml.all("tags")).containsExactly("a", "b/c");
        FrontMatter toml = FrontMatter.find(SourceText.of("+++\ntitle = 'Toml'\n+++\n")).orElseThrow();
        assertThat(toml.first("title")).hasValue("Toml");
    }

    @Test
    void noteTextRefusesBinaryAndInvalidUtf8() throws Exception {
        assertThat(NoteText.decode("héllo 日本".getBytes(StandardCharsets.UTF_8))).isEqualTo("héllo 日本");
        assertThatThrownBy(() -> NoteText.decode(new byte[]{'a', 0, 'b'})).hasMessage("looks binary (NUL byte at offset 1)");
        assertThatThrownBy(() -> NoteText.decode(new byte[]{'a', 'b', (byte) 0xFF}))
                .hasMessage("is not valid UTF-8 (bad byte at offset 2)");
        assertThatThrownBy(() -> NoteText.decode(new byte[]{'a', (byte) 0xE6, (byte) 0x97}))
                .hasMessageContaining("is not valid UTF-8");
    }

    @Test
    void linesAndOffsetsAreCheckedAtTheirBounds() {
        SourceText text = SourceText.of("ab\ncd");
        assertThat(text.lineStart(1)).isZero();
        assertThat(text.lineEnd(1)).isEqualTo(2);
        assertThat(text.lineEnd(2)).isEqualTo(5);
        assertThat(text.lineOf(0)).isOne();
        assertThat(text.lineOf(2)).as("the line feed belongs to its line").isOne();
        assertThat(text.lineOf(3)).isEqualTo(2);
        assertThat(text.lineOf(5)).as("the end of the text").isEqualTo(2);
        assertThatThrownBy(() -> text.lineOf(6)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> text.lineOf(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> text.lineStart(0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> text.lineStart(3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> text.lineEnd(3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(SourceText.of("\uFEFF").text()).isEmpty();
        assertThat(SourceText.of("\n").lineCount()).isOne();
        assertThat(SourceText.of("a\rb\r\nc").text()).isEqualTo("a\nb\nc");
        assertThat(SourceText.of("x".repeat(3) + "\n".repeat(40)).lineCount()).as("more lines than the first guess")
                .isEqualTo(40);
    }

    @Test
    void linesComeWithTheLastOnesLineFeed() {
        SourceText text = SourceText.of("a\nb\nc");
        assertThat(text.lines(1, 2)).isEqualTo("a\nb\n");
        assertThat(text.lines(2, 3)).isEqualTo("b\nc");
        assertThat(text.lines(3, 3)).isEqualTo("c");
        assertThatThrownBy(() -> text.lines(3, 2)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
