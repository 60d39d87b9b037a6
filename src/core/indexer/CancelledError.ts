export class CancelledError extends Error {
  constructor() {
    super('Indexing was cancelled.');
  }
}
