/**
 * How much of a user's input or of a server's answer an error message may quote. A 1 MB id or
 * answer must not become a 1 MB message (n8n stores, shows and logs it).
 */
export const MAX_QUOTE = 200;

/** At most `max` characters of a text, marked when cut. */
export function clip(text: string, max = MAX_QUOTE): string {
	return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters in all)`;
}

/**
 * Shortens every "quoted" part of a message to MAX_QUOTE characters, and the whole message to
 * a few times that: the net under every message that quotes a value.
 */
export function clipQuoted(message: string): string {
	const shortened = message.replace(/"([^"]{201,})"/g, (_all, inner: string) => `"${clip(inner)}"`);
	return clip(shortened, 4 * MAX_QUOTE);
}
