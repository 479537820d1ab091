import { errorStatus, type ErrorCode } from '../../shared/errors';

/** An error the API answers with its own code and a message meant for the user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (message: string) => new AppError('not-found', message);
export const invalidArgument = (message: string) => new AppError('invalid-argument', message);
