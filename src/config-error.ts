/** Bad configuration: the entry point prints the message as one line and exits non-zero. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
