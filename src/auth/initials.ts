/** SPEC.md point 3: initials are the first letters of the first two words of the name. */
export function initialsOf(name: string | null | undefined): string {
  return (
    (name ?? '')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      // Array.from keeps a letter outside the BMP whole instead of half a surrogate pair.
      .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
      .join('')
  );
}
