/** A size for people: kB below a megabyte (a small site's archive would read "0.0 MB"). */
export const formatSize = (bytes: number) => (bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : `${(bytes / 1e6).toFixed(1)} MB`);

/**
 * The progress line of a long backup or restore, on stderr: redrawn in place on a terminal, a plain line
 * every few seconds otherwise (a log keeps each, and a quiet log would look like a hang).
 */
export class Progress {
  private bytes = 0;
  private counts = new Map<string, { done: number; total: number | null }>();
  private last = 0;
  private readonly tty: boolean;
  private shown = false;

  constructor(
    private readonly title: string,
    private readonly out: NodeJS.WriteStream = process.stderr,
  ) {
    this.tty = Boolean(out.isTTY);
  }

  /** Starts counting a kind of item (tables, files); `total` null while it is not known yet. */
  expect(kind: string, total: number | null) {
    this.counts.set(kind, { done: 0, total });
    this.tick();
  }

  item(kind: string) {
    const c = this.counts.get(kind);
    if (c) c.done++;
    this.tick();
  }

  addBytes(n: number) {
    this.bytes += n;
    this.tick();
  }

  line(): string {
    const parts = [...this.counts].map(([kind, c]) => `${kind} ${c.done}${c.total === null ? '' : `/${c.total}`}`);
    return `${this.title}: ${[...parts, formatSize(this.bytes)].join(', ')}`;
  }

  private tick() {
    const now = Date.now();
    if (now - this.last < (this.tty ? 200 : 5000)) return;
    if (this.last === 0 && !this.tty) {
      this.last = now; // the first line after a few seconds: short runs print none
      return;
    }
    this.last = now;
    this.out.write(this.tty ? `\r\x1b[K${this.line()}` : `${this.line()}\n`);
    this.shown = true;
  }

  /** Clears the redrawn line, so the caller's closing line starts clean. */
  end() {
    if (this.tty && this.shown) this.out.write('\r\x1b[K');
  }
}
