package dev.bearings.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The top-level headings a piece of CommonMark HTML shows: {@code <h1>}…{@code <h6>} elements outside
 * any block quote or list, with their text as a reader sees it (tags dropped, image alt text kept,
 * entities decoded, white space collapsed).
 */
final class ExpectedHeadings {
    private static final Pattern TAG = Pattern.compile("<(/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*>");
    private static final Pattern IMAGE_ALT = Pattern.compile("<img [^>]*alt=\"([^\"]*)\"[^>]*>");
    private static final Pattern ENTITY = Pattern.compile("&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot);");

    private ExpectedHeadings() {
    }

    static List<String> of(String html) {
        List<String> headings = new ArrayList<>();
        int containers = 0;
        Matcher tag = TAG.matcher(html);
        while (tag.find()) {
            String name = tag.group(2).toLowerCase(java.util.Locale.ROOT);
            boolean closing = !tag.group(1).isEmpty();
            if (name.equals("blockquote") || name.equals("ul") || name.equals("ol") || name.equals("li")) {
                containers += closing ? -1 : 1;
            } else if (!closing && containers == 0 && name.matches("h[1-6]")) {
                int close = html.indexOf("</" + name + ">", tag.end());
                headings.add(name.charAt(1) + " " + text(html.substring(tag.end(), close)));
                tag.region(close, html.length());
            }
        }
        return headings;
    }

    static String text(String innerHtml) {
        String text = IMAGE_ALT.matcher(innerHtml).replaceAll(m -> Matcher.quoteReplacement(m.group(1)));
        text = TAG.matcher(text).replaceAll("");
        Matcher entity = ENTITY.matcher(text);
        StringBuilder out = new StringBuilder();
        while (entity.find()) {
            String name = entity.group(1);
            String decoded = switch (name) {
                case "amp" -> "&";
                case "lt" -> "<";
                case "gt" -> ">";
                case "quot" -> "\"";
                default -> new String(Character.toChars(name.startsWith("#x")
                        ? Integer.parseInt(name.substring(2), 16) : Integer.parseInt(name.substring(1))));
            };
            entity.appendReplacement(out, Matcher.quoteReplacement(decoded));
        }
        entity.appendTail(out);
        return out.toString().replaceAll("\\s+", " ").strip();
    }
}
