/**
 * Fastify hooks written as callbacks that finish at once when they have nothing to wait for. An
 * async hook costs every request a promise and a turn of the microtask queue even when its answer
 * is already in memory (the brand and the session of a busy user are); on a list page that was a
 * measurable part of the server's CPU. Work that throws at once is refused by Fastify as usual.
 */
type Done = (err?: Error) => void;

/** Tells Fastify the hook is over: now when `work` gave no promise, else when its promise settles. */
export function settle(done: Done, work: void | Promise<void>): void {
  if (work) work.then(() => done(), done);
  else done();
}
