package dev.bearings.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.List;
import java.util.Map;

/**
 * The one prompt the server offers: answer a question from the user's notes, citing them. It earns its
 * place because how to use the tools well (search, then read the section, then cite title, heading
 * path and lines; say so when the notes do not answer) is what a user would otherwise type every time.
 */
public final class AnswerPrompt {
    public static final String NAME = "answer_from_notes";

    private AnswerPrompt() {
    }

    public static SyncPromptSpecification specification() {
        McpSchema.Prompt prompt = new McpSchema.Prompt(NAME, "Answer from my notes",
                "Answer a question from the user's own notes, with citations.",
                List.of(new McpSchema.PromptArgument("question", "Question", "What to answer from the notes.", true)));
        return new SyncPromptSpecification(prompt, (exchange, request) -> {
            Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
            Object question = arguments.get("question");
            if (!(question instanceof String text) || text.isBlank()) {
                throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS).message("the prompt takes a question").build();
            }
            return new McpSchema.GetPromptResult("Answer from the user's notes, with citations.",
                    List.of(new McpSchema.PromptMessage(McpSchema.Role.USER, new McpSchema.TextContent(text(text)))));
        });
    }

    public static String text(String question) {
        return "Answer this question from my notes: " + question.strip() + "\n\n"
                + "Search them with search_notes (if nothing relevant comes back, try once more in other words). "
                + "Where a passage is not enough, read its section with read_note (the result's noteId and headingPath). "
                + "Cite every claim with the note's title, heading path and lines. "
                + "Each passage's strength is strong or weak: a weak passage is only the nearest there is, not an answer. "
                + "If no passage is strong, or my notes do not answer the question, say that my notes may not answer it, "
                + "rather than presenting weak passages as the answer or answering from elsewhere.";
    }
}
