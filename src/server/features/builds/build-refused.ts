/** A build the checker will not store, with what to change, for the maker. */
export class BuildRefused extends Error {
  constructor(
    message: string,
    /** Too big for the limits (answered 413), rather than malformed (400). */
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'BuildRefused';
  }
}
