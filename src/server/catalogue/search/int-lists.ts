/**
 * Many growable lists of integers in one buffer, by list number: 100,000 small typed arrays
 * would cost more memory, and garbage-collector time, than their data. A list that outgrows
 * its block moves to the end of the buffer. A full buffer grows by half, or, when holes
 * left behind by moves take half of it, is rebuilt without them, each list keeping `slack`
 * (a share of its length) to grow into.
 */
export class IntLists {
  data = new Int32Array(1024);
  start = new Int32Array(0);
  length = new Int32Array(0);
  private capacity = new Int32Array(0);
  private used = 0;
  private holes = 0;

  constructor(private readonly slack: number) {}

  lengthOf(list: number): number {
    return list < this.length.length ? this.length[list]! : 0;
  }

  view(list: number): Int32Array {
    const from = list < this.start.length ? this.start[list]! : 0;
    return this.data.subarray(from, from + this.lengthOf(list));
  }

  holds(list: number, values: Int32Array): boolean {
    if (this.lengthOf(list) !== values.length) return false;
    const from = this.start[list]!;
    return values.every((value, i) => this.data[from + i] === value);
  }

  push(list: number, value: number): void {
    this.ensureList(list);
    const length = this.length[list]!;
    if (length === this.capacity[list]) this.move(list, Math.max(2, Math.ceil(length * 1.5)));
    this.data[this.start[list]! + length] = value;
    this.length[list] = length + 1;
  }

  /** Removes one occurrence of the value; the last value takes its place. */
  removeValue(list: number, value: number): void {
    const index = this.view(list).indexOf(value);
    if (index < 0) return;
    const last = this.length[list]! - 1;
    this.data[this.start[list]! + index] = this.data[this.start[list]! + last]!;
    this.length[list] = last;
  }

  replace(list: number, values: Int32Array): void {
    this.ensureList(list);
    this.length[list] = 0;
    if (values.length > this.capacity[list]!) this.move(list, values.length);
    this.data.set(values, this.start[list]);
    this.length[list] = values.length;
  }

  clear(list: number): void {
    if (list >= this.length.length) return;
    this.holes += this.capacity[list]!;
    this.capacity[list] = 0;
    this.length[list] = 0;
  }

  private ensureList(list: number): void {
    if (list < this.length.length) return;
    const count = Math.max(list + 1, this.length.length * 2, 64);
    this.start = resized(this.start, count);
    this.length = resized(this.length, count);
    this.capacity = resized(this.capacity, count);
  }

  private move(list: number, capacity: number): void {
    if (this.used + capacity > this.data.length) this.makeRoom(capacity);
    const from = this.start[list]!;
    this.data.copyWithin(this.used, from, from + this.length[list]!);
    this.holes += this.capacity[list]!;
    this.start[list] = this.used;
    this.capacity[list] = capacity;
    this.used += capacity;
  }

  private makeRoom(wanted: number): void {
    if (this.holes * 2 > this.used) {
      this.rebuild(wanted);
    } else {
      const data = new Int32Array(Math.ceil((this.used + wanted) * 1.5));
      data.set(this.data.subarray(0, this.used));
      this.data = data;
    }
  }

  /** Copies every list into a new buffer, holes left out, with room for `wanted` more. */
  private rebuild(wanted: number): void {
    const capacities = this.length.map((length) => (length === 0 ? 0 : Math.ceil(length * (1 + this.slack))));
    const total = capacities.reduce((sum, capacity) => sum + capacity, 0);
    const data = new Int32Array(Math.ceil((total + wanted) * 1.25));
    let at = 0;
    for (let list = 0; list < this.start.length; list++) {
      for (let from = this.start[list]!, i = 0; i < this.length[list]!; i++) data[at + i] = this.data[from + i]!;
      this.start[list] = at;
      at += capacities[list]!;
    }
    this.data = data;
    this.capacity = capacities;
    this.used = at;
    this.holes = 0;
  }
}

function resized(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(length);
  larger.set(array.subarray(0, Math.min(array.length, length)));
  return larger;
}
