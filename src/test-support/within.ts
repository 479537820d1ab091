/**
 * Asks until `holds` or the deadline; true when it came to hold in time. For a test that must
 * say how long something took to hold (a limit, a run), where `expect.poll` would only fail.
 */
export async function within(ms: number, holds: () => boolean | Promise<boolean>, everyMs = 25): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await holds()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
