/**
 * Reads texts by game id, the ids asked for in one turn of the event loop together in one read,
 * and an id already being read joins that read: a game page's head and its screen ask for the
 * game at about the same time, and read it twice otherwise. Only a read not yet started takes
 * new ids, so it still begins after the caller's catch-up; a forgotten id (its game changed)
 * is read again by the next to ask, not given a read that may have started before the change.
 */
export class ReadTogether {
  private next: { ids: Set<number>; read: Promise<Map<number, string>> } | undefined;
  private readonly underWay = new Map<number, Promise<Map<number, string>>>();

  constructor(private readonly readAll: (ids: number[]) => Promise<Map<number, string>>) {}

  async read(ids: readonly number[]): Promise<Map<number, string>> {
    const reads = new Set<Promise<Map<number, string>>>();
    for (const id of ids) reads.add(this.underWay.get(id) ?? this.readSoon(id));
    const answers = await Promise.all(reads);
    return answers.length === 1 ? answers[0]! : new Map(answers.flatMap((answer) => [...answer]));
  }

  /** Stops handing out the reads under way of these ids. */
  forget(ids: readonly number[]): void {
    for (const id of ids) this.underWay.delete(id);
  }

  forgetAll(): void {
    this.underWay.clear();
  }

  private readSoon(id: number): Promise<Map<number, string>> {
    if (!this.next) {
      const batch = new Set<number>();
      const read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.next = undefined;
        return this.readAll([...batch]);
      });
      this.next = { ids: batch, read };
      const done = () => {
        for (const id of batch) if (this.underWay.get(id) === read) this.underWay.delete(id);
      };
      read.then(done, done);
    }
    this.next.ids.add(id);
    this.underWay.set(id, this.next.read);
    return this.next.read;
  }
}
