package dev.bearings.app.json;

import dev.bearings.core.usecase.ListTags;

import java.util.List;

/** A tag and how many notes carry it, as {@code bearings tags --json} and the MCP tool {@code list_tags} give it. */
public record TagJson(String tag, int notes) {

    public static List<TagJson> of(List<ListTags.TagCount> tags) {
        return tags.stream().map(tag -> new TagJson(tag.tag(), tag.notes())).toList();
    }
}
