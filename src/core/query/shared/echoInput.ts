/** At most this many characters of a caller's input come back in any message. */
export const MAX_ECHOED_CHARS = 200;

/**
 * The caller's input as a message quotes it: whole when short, else its first characters and its
 * length. A runaway argument (a model pasting a file into `file_path`) must not come back whole:
 * an agent pays for every character of the answer.
 */
export function echoInput(value: string, max = MAX_ECHOED_CHARS): string {
  return value.length <= max ? value : `${value.slice(0, max)}… (${value.length} characters)`;
}
