/** An error whose message is safe to show: the central error handler answers it as `{ message }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}
