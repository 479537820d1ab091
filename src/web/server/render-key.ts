// The key of a render (decisions 0063 and 0075). A screen's markup and state are a pure function
// of its address and its answers: the same answers, the same page. So the server keeps the page
// it made under this key and sends it again while the answers stay the same; any change to any
// answer (a game played, a heart given, the member's bell) makes another key, on every instance
// alike, since each reads its answers afresh. One member's page can reach another only if every
// answer, who is signed in among them, is the same: then it is their page too. The screen's
// queries are not in it: each is made from the address and the answers.
import { createHash } from 'node:crypto';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The key of a render: its address, which screens are guarded, and every answer as the API sent
 * it (`path`, status and text). Timestamps are left out: they differ per request and never reach
 * the page.
 */
export function renderKey(url: string, publicCatalogue: boolean, answers: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(`${url}\n${publicCatalogue}\n`);
  for (const answer of [...answers].sort(byText)) hash.update(`${answer.length}\n${answer}`);
  return hash.digest('base64url');
}
