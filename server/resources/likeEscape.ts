/** Escapes LIKE wildcards so user text matches literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%`: a LIKE / ILIKE pattern for "contains this text", the user's own % and _ taken literally. */
export const containsPattern = (text: string): string => `%${likeEscape(text)}%`;
