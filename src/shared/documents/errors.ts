/** The codes the document store's own checks answer with (a subset of the API's codes). */
export type DocumentErrorCode = 'invalid-argument' | 'unimplemented' | 'failed-precondition';

/**
 * A request the document store refuses before touching any data. Thrown identically by the
 * browser (before sending) and by the server (before writing), with the same code and message.
 */
export class DocumentError extends Error {
  constructor(
    readonly code: DocumentErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentError';
  }
}

export const invalidDocumentArgument = (message: string) => new DocumentError('invalid-argument', message);

/** Runs a check and answers with its error instead of throwing it (for forms and tests). */
export function documentErrorOf(check: () => unknown): DocumentError | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof DocumentError) return error;
    throw error;
  }
}
