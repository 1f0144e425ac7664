/** The daemon's logging: four levels, one line each, prefixed with the judge's name. */
export interface Logger {
  debug(msg: string): void;
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };

/** Console logger: info and debug on stdout, warnings and errors on stderr. */
export function consoleLogger(prefix: string, level: LogLevel = 'info'): Logger {
  const at = ORDER[level] ?? ORDER.info;
  const line = (lvl: LogLevel, msg: string) => {
    if (ORDER[lvl] < at) return;
    const text = `${new Date().toISOString()} [${prefix}] ${lvl === 'info' || lvl === 'debug' ? '' : `${lvl}: `}${msg}\n`;
    (ORDER[lvl] >= ORDER.warn ? process.stderr : process.stdout).write(text);
  };
  return {
    debug: (m) => line('debug', m),
    info: (m) => line('info', m),
    warn: (m) => line('warn', m),
    error: (m) => line('error', m),
  };
}

export function parseLogLevel(value: string | undefined, fallback: LogLevel = 'info'): LogLevel {
  const v = (value ?? '').trim().toLowerCase();
  return v in ORDER ? (v as LogLevel) : fallback;
}
