/**
 * A change's answer as true, or false when the server refused it: the http client has already
 * shown and stored why, so a screen only decides what to do next instead of catching.
 */
export function succeeded(answer: Promise<unknown>): Promise<boolean> {
  return answer.then(
    () => true,
    () => false,
  );
}
