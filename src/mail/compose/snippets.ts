/** Where templates and signatures go in a body: before the quoted mail of a reply, else at the end. */
export function insertBeforeQuote(html: string, snippet: string): string {
  const quote = html.indexOf('<blockquote');
  if (quote < 0) return html + snippet;
  // The quote's header paragraph ('On ..., ... wrote:') sits just before it.
  const header = html.lastIndexOf('<p>', quote);
  const at = header > 0 ? header : quote;
  return html.slice(0, at) + snippet + html.slice(at);
}
