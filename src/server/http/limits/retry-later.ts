import { AppError } from '../app-error';

/** 429 `resource-exhausted` that also tells the client when to try again (Retry-After). */
export class RetryLater extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('resource-exhausted', message);
    this.name = 'RetryLater';
  }
}
