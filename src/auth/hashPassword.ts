/** Passwords travel as the lowercase hex SHA-256 of what was typed (docs/CONTRACT-NOTES.md). */
export async function hashPassword(password: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(password));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
