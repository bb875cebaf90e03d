import type { FastifyInstance } from 'fastify';

/**
 * Runs `round` every `seconds` once the app is ready, for work a process does in the background
 * (sending due webhooks, rolling up the sales figures). 0 seconds turns it off in this process
 * (the API tests run rounds themselves). A round still running when the next is due is not
 * doubled; a failed round is logged and the next one tries again; the timer does not keep the
 * process alive, and closing the app waits for the round in flight.
 */
export function runEverySeconds(
  app: FastifyInstance,
  seconds: number,
  name: string,
  round: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = round()
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    if (seconds === 0) return;
    timer = setInterval(run, seconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
