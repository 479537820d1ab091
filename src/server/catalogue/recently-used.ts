/**
 * Texts by game id, holding at most `capacity` characters, the least recently used forgotten
 * first. Two generations rather than one list in use order: a hit on a recent text costs a
 * lookup, where moving it to the end of one Map (a delete and a set) cost about 1.7 µs a hit at
 * 10,000 games, as the Map filled with the holes deletes leave and was rebuilt again and again,
 * and a page of the catalogue hits its two dozen cards on every load.
 */
export class RecentlyUsed {
  private recent = new Map<number, string>();
  private older = new Map<number, string>();
  private recentChars = 0;

  constructor(private readonly capacity: number) {}

  get(id: number): string | undefined {
    const recent = this.recent.get(id);
    if (recent !== undefined) return recent;
    const older = this.older.get(id);
    if (older !== undefined) {
      this.older.delete(id);
      this.add(id, older);
    }
    return older;
  }

  keep(id: number, text: string): void {
    this.forget(id);
    this.add(id, text);
  }

  forget(id: number): void {
    const recent = this.recent.get(id);
    if (recent !== undefined) {
      this.recentChars -= recent.length;
      this.recent.delete(id);
    }
    this.older.delete(id);
  }

  clear(): void {
    this.recent.clear();
    this.older.clear();
    this.recentChars = 0;
  }

  private add(id: number, text: string): void {
    this.recent.set(id, text);
    this.recentChars += text.length;
    // Half the capacity each: once the recent hold their half, they become the older, and the
    // texts not used since the last turn are forgotten.
    if (this.recentChars > this.capacity / 2) {
      this.older = this.recent;
      this.recent = new Map();
      this.recentChars = 0;
    }
  }
}
