/** One line a person (or an agent) can act on, for an exception thrown while analysing a file. */
export function describeFailure(err: unknown): string {
  if (err instanceof RangeError && /call stack/i.test(err.message)) {
    return 'its code nests too deeply for the TypeScript compiler (Maximum call stack size exceeded)';
  }
  const message = err instanceof Error ? err.message : String(err);
  return `the analysis threw: ${message.split('\n', 1)[0].replace(/\.$/, '')}`;
}
