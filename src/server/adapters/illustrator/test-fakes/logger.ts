/** A logger that keeps what it is given, so that tests can check what reaches the logs. */
export function recordingLogger() {
  const entries: { details: Record<string, unknown>; message: string }[] = [];
  return {
    entries,
    logger: {
      warn(details: Record<string, unknown>, message: string) {
        entries.push({ details, message });
      },
    },
    /** Everything logged, as one string. */
    text(): string {
      return entries.map((entry) => `${entry.message} ${JSON.stringify(entry.details)}`).join('\n');
    },
  };
}
