/**
 * The " · " between parts of a line, glued to the part before it: where the line wraps (a phone), the
 * dot ends the first line instead of starting the second one alone (issue #40 item 10).
 */
export const DOT = '\u00a0· ';
