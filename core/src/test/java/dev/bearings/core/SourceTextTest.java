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
}
